import { z } from 'zod';

/** Bumped whenever the shape of the search index file changes incompatibly. */
export const SEARCH_INDEX_VERSION = 1;

/**
 * dist/assets/search.<hash>.json: the local search index, fetched by the
 * viewer the first time the reader opens search. Tuples rather than objects,
 * and nothing pages.json already says: the file is downloaded.
 */
export const SearchIndexFileSchema = z.strictObject({
  version: z.literal(SEARCH_INDEX_VERSION),
  /** The docs version the index covers (site.yaml `versions.current`), when the site has versions. */
  docsVersion: z.string().optional(),
  /** The path of every indexed page, sorted: its title and headers are its record in pages.json. */
  pages: z.array(z.string()),
  /**
   * One entry per search document, its position being the document's id:
   * `[page (index into pages), header (index into the page record's headers)]`.
   * The page's own document (its title, description and text before the
   * first header) has header -1.
   */
  docs: z.array(z.tuple([z.number().int().min(0), z.number().int().min(-1)])),
  /** MiniSearch's index in the compact form of viewer/search/index-codec.ts. */
  index: z.strictObject({ terms: z.array(z.string()), postings: z.array(z.string()), fieldLength: z.string() }),
});
export type SearchIndexFile = z.infer<typeof SearchIndexFileSchema>;
export type SearchDoc = SearchIndexFile['docs'][number];
