import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newContext, openSite, showScheme, skipBrowserTests, waitForApp, type Site } from './harness';

/** axe-core's browser build, evaluated in each page (through the DevTools protocol: the page's CSP does not apply to it). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Five pages of every kind: the home page, a long reference with tables and code, a short one, an `.html` page, and not-found. */
const PAGES = {
  home: '/',
  'api-rest': '/api/rest/',
  limits: '/limits/',
  'create-new-workflow': '/quickstart/create-new-workflow.html',
  'not-found': '/no/such/page/',
} as const;
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
const SCHEMES = ['light', 'dark'] as const;

interface Violation {
  id: string;
  impact: string | null;
  nodes: string[];
}

/**
 * axe-core 4 on the built site, every rule axe runs by default (WCAG 2.0,
 * 2.1 and 2.2 A and AA, and its best practices) plus target-size: zero
 * violations on five pages, light and dark, desktop and phone.
 */
describe.skipIf(skipBrowserTests)('viewer: accessibility (axe-core, Chromium)', () => {
  let site: Site;
  beforeAll(async () => {
    site = await openSite();
  });
  afterAll(async () => {
    await site?.close();
  });

  const audit = async (page: Page): Promise<Violation[]> => {
    // Once per document: a second audit of the same page (in the other scheme) reuses it.
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
    return page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[]; failureSummary?: string }[] }[] }> } }).axe;
      const result = await axe.run(document, { rules: { 'target-size': { enabled: true } }, resultTypes: ['violations'] });
      return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`) }));
    });
  };

  it('finds violations when there are some (the audit is live): a planted image without alt and grey-on-grey text', async () => {
    const context = await newContext(site);
    const page = await context.newPage();
    await page.goto(site.url('/limits/'));
    await waitForApp(page);
    await page.evaluate(() => {
      const img = document.createElement('img');
      img.src = '/docs/favicon.svg';
      const faint = document.createElement('p');
      faint.textContent = 'Hard to read';
      faint.setAttribute('data-planted', '');
      document.querySelector('main')!.append(img, faint);
    });
    await page.evaluate(() => {
      // Through the CSSOM: the CSP refuses style attributes and tags, not this.
      const faint = document.querySelector<HTMLElement>('[data-planted]')!;
      faint.style.setProperty('color', '#999');
      faint.style.setProperty('background', '#aaa');
    });
    const ids = (await audit(page)).map((v) => v.id);
    expect(ids).toContain('image-alt');
    expect(ids).toContain('color-contrast');
    await context.close();
  });

  // Each page is loaded once per viewport and audited in both schemes (the scheme switched in place, as a reader's system
  // does): a load per page, viewport and scheme was 20 loads and axe evaluated 20 times.
  for (const [viewport, size] of Object.entries(VIEWPORTS)) {
    it(`has no violations on a ${viewport} (${size.width} px), light and dark`, async () => {
      const phone = viewport === 'phone';
      const context = await newContext(site, { viewport: size, isMobile: phone, hasTouch: phone });
      const page = await context.newPage();
      const found: Record<string, Violation[]> = {};
      for (const [name, route] of Object.entries(PAGES)) {
        await page.emulateMedia({ colorScheme: 'light' });
        await page.goto(site.url(route));
        await waitForApp(page);
        await page.locator('main h1').waitFor();
        for (const scheme of SCHEMES) {
          await showScheme(page, scheme);
          found[`${name}, ${scheme}`] = await audit(page);
        }
      }
      await context.close();
      expect(found).toEqual(Object.fromEntries(Object.keys(PAGES).flatMap((name) => SCHEMES.map((scheme) => [`${name}, ${scheme}`, []]))));
    }, 120_000);
  }
});
