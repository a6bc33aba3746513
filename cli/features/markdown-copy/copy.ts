import type { Code, Definition, Image, Link, Root } from 'mdast';
import { visit } from 'unist-util-visit';
import { interpolate } from '../../markdown/constants';
import { CONSTANTS_SUFFIX } from '../../markdown/fences';
import type { PageTree } from '../../page/markdown';
import type { LinkRef } from '../../page/outline';

export interface MarkdownCopyOptions {
  /** The page title: added as `# Title` when the page has no `#` heading of its own. */
  title: string;
  constants: Readonly<Record<string, string | number>>;
  /** The links as written, from the outline stage: the URLs in the text, where the tree may hold decoded ones. */
  links?: readonly LinkRef[];
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

/** Private-use characters, never in real prose: a page that has one keeps its links as written. */
const placeholder = (n: number) => `\uE000${n}\uE001`;
const PLACEHOLDER = /\uE000(\d+)\uE001/g;

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
  const urls = body.includes('\uE000') ? [] : markLinks(page.tree, lines, bodyLineOffset, written);
  const verbatim = codeLines(page.tree, bodyLineOffset, lines);
  const scope = { values: options.constants, used: new Set<string>(), report: false };
  const text = lines
    .map((line, i) => (verbatim.has(i + 1) ? line : interpolate(line, scope, () => undefined)))
    .join('\n')
    .replace(/^(?:[ \t]*\n)+/, '')
    .trimEnd();
  const hasTitle = page.tree.children.some((node) => node.type === 'heading' && node.depth === 1);
  return { text: `${hasTitle || options.title === '' ? '' : `# ${options.title}\n\n`}${text}\n`, urls };
}

/** Puts the links back: each as the URL `resolve` gives (one that works away from the site), else as written. */
export function fillMarkdownCopy(copy: PreparedCopy, resolve: (url: string) => string | undefined): string {
  return copy.text.replace(PLACEHOLDER, (match, n: string) => {
    const url = copy.urls[Number(n)];
    return url === undefined ? match : (resolve(url) ?? url);
  });
}

/** Both steps at once, for a page whose links can be resolved right away. */
export function markdownCopy(page: PageTree, options: MarkdownCopyOptions & { resolveLink: (url: string) => string | undefined }): string {
  return fillMarkdownCopy(prepareMarkdownCopy(page, options), options.resolveLink);
}

/**
 * Replaces each link's URL by a placeholder, on the line where the parser
 * ended the link, where the URL is written as the parser read it. A URL
 * written any other way (escaped, split over lines) is left as it is.
 */
function markLinks(tree: Root, lines: string[], offset: number, written: ReadonlyMap<string, string>): string[] {
  const edits: { line: number; at: number; url: string }[] = [];
  visit(tree, ['link', 'image', 'definition'], (node) => {
    const { position } = node as Link | Image | Definition;
    if (!position) return;
    const url = written.get(`${position.start.line}:${position.start.column}`) ?? (node as Link | Image | Definition).url;
    if (url === '') return;
    const line = position.end.line - offset;
    const text = lines[line - 1];
    if (text === undefined) return;
    const from = position.start.line - offset === line ? position.start.column - 1 : 0;
    const at = text.slice(0, position.end.column - 1).lastIndexOf(url);
    const before = text[at - 1];
    if (at < from || (before !== '(' && before !== '<' && before !== ' ' && before !== '\t')) return;
    edits.push({ line, at, url });
  });
  // Right to left within a line, so earlier columns stay valid.
  edits.sort((a, b) => a.line - b.line || b.at - a.at);
  const urls: string[] = [];
  for (const edit of edits) {
    const text = lines[edit.line - 1]!;
    lines[edit.line - 1] = `${text.slice(0, edit.at)}${placeholder(urls.push(edit.url) - 1)}${text.slice(edit.at + edit.url.length)}`;
  }
  return urls;
}

/**
 * Body lines (1-based) inside code blocks: the tree's positions are file
 * lines, so shift them back. A block that opted in to constants
 * (```` ```bash-const ````) is not verbatim: its constants are filled in as on
 * the page, and its fence loses the suffix (`lines` is edited for that).
 */
function codeLines(tree: Root, offset: number, lines: string[]): Set<number> {
  const verbatim = new Set<number>();
  visit(tree, 'code', (node: Code) => {
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

/** A fence line whose language has the constants suffix: the fence and language, without the suffix. */
const OPT_IN_FENCE = new RegExp(String.raw`^( {0,3}(?:\`{3,}|~{3,})[ \t]*)([\w#+.]+(?:-[\w#+.]+)*?)${CONSTANTS_SUFFIX}(?=\s|$|\{)`, 'i');
