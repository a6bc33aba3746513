import { describe, expect, it } from 'vitest';
import { searchIndexKey } from '../../../../../cli/features/search/file';
import { buildSearchIndex } from '../../../../../cli/features/search/index-builder';
import { searchIndexName } from '../../../../../cli/output/sizes';
import { sectionsKey } from '../../../../../cli/features/search/sections-key';
import { SearchRootSchema } from '../../../../../schema/search-index';
import { sectionsOf } from '../../../../../shared/search/sections';
import { page } from '../../../viewer/fixtures';

const LIMITS = { ...page('/limits/', 'Limits'), headers: [{ level: 2, title: 'Memory', slug: 'memory' }] };
const CHUNK_HTML = '<h1 id="limits">Limits</h1><p>Every limit.</p><h2 id="memory">Memory</h2><p>256MB.</p>';
const PAGES = [{ record: LIMITS, sections: sectionsOf(CHUNK_HTML, LIMITS.headers) }];

describe('cli/features/search/file', () => {
  it('names every file of the index by its content hash under assets/search/, the same for the same pages', () => {
    const index = buildSearchIndex(PAGES, { docsVersion: 'latest' });
    expect(index.root.name).toMatch(/^assets\/search\/index\.[0-9a-f]{10}\.json$/);
    for (const shard of index.shards) expect(shard.name).toMatch(/^assets\/search\/(terms|docs)-\d+\.[0-9a-f]{10}\.json$/);
    const root = SearchRootSchema.parse(JSON.parse(index.root.content));
    expect(root.documents).toBe(2);
    expect(buildSearchIndex(PAGES, { docsVersion: 'latest' })).toEqual(index);
    expect(searchIndexName(JSON.stringify({ version: 1, search: index.root.name }))).toBe(index.root.name);
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
