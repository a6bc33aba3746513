import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { clickInjectedLink, collectErrors, newContext, openSite, poll, showScheme, skipBrowserTests, waitForApp, type Site } from './harness';

/**
 * The SVG diagrams of the real site (content/), in light and dark: each is
 * published, loads under the Content-Security-Policy, carries alt text and
 * stays inside the column. `UPDATE_SCREENSHOTS=1` also writes a PNG of each
 * to __screenshots__/diagram-<page>-<scheme>.png, to look at.
 */
const CONTENT = path.resolve(__dirname, '../../content');
const OUT = path.join(__dirname, '__screenshots__');
const PAGES = [
  '/workflows/events/',
  '/destinations/',
  '/sources/',
  '/destinations/emit/',
  '/workflows/concurrency-and-throttling/',
  '/workflows/events/concurrency-and-throttling/',
  '/scheduling-future-tasks/',
  '/workflows/steps/',
  '/code/helpers/',
  '/quickstart/send-http-response/',
];

describe.skipIf(skipBrowserTests)('diagrams of the real site in Chromium', () => {
  let site: Site;
  let context: BrowserContext;
  beforeAll(async () => {
    site = await openSite(CONTENT);
    context = await newContext(site);
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    await site?.close();
  });

  // One load, then the pages as a reader goes to them (client-side), each looked at in both schemes: a full load of
  // each page in each scheme was 40 s of the browser tests, most of it Chromium starting the app 20 times.
  it('shows every diagram, in the light and the dark theme', async ({ expect }) => {
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(site.url(PAGES[0]));
    await waitForApp(page);
    for (const [at, pagePath] of PAGES.entries()) {
      if (at > 0) {
        await clickInjectedLink(page, `/docs${pagePath}`);
        const title = site.manifest.pages.find((p) => p.path === pagePath)!.title;
        await poll(() => page.locator('main h1').first().textContent(), pagePath).toContain(title);
      }
      for (const scheme of ['light', 'dark'] as const) {
        await showScheme(page, scheme);
        const images = page.locator('main img[src$=".svg"]');
        expect(await images.count(), pagePath).toBeGreaterThan(0);
        for (const image of await images.all()) {
          await image.scrollIntoViewIfNeeded();
          await page.waitForFunction((el) => (el as HTMLImageElement).complete, await image.elementHandle());
          const facts = await image.evaluate((el) => {
            const img = el as HTMLImageElement;
            const main = document.querySelector('main')!.getBoundingClientRect();
            const box = img.getBoundingClientRect();
            return { loaded: img.naturalWidth > 0, alt: img.alt, inside: box.left >= main.left - 1 && box.right <= main.right + 1, width: box.width };
          });
          expect(facts.loaded, `${pagePath} ${scheme}`).toBe(true);
          expect(facts.alt.length, `${pagePath}: alt text`).toBeGreaterThan(60);
          expect(facts.inside, `${pagePath}: inside the column`).toBe(true);
          expect(facts.width).toBeGreaterThan(300);
          if (process.env.UPDATE_SCREENSHOTS) {
            await mkdir(OUT, { recursive: true });
            const name = pagePath.replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
            await writeFile(path.join(OUT, `diagram-${name}-${scheme}.png`), await image.screenshot());
          }
        }
      }
    }
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
