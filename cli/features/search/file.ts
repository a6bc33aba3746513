import { createHash } from 'node:crypto';
import type { PageRecord } from '../../../schema/manifest';
import { hashedAssetName, SEARCH_INDEX_STEM } from '../../output/layout';
import { buildSearchIndex, type SearchablePage, type SearchIndex } from './index-builder';

/**
 * The local search index file (`assets/search.<hash>.json`, cacheable
 * forever): the same pages give the same name and bytes.
 */
export function searchIndexFile(pages: readonly SearchablePage[], docsVersion?: string): { name: string; content: string } {
  return searchIndexFileOf(buildSearchIndex(pages, { docsVersion }));
}

/** The file of an index already made (by a SearchIndexBuilder). */
export function searchIndexFileOf(index: SearchIndex): { name: string; content: string } {
  return { name: hashedAssetName(SEARCH_INDEX_STEM, index.content, 'json'), content: index.content };
}

/** What the index's key takes from a page: the record's searchable fields and a hash of its sections (sectionsKey). */
export interface SearchKeyPage {
  record: Pick<PageRecord, 'path' | 'title' | 'description' | 'headers' | 'frontmatter'>;
  sectionsKey: string;
}

/**
 * Everything the index is made from, hashed: a build whose key is unchanged
 * keeps the previous file. Made from the pages' summaries alone, so it is
 * known before any page's text is read.
 */
export function searchIndexKey(pages: readonly SearchKeyPage[], docsVersion?: string): string {
  const hash = createHash('sha256').update(JSON.stringify(['search', docsVersion ?? null]));
  for (const { record, sectionsKey } of pages) {
    hash.update(JSON.stringify([record.path, record.title, record.description, record.headers, record.frontmatter.search ?? null, sectionsKey]));
  }
  return `search:${hash.digest('hex')}`;
}
