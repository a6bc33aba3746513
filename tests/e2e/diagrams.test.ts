import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { collectErrors, newContext, openSite, skipBrowserTests, waitForApp, type Site } from './harness';

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
  const contexts = new Map<string, BrowserContext>();
  beforeAll(async () => {
    site = await openSite(CONTENT);
    for (const scheme of ['light', 'dark'] as const) contexts.set(scheme, await newContext(site, { colorScheme: scheme }));
  }, 120_000);
  afterAll(async () => {
    for (const context of contexts.values()) await context.close();
    await site?.close();
  });

  // The two themes side by side, each in its own context: most of a page's 1-2 s is waiting on Chromium, not this process.
  for (const scheme of ['light', 'dark']) {
    it.concurrent(`shows every diagram in the ${scheme} theme`, async ({ expect }) => {
      for (const pagePath of PAGES) {
        const page = await contexts.get(scheme)!.newPage();
        const errors = collectErrors(page);
        await page.goto(site.url(pagePath));
        await waitForApp(page);
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
        expect(errors, pagePath).toEqual([]);
        await page.close();
      }
    }, 120_000);
  }
});
