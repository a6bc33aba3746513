import { createHash } from 'node:crypto';
import type { SiteRecord } from '../../../schema/manifest';
import { DocsearchApiKey } from '../../../schema/site-config';
import { ConfigError } from '../../config';
import { contentHash } from '../../output/layout';
import type { PageRecord } from '../../../schema/manifest';
import { buildSearchIndex, type SearchablePage, type SearchIndex } from './index-builder';

export const SEARCH_INDEX_PREFIX = 'assets/search.';
export const DOCSEARCH_API_KEY_ENV = 'DOCSBUILD_DOCSEARCH_API_KEY';

/**
 * What pages.json says about search, before a local index is named: the
 * setting from site.yaml, with DocSearch's key taken from
 * DOCSBUILD_DOCSEARCH_API_KEY when that is set and not empty (so a key can
 * stay out of the repository).
 */
export function searchSetting(search: SiteRecord['search'], docsearchApiKey?: string): SiteRecord['search'] {
  if (search.provider !== 'docsearch' || !search.docsearch || !docsearchApiKey) return search;
  const key = DocsearchApiKey.safeParse(docsearchApiKey);
  // A usage problem, like a bad flag: the CLI exits 2 and writes nothing.
  if (!key.success) throw new ConfigError(`${DOCSEARCH_API_KEY_ENV} ${key.error.issues[0]!.message}.`);
  return { ...search, docsearch: { ...search.docsearch, apiKey: key.data } };
}

/**
 * The local search index file (`assets/search.<hash>.json`, cacheable
 * forever): the same pages give the same name and bytes.
 */
export function searchIndexFile(pages: readonly SearchablePage[], docsVersion?: string): { name: string; content: string } {
  return searchIndexFileOf(buildSearchIndex(pages, { docsVersion }));
}

/** The file of an index already made (by a SearchIndexBuilder). */
export function searchIndexFileOf(index: SearchIndex): { name: string; content: string } {
  return { name: `${SEARCH_INDEX_PREFIX}${contentHash(index.content)}.json`, content: index.content };
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

/** The index file named in pages.json, if any: for the size report and the bench. */
export function searchIndexName(pagesJsonText: string): string | undefined {
  const manifest = JSON.parse(pagesJsonText) as { site?: { search?: { index?: string } } };
  return manifest.site?.search?.index;
}
