import { describe, expect, it } from 'vitest';
import type { SiteRecord } from '../../../../schema/manifest';
import { createDocsearchEngine, docsearchFilters, docsearchHits, docsearchRequest, HIGHLIGHT_POST, HIGHLIGHT_PRE } from '../../../../viewer/search/docsearch-engine';
import { SITE } from '../fixtures';

const DOCSEARCH = { appId: 'BH4D9OD16A', apiKey: '0f2c8e1bd26a8f8b6d2a9c3e4f5a6b7c', indexName: 'pipedream docs', facetFilters: ['version:latest'] };
const site: SiteRecord = { ...SITE, search: { provider: 'docsearch', docsearch: DOCSEARCH }, versions: { current: 'latest', menu: [] } };

describe('viewer/search/docsearch-engine', () => {
  it('asks the DSN host of the app for the index, with the key in headers and the version filter in the body', () => {
    const { url, init } = docsearchRequest(site, 'payload');
    expect(url).toBe('https://BH4D9OD16A-dsn.algolia.net/1/indexes/pipedream%20docs/query');
    expect(init.method).toBe('POST');
    expect(init.headers).toMatchObject({ 'X-Algolia-Application-Id': 'BH4D9OD16A', 'X-Algolia-API-Key': DOCSEARCH.apiKey });
    const body = JSON.parse(init.body as string);
    expect(body).toMatchObject({ query: 'payload', facetFilters: ['version:latest'], highlightPreTag: HIGHLIGHT_PRE, highlightPostTag: HIGHLIGHT_POST });
  });

  it('filters by the current version when the configured filters name no version', () => {
    expect(docsearchFilters({ ...DOCSEARCH, facetFilters: [] }, 'latest')).toEqual(['version:latest']);
    expect(docsearchFilters({ ...DOCSEARCH, facetFilters: ['lang:en'] }, 'v2')).toEqual(['lang:en', 'version:v2']);
    expect(docsearchFilters({ ...DOCSEARCH, facetFilters: ['version:v1'] }, 'latest')).toEqual(['version:v1']);
  });

  it('turns hits into results: title lvl1, the deepest level as section, Algolia\'s snippet; in-site URLs become site links; duplicates dropped', () => {
    const hit = {
      url: 'https://pipedream.com/docs/limits/#memory',
      hierarchy: { lvl0: 'Account', lvl1: 'Limits', lvl2: 'Memory', lvl3: null },
      content: 'Workflows get 256MB.',
      _highlightResult: { hierarchy: { lvl2: { value: `${HIGHLIGHT_PRE}Memo${HIGHLIGHT_POST}ry` } } },
      _snippetResult: { content: { value: `… ${HIGHLIGHT_PRE}memo${HIGHLIGHT_POST}ry …` } },
    };
    const external = { url: 'https://example.com/other#x', hierarchy: { lvl0: 'Blog', lvl1: null } };
    const hits = docsearchHits([hit, hit, external], '/docs/');
    expect(hits.map((h) => h.href)).toEqual(['/docs/limits/#memory', 'https://example.com/other#x']);
    expect(hits[0]!.title).toEqual([{ text: 'Limits', mark: false }]);
    expect(hits[0]!.section).toEqual([
      { text: 'Memo', mark: true },
      { text: 'ry', mark: false },
    ]);
    expect(hits[0]!.snippet?.find((s) => s.mark)?.text).toBe('memo');
    expect(hits[1]!.title).toEqual([{ text: 'Blog', mark: false }]);
    expect(hits[1]!.section).toBeUndefined();
  });

  it('sends one request per query and reports a failed one', async () => {
    const sent: string[] = [];
    const ok = createDocsearchEngine(site, async (input) => {
      sent.push(String(input));
      return new Response(JSON.stringify({ hits: [] }), { status: 200 });
    });
    expect(await ok.search('memory', new AbortController().signal)).toEqual([]);
    expect(await ok.search('  ', new AbortController().signal)).toEqual([]);
    expect(sent).toHaveLength(1);
    const failing = createDocsearchEngine(site, async () => new Response('no', { status: 403 }));
    await expect(failing.search('memory', new AbortController().signal)).rejects.toThrow('403');
  });
});
