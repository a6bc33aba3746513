import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_CONTENT, newContext, openSite, showScheme, skipBrowserTests, waitForApp, type Site } from './harness';

/**
 * The pages the issues ask to look at, on a desktop and a phone, light and
 * dark: nothing wider than the screen, code and tables inside the column,
 * readable contrast. `UPDATE_SCREENSHOTS=1` also writes the PNGs to
 * __screenshots__/ (with `SCREENSHOT_CONTENT=content` for the real site),
 * named `<page>-<desktop|phone>-<light|dark>.png`.
 */
const CONTENT = process.env.SCREENSHOT_CONTENT ? path.resolve(process.env.SCREENSHOT_CONTENT) : FIXTURE_CONTENT;
const OUT = path.join(__dirname, '__screenshots__');
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const ROUTES = { home: '/', 'api-rest': '/api/rest/', 'code-nodejs': '/code/nodejs/', 'not-found': '/no/such/page/' } as const;
const SCHEMES = ['light', 'dark'] as const;

describe.skipIf(skipBrowserTests)('viewer: layout and screenshots (Chromium)', () => {
  let site: Site;
  const contexts = new Map<string, BrowserContext>();

  beforeAll(async () => {
    site = await openSite(CONTENT);
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      contexts.set(name, await newContext(site, { viewport, deviceScaleFactor: 1, isMobile: name === 'phone', hasTouch: name === 'phone' }));
    }
  });
  afterAll(async () => {
    for (const context of contexts.values()) await context.close();
    await site?.close();
  });

  // Each page is loaded once per viewport and looked at light, then dark (the scheme switched in place, as a reader's system does).
  for (const viewport of Object.keys(VIEWPORTS)) {
    for (const [name, route] of Object.entries(ROUTES)) {
      it(`${name} on a ${viewport}, light and dark: fits the screen, keeps code and tables in the column, reads with enough contrast`, async () => {
        const page = await contexts.get(viewport)!.newPage();
        await page.emulateMedia({ colorScheme: 'light' });
        await page.goto(site.url(route));
        await waitForApp(page);
        await page.locator('main h1').waitFor();

        for (const scheme of SCHEMES) {
          await showScheme(page, scheme);
          const layout = await page.evaluate(() => {
            const main = document.querySelector('main')!.getBoundingClientRect();
            // Shown elements only: a code group's hidden panels have an empty box at the page's left edge.
            const outside = [...document.querySelectorAll('main pre, main table, main img, main h1')]
              .filter((el) => el.getBoundingClientRect().width > 0)
              .filter((el) => el.getBoundingClientRect().right > main.right + 1 || el.getBoundingClientRect().left < main.left - 1)
              .map((el) => el.tagName);
            return { overflow: document.documentElement.scrollWidth - window.innerWidth, outside, mainWidth: main.width };
          });
          expect(layout.overflow, scheme).toBe(0);
          expect(layout.outside, scheme).toEqual([]);
          expect(layout.mainWidth).toBeGreaterThan(viewport === 'phone' ? 320 : 600);

          const contrast = await page.evaluate(lowestContrast);
          expect(contrast.ratio, `${scheme}: ${contrast.element}`).toBeGreaterThanOrEqual(4.5);

          const png = await page.screenshot();
          expect(png.length).toBeGreaterThan(10_000);
          if (process.env.UPDATE_SCREENSHOTS) {
            await mkdir(OUT, { recursive: true });
            await writeFile(path.join(OUT, `${name}-${viewport}-${scheme}.png`), png);
          }
        }
        await page.close();
      });
    }
  }
});

/** The lowest WCAG contrast ratio among the visible text the reader relies on (runs in the page). */
function lowestContrast(): { ratio: number; element: string } {
  // rgb(0 0 0 / a) or, from color-mix(), color(srgb 0..1 0..1 0..1 / a)
  const parse = (colour: string) => {
    const values = (colour.replace(/^color\(srgb/, '').match(/[\d.]+/g) ?? []).map(Number);
    return colour.startsWith('color(srgb') ? values.map((v, i) => (i < 3 ? v * 255 : v)) : values;
  };
  const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
    const channel = (c: number) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  const background = (el: Element | null): number[] => {
    for (let node = el; node; node = node.parentElement) {
      const c = parse(getComputedStyle(node).backgroundColor);
      if (c.length === 3 || (c.length === 4 && c[3]! > 0.9)) return c;
    }
    return [255, 255, 255];
  };
  const selectors = ['main p', 'main li', 'main a', 'main th', 'main td', 'main :not(pre) > code', '.sidebar-link', '.on-this-page a', '.nav-link', '.custom-block-title', '.prev-next-label'];
  let lowest = { ratio: 21, element: 'none' };
  for (const selector of selectors) {
    for (const el of [...document.querySelectorAll(selector)].slice(0, 20)) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      const fg = luminance(parse(getComputedStyle(el).color));
      const bg = luminance(background(el));
      const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
      if (ratio < lowest.ratio) lowest = { ratio: Math.round(ratio * 100) / 100, element: `${selector}: ${el.textContent?.slice(0, 40)}` };
    }
  }
  return lowest;
}
