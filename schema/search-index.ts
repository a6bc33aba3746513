import { z } from 'zod';

/** Bumped whenever the shape of the search index files changes incompatibly. */
export const SEARCH_INDEX_VERSION = 3;

/**
 * The local search index, sharded so a query fetches only what its words
 * touch (issue 19): a small root, term shards by term prefix, and document
 * shards by document id. Tuples rather than objects: the files are
 * downloaded. Search documents are numbered from 0 in page path order: a
 * page's own document (its title, description and text before its first
 * header), then one per `##`/`###` section.
 */

/** dist/assets/search/index.<hash>.json: named by routes.json, fetched when the reader first searches. */
export const SearchRootSchema = z.strictObject({
  version: z.literal(SEARCH_INDEX_VERSION),
  /** The docs version the index covers (site.yaml `versions.current`), when the site has versions. */
  docsVersion: z.string().optional(),
  /**
   * The site.yaml `locales` folders other than `/`, when it has some: a
   * reader searches the pages of the locale folder the page shown is in
   * (the deepest that holds it), else the pages in none, as VuePress's
   * search does.
   */
  locales: z.array(z.string()).optional(),
  /** Documents in the whole index, and each field's average length over them: what BM25 ranks with, whatever shards are in. */
  documents: z.number().int().min(0),
  averageFieldLength: z.array(z.number()),
  /** Term shards: `[term prefix, file]`, prefixes sorted; a term's shard is the one with its longest prefix (shared/prefix-shards.ts). */
  terms: z.array(z.tuple([z.string(), z.string()])),
  /**
   * Document shards, in id order: shard i holds documents i × perShard
   * onwards and is `assets/search/docs-<i>.<hash>.json`
   * (shared/output-names.ts), one hash for them all.
   */
  docs: z.strictObject({ shards: z.number().int().min(0), perShard: z.number().int().min(1), hash: z.string().regex(/^[0-9a-f]+$/) }),
});
export type SearchRoot = z.infer<typeof SearchRootSchema>;

/**
 * dist/assets/search/terms-<n>.<hash>.json: the terms under one prefix,
 * sorted, and per term its postings in the compact form of
 * shared/search/index-codec.ts (each posting carries the document's length
 * in that field, so ranking needs nothing else).
 */
export const SearchTermShardSchema = z.strictObject({
  version: z.literal(SEARCH_INDEX_VERSION),
  terms: z.array(z.string()),
  postings: z.array(z.string()),
});
export type SearchTermShard = z.infer<typeof SearchTermShardSchema>;

/**
 * dist/assets/search/docs-<n>.<hash>.json (the root's hash): what a hit shows, for a run of
 * documents. `pages` are `[path, title]` (the viewer finds a hit's chunk,
 * for its snippet, through the route data: no chunk name here, so the index
 * is unchanged by edits that change no searchable text); a document is
 * `[page (index into pages), slug, heading]`, slug and heading '' for the
 * page's own document.
 */
export const SearchDocShardSchema = z.strictObject({
  version: z.literal(SEARCH_INDEX_VERSION),
  pages: z.array(z.tuple([z.string(), z.string()])),
  docs: z.array(z.tuple([z.number().int().min(0), z.string(), z.string()])),
});
export type SearchDocShard = z.infer<typeof SearchDocShardSchema>;
