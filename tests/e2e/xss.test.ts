import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, newContext, openSite, poll, skipBrowserTests, waitForApp, type Site } from './harness';

const XSS_CONTENT = path.resolve(__dirname, '../fixtures/xss/content');

/**
 * The XSS test page in Chromium: prerendered and loaded by client-side
 * navigation, with the site's CSP and without it (so the sanitizer is tested
 * on its own). Every inline handler gets its event; no dialog may open, no
 * error may be logged, and under the CSP nothing may even try to run.
 */
describe.skipIf(skipBrowserTests)('XSS test page (Chromium)', () => {
  let site: Site;
  let context: BrowserContext;

  beforeAll(async () => {
    site = await openSite(XSS_CONTENT);
    context = await newContext(site);
    await context.addInitScript(() => {
      const w = window as unknown as { __violations: string[] };
      w.__violations = [];
      document.addEventListener('securitypolicyviolation', (e) => w.__violations.push(`${e.effectiveDirective} ${e.blockedURI}`));
    });
  });
  afterAll(async () => {
    await context?.close();
    await site?.close();
  });

  /** A page that records every dialog (alert, confirm, prompt) and dismisses it. */
  const watchedPage = async (options: { stripCsp?: boolean } = {}) => {
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const errors = collectErrors(page);
    if (options.stripCsp) {
      await page.route(/\/docs\/[^?#]*\.html$|\/docs\/$/, async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, '');
        await route.fulfill({ response, body });
      });
    }
    return { page, dialogs, errors };
  };

  /** Fires every event an inline handler could wait for, on every element of the page body, and hovers the bait. */
  const provoke = async (page: Page) => {
    await page.evaluate(() => {
      const types = ['mouseover', 'mouseenter', 'focus', 'blur', 'click', 'toggle', 'error', 'load', 'animationstart', 'pointerdown'];
      for (const el of document.querySelectorAll('[data-page-html] *')) {
        for (const type of types) {
          // Links with an href would navigate away; they are checked for their URLs instead.
          if (type === 'click' && el.closest('a[href]')) continue;
          el.dispatchEvent(new Event(type, { bubbles: true }));
        }
      }
    });
    await page.getByText('hover me').hover();
    // Handlers that were left in place would have fired by now (error/load events of images come on their own).
    await page.waitForTimeout(300);
  };

  const expectNothingRan = async (page: Page, dialogs: string[], errors: string[]) => {
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    const hrefs = await page.locator('[data-page-html] a[href]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).protocol));
    expect(hrefs.length).toBeGreaterThan(3);
    expect(hrefs.filter((p) => !['http:', 'https:', 'mailto:'].includes(p))).toEqual([]);
    expect(await page.locator('[data-page-html] :is(script, style, iframe:not([src^="https://www.youtube-nocookie.com/"]), object, embed, form, math, base, meta, foreignObject, use, image)').count()).toBe(0);
    // Inline SVG stays as a drawing (the SVG allow-list): no handler, style or link on any of its elements.
    const svgAttributes = await page.locator('[data-page-html] svg, [data-page-html] svg *').evaluateAll((nodes) => nodes.flatMap((n) => n.getAttributeNames()));
    expect(svgAttributes.filter((name) => /^on|^style$|href$/i.test(name))).toEqual([]);
    // The heading slugged "docsbuild-boot" did not stand in for the viewer's boot data.
    expect(await page.evaluate(() => document.documentElement.dataset.viewer)).toBe('ready');
  };

  it('runs nothing from the prerendered page, under the CSP, and the CSP had nothing to stop', async () => {
    const { page, dialogs, errors } = await watchedPage();
    await page.goto(site.url('/xss.html'));
    await waitForApp(page);
    await provoke(page);
    await expectNothingRan(page, dialogs, errors);
    expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
    await page.close();
  });

  it('runs nothing when the page arrives by client-side navigation (its HTML set from the chunk)', async () => {
    const { page, dialogs, errors } = await watchedPage();
    await page.goto(site.url('/'));
    await waitForApp(page);
    await page.evaluate(() => ((window as unknown as { __mark: boolean }).__mark = true));
    await page.locator('#sidebar .sidebar-items a[href="/docs/xss.html"]').click();
    await poll(() => page.locator('main h1').textContent()).toContain('XSS test page');
    expect(await page.evaluate(() => (window as unknown as { __mark?: boolean }).__mark)).toBe(true);
    await provoke(page);
    await expectNothingRan(page, dialogs, errors);
    expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
    await page.close();
  });

  it('runs nothing without the CSP either: the sanitizer alone holds', async () => {
    const { page, dialogs, errors } = await watchedPage({ stripCsp: true });
    await page.goto(site.url('/xss.html'));
    await waitForApp(page);
    expect(await page.locator('meta[http-equiv="Content-Security-Policy"]').count()).toBe(0);
    await provoke(page);
    await expectNothingRan(page, dialogs, errors);

    // And the same page by client-side navigation, still without the policy.
    await page.goto(site.url('/'));
    await waitForApp(page);
    await page.locator('#sidebar .sidebar-items a[href="/docs/xss.html"]').click();
    await poll(() => page.locator('main h1').textContent()).toContain('XSS test page');
    await provoke(page);
    await expectNothingRan(page, dialogs, errors);
    await page.close();
  });

  it('would notice a handler that ran (the watch itself works)', async () => {
    const { page, dialogs } = await watchedPage({ stripCsp: true });
    await page.goto(site.url('/xss.html'));
    await waitForApp(page);
    await page.evaluate(() => document.querySelector('[data-page-html]')!.insertAdjacentHTML('beforeend', '<img src="x" onerror="alert(\'planted\')">'));
    await poll(() => dialogs).toEqual(['planted']);
    await page.close();
  });
});
