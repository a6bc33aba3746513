/**
 * How text becomes search terms: one module for the build (which indexes)
 * and the viewer (which queries), because a term the two spell differently
 * is a term that never matches. No MiniSearch import here: the build and the
 * lazy search chunk share it without pulling the library into anything else.
 */

/**
 * Common English words that would match almost every section: dropping them
 * keeps the index small (they would be its longest posting lists) and takes
 * nothing from ranking (BM25 gives them next to no weight anyway).
 */
const STOP_WORDS = new Set(
  (
    'a about above after again all also am an and any are as at be because been before being below between both but by can ' +
    'could did do does doing down during each few for from further had has have having he her here hers him his how i if ' +
    'in into is it its itself just me more most my no nor not of off on once only or other our ours out over own same she ' +
    'should so some such than that the their theirs them then there these they this those through to too under until up ' +
    'very was we were what when where which while who whom why will with would you your yours'
  ).split(' '),
);

/** Words are runs of letters and digits: `PAYLOAD_SIZE_LIMIT` → payload, size, limit; `512KB` stays one word. */
const WORD = /[\p{L}\p{N}]+/gu;

/** Longer "words" are hashes, ids and base64: nobody types them. */
const MAX_TERM_LENGTH = 32;

export function tokenize(text: string): string[] {
  return text.match(WORD) ?? [];
}

/** A word's search term: lower case, accents folded (`résumé` → `resume`); null for stop words and noise. */
export function processTerm(word: string): string | null {
  const lower = word.toLowerCase();
  // Folding is the slow part: only for words that have something to fold.
  const term = /[^\x00-\x7f]/.test(lower) ? lower.normalize('NFD').replace(/\p{M}/gu, '') : lower;
  if (term.length < 2 || term.length > MAX_TERM_LENGTH || STOP_WORDS.has(term)) return null;
  return term;
}

/** The words of a text with their positions, for highlighting what matched. */
export function wordsOf(text: string): { start: number; end: number; term: string | null }[] {
  return [...text.matchAll(WORD)].map((m) => ({ start: m.index, end: m.index + m[0].length, term: processTerm(m[0]) }));
}

/**
 * The indexed fields of a search document. `title` is the page title (on the
 * page's own document only), `heading` a section's heading, `parents` the
 * headings above a section (the page title, and the `##` over a `###`), so
 * that "limits payload" finds the payload section of the Limits page.
 */
export const SEARCH_FIELDS = ['title', 'heading', 'parents', 'text'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/** MiniSearch options that must be the same when the index is built and when it is loaded. */
export const INDEX_OPTIONS = {
  fields: [...SEARCH_FIELDS],
  idField: 'id',
  storeFields: [] as string[],
  tokenize,
  processTerm,
};
