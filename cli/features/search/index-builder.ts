import type { PageRecord } from '../../../schema/manifest';
import {
  SEARCH_INDEX_VERSION,
  SearchDocShardSchema,
  SearchRootSchema,
  SearchTermShardSchema,
  type SearchDocShard,
  type SearchRoot,
} from '../../../schema/search-index';
import { shardPrefixes, type ShardLimits } from '../../../shared/prefix-shards';
import { shardFinder } from '../shard-finder';
import type { PageSection } from '../../../shared/search/sections';
import { searchDocShardFilesOf, searchRootFileOf, searchTermShardFileOf } from '../../output/layout';
import { countFields, PostingsBuilder, type CountedFields } from './postings';

/** A rendered page: its record (title, headers, frontmatter) and its text by section (sectionsOf its chunk's HTML). */
export interface SearchablePage {
  record: Pick<PageRecord, 'path' | 'title' | 'description' | 'headers' | 'frontmatter'>;
  sections: readonly PageSection[];
}

export interface SearchIndexOptions {
  /** The docs version the index covers (`versions.current`). */
  docsVersion?: string;
  /** The site's locale folders other than `/` (SearchRoot.locales). */
  locales?: readonly string[];
  /** How terms are split into shards (tests make them small). */
  termLimits?: ShardLimits;
  docsPerShard?: number;
}

/**
 * Term shards by the bytes of their postings: about 40 KB raw, 10–15 KB of
 * gzip, whatever the size of the site, so a one-word query fetches one or
 * two of them. A prefix whose terms weigh less than a tenth of that stays
 * with its parent. (A word in nearly every document is a shard of its own,
 * as big as its postings.)
 */
export const TERM_SHARD_LIMITS: ShardLimits = { maxKeys: 40_000, minKeys: 4_000 };
/**
 * Documents per document shard: a list of ten hits fetches up to ten of
 * these, about 0.5 KB of gzip each (128 made 1.5 KB each, 15 KB a query at
 * 10,000 pages). Their names cost the root nothing (one hash for all).
 */
export const DOCS_PER_SHARD = 32;

export interface SearchIndexFile {
  name: string;
  content: string;
}

export interface SearchIndex {
  /** The root (routes.json names it), then the term and document shards: the same pages always give the same bytes. */
  root: SearchIndexFile;
  shards: SearchIndexFile[];
  pages: number;
  documents: number;
  /** What the index was made of: its terms (sorted) and their postings, and the root's lists of shards (features/search/stored-index.ts keeps them). */
  parts: { terms: string[]; postings: string[]; termShards: SearchRoot['terms']; docs: SearchRoot['docs'] };
}

/**
 * The local search index: one document per page (title, description and the
 * text before its first header) and one per `##`/`###` section (heading, the
 * headings above it, text), so a hit leads to `/docs/<path>#<slug>`. Pages
 * with frontmatter `search: false` are left out. Sharded (schema/search-index.ts):
 * a query fetches the root, the term shards its words fall in and the
 * document shards of the hits it shows. No text: a hit's snippet is cut by
 * the viewer from the page's chunk, around the words that matched.
 */
export function buildSearchIndex(pages: readonly SearchablePage[], options: SearchIndexOptions = {}): SearchIndex {
  const builder = createSearchIndexBuilder(options);
  for (const page of [...pages].sort((a, b) => compare(a.record.path, b.record.path))) builder.add(page);
  return builder.finish();
}

/** The index made one page at a time, so a build need not hold every page's text at once. */
export interface SearchIndexBuilder {
  /** Pages go in by path, each once (buildSearchIndex sorts them); a `search: false` page is skipped. */
  add(page: SearchablePage): void;
  /** The same, from prepareSearchPage's result for the page (undefined: `search: false`). */
  addPrepared(record: SearchablePage['record'], prepared: PreparedSearchPage | undefined): void;
  /** `between`: called once the postings are made and their blocks let go, before the shards are made (a collection there keeps the two apart). */
  finish(between?: () => void): SearchIndex;
}

/** A page's documents, their words counted: what the index takes from the page, whatever its place among the others. */
export interface PreparedSearchPage {
  docs: [slug: string, heading: string][];
  counted: CountedFields[];
}

/** One document for the page (title, description, the text before its first header), one per section; undefined for `search: false`. */
export function prepareSearchPage({ record, sections: all }: SearchablePage): PreparedSearchPage | undefined {
  if (record.frontmatter.search === false) return undefined;
  const [intro, ...sections] = all;
  const introText = [record.description, intro?.text ?? ''].filter(Boolean).join(' ');
  const prepared: PreparedSearchPage = { docs: [['', '']], counted: [countFields({ title: record.title, heading: '', parents: '', text: introText })] };
  sections.forEach((section, at) => {
    prepared.counted.push(countFields({ title: '', heading: section.heading, parents: parentsOf(sections, at, record.title), text: section.text }));
    const header = record.headers.find((h) => h.slug === section.slug);
    prepared.docs.push([section.slug, header?.title ?? section.heading]);
  });
  return prepared;
}

export function createSearchIndexBuilder(options: SearchIndexOptions = {}): SearchIndexBuilder {
  const postings = new PostingsBuilder();
  const pages: [path: string, title: string][] = [];
  const docs: [page: number, slug: string, heading: string][] = [];
  const docsPerShard = options.docsPerShard ?? DOCS_PER_SHARD;
  const addPrepared: SearchIndexBuilder['addPrepared'] = (record, prepared) => {
    if (prepared === undefined) return;
    const last = pages[pages.length - 1]?.[0];
    // The same pages in any order must give the same bytes.
    if (last !== undefined && compare(last, record.path) >= 0) throw new Error(`Search index: ${record.path} added after ${last}.`);
    const pageIndex = pages.push([record.path, record.title]) - 1;
    for (const [slug, heading] of prepared.docs) docs.push([pageIndex, slug, heading]);
    for (const counted of prepared.counted) postings.addCounted(counted);
  };
  return {
    add: (page) => addPrepared(page.record, prepareSearchPage(page)),
    addPrepared,
    finish(between) {
      const built = postings.finish();
      between?.();
      const termFiles = termShardFilesOf(built.terms, built.postings, options.termLimits);
      const docFiles = docShardFilesOf(docs, pages, docsPerShard);
      const root = rootFileOf({ docsVersion: options.docsVersion, locales: options.locales, documents: built.documents, averageFieldLength: built.averageFieldLength, terms: termFiles.root, docs: docFiles.root });
      const parts = { terms: built.terms, postings: built.postings, termShards: termFiles.root, docs: docFiles.root };
      return { root, shards: [...termFiles.files, ...docFiles.files], pages: pages.length, documents: docs.length, parts };
    },
  };
}

const contentOf = (data: unknown) => `${JSON.stringify(data)}\n`;

/** Which term (by its place in `terms`) goes to which shard, and the shards' prefixes: the split by the postings' bytes. */
export function termShardsOf(terms: readonly string[], postings: readonly string[], limits: ShardLimits = TERM_SHARD_LIMITS): { prefixes: string[]; members: number[][] } {
  const bytes = new Map(terms.map((term, t) => [term, term.length + postings[t]!.length]));
  const prefixes = shardPrefixes(terms, { weightOf: (term) => bytes.get(term)!, ...limits });
  const members = prefixes.map(() => [] as number[]);
  const shardOf = shardFinder(prefixes);
  terms.forEach((term, t) => members[shardOf(term)]!.push(t));
  return { prefixes, members };
}

/** One term shard: its terms (places in `terms`, in order) and their postings. */
export function termShardFileOf(at: number, members: readonly number[], terms: readonly string[], postings: readonly string[]): SearchIndexFile {
  const content = contentOf(SearchTermShardSchema.parse({ version: SEARCH_INDEX_VERSION, terms: members.map((t) => terms[t]!), postings: members.map((t) => postings[t]!) }));
  return { name: searchTermShardFileOf(at, content), content };
}

/** The term shards of the whole index (terms sorted), and the root's list of them. */
function termShardFilesOf(terms: readonly string[], postings: readonly string[], limits?: ShardLimits): { files: SearchIndexFile[]; root: SearchRoot['terms'] } {
  const { prefixes, members } = termShardsOf(terms, postings, limits);
  const files = members.map((shard, at) => termShardFileOf(at, shard, terms, postings));
  return { files, root: prefixes.map((prefix, at) => [prefix, files[at]!.name]) };
}

/** The document shards, `perShard` documents each, and the root's note of them. */
export function docShardFilesOf(docs: readonly [page: number, slug: string, heading: string][], pages: readonly [path: string, title: string][], perShard: number): { files: SearchIndexFile[]; root: SearchRoot['docs'] } {
  const contents: string[] = [];
  for (let from = 0; from < docs.length; from += perShard) contents.push(contentOf(docShardOf(docs.slice(from, from + perShard), pages)));
  const named = searchDocShardFilesOf(contents);
  return { files: named.names.map((name, at) => ({ name, content: contents[at]! })), root: { shards: contents.length, perShard, hash: named.hash } };
}

/** The root: what BM25 needs of all documents and where the shards are. */
export function rootFileOf(parts: { docsVersion?: string; locales?: readonly string[]; documents: number; averageFieldLength: number[]; terms: SearchRoot['terms']; docs: SearchRoot['docs'] }): SearchIndexFile {
  // Validate what we write, as for pages.json: a contract violation is our bug.
  const root = SearchRootSchema.parse({
    version: SEARCH_INDEX_VERSION,
    ...(parts.docsVersion !== undefined ? { docsVersion: parts.docsVersion } : {}),
    ...(parts.locales && parts.locales.length > 0 ? { locales: [...parts.locales] } : {}),
    documents: parts.documents,
    averageFieldLength: parts.averageFieldLength,
    terms: parts.terms,
    docs: parts.docs,
  });
  const content = contentOf(root);
  return { name: searchRootFileOf(content), content };
}

/** A run of documents with the pages they belong to, renumbered within the shard. */
function docShardOf(docs: readonly [number, string, string][], pages: readonly [string, string][]): SearchDocShard {
  const local = new Map<number, number>();
  const shard: SearchDocShard = { version: SEARCH_INDEX_VERSION, pages: [], docs: [] };
  for (const [page, slug, heading] of docs) {
    let at = local.get(page);
    if (at === undefined) local.set(page, (at = shard.pages.push(pages[page]!) - 1));
    shard.docs.push([at, slug, heading]);
  }
  return SearchDocShardSchema.parse(shard);
}

/** The page title, and for a `###` the heading of the section it sits in. */
function parentsOf(sections: readonly PageSection[], at: number, pageTitle: string): string {
  const section = sections[at]!;
  const above = sections.slice(0, at).reverse().find((s) => s.level < section.level);
  return above ? `${pageTitle} ${above.heading}` : pageTitle;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
