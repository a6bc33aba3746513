import type { Code, Data, Html, Parent, Root, RootContent } from 'mdast';
import { defaultSchema } from 'hast-util-sanitize';
import type { Position } from 'unist';
import { diagnostic, type Diagnostic } from '../diagnostics/diagnostic';
import type { ContainerNode } from './containers';
import { safeDecode } from './directives';
import { delimited, lineLocator } from '../support/text-scan';

/** `<Badge text="beta" type="tip" vertical="middle"/>`: rendered as `<span class="badge tip">beta</span>`. */
export interface BadgeNode {
  type: 'badge';
  text: string;
  /** The text was written between the tags (`<Badge>POST</Badge>`), which VuePress 1's heading slugs keep, not in a `text` attribute. */
  slot?: true;
  kind: string;
  vertical?: string;
  position?: Position;
  data?: Data;
}

/** One tab of a code group: its label and what it shows. */
export interface CodeTab {
  type: 'codeTab';
  title: string;
  active: boolean;
  children: RootContent[];
  position?: Position;
  data?: Data;
}

/**
 * `<CodeGroup>`/`<CodeBlock>` or `::: code-group`: tabs, one code block (or
 * more) each. The tabs are the node's children, so every pass over the tree
 * (constants, links, headers, emoji) reaches what they hold.
 */
export interface CodeGroupNode {
  type: 'codeGroup';
  children: CodeTab[];
  position?: Position;
  data?: Data;
}

declare module 'mdast' {
  interface RootContentMap {
    badge: BadgeNode;
    codeGroup: CodeGroupNode;
    codeTab: CodeTab;
  }
  interface PhrasingContentMap {
    badge: BadgeNode;
  }
}

/**
 * A component tag in raw HTML: PascalCase (`<CodeGroup>`) or kebab-case
 * (`<code-group>`), or a name VuePress 1 makes of a component in a folder
 * of `.vuepress/components/` (`support/SponsorGroup.vue` is
 * `<support-SponsorGroup>`), opening, closing or self-closing. Plain HTML tags are
 * lower-case words without a hyphen, so they never match, except `<badge>`
 * (HTML has no such element, and Vue resolves it to VuePress's Badge, so
 * sites write it so) and `<template>`: Vue renders a template as what it
 * holds (a component's slot, `<template v-slot:left>`, or a plain fragment),
 * where HTML would hide it, and the sanitizer dropped it with its Markdown.
 */
// An attribute's name holds no "<": with one, a run of `<A` pieces read as one tag's attributes from each of them in turn (quadratic).
const TAG = /<(\/?)([A-Z][\w.-]*|[a-z][a-z0-9]*(?:-[a-zA-Z0-9]+)+|(?:badge|template)(?=[\s/>]))((?:\s+[^\s"'<>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/g;
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const TAG_MARK = '<!--docsbuild:tag:';
/** Where a marked tag line starts: it runs to the next `-->` on its line. */
const TAG_MARK_OPENER = /<!--docsbuild:tag:/g;
/** The cheap test. */
const ANY = /<\/?(?:[A-Z]|[a-z][a-z0-9]*-[a-zA-Z0-9]|(?:badge|template)[\s/>])/;

/** Components by their name without case or hyphens, and what becomes of their tags. */
const KNOWN = new Set(['badge', 'codegroup', 'codeblock', 'clientonly', 'outboundlink', 'template']);
/** SVG's own mixed-case elements, which are HTML, not components. */
const SVG_NAMES = new Set(['clipPath', 'linearGradient', 'radialGradient', 'foreignObject', 'textPath', 'feGaussianBlur', 'feOffset', 'feBlend', 'feColorMatrix', 'feMerge', 'feMergeNode', 'feFlood', 'feComposite', 'animateTransform', 'animateMotion']);
/** The HTML elements a page may hold (the sanitizer's), by their lower-case names. */
const HTML_ELEMENTS: ReadonlySet<string> = new Set(defaultSchema.tagNames ?? []);

/**
 * An HTML element written in capitals (`<IMG SRC=…>`, `<A HREF=…>`, old
 * HTML's habit): HTML names are case-insensitive, and VuePress showed it
 * (Vue made it with document.createElement, which reads the name so), so it
 * is no component to drop. A PascalCase name (`<Table>`) stays a component.
 */
function isHtmlInCapitals(name: string): boolean {
  return name === name.toUpperCase() && HTML_ELEMENTS.has(name.toLowerCase());
}

interface TagToken {
  type: 'tag';
  close: boolean;
  selfClosing: boolean;
  name: string;
  key: string;
  attributes: Record<string, string>;
  position?: Position;
}
type Piece = RootContent | TagToken;

/**
 * The Vue components of VuePress and VitePress pages, read from the raw
 * HTML in the tree: Badge, CodeGroup/CodeBlock (and `::: code-group`),
 * ClientOnly and `<template>` (their content is shown), OutboundLink (dropped: external links
 * are marked anyway). Any other component's tags are dropped and its
 * content kept, with one `html/unknown-component` warning per name.
 */
export function readComponents(tree: Root, markdown: string, file: string): Diagnostic[] {
  if (!ANY.test(markdown) && !GROUP_CONTAINER.test(markdown)) return [];
  const reported = new Set<string>();
  const diagnostics: Diagnostic[] = [];
  const onUnknown = (token: TagToken) => {
    if (reported.has(token.name)) return;
    reported.add(token.name);
    const at = { file, line: token.position?.start.line, column: token.position?.start.column };
    diagnostics.push(
      diagnostic('html/unknown-component', at, `<${token.name}> is a Vue component docsbuild does not render; its content is shown without it.`, undefined, token.name),
    );
  };
  const walk = (parent: Parent) => {
    for (const child of parent.children) if ('children' in child) walk(child as Parent);
    if (parent.type === 'container' && isGroup((parent as ContainerNode).kind)) return;
    if (parent.children.some((c) => c.type === 'html' && (ANY.test(c.value) || c.value.includes(TAG_MARK)))) {
      parent.children = assemble(tokenize(parent.children as RootContent[]), onUnknown) as Parent['children'];
    }
    parent.children = parent.children.map((c) => (c.type === 'container' && isGroup(c.kind) ? codeGroupOfContainer(c) : c)) as Parent['children'];
  };
  walk(tree);
  return diagnostics;
}

/** Splits raw HTML nodes at component tags, keeping the HTML around them as it was. */
function tokenize(children: RootContent[]): Piece[] {
  return children.flatMap((original): Piece[] => {
    // Lines markDirectives set apart (alone, or inside a block of HTML): the tags as written.
    const marked = original.type === 'html' && original.value.includes(TAG_MARK);
    const child = marked ? { ...original, value: unmarkTags(original.value) } : original;
    if (child.type !== 'html' || !ANY.test(child.value)) return [child];
    const pieces: Piece[] = [];
    const comments = commentRanges(child.value);
    // Tags and comments both come in order: the first comment that may hold a tag moves on with the tags.
    let comment = 0;
    let last = 0;
    let locator: ReturnType<typeof lineLocator> | undefined;
    const locate = () => (locator ??= lineLocator(child.value));
    for (const match of child.value.matchAll(TAG)) {
      while (comment < comments.length && comments[comment]![1] <= match.index) comment++;
      const inComment = comment < comments.length && match.index > comments[comment]![0] && match.index < comments[comment]![1];
      // A tag inside an HTML comment is the comment's text: Vue drops it, and cutting the comment there broke it in two.
      if (SVG_NAMES.has(match[2]!) || isHtmlInCapitals(match[2]!) || inComment) continue;
      const before = child.value.slice(last, match.index);
      if (before.trim() !== '') pieces.push({ type: 'html', value: before, position: placeOf(child, locate, last, match.index) } satisfies Html);
      pieces.push({
        type: 'tag',
        close: match[1] === '/',
        selfClosing: match[4] === '/',
        name: match[2]!,
        key: match[2]!.replace(/-/g, '').toLowerCase(),
        attributes: attributesOf(match[3]!),
        position: placeOf(child, locate, match.index, match.index + match[0].length),
      });
      last = match.index + match[0].length;
    }
    const rest = child.value.slice(last);
    if (rest.trim() !== '') pieces.push({ type: 'html', value: rest, position: placeOf(child, locate, last, child.value.length) } satisfies Html);
    return pieces;
  });
}

/**
 * Where a piece of an HTML node stands in the file: from the node's start,
 * by the lines of its text before the piece (a link after a component in
 * the same block is reported at its own line, not the block's first).
 */
function placeOf(node: Html, locate: () => ReturnType<typeof lineLocator>, from: number, to: number): Position | undefined {
  const start = node.position?.start;
  if (!start) return node.position;
  const at = (offset: number) => {
    const place = locate()(offset);
    const column = place.line === 0 ? start.column + offset : place.column + 1;
    return { line: start.line + place.line, column, ...(start.offset === undefined ? {} : { offset: start.offset + offset }) };
  };
  return { start: at(from), end: at(to) };
}

/** The tags markDirectives wrote as `<!--docsbuild:tag:…-->` lines, as they were written. */
function unmarkTags(html: string): string {
  let text = '';
  let last = 0;
  for (const mark of delimited(html, TAG_MARK_OPENER, '-->', { sameLine: true })) {
    text += html.slice(last, mark.index) + safeDecode(mark.inner);
    last = mark.end;
  }
  return text + html.slice(last);
}

/** Where each `<!-- … -->` of raw HTML starts and ends; one never closed runs to the end. */
function commentRanges(html: string): [number, number][] {
  const ranges: [number, number][] = [];
  for (let from = html.indexOf('<!--'); from !== -1; ) {
    const end = html.indexOf('-->', from + 4);
    const to = end === -1 ? html.length : end + 3;
    ranges.push([from, to]);
    from = html.indexOf('<!--', to);
  }
  return ranges;
}

function attributesOf(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const m of text.matchAll(ATTRIBUTE)) attributes[m[1]!.replace(/^[:@]|^v-bind:/, '')] = m[2] ?? m[3] ?? m[4] ?? '';
  return attributes;
}

interface Frame {
  token?: TagToken;
  children: Piece[];
}

/** Pairs opening and closing tags among siblings and builds what each component becomes. */
function assemble(pieces: Piece[], onUnknown: (token: TagToken) => void): RootContent[] {
  const stack: Frame[] = [{ children: [] }];
  const top = () => stack[stack.length - 1]!;
  for (const piece of pieces) {
    if (piece.type !== 'tag') {
      top().children.push(piece);
      continue;
    }
    if (!KNOWN.has(piece.key)) onUnknown(piece);
    if (piece.close) {
      const at = stack.findLastIndex((f) => f.token?.key === piece.key);
      if (at <= 0) continue;
      while (stack.length > at) {
        const frame = stack.pop()!;
        top().children.push(...finish(frame.token!, frame.children));
      }
      continue;
    }
    if (piece.selfClosing) {
      top().children.push(...finish(piece, []));
      continue;
    }
    stack.push({ token: piece, children: [] });
  }
  // Tags never closed: their content stays where it is (a Badge with a `text` is that text, and what follows it stays).
  while (stack.length > 1) {
    const frame = stack.pop()!;
    const token = frame.token!;
    if (token.key === 'badge' && token.attributes.text !== undefined) top().children.push(...finish(token, []), ...frame.children);
    else top().children.push(...finish(token, frame.children));
  }
  return top().children as RootContent[];
}

function finish(token: TagToken, children: Piece[]): Piece[] {
  switch (token.key) {
    case 'badge': {
      // Badge.vue shows `text || slot`: with a `text`, what is between the tags is not shown.
      const text = token.attributes.text ?? children.map(textOf).join('').trim();
      const badge: BadgeNode = { type: 'badge', text, kind: badgeKind(token.attributes.type), vertical: token.attributes.vertical, position: token.position };
      if (token.attributes.text === undefined && text !== '') badge.slot = true;
      return [badge];
    }
    case 'outboundlink':
      return [];
    case 'codeblock':
      // Kept as a tab until its group is built; a CodeBlock outside a group is its content.
      return [{ type: 'tag', close: false, selfClosing: true, name: 'tab', key: 'tab', attributes: token.attributes, position: token.position }, ...children, tabEnd()];
    case 'codegroup':
      return [codeGroupOf(children, token.position)];
    default:
      return children.filter((c) => c.type !== 'tag' || c.key === 'tab' || c.key === 'tab-end');
  }
}

function tabEnd(): TagToken {
  return { type: 'tag', close: true, selfClosing: false, name: 'tab', key: 'tab-end', attributes: {} };
}

/** The tabs between CodeBlock markers; content outside any CodeBlock is dropped only if it is blank HTML. */
function codeGroupOf(children: Piece[], position: Position | undefined): CodeGroupNode {
  const tabs: CodeTab[] = [];
  let current: CodeTab | undefined;
  for (const child of children) {
    if (child.type === 'tag' && child.key === 'tab') {
      current = { type: 'codeTab', title: child.attributes.title ?? `Tab ${tabs.length + 1}`, active: child.attributes.active !== undefined, children: [] };
      tabs.push(current);
    } else if (child.type === 'tag' && child.key === 'tab-end') {
      current = undefined;
    } else if (child.type !== 'tag') {
      if (current) current.children.push(child);
      else if (child.type !== 'html') tabs.push({ type: 'codeTab', title: titleOf(child, tabs.length), active: false, children: [child] });
    }
  }
  return { type: 'codeGroup', children: tabs, position };
}

/** VuePress 1's Badge.vue names: `green` is a tip, `yellow` and `warn` a warning; `error` and `danger` as written. */
const BADGE_ALIASES: Readonly<Record<string, string>> = { green: 'tip', yellow: 'warning', warn: 'warning' };

function badgeKind(type: string | undefined): string {
  if (!type) return 'tip';
  return Object.hasOwn(BADGE_ALIASES, type) ? BADGE_ALIASES[type]! : type;
}

/** The containers drawn as tabs. */
const GROUP_CONTAINER = /:::\s*(?:code-group|tabs)\b/;

function isGroup(kind: string): boolean {
  return kind === 'code-group' || kind === 'tabs';
}

/**
 * VitePress's `::: code-group`: one tab per code block, labelled by its
 * `[title]` (else its language). The tabs plugins' `:::: tabs`: one tab per
 * `::: tab Label` block, holding whatever Markdown the block holds.
 */
function codeGroupOfContainer(container: ContainerNode): CodeGroupNode {
  const tabs = container.children.flatMap((child, index): CodeTab[] => {
    if (child.type === 'container' && child.kind === 'tab') return [{ type: 'codeTab', title: tabLabel(child.title, index), active: false, children: child.children }];
    // Between tab blocks only blank HTML (a comment) is dropped; anything else is a tab of its own, as code-group's blocks are.
    if (container.kind === 'tabs' && child.type === 'html') return [];
    return [{ type: 'codeTab', title: titleOf(child, index), active: false, children: [child] }];
  });
  return { type: 'codeGroup', children: tabs, position: container.position };
}

/**
 * A tab block's label as the tabs plugins read it: `::: tab npm`,
 * `::: tab "Yarn 2" id="yarn"` (quoted, attributes after it),
 * element-tabs' `::: tab Setup lazy` (a flag after it).
 */
function tabLabel(written: string, index: number): string {
  const quoted = /^(["'])(.*?)\1/.exec(written);
  if (quoted) return quoted[2]!.trim() || `Tab ${index + 1}`;
  // Attributes (`id="x"`) come after the label: it ends where the first one begins.
  const attributes = written.search(/\s[\w:@.-]+=/);
  const label = (attributes < 0 ? written : written.slice(0, attributes)).trim();
  return (/\slazy$/.test(label) ? label.slice(0, -'lazy'.length).trimEnd() : label) || `Tab ${index + 1}`;
}

function titleOf(node: RootContent, index: number): string {
  const code = node as Code;
  return code.type === 'code' ? (code.data?.fence?.title ?? code.lang ?? `Tab ${index + 1}`) : `Tab ${index + 1}`;
}

function textOf(piece: Piece): string {
  if (piece.type === 'tag') return '';
  if ('value' in piece && piece.type === 'text') return piece.value;
  return 'children' in piece ? (piece.children as Piece[]).map(textOf).join('') : '';
}
