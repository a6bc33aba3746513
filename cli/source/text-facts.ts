import { importsOf } from '../markdown/directives';
import { fenceLanguages } from '../markdown/fences';
import { mayShowSiteTitle } from '../markdown/home';

/**
 * What the site needs of a page's text before any page is processed, found
 * by quick scans (no parse). Each build needs it of every page, but it
 * changes only with the text: a CLI build keeps it with the stored file
 * (source/stored-sources.ts), so an unchanged page is not scanned again
 * (at 10,000 pages the four scans were ~0.2 s of a one-edit build).
 */
export interface TextFacts {
  /** The grammars its fenced code blocks name (fenceLanguages of this text alone), sorted. */
  languages: string[];
  /** It has an include or snippet line (importsOf finds one): only then are its imports read. */
  imports: boolean;
  /** It may be a home page, and so show the site title (mayShowSiteTitle). */
  home: boolean;
  /** The constants it names (`$const.NAME`, `$site.themeConfig.NAME`), sorted, each once: their values are part of its cache key. */
  constants: string[];
}

const CONSTANT_REFERENCE = /\$(?:const|(?:site\.)?themeConfig)\.([A-Za-z_][A-Za-z0-9_]*)/g;

/** The facts of one text, scanned now. */
export function textFactsOf(text: string): TextFacts {
  return {
    languages: fenceLanguages([text]),
    imports: importsOf(text).length > 0,
    home: mayShowSiteTitle(text),
    constants: constantsNamedIn([text]),
  };
}

/** The constants the texts name, sorted, each once. */
export function constantsNamedIn(texts: Iterable<string>): string[] {
  const names = new Set<string>();
  for (const text of texts) for (const m of text.matchAll(CONSTANT_REFERENCE)) names.add(m[1]!);
  return [...names].sort();
}

/** The facts as one string, for a store; parseTextFacts reads it back. */
export function serializeTextFacts(facts: TextFacts): string {
  return JSON.stringify([facts.languages, facts.imports, facts.home, facts.constants]);
}

/** Facts as serializeTextFacts wrote them; undefined for anything else (a damaged store is scanned again). */
export function parseTextFacts(text: string): TextFacts | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(data) || data.length !== 4) return undefined;
  const [languages, imports, home, constants] = data as unknown[];
  if (!isStrings(languages) || typeof imports !== 'boolean' || typeof home !== 'boolean' || !isStrings(constants)) return undefined;
  return { languages, imports, home, constants };
}

function isStrings(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

/** A source's facts: those it carries (kept, or scanned at load), else scanned now. */
export function factsOf(source: { text: string; facts?: TextFacts }): TextFacts {
  return source.facts ?? textFactsOf(source.text);
}

/** The code languages of every page (fenceLanguages of all their texts), sorted, each once. */
export function siteLanguages(sources: Iterable<{ text: string; facts?: TextFacts }>): string[] {
  const found = new Set<string>();
  for (const source of sources) for (const language of factsOf(source).languages) found.add(language);
  return [...found].sort();
}
