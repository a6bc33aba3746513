import type { Element, ElementContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import type { Code, Definition, Heading, Image, Link, Root, RootContent } from 'mdast';
import { toHast, type State } from 'mdast-util-to-hast';
import { visit } from 'unist-util-visit';
import type { Header } from '../../schema/manifest';
import type { Highlighter } from '../markdown/highlight';
import { resolveLink } from './links';
import type { PageTree } from './markdown';
import type { PageOutline } from './outline';
import type { IndexedPage, SiteIndex } from './site-index';

export interface RenderContext {
  highlighter: Highlighter;
  index: SiteIndex;
}

/** The page body as HTML: headings with anchors, links under the base, code highlighted. */
export function renderPage(pageTree: PageTree, outline: PageOutline, from: IndexedPage, context: RenderContext): string {
  const tree = pageTree.tree;
  visit(tree, (node, position, parent) => {
    switch (node.type) {
      case 'heading':
        addHeadingAnchor(node);
        break;
      case 'link':
      case 'definition':
      case 'image':
        rewriteLink(node, from, context.index);
        break;
      case 'container': {
        const title: RootContent = {
          type: 'paragraph',
          data: { hName: node.kind === 'details' ? 'summary' : 'p', hProperties: { className: ['custom-block-title'] } },
          children: [{ type: 'text', value: node.title }],
        };
        node.data = {
          hName: node.kind === 'details' ? 'details' : 'div',
          hProperties: { className: ['custom-block', node.kind] },
        };
        node.children = [title, ...node.children];
        break;
      }
      case 'toc':
        if (parent && position !== undefined) {
          node.data = {
            hName: 'nav',
            hProperties: { className: ['table-of-contents'], ariaLabel: 'Table of contents' },
            hChildren: tocList(outline.headers),
          };
        }
        break;
    }
  });
  const hast = toHast(tree as Root, {
    handlers: { code: (state, node: Code) => renderCode(state, node, context.highlighter) },
  });
  return toHtml(hast);
}

function addHeadingAnchor(node: Heading): void {
  const id = node.data?.hProperties?.id;
  if (typeof id !== 'string') return;
  node.children.unshift({
    type: 'link',
    url: `#${id}`,
    data: { hProperties: { className: ['header-anchor'], ariaHidden: 'true', tabIndex: -1 } },
    children: [{ type: 'text', value: '#' }],
  });
  // Mark it so link rewriting leaves it alone.
  (node.children[0] as Link & { anchor?: true }).anchor = true;
}

function rewriteLink(node: Link | Image | Definition, from: IndexedPage, index: SiteIndex): void {
  if ((node as Link & { anchor?: true }).anchor) return;
  const target = resolveLink(node.url, from, index);
  if (target.kind === 'page' || target.kind === 'asset') node.url = target.href;
  else if (target.kind === 'external' && node.type === 'link' && /^https?:/i.test(node.url)) {
    node.data = { ...node.data, hProperties: { ...node.data?.hProperties, target: '_blank', rel: ['noopener', 'noreferrer'] } };
  }
}

function renderCode(state: State, node: Code, highlighter: Highlighter): Element {
  const lang = (node.lang ?? '').toLowerCase();
  const highlighted = lang ? highlighter.highlight(node.value, lang) : undefined;
  const pre: Element = highlighted ?? {
    type: 'element',
    tagName: 'pre',
    properties: { className: ['plain'], tabIndex: 0 },
    children: [{ type: 'element', tagName: 'code', properties: {}, children: [{ type: 'text', value: node.value }] }],
  };
  // shiki's <pre> is already focusable (tabindex=0), so long lines can be scrolled by keyboard.
  pre.properties = { ...pre.properties, dataLang: lang || undefined };
  state.patch(node, pre);
  return pre;
}

/** Nested `<ul>` of the headers, by level. */
function tocList(headers: readonly Header[]): ElementContent[] {
  const root: Element = { type: 'element', tagName: 'ul', properties: {}, children: [] };
  const stack: { level: number; list: Element }[] = [{ level: 0, list: root }];
  for (const header of headers) {
    while (stack.length > 1 && stack[stack.length - 1]!.level >= header.level) stack.pop();
    const item: Element = {
      type: 'element',
      tagName: 'li',
      properties: {},
      children: [{ type: 'element', tagName: 'a', properties: { href: `#${header.slug}` }, children: [{ type: 'text', value: header.title }] }],
    };
    stack[stack.length - 1]!.list.children.push(item);
    const sub: Element = { type: 'element', tagName: 'ul', properties: {}, children: [] };
    item.children.push(sub);
    stack.push({ level: header.level, list: sub });
  }
  // Drop the empty sub-lists left by leaf items.
  visitElements(root, (el) => {
    el.children = el.children.filter((c) => !(c.type === 'element' && c.tagName === 'ul' && c.children.length === 0));
  });
  return [root];
}

function visitElements(el: Element, fn: (el: Element) => void): void {
  fn(el);
  for (const c of el.children) if (c.type === 'element') visitElements(c, fn);
}
