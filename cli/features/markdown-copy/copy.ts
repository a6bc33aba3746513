import type { Code, Definition, Image, Link, Nodes, Root } from 'mdast';
import { eachNodeOf } from '../../markdown/walk';
import { interpolate, type ConstantScope } from '../../markdown/constants';
import { forEachLine } from '../../markdown/directives';
import { CONSTANTS_SUFFIX } from '../../markdown/fences';
import { expandImportLines } from '../../markdown/imports';
import type { PageTree } from '../../page/markdown';
import type { LinkRef } from '../../page/outline';

export interface MarkdownCopyOptions {
  /** The page title: added as `# Title` when the page has no `#` heading of its own. */
  title: string;
  constants: Readonly<Record<string, string | number>>;
  /** The links as written, from the outline stage: the URLs in the text, where the tree may hold decoded ones. */
  links?: readonly LinkRef[];
  /** Write out includes and snippet imports (the page has some): where `@/` points, and the content folder (it may lie outside the project root). */
  imports?: { importRoot?: string; contentFolder?: string };
}

/**
 * A page's copy before the site is known: the text with each link URL
 * replaced by a placeholder, and the URLs as written. Plain data, so it can
 * be made with the page (and cached with it); `fillMarkdownCopy` finishes it
 * once every page's address is known.
 */
export interface PreparedCopy {
  text: string;
  urls: string[];
}

/**
 * Private-use characters, never in real prose (a page that has one keeps its
 * links as written): each marked link's URL becomes a placeholder, and three
 * markers bound the link, its text and the rest, so that a link leading
 * nowhere can be turned into its text when the copy is filled.
 */
const MARK = { url: '\uE000', open: '\uE002', text: '\uE003', close: '\uE004', end: '\uE001' } as const;
const mark = (kind: keyof typeof MARK, n: number) => `${MARK[kind]}${n}${MARK.end}`;
const ANY_MARK = /[\uE000-\uE004]/;

/** Where a link of the copy leads: a URL; null, nowhere (the link becomes its text); undefined, keep it as written. */
export type CopyTarget = string | null | undefined;

/**
 * The page as plain Markdown for tools that read docs: the body without
 * frontmatter; constants interpolated as on the page, except in code
 * blocks, which the page shows as written; and a `# Title` when the title
 * comes from frontmatter. Link URLs become placeholders (see PreparedCopy).
 */
export function prepareMarkdownCopy(page: PageTree, options: MarkdownCopyOptions): PreparedCopy {
  const { body, bodyLineOffset } = page.page;
  const lines = body.split('\n');
  const written = new Map((options.links ?? []).map((l) => [`${l.line}:${l.column}`, l.url]));
  const urls = ANY_MARK.test(body) ? [] : markLinks(page.tree, lines, bodyLineOffset, written);
  const verbatim = codeLines(page.tree, bodyLineOffset, lines);
  const scope = { values: options.constants, used: new Set<string>(), report: false };
  if (options.imports) {
    // Included text has no positions of its own in the tree (its nodes take the including line's): it is read by its lines.
    for (const index of expandImportLines(lines, { file: page.page.source.file, files: page.page.source.dependencies ?? {}, ...options.imports })) {
      lines[index] = includedCopy(lines[index]!, scope, urls);
      verbatim.add(index + 1);
    }
  }
  const text = lines
    .map((line, i) => (verbatim.has(i + 1) ? line : interpolate(line, scope, () => undefined)))
    .join('\n')
    .replace(/^(?:[ \t]*\n)+/, '')
    .trimEnd();
  const hasTitle = page.tree.children.some((node) => node.type === 'heading' && node.depth === 1);
  return { text: `${hasTitle || options.title === '' ? '' : `# ${options.title}\n\n`}${text}\n`, urls };
}

/**
 * Puts the links back: each as the URL `resolve` gives (one that works away
 * from the site), else as written; a link that leads nowhere (null) becomes
 * its text, an image its alt text, a definition nothing.
 */
export function fillMarkdownCopy(copy: PreparedCopy, resolve: (url: string) => CopyTarget): string {
  const { text, urls } = copy;
  if (urls.length === 0) return text;
  const targets = urls.map((url) => resolve(url));
  // Every mark's place, in one scan: looking each up in the whole text again was quadratic (a 156 KB page of 1,452 links: 8.7 s).
  const places = new Map<string, { start: number; end: number }>();
  for (const found of text.matchAll(MARKS)) places.set(`${found[1]}${found[2]}`, { start: found.index, end: found.index + found[0].length });
  const at = (kind: keyof typeof MARK, n: number) => places.get(`${MARK[kind]}${n}`);
  const edits: { start: number; end: number; put: string }[] = [];
  targets.forEach((target, n) => {
    const [open, label, close] = [at('open', n), at('text', n), at('close', n)];
    if (target === null && open && label && close && label.start > open.start && close.start > label.start) {
      // The link's words stay (without their `[` or `![`); from its label's end to its close, the rest goes.
      const bracket = text.startsWith('![', open.end) ? 2 : text.startsWith('[', open.end) ? 1 : 0;
      edits.push({ start: open.start, end: open.end + bracket, put: '' }, { start: label.start, end: close.end, put: '' });
      return;
    }
    for (const place of [open, label, close]) if (place) edits.push({ start: place.start, end: place.end, put: '' });
    const url = at('url', n);
    if (url) edits.push({ start: url.start, end: url.end, put: typeof target === 'string' ? target : urls[n]! });
  });
  edits.sort((a, b) => a.start - b.start);
  let out = '';
  let cursor = 0;
  for (const edit of edits) {
    // Inside a span a link that leads nowhere dropped: gone with it.
    if (edit.start < cursor) continue;
    out += text.slice(cursor, edit.start) + edit.put;
    cursor = edit.end;
  }
  return out + text.slice(cursor);
}

/** A mark as mark() writes it: its kind's character, its link's number, the end character. */
const MARKS = /([\uE000\uE002-\uE004])(\d+)\uE001/g;

/** Both steps at once, for a page whose links can be resolved right away. */
export function markdownCopy(page: PageTree, options: MarkdownCopyOptions & { resolveLink: (url: string) => CopyTarget }): string {
  return fillMarkdownCopy(prepareMarkdownCopy(page, options), options.resolveLink);
}

/** A marker to insert on a body line, and where it sorts among others at the same column (see markLinks). */
interface Insertion {
  at: number;
  text: string;
  key: [number, number, number];
}

/**
 * Replaces each link's URL by a placeholder, on the line where the parser
 * ended the link, where the URL is written as the parser read it, and marks
 * where the link starts, where its text ends and where it ends. A URL
 * written any other way (escaped, split over lines) is left as it is.
 */
function markLinks(tree: Root, lines: string[], offset: number, written: ReadonlyMap<string, string>): string[] {
  const urls: string[] = [];
  const insertions = new Map<number, Insertion[]>();
  const deletions = new Map<number, { at: number; length: number }[]>();
  const insert = (line: number, insertion: Insertion) => insertions.set(line, [...(insertions.get(line) ?? []), insertion]);
  // Depth: an image inside a link is one deeper than the link.
  const walk = (node: Nodes, depth: number) => {
    let inner = depth;
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') {
      const found = findUrl(node, lines, offset, written);
      if (found) {
        const n = urls.push(found.url) - 1;
        const { start, end } = node.position!;
        deletions.set(found.line, [...(deletions.get(found.line) ?? []), { at: found.at, length: found.url.length }]);
        // At one column: closes and text ends first (inner before outer; a link's own text end before its close),
        // then starts (outer before inner), then the URL.
        insert(start.line - offset, { at: start.column - 1, text: mark('open', n), key: [1, depth, 0] });
        const textEnd = textEndOf(node, lines, offset, found.line, found.at);
        const atStart = textEnd.line === start.line - offset && textEnd.at === start.column - 1;
        insert(textEnd.line, { at: textEnd.at, text: mark('text', n), key: atStart ? [1, depth, 1] : [0, -depth, 0] });
        insert(end.line - offset, { at: end.column - 1, text: mark('close', n), key: [0, -depth, 1] });
        insert(found.line, { at: found.at, text: mark('url', n), key: [2, 0, 0] });
      }
      inner = depth + 1;
    }
    if ('children' in node) for (const child of node.children as Nodes[]) walk(child, inner);
  };
  walk(tree, 0);
  for (const [line, list] of insertions) {
    const text = lines[line - 1];
    if (text === undefined) continue;
    lines[line - 1] = edited(text, list, deletions.get(line) ?? []);
  }
  return urls;
}

/**
 * `text` with each insertion before the character at its column (in key
 * order at one column; one past the end allowed) and the cut ranges left out.
 * Copied a stretch at a time: a character at a time, this was most of what
 * the markdown copy allocated.
 */
function edited(text: string, insertions: readonly Insertion[], cuts: readonly { at: number; length: number }[]): string {
  const sortedCuts = [...cuts].sort((a, b) => a.at - b.at);
  const kept = (from: number, to: number): string => {
    let out = '';
    let at = from;
    for (const cut of sortedCuts) {
      const start = Math.max(cut.at, at);
      const end = Math.min(cut.at + cut.length, to);
      if (start >= end) continue;
      out += text.slice(at, start);
      at = end;
    }
    return out + text.slice(at, to);
  };
  let out = '';
  let at = 0;
  for (const insertion of [...insertions].sort((a, b) => a.at - b.at || compareKeys(a.key, b.key))) {
    if (insertion.at < 0 || insertion.at > text.length) continue;
    out += kept(at, insertion.at) + insertion.text;
    at = insertion.at;
  }
  return out + kept(at, text.length);
}

function compareKeys(a: readonly number[], b: readonly number[]): number {
  return a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!;
}

/** The URL of a link as written, on the line where the link ends, where the placeholder goes; undefined when it is written another way. */
function findUrl(node: Link | Image | Definition, lines: readonly string[], offset: number, written: ReadonlyMap<string, string>) {
  const { position } = node;
  if (!position) return undefined;
  const url = written.get(`${position.start.line}:${position.start.column}`) ?? node.url;
  if (url === '') return undefined;
  const line = position.end.line - offset;
  const text = lines[line - 1];
  if (text === undefined) return undefined;
  const from = position.start.line - offset === line ? position.start.column - 1 : 0;
  const at = text.slice(0, position.end.column - 1).lastIndexOf(url);
  const before = text[at - 1];
  if (at < from || (before !== '(' && before !== '<' && before !== ' ' && before !== '\t')) return undefined;
  return { url, line, at };
}

/**
 * Where a link's text ends: after its last child (a link), before the "](" in
 * front of the URL (an image written on one line), else right at its start
 * (a definition, which has no text of its own).
 */
function textEndOf(node: Link | Image | Definition, lines: readonly string[], offset: number, urlLine: number, urlAt: number): { line: number; at: number } {
  const start = { line: node.position!.start.line - offset, at: node.position!.start.column - 1 };
  if (node.type === 'link') {
    const last = node.children[node.children.length - 1]?.position?.end;
    return last ? { line: last.line - offset, at: last.column - 1 } : { line: start.line, at: start.at + 1 };
  }
  if (node.type === 'image' && start.line === urlLine) {
    const bracket = /\]\(\s*<?$/.exec(lines[urlLine - 1]!.slice(start.at, urlAt));
    if (bracket) return { line: urlLine, at: start.at + bracket.index };
  }
  return start;
}

/**
 * Body lines (1-based) inside code blocks: the tree's positions are file
 * lines, so shift them back. A block that opted in to constants
 * (```` ```bash-const ````) is not verbatim: its constants are filled in as on
 * the page, and its fence loses the suffix (`lines` is edited for that).
 */
function codeLines(tree: Root, offset: number, lines: string[]): Set<number> {
  const verbatim = new Set<number>();
  eachNodeOf(tree, 'code', (node: Code) => {
    const start = node.position?.start.line;
    const end = node.position?.end.line;
    if (start === undefined || end === undefined) return;
    const fence = lines[start - offset - 1] ?? '';
    const optIn = OPT_IN_FENCE.exec(fence);
    if (optIn) {
      lines[start - offset - 1] = `${optIn[1]}${optIn[2]}${fence.slice(optIn[0].length)}`;
      return;
    }
    for (let line = start; line <= end; line++) verbatim.add(line - offset);
  });
  return verbatim;
}

/**
 * Included Markdown (a snippet's code block, an included file with its own
 * includes written out) as the copy shows the page's own: constants filled
 * in outside code blocks and in blocks that opted in, whose fences lose the
 * suffix; other blocks as written.
 */
function includedCopy(text: string, scope: ConstantScope, urls: string[]): string {
  const written = text.split('\n');
  const lines = [...written];
  forEachLine(written, (line, index, fence) => {
    if (fence === undefined) {
      lines[index] = markInlineLinks(interpolate(line, scope, () => undefined), urls);
      return;
    }
    const optIn = OPT_IN_FENCE.exec(written[fence]!);
    if (!optIn) return;
    lines[index] = index === fence ? `${optIn[1]}${optIn[2]}${line.slice(optIn[0].length)}` : interpolate(line, scope, () => undefined);
  });
  return lines.join('\n');
}

/** An inline link or image on one line, `[text](url "title")`: what included text holds; anything else is left as written. */
// Each part stops at the character that starts the next link, or its own end, so a long line of near-links is read in linear time.
const INLINE_LINK = /(!?\[)((?:[^[\]\\\n]|\\[^[\n])*)\]\((<[^<>()\n]*>|[^\s()<>[\]]+)((?:[ \t]+(?:"[^"()\n]*"|'[^'()\n]*'))?[ \t]*)\)/g;

/**
 * Marks each inline link of a line of included text as markLinks marks the
 * page's own (from the tree, which has no positions in included text), its
 * URL added to `urls`; code spans are left alone. A page that holds a
 * marker character keeps its links as written, as in prepareMarkdownCopy.
 */
function markInlineLinks(line: string, urls: string[]): string {
  if (!line.includes('](') || ANY_MARK.test(line)) return line;
  // Odd pieces are code spans (a run of backticks to the same run).
  return line
    .split(/(`+)([\s\S]*?)\1/)
    .map((piece, i, pieces) => {
      if (i % 3 === 1) return `${piece}${pieces[i + 1]}${piece}`;
      if (i % 3 === 2) return '';
      return piece.replace(INLINE_LINK, (all, open: string, label: string, target: string, title: string) => {
        const url = target.startsWith('<') ? target.slice(1, -1) : target;
        if (url === '') return all;
        const n = urls.push(url) - 1;
        const written = target.startsWith('<') ? `<${mark('url', n)}>` : mark('url', n);
        return `${mark('open', n)}${open}${label}${mark('text', n)}](${written}${title})${mark('close', n)}`;
      });
    })
    .join('');
}

/** A fence line whose language has the constants suffix: the fence and language, without the suffix. */
const OPT_IN_FENCE = new RegExp(String.raw`^( {0,3}(?:\`{3,}|~{3,})[ \t]*)([\w#+.]+(?:-[\w#+.]+)*?)${CONSTANTS_SUFFIX}(?=\s|$|\{)`, 'i');
