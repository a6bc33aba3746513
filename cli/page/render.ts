import type { Element, ElementContent, Root as HastRoot } from 'hast';
import { toHtml } from 'hast-util-to-html';
import type { Code, Definition, Image, Link } from 'mdast';
import type { Header } from '../../schema/manifest';
import { cleanHtml, urlSurvives } from '../html/clean';
import { markdownToHtml } from '../html/markdown-html';
import { pageToHast } from '../html/page-hast';
import { isLocalImageUrl } from '../html/raw-images';
import { isRewrittenLinkUrl } from '../html/raw-links';
import { DEFAULT_HTML_POLICY, type HtmlPolicy } from '../html/policy';
import { styleToClasses } from '../markdown/code-classes';
import { markCodeLines } from '../markdown/code-lines';
import type { Highlighter } from '../markdown/highlight';
import type { PageTree } from './markdown';
import type { PageOutline } from './outline';
import { hasWebScheme, isExternalUrl } from '../../shared/urls';
import { annotateTree } from './annotate';
import { placeholderFor } from './link-placeholders';
import { blockKey, placesOf, type CodeBlockPlaces } from './stored-code-blocks';

export interface RenderContext {
  /**
   * Undefined: the page's blocks are all in `storedBlocks` and the highlighter
   * was not made; a page that needs it after all throws NEEDS_HIGHLIGHTER.
   */
  highlighter: Highlighter | undefined;
  /** The page's blocks as the last build wrote them, by blockKey (page/stored-code-blocks.ts): written as they were. */
  storedBlocks?: ReadonlyMap<string, string>;
  /** What raw HTML may keep; default: GitHub's rules, no iframes. */
  html?: HtmlPolicy;
  /** Number the lines of every code block unless its fence says `:no-line-numbers` (site.yaml `markdown.lineNumbers`). */
  lineNumbers?: boolean;
  /** Always the general renderer (hast, cleaning, serializing), never the direct one: for the test that compares them. */
  general?: boolean;
}

export interface RenderedPage {
  /** The page body, with internal link URLs as placeholders (see link-placeholders.ts). */
  html: string;
  /** The URL as written behind each placeholder, by its number. */
  linkUrls: string[];
  /** Whether the direct renderer wrote it (markdown-html.ts) rather than the general one. */
  direct: boolean;
  /** Where the direct renderer wrote each code block into `html`, for the next build after an edit (stored-code-blocks.ts). */
  codeBlocks?: CodeBlockPlaces;
  /** How many of its code blocks were written from `storedBlocks`. */
  reusedBlocks: number;
}

/** Thrown when a page rendered without a highlighter (RenderContext.highlighter) has a block that needs one. */
export const NEEDS_HIGHLIGHTER = Symbol('needs a highlighter');

/**
 * The page body as HTML: headings with anchors, links under the base, code
 * highlighted, and raw HTML cleaned by the allow-list (../html/): what the
 * writer's HTML or Markdown may not contain is gone, and `check` reported it.
 */
export function renderPage(pageTree: PageTree, outline: PageOutline, context: RenderContext): RenderedPage {
  const policy = context.html ?? DEFAULT_HTML_POLICY;
  const linkUrls: string[] = [];
  const tree = annotateTree(pageTree.tree, outline.headingIds, (node) => placeholderOf(node, linkUrls, policy));
  // Remembered: a page the direct renderer gives up on midway is rendered again the general way, its blocks highlighted once.
  const blocks = new Map<Code, Element>();
  const lineNumbers = context.lineNumbers === true;
  const highlighter = () => {
    if (!context.highlighter) throw NEEDS_HIGHLIGHTER;
    return context.highlighter;
  };
  const code = (node: Code) => blocks.get(node) ?? blocks.set(node, renderCode(node, highlighter(), lineNumbers)).get(node)!;
  const toc = tocList(outline.headers);
  // Each block the direct renderer writes, by its key: stored with the body, the next build after an edit writes it again as it is.
  const written: [string, string][] = [];
  let reusedBlocks = 0;
  const codeHtml = (node: Code) => {
    const key = blockKey(node, lineNumbers);
    const stored = context.storedBlocks?.get(key);
    if (stored !== undefined) reusedBlocks++;
    const html = stored ?? toHtml(code(node));
    written.push([key, html]);
    return html;
  };
  // Pages without raw HTML (most) are written straight from Markdown; the direct renderer says when a page is not one it can write.
  const direct = context.general ? undefined : markdownToHtml(tree, { codeHtml, toc, aliases: outline.aliases });
  if (direct !== undefined) return { html: direct, linkUrls, direct: true, reusedBlocks, ...(written.length > 0 ? { codeBlocks: placesOf(direct, written) } : {}) };
  const hast = pageToHast(tree, { code, toc, headingAnchors: true });
  const clean = cleanHtml(hast, policy);
  placeRawUrls(clean, linkUrls);
  openExternalLinksInNewTab(clean);
  focusableTables(clean);
  addAnchorAliases(clean, outline.aliases);
  return { html: toHtml(clean), linkUrls, direct: false, reusedBlocks: 0 };
}

/**
 * Internal URLs become placeholders, resolved once the site is known. The
 * sanitizer cannot judge a placeholder, so a URL gets one only if it would
 * survive cleaning itself (` javascript:…` with a leading entity, say, has
 * no scheme for isExternalUrl but is one for a browser).
 */
function placeholderOf(node: Link | Image | Definition, linkUrls: string[], policy: HtmlPolicy): string | undefined {
  if (isExternalUrl(node.url) || !urlSurvives(node.url, node.type === 'image' ? 'image' : 'link', policy)) return undefined;
  return placeholderFor(linkUrls.push(node.url) - 1);
}

/**
 * Raw HTML `<img src="./x.png">` and `<a href="./setup.md">` (what the
 * allow-list kept) get placeholders like Markdown images and links, so they
 * lead to the published file or page. Markdown's have theirs already; the
 * URL goes first, as in theirs (link-placeholders.ts reads it there).
 */
function placeRawUrls(parent: { children: HastRoot['children'] | ElementContent[] }, linkUrls: string[]): void {
  for (const child of parent.children) {
    if (child.type !== 'element') continue;
    const key = child.tagName === 'img' ? 'src' : child.tagName === 'a' ? 'href' : undefined;
    const url = key && child.properties[key];
    if (key && typeof url === 'string' && (key === 'src' ? isLocalImageUrl(url) : isRewrittenLinkUrl(url)) && !PLACEHOLDER_ONLY.test(url)) {
      const { [key]: _, ...rest } = child.properties;
      child.properties = { [key]: placeholderFor(linkUrls.push(url) - 1), ...rest };
    }
    placeRawUrls(child, linkUrls);
  }
}
const PLACEHOLDER_ONLY = /^__docsbuild_link_\d+__$/;

const NEW_TAB_REL = ['noopener', 'noreferrer'];

/** Links to other sites open in a new tab, without giving that tab a handle on this one. Raw HTML links too. */
function openExternalLinksInNewTab(parent: { children: HastRoot['children'] | ElementContent[] }): void {
  for (const child of parent.children) {
    if (child.type !== 'element') continue;
    if (child.tagName === 'a' && typeof child.properties.href === 'string' && hasWebScheme(child.properties.href)) {
      // The page's own rel words (kept by the sanitizer: `sponsored`, `nofollow`…) stay, before the two every such link gets.
      const own = Array.isArray(child.properties.rel) ? child.properties.rel.map(String).filter((word) => !NEW_TAB_REL.includes(word)) : [];
      child.properties = { ...child.properties, target: '_blank', rel: [...own, ...NEW_TAB_REL] };
    }
    openExternalLinksInNewTab(child);
  }
}

/**
 * Tables scroll sideways on narrow screens (content.css): like code blocks,
 * they take keyboard focus so they can be scrolled without a pointer.
 */
function focusableTables(parent: { children: HastRoot['children'] | ElementContent[] }): void {
  for (const child of parent.children) {
    if (child.type !== 'element') continue;
    if (child.tagName === 'table') child.properties = { ...child.properties, tabIndex: 0 };
    focusableTables(child);
  }
}

/**
 * A heading's other anchors (the other slug rule's, frontmatter `anchors:`)
 * as empty elements with those ids at its start: a browser, and the
 * viewer's getElementById, scroll to them as to the heading itself.
 */
function addAnchorAliases(parent: { children: HastRoot['children'] | ElementContent[] }, aliases: Readonly<Record<string, string[]>>): void {
  if (Object.keys(aliases).length === 0) return;
  for (const child of parent.children) {
    if (child.type !== 'element') continue;
    const id = child.properties.id;
    if (/^h[1-6]$/.test(child.tagName) && typeof id === 'string' && Object.hasOwn(aliases, id)) {
      const markers: Element[] = aliases[id]!.map((alias) => ({ type: 'element', tagName: 'span', properties: { id: alias }, children: [] }));
      child.children = [...markers, ...child.children];
      continue;
    }
    addAnchorAliases(child, aliases);
  }
}

function renderCode(node: Code, highlighter: Highlighter, lineNumbers: boolean): Element {
  const lang = (node.lang ?? '').toLowerCase();
  const highlighted = lang ? highlighter.highlight(node.value, lang) : undefined;
  const pre: Element = highlighted ? styleToClasses(highlighted) : {
    type: 'element',
    tagName: 'pre',
    properties: { className: ['plain'], tabIndex: 0 },
    children: [{ type: 'element', tagName: 'code', properties: {}, children: [{ type: 'text', value: node.value }] }],
  };
  // shiki's <pre> is already focusable (tabindex=0), so long lines can be scrolled by keyboard.
  pre.properties = { ...pre.properties, dataLang: lang || undefined };
  return markCodeLines(pre, node.data?.fence, lineNumbers);
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
