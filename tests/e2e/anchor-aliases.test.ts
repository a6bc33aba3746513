import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES } from '../helpers/build-fixture';
import { clickInjectedLink, collectErrors, newContext, openSite, poll, skipBrowserTests, waitForApp, type Site } from './harness';

/** A VuePress tree with markdown.anchorAliases: a link made under the other slug rule lands on its heading, loaded or navigated to. */
describe.skipIf(skipBrowserTests)('viewer: anchor aliases (Chromium)', () => {
  let site: Site;
  let context: BrowserContext;

  beforeAll(async () => {
    site = await openSite(path.join(FIXTURES, 'vuepress-anchors', 'content'));
    context = await newContext(site);
  });
  afterAll(async () => {
    await context?.close();
    await site?.close();
  });

  it('scrolls to the heading a GitHub-style alias names, opened directly and after a client-side navigation; the head and the sidebar\'s sections follow the page', async () => {
    const page = await context.newPage();
    const errors = collectErrors(page);
    const headingTop = () => page.evaluate(() => Math.round(document.getElementById('config-js')!.getBoundingClientRect().top));
    // "config.js" is "#config-js" for VuePress and "#configjs" for GitHub.
    await page.goto(site.url('/guide/long.html#configjs'));
    await waitForApp(page);
    await poll(headingTop).toBeLessThan(120);
    expect(await headingTop()).toBeGreaterThanOrEqual(0);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);

    await page.goto(site.url('/'));
    await waitForApp(page);
    const head = () =>
      page.evaluate(() => ({
        title: document.title,
        lang: document.documentElement.lang,
        keywords: [...document.querySelectorAll('meta[name="keywords"]')].map((m) => m.getAttribute('content')),
      }));
    const homeHead = { title: 'Anchor aliases, the home page', lang: 'en-US', keywords: ['anchors "quoted" <tag>'] };
    expect(await head()).toEqual(homeHead);
    await clickInjectedLink(page, `${new URL(site.url('/guide/long.html')).pathname}#configjs`);
    await poll(() => page.locator('main h1').first().textContent()).toContain('Settings walk-through');
    await poll(headingTop).toBeLessThan(120);
    expect(await headingTop()).toBeGreaterThanOrEqual(0);
    // The head follows the page: its title, its lang (en-GB), and the home page's meta tags gone; back again on Back.
    expect(await head()).toEqual({ title: 'Settings walk-through | Anchor Aliases', lang: 'en-GB', keywords: [] });
    await page.goBack();
    await poll(() => page.locator('main h1').first().textContent()).toContain('Anchors that last');
    await poll(head).toEqual(homeHead);
    // The sidebar lists the reader's page's sections to the site's sidebarDepth (2), after a client-side navigation too:
    // the ### under its ##, a link the keyboard follows.
    // The home page (home: true) has no sidebar, as in VuePress: its hero's action link leads to the guide.
    await page.locator('main .hero-action a[href$="/guide/"]').click();
    await poll(() => page.locator('main h1').first().textContent()).toBe('Guide');
    const nested = page.locator('#sidebar .sidebar-headers .sidebar-headers a[href="#where-it-lives"]');
    await poll(() => nested.count()).toBe(1);
    await nested.focus();
    await page.keyboard.press('Enter');
    await poll(() => page.evaluate(() => window.location.hash)).toBe('#where-it-lives');
    expect(errors).toEqual([]);
    await page.close();
  });
});
