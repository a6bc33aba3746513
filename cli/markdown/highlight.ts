import type { Element } from 'hast';
import { createHighlighter, type BundledLanguage } from 'shiki';

/** Languages loaded up front: what docs of this kind use. Others can be added here. */
export const HIGHLIGHT_LANGUAGES = [
  'js', 'jsx', 'ts', 'tsx', 'json', 'jsonc', 'yaml', 'toml', 'bash', 'shell', 'powershell', 'python', 'go', 'ruby',
  'php', 'java', 'sql', 'http', 'html', 'css', 'xml', 'diff', 'markdown', 'graphql', 'ini', 'dockerfile',
] as const;
/** Names that mean "no highlighting" and are never reported. */
export const PLAIN_LANGUAGES = new Set(['', 'text', 'txt', 'plain', 'plaintext', 'console', 'output']);

export const THEMES = { light: 'github-light', dark: 'github-dark' } as const;

export interface Highlighter {
  /** The highlighted `<pre>` element, or undefined when the language is unknown. */
  highlight(code: string, lang: string): Element | undefined;
  isKnown(lang: string): boolean;
}

/**
 * Loads shiki once per run. Colours come out as CSS variables for both themes
 * (`--shiki-light`, `--shiki-dark`), so the viewer switches themes in CSS alone.
 */
export async function createCodeHighlighter(languages: Iterable<string>): Promise<Highlighter> {
  // Load only the grammars the pages use: each one costs start-up time.
  const known = await knownLanguageNames();
  const langs = [...new Set([...languages].map((l) => l.toLowerCase()))].filter((l) => known.has(l) && !PLAIN_LANGUAGES.has(l));
  const shiki = await createHighlighter({ themes: Object.values(THEMES), langs: langs.sort() });
  const loaded = new Set<string>(shiki.getLoadedLanguages());
  const isKnown = (lang: string) => loaded.has(lang.toLowerCase());
  return {
    isKnown,
    highlight(code, lang) {
      const name = lang.toLowerCase();
      if (!isKnown(name)) return undefined;
      const root = shiki.codeToHast(code, { lang: name as BundledLanguage, themes: THEMES, defaultColor: false });
      const pre = root.children[0];
      return pre && pre.type === 'element' ? pre : undefined;
    },
  };
}

/** Every name (and alias) of the languages above, lower-case: lets `check` know a language without loading shiki's grammars. */
export async function knownLanguageNames(): Promise<Set<string>> {
  const { bundledLanguagesInfo } = await import('shiki');
  const wanted = new Set<string>(HIGHLIGHT_LANGUAGES);
  const names = new Set<string>(PLAIN_LANGUAGES);
  for (const info of bundledLanguagesInfo) {
    const all = [info.id, ...(info.aliases ?? [])];
    if (all.some((n) => wanted.has(n))) for (const n of all) names.add(n.toLowerCase());
  }
  return names;
}
