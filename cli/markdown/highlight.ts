import type { Element } from 'hast';
import { createHighlighter, type BundledLanguage } from 'shiki';
import { grammarOf, PRISM_ALIASES } from './fences';
import { shareTokenizing, type SharedTokenizing } from './shared-tokenizing';

/**
 * Names that mean "no highlighting" and are never reported: plain text, and
 * Prism's `ignore` files (vue-cli fences a `gitignore` block), which shiki
 * has no grammar for and whose text has nothing to colour but comments.
 */
export const PLAIN_LANGUAGES = new Set(['', 'text', 'txt', 'plain', 'plaintext', 'output', 'ignore', 'gitignore', 'hgignore', 'npmignore']);

export const THEMES = { light: 'github-light', dark: 'github-dark' } as const;

/**
 * No time limit per line (0). shiki's default, 500 ms, ends a line's
 * tokenizing early and leaves the rest as one token, so on a busy machine
 * (a grammar's first lines compile its patterns) the same block came out
 * coloured differently from build to build: seen as a cached and a cold
 * build of tests/integration/cache.test.ts differing now and then.
 */
const TOKENIZE_TIME_LIMIT = 0;

export interface Highlighter {
  /** The highlighted `<pre>` element, or undefined when the language is unknown or not loaded. */
  highlight(code: string, lang: string): Element | undefined;
  /** Frees shiki's grammars and WebAssembly heap: a long-lived process (the dev server) must not keep making new ones. */
  dispose(): void;
}

/**
 * Loads shiki once per run (or per worker) with the grammars the pages use.
 * All grammars load up front: one loaded after the first highlight can come
 * out with the other theme's colours, so output would depend on page order.
 * Colours come out as CSS variables for both themes (`--shiki-light`,
 * `--shiki-dark`), so the viewer switches themes in CSS alone.
 */
export interface HighlighterOptions {
  /** Scan each block once for both themes (default); false: shiki's own two passes, for the test that compares them. */
  shareTokenizing?: boolean;
}

export async function createCodeHighlighter(languages: Iterable<string>, options: HighlighterOptions = {}): Promise<Highlighter> {
  const known = await knownLanguageNames();
  const langs = [...new Set([...languages].map(grammarOf))].filter((l) => known.has(l) && !PLAIN_LANGUAGES.has(l)).sort();
  const shiki = await createHighlighter({ themes: Object.values(THEMES), langs: langs as BundledLanguage[] });
  const loaded = new Set(shiki.getLoadedLanguages().map((l) => l.toLowerCase()));
  // The first highlight of a fresh highlighter can come out with the other
  // theme's colours (seen in worker threads): run one per language and discard it,
  // just before the language's first block: a build of one edited page warms its own
  // languages, not every one of the site's (a third of a second on the real site).
  const warmed = new Set<string>();
  const warm = (name: string) => {
    if (warmed.has(name)) return;
    warmed.add(name);
    shiki.codeToHast('x', { lang: name as BundledLanguage, themes: THEMES, defaultColor: false, tokenizeTimeLimit: TOKENIZE_TIME_LIMIT });
  };
  // Each block is scanned once for both themes (see shared-tokenizing.ts).
  const sharing = new Map<string, SharedTokenizing | undefined>();
  const sharingFor = (name: string) => {
    if (!sharing.has(name)) sharing.set(name, options.shareTokenizing === false ? undefined : shareTokenizing(shiki.getLanguage(name as BundledLanguage)));
    return sharing.get(name);
  };
  return {
    highlight(code, lang) {
      const name = grammarOf(lang);
      if (!loaded.has(name)) return undefined;
      warm(name);
      const toHast = () => shiki.codeToHast(code, { lang: name as BundledLanguage, themes: THEMES, defaultColor: false, tokenizeTimeLimit: TOKENIZE_TIME_LIMIT });
      const shared = sharingFor(name);
      const root = shared ? shared.around(toHast) : toHast();
      const pre = root.children[0];
      return pre && pre.type === 'element' ? pre : undefined;
    },
    dispose() {
      sharing.clear();
      shiki.dispose();
    },
  };
}

export { fenceLanguages } from './fences';

/**
 * Every name (and alias) of every language shiki bundles, and Prism's names
 * for them, lower-case: lets `check` know a language without loading shiki's
 * grammars. A grammar loads only when a page names it, so knowing them all
 * costs nothing (real trees fence `apache`, `makefile`, `properties`…).
 */
export async function knownLanguageNames(): Promise<Set<string>> {
  const { bundledLanguagesInfo } = await import('shiki');
  const names = new Set<string>(PLAIN_LANGUAGES);
  for (const info of bundledLanguagesInfo) for (const n of [info.id, ...(info.aliases ?? [])]) names.add(n.toLowerCase());
  for (const [alias, grammar] of Object.entries(PRISM_ALIASES)) if (names.has(grammar)) names.add(alias);
  return names;
}
