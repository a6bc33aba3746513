import type { Element, ElementContent, Root as HastRoot } from 'hast';
import type { Code, Heading, Root } from 'mdast';
import { defaultHandlers, toHast, type State } from 'mdast-util-to-hast';
import { toString } from 'mdast-util-to-string';
import { normalizeUri } from 'micromark-util-sanitize-uri';
import { BARE_CONTAINERS, type ContainerNode } from '../markdown/containers';
import type { BadgeNode, CodeGroupNode } from '../markdown/components';
import type { HomeNode } from '../markdown/home';
import type { TocNode } from '../markdown/toc';
import { trust } from './clean';

export interface PageHastOptions {
  /** A code block as an element (highlighted when rendering); default: a plain `<pre><code>`. */
  code?: (node: Code) => Element;
  /** What a `[[toc]]` marker holds; default: nothing. */
  toc?: ElementContent[];
  /** Give each heading with an `id` a `#` link to itself. */
  headingAnchors?: boolean;
}

/**
 * A page's Markdown as hast, raw HTML kept as `raw` nodes for the sanitizer.
 * What the pipeline builds itself (headings and their ids, containers, the
 * table of contents, code blocks) is marked trusted (see clean.ts), so the
 * sanitizer keeps it as built. `check` and the renderer both build the tree
 * here: the HTML `check` reports as removed is what rendering removes.
 */
export function pageToHast(tree: Root, options: PageHastOptions = {}): HastRoot {
  let groups = 0;
  return toHast(tree, {
    allowDangerousHtml: true,
    handlers: {
      heading: (state: State, node: Heading) => heading(state, node, options.headingAnchors === true),
      container: (state: State, node: ContainerNode) => container(state, node),
      home: (state: State, node: HomeNode) => home(state, node),
      toc: (state: State, node: TocNode) => toc(state, node, options.toc ?? []),
      code: (state: State, node: Code) => code(state, node, options.code),
      badge: (state: State, node: BadgeNode) => badge(state, node),
      codeGroup: (state: State, node: CodeGroupNode) => codeGroup(state, node, groups++),
    },
  }) as HastRoot;
}

/**
 * A heading; with anchors, wrapped with its `#` link after it:
 * `<div class="heading"><h2 id="x">Title</h2><a class="header-anchor" href="#x" aria-label="Link to section: Title"><span aria-hidden="true">#</span></a></div>`.
 * The link is a sibling, not a child, so the heading's accessible name stays
 * its own text; it is in the tab order, so keyboard readers can reach and
 * copy a section's link. Its `#` is aria-hidden (search text skips it).
 */
function heading(state: State, node: Heading, anchors: boolean): Element {
  const element = defaultHandlers.heading(state, node);
  const id = element.properties.id;
  // The id is the pipeline's slug; the heading's text is the writer's, and is cleaned.
  trust(element, 'element');
  if (!anchors || typeof id !== 'string') return element;
  const anchor: Element = {
    type: 'element',
    tagName: 'a',
    // Encoded as mdast-util-to-hast encodes link URLs (`#über` → `#%C3%BCber`).
    properties: { href: normalizeUri(`#${id}`), className: ['header-anchor'], ariaLabel: `Link to section: ${toString(node, { includeHtml: false }).trim()}` },
    children: [{ type: 'element', tagName: 'span', properties: { ariaHidden: 'true' }, children: [{ type: 'text', value: '#' }] }],
  };
  const wrapper: Element = { type: 'element', tagName: 'div', properties: { className: ['heading'] }, children: [element, trust(anchor, 'subtree')] };
  state.patch(node, wrapper);
  return trust(wrapper, 'element');
}

function container(state: State, node: ContainerNode): Element {
  if (BARE_CONTAINERS.has(node.kind)) {
    const bare: Element = { type: 'element', tagName: 'div', properties: { className: [node.kind] }, children: state.all(node) as ElementContent[] };
    state.patch(node, bare);
    return trust(bare, 'element');
  }
  const details = node.kind === 'details';
  const title: Element = {
    type: 'element',
    tagName: details ? 'summary' : 'p',
    properties: { className: ['custom-block-title'] },
    children: [{ type: 'text', value: node.title }],
  };
  // A box whose title is empty (a declared type with `title: ''`) has no title line, as VuePress's container plugin draws it.
  const titled = details || node.title !== '';
  const element: Element = {
    type: 'element',
    tagName: details ? 'details' : 'div',
    properties: { className: ['custom-block', node.kind] },
    children: [...(titled ? [trust(title, 'element')] : []), ...state.all(node)] as ElementContent[],
  };
  state.patch(node, element);
  return trust(element, 'element');
}

/** `<span class="badge tip">beta</span>`; `vertical` becomes a class (no inline styles under the CSP). */
function badge(state: State, node: BadgeNode): Element {
  const kind = /^[\w-]+$/.test(node.kind) ? node.kind : 'tip';
  const vertical = node.vertical && /^(top|middle|bottom)$/.test(node.vertical) ? [`badge-${node.vertical}`] : [];
  const element: Element = { type: 'element', tagName: 'span', properties: { className: ['badge', kind, ...vertical] }, children: [{ type: 'text', value: node.text }] };
  state.patch(node, element);
  return trust(element, 'element');
}

/**
 * Tabs, prerendered so they read without JavaScript: every panel is shown
 * under its own label until the viewer (viewer/code-group.ts) turns the
 * labels into a tablist and shows one panel at a time. Ids are numbered in
 * page order, so the same page gives the same HTML.
 */
function codeGroup(state: State, node: CodeGroupNode, group: number): Element {
  const active = Math.max(0, node.children.findIndex((t) => t.active));
  const id = (tab: number) => `code-group-${group}-${tab}`;
  const tabs = node.children.map((tab, index): Element => ({
    type: 'element',
    tagName: 'button',
    properties: { type: 'button', role: 'tab', id: `${id(index)}-tab`, ariaControls: [id(index)], ariaSelected: index === active ? 'true' : 'false', tabIndex: index === active ? 0 : -1 },
    children: [{ type: 'text', value: tab.title }],
  }));
  const panels = node.children.map((tab, index): Element => ({
    type: 'element',
    tagName: 'div',
    properties: {
      role: 'tabpanel',
      id: id(index),
      ariaLabelledBy: [`${id(index)}-tab`],
      className: ['code-group-panel'],
      // The label over the panel while every panel shows (no JavaScript).
      dataTitle: tab.title,
      dataActive: index === active ? 'true' : undefined,
    },
    children: state.all({ type: 'root', children: tab.children }) as ElementContent[],
  }));
  const tablist: Element = { type: 'element', tagName: 'div', properties: { role: 'tablist', className: ['code-group-tabs'] }, children: tabs.map((t) => trust(t, 'element')) };
  const element: Element = {
    type: 'element',
    tagName: 'div',
    properties: { className: ['code-group'] },
    children: [trust(tablist, 'element'), ...panels.map((p) => trust(p, 'element'))],
  };
  state.patch(node, element);
  return trust(element, 'element');
}

/**
 * The VuePress home layout: `<header class="hero">` (image, title, tagline,
 * action button), `<div class="features">` and `<footer class="home-footer">`.
 * The frontmatter's text is text (escaped when written); the image and the
 * link are the writer's nodes, cleaned like any other.
 */
function home(state: State, node: HomeNode): ElementContent[] {
  const el = (tagName: string, className: string[], children: ElementContent[]): Element =>
    trust({ type: 'element', tagName, properties: className.length > 0 ? { className } : {}, children }, 'element');
  const text = (value: string): ElementContent => ({ type: 'text', value });
  const [image, action] = node.children[0]?.type === 'image' ? node.children : [undefined, node.children[0]];
  const hero: ElementContent[] = [];
  if (image) hero.push(...(state.all({ type: 'paragraph', children: [image] }) as ElementContent[]));
  if (node.heroText) hero.push(el('h1', ['hero-title'], [text(node.heroText)]));
  if (node.tagline) hero.push(el('p', ['hero-tagline'], [text(node.tagline)]));
  if (action) {
    hero.push(el('p', ['hero-action'], state.all({ type: 'paragraph', children: [action] }) as ElementContent[]));
  }
  const parts: ElementContent[] = [];
  if (hero.length > 0) parts.push(el('header', ['hero'], hero));
  if (node.features.length > 0) {
    const features = node.features.map((f) =>
      el('div', ['feature'], [...(f.title ? [el('h2', [], [text(f.title)])] : []), ...(f.details ? [el('p', [], [text(f.details)])] : [])]),
    );
    parts.push(el('div', ['features'], features));
  }
  if (node.footer) parts.push(el('footer', ['home-footer'], [text(node.footer)]));
  const wrapper = el('div', ['home'], parts);
  state.patch(node, wrapper);
  return [wrapper];
}

function toc(state: State, node: TocNode, list: ElementContent[]): Element {
  const element: Element = {
    type: 'element',
    tagName: 'nav',
    properties: { className: ['table-of-contents'], ariaLabel: 'Table of contents' },
    children: list,
  };
  state.patch(node, element);
  return trust(element, 'subtree');
}

function code(state: State, node: Code, render: PageHastOptions['code']): Element {
  const element = render ? render(node) : (defaultHandlers.code(state, node) as Element);
  state.patch(node, element);
  return trust(element, 'subtree');
}
