import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../../../cli/config';
import { DOCSEARCH_API_KEY_ENV, searchIndexFile, searchIndexKey, searchIndexName, searchSetting } from '../../../../../cli/features/search/file';
import { sectionsKey } from '../../../../../cli/features/search/sections-key';
import { SearchIndexFileSchema } from '../../../../../schema/search-index';
import { sectionsOf } from '../../../../../shared/search/sections';
import { page } from '../../../viewer/fixtures';

const LIMITS = { ...page('/limits/', 'Limits'), headers: [{ level: 2, title: 'Memory', slug: 'memory' }] };
const CHUNK_HTML = '<h1 id="limits">Limits</h1><p>Every limit.</p><h2 id="memory">Memory</h2><p>256MB.</p>';
const PAGES = [{ record: LIMITS, sections: sectionsOf(CHUNK_HTML, LIMITS.headers) }];
const DOCSEARCH = { appId: 'BH4D9OD16A', apiKey: '0f2c8e1bd26a8f8b6d2a9c3e4f5a6b7c', indexName: 'pipedream', facetFilters: ['version:latest'] };

describe('cli/features/search/file', () => {
  it('names the local index by its content hash, the same for the same pages', () => {
    const file = searchIndexFile(PAGES, 'latest');
    expect(file.name).toMatch(/^assets\/search\.[0-9a-f]{10}\.json$/);
    const index = SearchIndexFileSchema.parse(JSON.parse(file.content));
    expect(index.pages).toEqual(['/limits/']);
    expect(index.docs).toEqual([[0, -1], [0, 0]]);
    expect(searchIndexFile(PAGES, 'latest')).toEqual(file);
    expect(searchIndexName(JSON.stringify({ site: { search: { provider: 'local', index: file.name } } }))).toBe(file.name);
  });

  it('keys the index by everything it is made from', () => {
    const keyed = [{ record: LIMITS, sectionsKey: sectionsKey(PAGES[0]!.sections) }];
    const key = searchIndexKey(keyed, 'latest');
    expect(searchIndexKey(keyed, 'latest')).toBe(key);
    expect(searchIndexKey(keyed, 'v2')).not.toBe(key);
    expect(searchIndexKey([{ ...keyed[0]!, record: { ...LIMITS, title: 'Quotas' } }], 'latest')).not.toBe(key);
    const otherText = sectionsOf(CHUNK_HTML.replace('256MB', '512MB'), LIMITS.headers);
    expect(sectionsKey(otherText)).not.toBe(keyed[0]!.sectionsKey);
    expect(searchIndexKey([{ record: LIMITS, sectionsKey: sectionsKey(otherText) }], 'latest')).not.toBe(key);
    expect(searchIndexKey([{ ...keyed[0]!, record: { ...LIMITS, frontmatter: { search: false } } }], 'latest')).not.toBe(key);
  });

  it('docsearch: the setting changes only when the environment sets the key', () => {
    const setting = { provider: 'docsearch' as const, docsearch: DOCSEARCH };
    expect(searchSetting(setting)).toBe(setting);
    expect(searchSetting(setting, '')).toBe(setting);
    expect(searchSetting(setting, 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6').docsearch).toEqual({ ...DOCSEARCH, apiKey: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6' });
    expect(searchSetting({ provider: 'local' }, 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6')).toEqual({ provider: 'local' });
  });

  it(`refuses a malformed ${DOCSEARCH_API_KEY_ENV} as a usage error, naming the variable`, () => {
    const setting = { provider: 'docsearch' as const, docsearch: DOCSEARCH };
    expect(() => searchSetting(setting, 'has spaces in it')).toThrow(ConfigError);
    expect(() => searchSetting(setting, 'short')).toThrow(/DOCSBUILD_DOCSEARCH_API_KEY must be a search-only API key/);
  });
});
