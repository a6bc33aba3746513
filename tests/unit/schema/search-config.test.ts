import { describe, expect, it } from 'vitest';
import { SiteConfigSchema } from '../../../schema/site-config';

const DOCSEARCH = { appId: 'BH4D9OD16A', apiKey: '0f2c8e1bd26a8f8b6d2a9c3e4f5a6b7c', indexName: 'pipedream' };
const parse = (search: unknown) => SiteConfigSchema.safeParse({ title: 'T', search });

describe('schema/site-config: search', () => {
  it('defaults to the local index', () => {
    expect(SiteConfigSchema.parse({ title: 'T' }).search).toEqual({ provider: 'local' });
  });

  it('takes DocSearch settings, with no facet filters by default', () => {
    const parsed = parse({ provider: 'docsearch', docsearch: DOCSEARCH });
    expect(parsed.success && parsed.data.search.docsearch).toEqual({ ...DOCSEARCH, facetFilters: [] });
  });

  it('wants the docsearch block when the provider is docsearch', () => {
    const parsed = parse({ provider: 'docsearch' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['search', 'docsearch'], message: expect.stringContaining('appId, apiKey and indexName') });
  });

  it('refuses an app id that is not letters and digits (it becomes a host name) and a key with spaces', () => {
    expect(parse({ provider: 'docsearch', docsearch: { ...DOCSEARCH, appId: 'evil.example.com/x' } }).error?.issues[0]?.path).toEqual(['search', 'docsearch', 'appId']);
    expect(parse({ provider: 'docsearch', docsearch: { ...DOCSEARCH, apiKey: 'not a key' } }).error?.issues[0]?.path).toEqual(['search', 'docsearch', 'apiKey']);
  });
});

describe('cli/site/site-config: search diagnostics', () => {
  it('places a missing docsearch block at the search key', async () => {
    const { parseSiteConfig } = await import('../../../cli/site/site-config');
    const text = 'title: T\nsearch:\n  provider: docsearch\n';
    const { diagnostics } = parseSiteConfig({ file: 'content/site.yaml', relativePath: 'site.yaml', text } as Parameters<typeof parseSiteConfig>[0]);
    expect(diagnostics).toMatchObject([
      { code: 'config/invalid', line: 2, message: '"search.docsearch" is required when provider is docsearch: give appId, apiKey and indexName.' },
    ]);
  });
});
