import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../../cli/config';
import { DOCSEARCH_API_KEY_ENV, emitSearch, searchIndexName } from '../../../../cli/search-output/emit';
import { ManifestSchema, type Manifest } from '../../../../schema/manifest';
import { SearchIndexFileSchema } from '../../../../schema/search-index';
import { MANIFEST, page, SITE } from '../../viewer/fixtures';

const LIMITS = { ...page('/limits/', 'Limits'), headers: [{ level: 2, title: 'Memory', slug: 'memory' }] };
const CHUNK_HTML = '<h1 id="limits">Limits</h1><p>Every limit.</p><h2 id="memory">Memory</h2><p>256MB.</p>';
const manifestWith = (search: Manifest['site']['search']): Manifest => ({ ...MANIFEST, site: { ...SITE, search }, pages: [LIMITS] });
const files = new Map([[LIMITS.chunk, JSON.stringify({ html: CHUNK_HTML })]]);
const DOCSEARCH = { appId: 'BH4D9OD16A', apiKey: '0f2c8e1bd26a8f8b6d2a9c3e4f5a6b7c', indexName: 'pipedream', facetFilters: ['version:latest'] };

describe('cli/search-output/emit', () => {
  it('local: writes the index under a content hash and names it in pages.json', () => {
    const out = emitSearch({ manifest: manifestWith({ provider: 'local' }), files });
    const name = [...out.keys()].find((n) => n !== 'pages.json')!;
    expect(name).toMatch(/^assets\/search\.[0-9a-f]{10}\.json$/);
    const pages = ManifestSchema.parse(JSON.parse(out.get('pages.json')!));
    expect(pages.site.search).toEqual({ provider: 'local', index: name });
    expect(searchIndexName(out.get('pages.json')!)).toBe(name);
    const index = SearchIndexFileSchema.parse(JSON.parse(out.get(name)!));
    expect(index.pages).toEqual(['/limits/']);
    expect(index.docs).toEqual([[0, -1], [0, 0]]);
    // Same input, same name.
    expect([...emitSearch({ manifest: manifestWith({ provider: 'local' }), files }).keys()]).toEqual([...out.keys()]);
  });

  it('none: writes nothing', () => {
    expect(emitSearch({ manifest: manifestWith({ provider: 'none' }), files }).size).toBe(0);
  });

  it('docsearch: writes no index; pages.json only changes when the environment sets the key', () => {
    const manifest = manifestWith({ provider: 'docsearch', docsearch: DOCSEARCH });
    expect(emitSearch({ manifest, files }).size).toBe(0);
    expect(emitSearch({ manifest, files, docsearchApiKey: '' }).size).toBe(0);
    const out = emitSearch({ manifest, files, docsearchApiKey: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6' });
    expect([...out.keys()]).toEqual(['pages.json']);
    expect(JSON.parse(out.get('pages.json')!).site.search.docsearch).toEqual({ ...DOCSEARCH, apiKey: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6' });
  });

  it(`refuses a malformed ${DOCSEARCH_API_KEY_ENV} as a usage error, naming the variable`, () => {
    const manifest = manifestWith({ provider: 'docsearch', docsearch: DOCSEARCH });
    expect(() => emitSearch({ manifest, files, docsearchApiKey: 'has spaces in it' })).toThrow(ConfigError);
    expect(() => emitSearch({ manifest, files, docsearchApiKey: 'short' })).toThrow(/DOCSBUILD_DOCSEARCH_API_KEY must be a search-only API key/);
  });
});
