import type { Code, Root } from 'mdast';
import { eachNodeOf } from './walk';

/**
 * What a fence's info string asks for besides its language, in the forms
 * VuePress 1 and VitePress trees use: ```` ```js{1,4-6} [app.js] :line-numbers ````.
 */
export interface FenceOptions {
  /** Lines to highlight, 1-based, sorted, no repeats. */
  highlight: number[];
  /** `:line-numbers` / `:no-line-numbers`; undefined: the site's default. */
  lineNumbers?: boolean;
  /** `[title]`: a tab's label inside a code group. */
  title?: string;
}

declare module 'mdast' {
  interface CodeData {
    fence?: FenceOptions;
  }
}

const LANG = /^[^\s{:[]*/;
const LINES = /\{([\d,\s-]*)\}/;
const NUMBERS = /:(no-)?line-numbers\b(?:=\d+)?/;
/** The most lines a range may name: `{1-99999999}` must not build a huge list. */
const MAX_LINE = 100_000;

/** Splits `lang{lines} [title] :line-numbers` (language and meta as remark split them) into a language and options. */
export function parseFenceInfo(lang: string, meta: string): { lang: string; options: FenceOptions } {
  const info = `${lang} ${meta}`;
  const name = LANG.exec(lang)?.[0] ?? '';
  const rest = info.slice(name.length);
  const lines = LINES.exec(rest);
  const numbers = NUMBERS.exec(rest);
  const title = bracketed(rest.replace(LINES, ''));
  const options: FenceOptions = { highlight: lines ? lineList(lines[1]!) : [] };
  if (numbers) options.lineNumbers = numbers[1] === undefined;
  if (title !== undefined && title.trim() !== '') options.title = title.trim();
  return { lang: name, options };
}

/**
 * What the first `[…]` holds (`/\[([^\]]*)\]/`): from the first "[" that a
 * "]" follows to that "]". By hand: the expression looks for a "]" after
 * every "[" of a long run, to the end each time.
 */
function bracketed(text: string): string | undefined {
  const open = text.indexOf('[');
  const close = open === -1 ? -1 : text.indexOf(']', open + 1);
  return close === -1 ? undefined : text.slice(open + 1, close);
}

/** `1,4-6` → [1, 4, 5, 6]. */
export function lineList(text: string): number[] {
  const lines = new Set<number>();
  for (const part of text.split(',')) {
    const [from, to] = part.split('-').map((n) => Number.parseInt(n.trim(), 10));
    if (from === undefined || Number.isNaN(from)) continue;
    const end = to === undefined || Number.isNaN(to) ? from : Math.min(to, MAX_LINE);
    for (let line = Math.max(from, 1); line <= end; line++) lines.add(line);
  }
  return [...lines].sort((a, b) => a - b);
}

/** Cheap test first: most fences carry a bare language and are left alone. */
const NEEDS_PARSING = /[{:[]/;
/** The page-level cheap test: a fence line with one of those characters (a false hit only costs a walk). */
// Three marks are enough to tell a fence, and a line starts after "\n" only: `{3,}` and the `m` flag (which starts lines at "\r" too) each gave a long line many ways to fail.
const ANY_FENCE_OPTIONS = /(?:^|\n)[ \t]*(?:`{3}|~{3})[^\n]*[{:[]/;

/** Gives every fenced block its clean language and its options (`node.data.fence`); `markdown` is the page's text. */
export function readFenceInfo(tree: Root, markdown: string): void {
  if (!ANY_FENCE_OPTIONS.test(markdown)) return;
  eachNodeOf(tree, 'code', (node: Code) => {
    const lang = node.lang ?? '';
    const meta = node.meta ?? '';
    if (!NEEDS_PARSING.test(lang) && !NEEDS_PARSING.test(meta)) return;
    const parsed = parseFenceInfo(lang, meta);
    node.lang = parsed.lang === '' ? null : parsed.lang;
    node.data = { ...node.data, fence: parsed.options };
  });
}
