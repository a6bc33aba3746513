/**
 * A fence's opening line: at any indent, after block quote markers and list
 * markers, since a fence inside a list item (indented four spaces under
 * `1.`) or a quote is a code block too. The scan must find every language
 * the parser will: one it missed came out plain unless another page named
 * it, so output depended on the other pages (and a cached build differed
 * from a fresh one). A line it takes for a fence wrongly (inside an indented
 * code block) only loads a grammar more.
 */
const FENCE = /^(?:[ \t]*(?:>|[-*+][ \t]|\d{1,9}[.)][ \t]))*[ \t]*(?:`{3,}|~{3,})[ \t]*([\w#+.-]+)/gm;

/**
 * The opt-in that lets a code block use constants: a fence's language with
 * this suffix (```` ```bash-const ````, after VitePress's `-vue`) has
 * `{{ $const.NAME }}` filled in and is highlighted as the language before the
 * suffix. Any other double-brace text in the block stays as written.
 */
export const CONSTANTS_SUFFIX = '-const';

/** A fence language without the constants opt-in, and whether it had it. */
export function splitConstantsSuffix(lang: string): { lang: string; constants: boolean } {
  return lang.length > CONSTANTS_SUFFIX.length && lang.toLowerCase().endsWith(CONSTANTS_SUFFIX)
    ? { lang: lang.slice(0, -CONSTANTS_SUFFIX.length), constants: true }
    : { lang, constants: false };
}

/**
 * The languages fenced code blocks name, found by a quick scan (no parse) so
 * every highlighter can start with them. Its own module: the build needs it
 * before it knows whether any page must be processed, and must not load
 * shiki to get it.
 */
export function fenceLanguages(texts: Iterable<string>): string[] {
  const found = new Set<string>();
  for (const text of texts) for (const m of text.matchAll(FENCE)) found.add(grammarOf(splitConstantsSuffix(m[1]!).lang));
  return [...found].sort();
}

/**
 * Prism's and VuePress's names that shiki knows by another name (or not at
 * all): trees written for VuePress 1 use them. Each maps to the grammar that
 * reads the same text best.
 */
export const PRISM_ALIASES: Readonly<Record<string, string>> = {
  console: 'shellsession',
  'shell-session': 'shellsession',
  ejs: 'html',
  markup: 'html',
  svg: 'xml',
  mathml: 'xml',
  conf: 'ini',
  env: 'dotenv',
};

/** The grammar name a fence's language is highlighted with, lower-case. */
export function grammarOf(lang: string): string {
  const name = lang.toLowerCase();
  return PRISM_ALIASES[name] ?? name;
}
