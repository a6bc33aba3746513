import { createHash } from 'node:crypto';
import type { PageRecord } from '../../../schema/manifest';

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
  return searchIndexKeyOf(pages.map(searchPageKey), docsVersion);
}

/** The same from the pages' keys (searchPageKey), in path order. */
export function searchIndexKeyOf(pageKeys: readonly string[], docsVersion?: string, locales: readonly string[] = []): string {
  const hash = createHash('sha256').update(JSON.stringify(['search', docsVersion ?? null, ...(locales.length > 0 ? [locales] : [])]));
  for (const key of pageKeys) hash.update(key);
  return `search:${hash.digest('hex')}`;
}

/** Everything the index takes from one page. */
export function searchPageKey({ record, sectionsKey }: SearchKeyPage): string {
  return JSON.stringify([record.path, record.title, record.description, record.headers, record.frontmatter.search ?? null, sectionsKey]);
}
