import type { BrowserContext, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../cli/security/csp';
import { escapeHtml } from '../../shared/head';
import type { Manifest } from '../../schema/manifest';
import { collectErrors, markWindow, poll, skipBrowserTests, useSite, waitForApp, windowMarked, type Site } from './harness';

const FIRST_RESULT_MEASURE = 'docsbuild:search-first-result';

/** The search box: local index (lazy), keyboard use, and DocSearch with its version filter, in Chromium. */
describe.skipIf(skipBrowserTests)('viewer: search (Chromium)', () => {
  let site: Site;
  let context: BrowserContext;

  useSite((opened) => ({ site, context } = opened));

  const box = (page: Page) => page.getByRole('combobox', { name: 'Search' });
  const options = (page: Page) => page.getByRole('listbox', { name: 'Search results' }).getByRole('option');
  const h1 = (page: Page) => page.locator('main h1');
  const isSearchDownload = (path: string) => /\/assets\/(search[.-]|search-chunk\.)/.test(path);
  const openHome = async () => {
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (request: Request) => requests.push(new URL(request.url()).pathname));
    await page.goto(site.url('/'));
    await waitForApp(page);
    return { page, requests };
  };
  const firstResultMs = (page: Page) =>
    page.evaluate((name) => performance.getEntriesByName(name).at(-1)?.duration, FIRST_RESULT_MEASURE);

  it('downloads nothing of search until it opens; "paylod" finds the payload limit and opens its section', async () => {
    const { page, requests } = await openHome();
    const errors = collectErrors(page);
    expect(requests.filter(isSearchDownload)).toEqual([]);
    await markWindow(page);

    await page.keyboard.press('/');
    await poll(() => box(page).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('paylod');
    const hit = options(page).filter({ hasText: 'HTTP payload size' });
    await hit.first().waitFor();
    expect(await options(page).first().textContent()).toContain('Limits');
    // The typo resolved to the word in the text, marked in the section heading and (once the page's chunk is here) the snippet.
    expect(await hit.first().locator('.search-hit-title mark').first().textContent()).toBe('payload');
    await poll(() => hit.first().locator('.search-hit-snippet').textContent()).toContain('512KB');
    expect(requests.some((p) => /\/assets\/search\.[0-9a-f]+\.json$/.test(p))).toBe(true);
    const ms = await firstResultMs(page);
    expect(ms).toBeGreaterThan(0);
    process.stderr.write(`search: first result ${ms!.toFixed(0)} ms after opening (engine, index and results included)\n`);

    await hit.first().click();
    await poll(() => page.url()).toBe(site.url('/limits/#http-payload-size'));
    await poll(() => h1(page).textContent()).toContain('Limits');
    expect(await windowMarked(page)).toBe(true);
    expect(await box(page).inputValue()).toBe('');
    expect(await box(page).getAttribute('aria-expanded')).toBe('false');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('ranks a page whose title matches above pages that only mention the word', async () => {
    const { page } = await openHome();
    await box(page).click();
    await page.keyboard.type('limits');
    await options(page).first().waitFor();
    expect(await options(page).first().locator('.search-hit-title').textContent()).toBe('Limits');
    await page.close();
  });

  it('works from the keyboard alone: Ctrl-K, arrows, Enter, Escape, and says when nothing matches', async () => {
    const { page } = await openHome();
    await markWindow(page);
    await page.keyboard.press('Control+K');
    await poll(() => box(page).evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.type('zzqxj');
    await page.locator('.search-popup').getByText('No results for “zzqxj”').waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'No results' }).textContent()).toBe('No results for “zzqxj”');
    expect(await box(page).getAttribute('aria-expanded')).toBe('false');
    // Escape closes, a second Escape empties the box.
    await page.keyboard.press('Escape');
    expect(await page.locator('.search-popup').isHidden()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await box(page).inputValue()).toBe('');

    await page.keyboard.type('memory');
    await options(page).first().waitFor();
    expect(await box(page).getAttribute('aria-expanded')).toBe('true');
    expect(await box(page).getAttribute('aria-controls')).toBe('search-results');
    const count = await options(page).count();
    expect(count).toBeGreaterThan(1);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    const activeId = await box(page).getAttribute('aria-activedescendant');
    expect(activeId).toBe('search-results-0');
    expect(await page.locator(`#${activeId}`).getAttribute('aria-selected')).toBe('true');
    const target = await page.locator(`#${activeId} a`).getAttribute('href');
    await page.keyboard.press('Enter');
    await poll(() => new URL(page.url()).pathname + new URL(page.url()).hash).toBe(target);
    expect(await windowMarked(page)).toBe(true);

    // "/" in the box is just a slash.
    await box(page).focus();
    await page.keyboard.type('a/b');
    expect(await box(page).inputValue()).toBe('a/b');
    await page.close();
  });

  it('in DocSearch mode queries Algolia with the version:latest filter (answered here; nothing leaves the machine)', async () => {
    const page = await context.newPage();
    const errors = collectErrors(page);
    const manifest = JSON.parse(JSON.stringify(site.manifest)) as Manifest;
    manifest.site.search = {
      provider: 'docsearch',
      docsearch: { appId: 'BH4D9OD16A', apiKey: '0f2c8e1bd26a8f8b6d2a9c3e4f5a6b7c', indexName: 'pipedream', facetFilters: ['version:latest'] },
    };
    // The HTML carries the Content-Security-Policy and the boot data (search settings included) of the site it
    // was built for: give it those a DocSearch build has.
    await page.route(site.url('/'), async (route) => {
      const response = await route.fetch();
      const policy = escapeHtml(contentSecurityPolicy(manifest.site, { delivery: 'meta' }));
      const body = (await response.text())
        .replace(/(<meta http-equiv="Content-Security-Policy" content=")[^"]*/, `$1${policy}`)
        .replace(/(<script type="application\/json" id="docsbuild-boot">)(.*?)(<\/script>)/s, (_, open: string, json: string, close: string) => {
          const boot = JSON.parse(json) as { site: Manifest['site'] };
          boot.site.search = manifest.site.search;
          return `${open}${JSON.stringify(boot).replace(/</g, '\\u003c')}${close}`;
        });
      await route.fulfill({ response, body });
    });
    const queries: { url: string; headers: Record<string, string>; body: { query: string; facetFilters: string[] } }[] = [];
    await page.route('https://bh4d9od16a-dsn.algolia.net/**', async (route) => {
      const request = route.request();
      const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'access-control-allow-methods': 'POST' };
      if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
      queries.push({ url: request.url(), headers: await request.allHeaders(), body: request.postDataJSON() });
      await route.fulfill({
        headers: cors,
        json: {
          hits: [
            {
              url: 'https://pipedream.com/docs/limits/#http-payload-size',
              hierarchy: { lvl0: 'Account', lvl1: 'Limits', lvl2: 'HTTP payload size' },
              content: 'An HTTP request to a workflow may carry up to 512KB.',
              _highlightResult: { hierarchy: { lvl2: { value: 'HTTP __docsbuild_mark__payload__/docsbuild_mark__ size' } } },
              _snippetResult: { content: { value: 'An HTTP request … up to 512KB of __docsbuild_mark__payload__/docsbuild_mark__' } },
            },
          ],
        },
      });
    });
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(site.url('/'));
    await waitForApp(page);
    await box(page).click();
    await page.keyboard.type('payload');
    await options(page).first().waitFor();

    expect(queries.length).toBeGreaterThanOrEqual(1);
    const query = queries.at(-1)!;
    expect(query.url).toBe('https://bh4d9od16a-dsn.algolia.net/1/indexes/pipedream/query');
    expect(query.body.query).toBe('payload');
    expect(query.body.facetFilters).toEqual(['version:latest']);
    expect(query.headers['x-algolia-application-id']).toBe('BH4D9OD16A');
    expect(query.headers['x-algolia-api-key']).toBe('0f2c8e1bd26a8f8b6d2a9c3e4f5a6b7c');
    expect(await options(page).first().textContent()).toContain('Limits › HTTP payload size');
    expect(await options(page).first().locator('mark').allTextContents()).toEqual(['payload', 'payload']);
    // No local index, no MiniSearch: DocSearch mode loads its own small client only.
    expect(requests.filter((u) => /\/assets\/search\.[0-9a-f]+\.json$/.test(u))).toEqual([]);
    // The hit is a link inside the site: followed client-side, not to pipedream.com.
    expect(await options(page).first().locator('a').getAttribute('href')).toBe('/docs/limits/#http-payload-size');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('puts the docsearch:version meta tag, which DocSearch\'s crawler reads, in every page\'s HTML', async () => {
    for (const path of ['/', '/limits/']) {
      const html = await (await fetch(site.url(path))).text();
      expect(html).toContain('<meta name="docsearch:version" content="latest">');
    }
  });
});
