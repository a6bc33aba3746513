import type { Element, ElementContent } from 'hast';
import { toHtml } from 'hast-util-to-html';
import type { Code, Heading, List, ListItem, Nodes, Parent, Root, Table } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { normalizeUri } from 'micromark-util-sanitize-uri';
import { BARE_CONTAINERS, type ContainerNode } from '../markdown/containers';
import type { TocNode } from '../markdown/toc';
import { hasWebScheme } from '../../shared/urls';
import { isSpaceOrTab } from '../support/text-scan';

/**
 * A page body as HTML straight from its Markdown tree, without building hast,
 * sanitizing it and serializing it (a fifth of a page's render, issue 20):
 * what Markdown made is safe by construction. Only pages made of the nodes
 * below qualify; any raw HTML, footnote, reference, a URL the sanitizer would
 * have to judge, or a node this file does not know, and the caller renders
 * the page the general way (render.ts). The HTML is byte for byte what that
 * way writes: mdast-util-to-hast's handlers and page-hast.ts's, the cleaning
 * step (a no-op on these nodes), render.ts's passes over the result and
 * hast-util-to-html's escaping, each mirrored here; tests/unit/markdown-html
 * renders every fixture page and the real site both ways and compares.
 */
export interface DirectOptions {
  /** A code block's HTML: its element (highlighted) as hast-util-to-html writes it, as the general way does. */
  codeHtml: (node: Code) => string;
  /** What a `[[toc]]` marker holds. */
  toc: ElementContent[];
  /** A heading's other anchors, by its id (render.ts addAnchorAliases). */
  aliases: Readonly<Record<string, string[]>>;
}

/** The page's HTML, or undefined when the page holds something only the general renderer handles. */
export function markdownToHtml(tree: Root, options: DirectOptions): string | undefined {
  try {
    return wrap(all(tree, options), false);
  } catch (error) {
    // A tree deep enough to overflow the stack here goes the general way too, which handles it (render.test.ts).
    if (error === UNSUPPORTED || error instanceof RangeError) return undefined;
    throw error;
  }
}

const UNSUPPORTED = Symbol('unsupported');
function unsupported(): never {
  throw UNSUPPORTED;
}

/** One converted node: its HTML, and for a `<p>`, its content (a tight list item shows a paragraph's content bare). */
interface Piece {
  html: string;
  paragraph?: string;
}

/** mdast-util-to-hast's `state.all`: after a hard break, the next text loses its leading spaces and tabs. */
function all(parent: Parent, options: DirectOptions): Piece[] {
  const pieces: Piece[] = [];
  const { children } = parent;
  for (let at = 0; at < children.length; at++) {
    const made = one(children[at]!, parent, options, at > 0 && children[at - 1]!.type === 'break');
    if (made === undefined) continue;
    if (Array.isArray(made)) pieces.push(...made);
    else pieces.push(made);
  }
  return pieces;
}

function inner(parent: Parent, options: DirectOptions): string {
  let html = '';
  for (const piece of all(parent, options)) html += piece.html;
  return html;
}

/** mdast-util-to-hast's `wrap`: line feeds between block elements, and around them when loose. */
function wrap(pieces: readonly Piece[], loose: boolean): string {
  let html = loose ? '\n' : '';
  for (let at = 0; at < pieces.length; at++) html += (at > 0 ? '\n' : '') + pieces[at]!.html;
  return loose && pieces.length > 0 ? `${html}\n` : html;
}

function one(node: Nodes, parent: Parent, options: DirectOptions, afterBreak: boolean): Piece | Piece[] | undefined {
  // Data can rename a node or add properties (hName, hProperties, hChildren): only a heading's id, set by annotate.ts, is known here.
  if (node.data !== undefined && node.type !== 'heading' && node.type !== 'code') unsupported();
  switch (node.type) {
    case 'text':
      return { html: text(trimLines(afterBreak ? trimStart(node.value) : node.value)) };
    case 'paragraph': {
      const content = firstTextTrimmed(node, options, afterBreak);
      return { html: `<p>${content}</p>`, paragraph: content };
    }
    case 'emphasis':
      return { html: `<em>${firstTextTrimmed(node, options, afterBreak)}</em>` };
    case 'strong':
      return { html: `<strong>${firstTextTrimmed(node, options, afterBreak)}</strong>` };
    case 'delete':
      return { html: `<del>${firstTextTrimmed(node, options, afterBreak)}</del>` };
    case 'inlineCode': {
      const value = node.value.replace(/\r?\n|\r/g, ' ');
      return { html: `<code>${text(afterBreak ? trimStart(value) : value)}</code>` };
    }
    case 'break':
      return [{ html: '<br>' }, { html: '\n' }];
    case 'thematicBreak':
      return { html: '<hr>' };
    case 'blockquote':
      return { html: `<blockquote>${wrap(all(node, options), true)}</blockquote>` };
    case 'heading':
      return heading(node, options, afterBreak);
    case 'list':
      return list(node, options);
    case 'listItem':
      return listItem(node, parent, options);
    case 'table':
      return table(node, options);
    case 'link': {
      const href = safeUrl(node.url);
      if (node.title !== null && node.title !== undefined) unsupported();
      // render.ts: links to other sites open in a new tab.
      const external = hasWebScheme(href) ? ' target="_blank" rel="noopener noreferrer"' : '';
      return { html: `<a href="${attribute(href)}"${external}>${firstTextTrimmed(node, options, afterBreak)}</a>` };
    }
    case 'image': {
      if (node.title !== null && node.title !== undefined) unsupported();
      const alt = node.alt === null || node.alt === undefined ? '' : ` alt="${attribute(node.alt)}"`;
      return { html: `<img src="${attribute(safeUrl(node.url))}"${alt}>` };
    }
    case 'definition':
      // mdast-util-to-hast writes nothing for a definition.
      return undefined;
    case 'code':
      if (node.data !== undefined && Object.keys(node.data).some((key) => key !== 'fence')) unsupported();
      return { html: options.codeHtml(node) };
    case 'toc':
      return { html: toHtml(tocElement(options.toc)) };
    case 'container':
      return container(node as ContainerNode, options);
    default:
      return unsupported();
  }
}

/** A node's content, its first text trimmed at the start when the node follows a hard break (mdast-util-to-hast's `all`). */
function firstTextTrimmed(node: Parent, options: DirectOptions, afterBreak: boolean): string {
  const first = node.children[0];
  if (!afterBreak || first === undefined || (first.type !== 'text' && first.type !== 'inlineCode')) return inner(node, options);
  return inner({ ...node, children: [{ ...first, value: trimStart(first.value) }, ...node.children.slice(1)] } as Parent, options);
}

/** page-hast.ts's heading, with render.ts's anchor aliases: `<div class="heading"><hN id>…</hN><a class="header-anchor">…</a></div>`. */
function heading(node: Heading, options: DirectOptions, afterBreak: boolean): Piece {
  const properties = node.data?.hProperties;
  const extra = node.data && Object.keys(node.data).some((key) => key !== 'hProperties');
  if (extra || (properties && Object.keys(properties).some((key) => key !== 'id'))) unsupported();
  const id = properties?.id;
  const content = firstTextTrimmed(node, options, afterBreak);
  const tag = `h${node.depth}`;
  if (typeof id !== 'string') {
    if (id !== undefined) unsupported();
    return { html: `<${tag}>${content}</${tag}>` };
  }
  const aliases = Object.hasOwn(options.aliases, id) ? options.aliases[id]!.map((alias) => `<span id="${attribute(alias)}"></span>`).join('') : '';
  const label = `Link to section: ${toString(node, { includeHtml: false }).trim()}`;
  const anchor = `<a href="${attribute(normalizeUri(`#${id}`))}" class="header-anchor" aria-label="${attribute(label)}"><span aria-hidden="true">#</span></a>`;
  return { html: `<div class="heading"><${tag} id="${attribute(id)}">${aliases}${content}</${tag}>${anchor}</div>` };
}

function list(node: List, options: DirectOptions): Piece {
  const tag = node.ordered ? 'ol' : 'ul';
  const start = typeof node.start === 'number' && node.start !== 1 ? ` start="${node.start}"` : '';
  const tasks = node.children.some((item) => typeof item.checked === 'boolean') ? ' class="contains-task-list"' : '';
  return { html: `<${tag}${start}${tasks}>${wrap(all(node, options), true)}</${tag}>` };
}

/** mdast-util-to-hast's listItem: a tight item's paragraphs are shown bare; a task item starts with a disabled checkbox. */
function listItem(node: ListItem, parent: Parent, options: DirectOptions): Piece {
  const pieces = all(node, options);
  const loose = parent.type === 'list' ? listLoose(parent as List) : itemLoose(node);
  let className = '';
  if (typeof node.checked === 'boolean') {
    const box = `<input type="checkbox"${node.checked ? ' checked' : ''} disabled>`;
    const head = pieces[0];
    if (head?.paragraph !== undefined) {
      const content = head.paragraph === '' ? box : `${box} ${head.paragraph}`;
      pieces[0] = { html: `<p>${content}</p>`, paragraph: content };
    } else pieces.unshift({ html: `<p>${box}</p>`, paragraph: box });
    className = ' class="task-list-item"';
  }
  let html = '';
  for (let at = 0; at < pieces.length; at++) {
    const piece = pieces[at]!;
    if (loose || at !== 0 || piece.paragraph === undefined) html += '\n';
    html += piece.paragraph !== undefined && !loose ? piece.paragraph : piece.html;
  }
  const tail = pieces[pieces.length - 1];
  if (tail && (loose || tail.paragraph === undefined)) html += '\n';
  return { html: `<li${className}>${html}</li>` };
}

function listLoose(node: List): boolean {
  return (node.spread ?? false) || node.children.some(itemLoose);
}

function itemLoose(node: ListItem): boolean {
  return node.spread === null || node.spread === undefined ? node.children.length > 1 : node.spread;
}

/** mdast-util-to-hast's table, with render.ts's focusable tables (`tabindex="0"`). */
function table(node: Table, options: DirectOptions): Piece {
  const rows = node.children.map((row, rowIndex): Piece => {
    const tag = rowIndex === 0 ? 'th' : 'td';
    const cells: Piece[] = [];
    const length = node.align ? node.align.length : row.children.length;
    for (let at = 0; at < length; at++) {
      const cell = row.children[at];
      if (cell?.data !== undefined) unsupported();
      const align = node.align?.[at];
      cells.push({ html: `<${tag}${align ? ` align="${align}"` : ''}>${cell ? inner(cell, options) : ''}</${tag}>` });
    }
    if (row.data !== undefined) unsupported();
    return { html: `<tr>${wrap(cells, true)}</tr>` };
  });
  const parts: Piece[] = [];
  if (rows.length > 0) parts.push({ html: `<thead>${wrap(rows.slice(0, 1), true)}</thead>` });
  if (rows.length > 1) parts.push({ html: `<tbody>${wrap(rows.slice(1), true)}</tbody>` });
  return { html: `<table tabindex="0">${wrap(parts, true)}</table>` };
}

/** page-hast.ts's container: the box and its title, or the bare `<div>`; its content without line feeds between blocks. */
function container(node: ContainerNode, options: DirectOptions): Piece {
  const content = inner(node, options);
  if (BARE_CONTAINERS.has(node.kind)) return { html: `<div class="${attribute(node.kind)}">${content}</div>` };
  const [tag, titleTag] = node.kind === 'details' ? ['details', 'summary'] : ['div', 'p'];
  const title = node.kind !== 'details' && node.title === '' ? '' : `<${titleTag} class="custom-block-title">${text(node.title)}</${titleTag}>`;
  return { html: `<${tag} class="custom-block ${attribute(node.kind)}">${title}${content}</${tag}>` };
}

function tocElement(list: ElementContent[]): Element {
  return { type: 'element', tagName: 'nav', properties: { className: ['table-of-contents'], ariaLabel: 'Table of contents' }, children: list };
}

/**
 * A link or image URL as mdast-util-to-hast encodes it, when the sanitizer
 * would keep it as it is: a link placeholder (render.ts gives one only to a
 * URL that survives cleaning) or an http(s) URL. Any other goes the general way.
 */
function safeUrl(url: string): string {
  if (!PLACEHOLDER.test(url) && !/^https?:\/\/[^\s]/i.test(url)) unsupported();
  return normalizeUri(url);
}
const PLACEHOLDER = /^__docsbuild_link_\d+__$/;

/** hast-util-to-html's text escaping: `&` and `<` as hexadecimal references. */
function text(value: string): string {
  return value.replace(/[&<]/g, (c) => (c === '&' ? '&#x26;' : '&#x3C;'));
}

/** hast-util-to-html's double-quoted attribute escaping (its safe set): `"`, `&`, `'` and a backtick. */
function attribute(value: string): string {
  return value.replace(/["&'`]/g, (c) => `&#x${c.charCodeAt(0).toString(16).toUpperCase()};`);
}

/** trim-lines (mdast-util-to-hast's text handler): spaces and tabs around each line ending go. */
function trimLines(value: string): string {
  if (!value.includes('\n') && !value.includes('\r')) return value;
  // By hand: `/[ \t]*(\r?\n|\r)[ \t]*/g` rescans a long run of blanks from each of its blanks (quadratic).
  const parts = value.split(LINE_ENDING);
  for (let at = 0; at < parts.length; at += 2) {
    let start = 0;
    let end = parts[at]!.length;
    if (at > 0) while (start < end && isSpaceOrTab(parts[at]!.charCodeAt(start))) start++;
    if (at < parts.length - 1) while (end > start && isSpaceOrTab(parts[at]!.charCodeAt(end - 1))) end--;
    parts[at] = parts[at]!.slice(start, end);
  }
  return parts.join('');
}

/** Line endings as trim-lines reads them, kept by split (the odd items). */
const LINE_ENDING = /(\r\n|\n|\r)/;

function trimStart(value: string): string {
  return value.replace(/^[ \t]+/, '');
}
