import MiniSearch, { type SearchOptions, type SearchResult } from 'minisearch';
import type { PageRecord } from '../../schema/manifest';
import type { SearchIndexFile } from '../../schema/search-index';
import type { SearchEngine, SearchHit } from './engine';
import { highlight } from './highlight';
import { decodeIndex } from '../../shared/search/index-codec';
import { INDEX_OPTIONS, type SearchField } from '../../shared/search/terms';

/** The index version this viewer reads: typed from the schema, without pulling zod into the bundle. */
export const SUPPORTED_INDEX_VERSION: SearchIndexFile['version'] = 1;
export const MAX_HITS = 10;

/**
 * Field boosts: a match in a page's title outranks one in a section heading,
 * which outranks one in the text. `parents` (the page title on each of its
 * sections) is weak: it lets "limits payload" find the payload section of
 * the Limits page without every Limits section outranking the page itself.
 */
export const BOOST: Record<SearchField, number> = { title: 6, heading: 3, parents: 0.5, text: 1 };

const SEARCH_OPTIONS: SearchOptions = {
  boost: BOOST,
  // As you type: every word may be the start of a longer one.
  prefix: true,
  // From four letters, one typo per five ("paylod" → payload); MiniSearch caps it at maxFuzzy.
  fuzzy: (term) => (term.length >= 4 ? 0.2 : false),
  maxFuzzy: 2,
};

export interface LocalSearch {
  search(query: string): SearchHit[];
}

/**
 * Search over a loaded index file. Every word must match (AND), so each
 * word narrows the list; when that finds nothing, any word may (OR), so a
 * stray word does not empty it.
 */
export function loadLocalSearch(file: SearchIndexFile, pages: ReadonlyMap<string, PageRecord>, base: string): LocalSearch {
  if (file.version !== SUPPORTED_INDEX_VERSION) throw new Error(`search index version ${String(file.version)}`);
  const miniSearch = MiniSearch.loadJS(decodeIndex(file.index), INDEX_OPTIONS);
  const toHit = (result: SearchResult): SearchHit | undefined => {
    const [pageIndex, headerIndex] = file.docs[result.id as number] ?? [];
    const record = pageIndex === undefined ? undefined : pages.get(file.pages[pageIndex] ?? '');
    if (!record || headerIndex === undefined) return undefined;
    const header = headerIndex >= 0 ? record.headers[headerIndex] : undefined;
    const terms = new Set(result.terms);
    return {
      key: `${record.path}#${header?.slug ?? ''}`,
      // As router.hrefOf, which is not imported: it would split the router out of the first-load script.
      href: `${base}${record.path.slice(1)}${header ? `#${header.slug}` : ''}`,
      title: highlight(record.title, terms),
      section: header && highlight(header.title, terms),
      source: { chunk: record.chunk, headers: record.headers, slug: header?.slug ?? '', description: record.description },
      terms: result.terms,
    };
  };
  return {
    search(query) {
      if (query.trim() === '') return [];
      let results = miniSearch.search(query, { ...SEARCH_OPTIONS, combineWith: 'AND' });
      if (results.length === 0) results = miniSearch.search(query, { ...SEARCH_OPTIONS, combineWith: 'OR' });
      return results.slice(0, MAX_HITS).flatMap((r) => toHit(r) ?? []);
    },
  };
}

/** The engine the search panel uses: the same search, behind the async interface DocSearch needs. */
export function createLocalEngine(file: SearchIndexFile, pages: ReadonlyMap<string, PageRecord>, base: string): SearchEngine {
  const local = loadLocalSearch(file, pages, base);
  return { search: async (query) => local.search(query) };
}
