import { describe, expect, it } from 'vitest';
import { searchIndexFile, searchIndexKey } from '../../../../../cli/features/search/file';
import { searchIndexName } from '../../../../../cli/output/sizes';
import { sectionsKey } from '../../../../../cli/features/search/sections-key';
import { SearchIndexFileSchema } from '../../../../../schema/search-index';
import { sectionsOf } from '../../../../../shared/search/sections';
import { page } from '../../../viewer/fixtures';

const LIMITS = { ...page('/limits/', 'Limits'), headers: [{ level: 2, title: 'Memory', slug: 'memory' }] };
const CHUNK_HTML = '<h1 id="limits">Limits</h1><p>Every limit.</p><h2 id="memory">Memory</h2><p>256MB.</p>';
const PAGES = [{ record: LIMITS, sections: sectionsOf(CHUNK_HTML, LIMITS.headers) }];

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
});
