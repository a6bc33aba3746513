import { describe, expect, it } from 'vitest';
import { createSiteDataSource } from '../../../viewer/site-data';
import { MANIFEST, REDIRECTS } from './fixtures';

describe('viewer/site-data', () => {
  it('fetches pages.json and redirects.json once and builds the route table', async () => {
    const urls: string[] = [];
    const fetch = ((input: RequestInfo | URL) => {
      urls.push(String(input));
      return Promise.resolve(new Response(JSON.stringify(String(input).endsWith('pages.json') ? MANIFEST : REDIRECTS)));
    }) as typeof globalThis.fetch;
    const source = createSiteDataSource('/docs/', fetch);
    const [a, b] = await Promise.all([source.load(), source.load()]);
    expect(a).toBe(b);
    expect(urls.sort()).toEqual(['/docs/pages.json', '/docs/redirects.json']);
    expect(a.routes.pages.get('/limits/')?.title).toBe('/limits/');
    expect(a.routes.redirects.get('/cron')).toBe('/workflows/steps/triggers/');
  });

  it('retries after a failure and refuses another version', async () => {
    let calls = 0;
    const fetch = ((input: RequestInfo | URL) => {
      calls++;
      if (calls <= 2) return Promise.resolve(new Response('', { status: 503 }));
      const data = String(input).endsWith('pages.json') ? { ...MANIFEST, version: calls > 4 ? 1 : 2 } : REDIRECTS;
      return Promise.resolve(new Response(JSON.stringify(data)));
    }) as typeof globalThis.fetch;
    const source = createSiteDataSource('/docs/', fetch);
    await expect(source.load()).rejects.toThrow('503');
    await expect(source.load()).rejects.toThrow('version 2');
    await expect(source.load()).resolves.toMatchObject({ manifest: { version: 1 } });
  });
});
