import MiniSearch, { type SearchOptions, type SearchResult } from 'minisearch';
import type { SearchDocShard, SearchRoot, SearchTermShard } from '../../schema/search-index';
import { searchDocShardNameOf } from '../../shared/output-names';
import { shardOf } from '../../shared/prefix-shards';
import { allDocumentIds, LoadedPostings } from '../../shared/search/index-codec';
import { INDEX_OPTIONS, processTerm, tokenize, type SearchField } from '../../shared/search/terms';
import type { SearchEngine, SearchHit } from './engine';
import { highlight } from './highlight';
import { loadOnce } from '../load-once';

/** The index version this viewer reads: typed from the schema, without pulling zod into the bundle. */
export const SUPPORTED_INDEX_VERSION: SearchRoot['version'] = 3;
export const MAX_HITS = 10;
/**
 * A word's prefix reaches at most this many term shards beyond its own
 * (typing "co" fetches no dozen shards). Where it spans more, a word of
 * MIN_PARTIAL_PREFIX letters or more loads the first few of them, so
 * "sche" on a big site shows the words it starts in those (schedule, …)
 * rather than nothing; a shorter one matches from its own shard only.
 */
export const MAX_PREFIX_SHARDS = 3;
const MIN_PARTIAL_PREFIX = 4;

/**
 * Field boosts: a match in a page's title outranks one in a section heading,
 * which outranks one in the text. `parents` (the page title on each of its
 * sections) is weak: it lets "limits payload" find the payload section of
 * the Limits page without every Limits section outranking the page itself.
 */
export const BOOST: Record<SearchField, number> = { title: 6, heading: 3, parents: 0.5, text: 1 };

const FUZZY = 0.2;
const MAX_FUZZY = 2;
const SEARCH_OPTIONS: SearchOptions = {
  boost: BOOST,
  // As you type: every word may be the start of a longer one.
  prefix: true,
  // From four letters, one typo per five ("paylod" → payload); MiniSearch caps it at maxFuzzy.
  fuzzy: (term) => (term.length >= 4 ? FUZZY : false),
  maxFuzzy: MAX_FUZZY,
};

/** The edits MiniSearch allows a term under SEARCH_OPTIONS (its own rounding of fuzzy × length). */
const typosAllowed = (term: string) => (term.length >= 4 ? Math.min(MAX_FUZZY, Math.round(term.length * FUZZY)) : 0);

/** Reads one file of the index (relative to the base); rejects on failure. */
export type ReadIndexFile = <T>(name: string) => Promise<T>;

export interface LocalSearch {
  search(query: string): Promise<SearchHit[]>;
}

/**
 * Search over the sharded index (schema/search-index.ts). A query fetches
 * the term shards its words fall in (and, for a word typed so far, the
 * shards of the words it may be the start of), searches what is loaded, and
 * fetches the document shards of the hits it shows. Ranking is MiniSearch's
 * BM25 over the whole index's document count and field lengths, so a
 * document ranks the same whatever else is loaded. A typo is matched within
 * the shard of the word as typed: "paylod" finds "payload", a typo in the
 * first letters may not.
 *
 * Every word must match (AND), so each word narrows the list; when that
 * finds nothing, any word may (OR), so a stray word does not empty it.
 */
/** The locale folder a page is in: the deepest of `folders` that holds its path, else `/`. */
export function localeFolderOf(path: string, folders: readonly string[]): string {
  let deepest = '/';
  for (const folder of folders) if (path.startsWith(folder) && folder.length > deepest.length) deepest = folder;
  return deepest;
}

/**
 * `shownPath`: the path of the page the reader is on. On a site with locale
 * folders (SearchRoot.locales) only hits in its folder are given, as
 * VuePress's search gives them: an English reader of vue-apollo searching
 * `fetchMore` got the Chinese page first.
 */
export function loadLocalSearch(root: SearchRoot, read: ReadIndexFile, base: string, shownPath?: () => string): LocalSearch {
  if (root.version !== SUPPORTED_INDEX_VERSION) throw new Error(`search index version ${String(root.version)}`);
  const prefixes = root.terms.map(([prefix]) => prefix);
  const postings = new LoadedPostings();
  const termShards = new Map<number, Promise<void>>();
  const docShards = new Map<number, Promise<SearchDocShard>>();
  const documentIds = allDocumentIds(root.documents);
  let miniSearch: MiniSearch | undefined;
  let loadedTerms = -1;

  const loadTerms = (at: number) =>
    loadOnce(termShards, at, async () => {
      postings.add(await read<SearchTermShard>(root.terms[at]![1]));
    });
  const loadDocs = (at: number) => loadOnce(docShards, at, () => read<SearchDocShard>(searchDocShardNameOf(at, root.docs.hash)));

  /** The term shards a word (or the start of one) needs: its own, and the ones its prefix reaches (a few at most). */
  const shardsOf = (stem: string): number[] => {
    const longer = prefixes.flatMap((prefix, at) => (prefix.length > stem.length && prefix.startsWith(stem) ? [at] : []));
    const reached = longer.length <= MAX_PREFIX_SHARDS || stem.length >= MIN_PARTIAL_PREFIX ? longer.slice(0, MAX_PREFIX_SHARDS) : [];
    return [shardOf(stem, prefixes), ...reached];
  };
  const termsOf = (query: string) => tokenize(query).flatMap((word) => processTerm(word) ?? []);
  /**
   * A word the loaded shards do not know may have a typo in its last
   * letters, which can sort it into another shard than the word meant
   * ("filteq" before a shard that starts at "filter"): the shards of the
   * word less the letters a typo may change. Words the index knows as typed
   * cost nothing more.
   */
  const typoShardsFor = (terms: readonly string[]): number[] =>
    terms.flatMap((term) => {
      const typos = typosAllowed(term);
      return typos > 0 && !postings.hasTermStartingWith(term) ? shardsOf(term.slice(0, -typos)) : [];
    });
  const loadAll = (shards: readonly number[]) => Promise.all([...new Set(shards)].map(loadTerms));
  const engine = () => {
    if (!miniSearch || loadedTerms !== postings.termCount) {
      miniSearch = MiniSearch.loadJS(postings.toPlain(root.documents, root.averageFieldLength, documentIds), INDEX_OPTIONS);
      loadedTerms = postings.termCount;
    }
    return miniSearch;
  };
  const toHit = (result: SearchResult, shard: SearchDocShard): SearchHit | undefined => {
    const id = result.id as number;
    const [pageAt, slug, heading] = shard.docs[id % root.docs.perShard] ?? [];
    const page = pageAt === undefined ? undefined : shard.pages[pageAt];
    if (!page) return undefined;
    const [path, title] = page;
    const terms = new Set(result.terms);
    return {
      key: `${path}#${slug}`,
      // As router.hrefOf, which is not imported: it would split the router out of the first-load script.
      href: `${base}${path.slice(1)}${slug ? `#${slug}` : ''}`,
      title: highlight(title, terms),
      section: slug ? highlight(heading!, terms) : undefined,
      source: { path, slug: slug! },
      terms: result.terms,
    };
  };

  return {
    async search(query) {
      if (query.trim() === '') return [];
      const terms = termsOf(query);
      await loadAll(terms.flatMap(shardsOf));
      await loadAll(typoShardsFor(terms));
      const index = engine();
      let results = index.search(query, { ...SEARCH_OPTIONS, combineWith: 'AND' });
      if (results.length === 0) results = index.search(query, { ...SEARCH_OPTIONS, combineWith: 'OR' });
      const locales = root.locales;
      const folder = locales && shownPath ? localeFolderOf(shownPath(), locales) : undefined;
      const hits: SearchHit[] = [];
      // Without locales the first ten results are the hits; with them, results are taken ten at a time until ten are the reader's.
      for (let from = 0; from < results.length && hits.length < MAX_HITS; from += MAX_HITS) {
        const batch = results.slice(from, from + MAX_HITS);
        const shards = await Promise.all(batch.map((r) => loadDocs(Math.floor((r.id as number) / root.docs.perShard))));
        for (const [at, result] of batch.entries()) {
          const hit = toHit(result, shards[at]!);
          if (hit && (folder === undefined || localeFolderOf(hit.source!.path, locales!) === folder) && hits.length < MAX_HITS) hits.push(hit);
        }
        if (folder === undefined) break;
      }
      return hits;
    },
  };
}

/** The engine the search panel uses: the same search, behind the interface DocSearch's engine has too. */
export function createLocalEngine(root: SearchRoot, read: ReadIndexFile, base: string, shownPath?: () => string): SearchEngine {
  const local = loadLocalSearch(root, read, base, shownPath);
  return { search: (query) => local.search(query) };
}
