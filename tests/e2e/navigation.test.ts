import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { stubFileOf } from '../../cli/output/layout';
import { redirectRules } from '../../cli/features/hosting/redirect-rules';
import { THEME_SCRIPT } from '../../shared/theme-script';
import { clickInjectedLink, collectErrors, markWindow, newContext, poll, skipBrowserTests, useSite, waitForApp, windowMarked, type Site } from './harness';

/** Client-side navigation, routing, head, scroll and reading without JavaScript, in Chromium. */
describe.skipIf(skipBrowserTests)('viewer: navigation (Chromium)', () => {
  let site: Site;
  let context: BrowserContext;

  useSite((opened) => ({ site, context } = opened));

  const record = (sitePath: string) => {
    const page = site.manifest.pages.find((p) => p.path === sitePath);
    if (!page) throw new Error(`No page ${sitePath} in the test site.`);
    return page;
  };
  const h1 = (page: Page) => page.locator('main h1');
  /** A page link in the sidebar's tree (the drawer's copy of the top navigation aside). */
  const sidebarLink = (page: Page, sitePath: string) => page.locator(`#sidebar .sidebar-items a[href="/docs${sitePath}"]`);
  const expectHead = async (page: Page, sitePath: string) => {
    const { title, description } = record(sitePath);
    await poll(() => page.title()).toBe(title === 'Pipedream' ? title : `${title} | Pipedream`);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(description);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`https://pipedream.com/docs${sitePath}`);
    expect(await page.locator('link[rel="canonical"]').count()).toBe(1);
  };

  it('hydrates a prerendered page without fetching its chunk, with no errors, and exposes the landmarks', async () => {
    const page = await context.newPage();
    const errors = collectErrors(page);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.goto(site.url('/limits/'));
    await waitForApp(page);
    expect(requests.filter((p) => p.includes('/assets/pages/'))).toEqual([]);
    // The reader's route data: routes.json and the page's own shard, never the full manifest.
    expect(requests.filter((p) => p.endsWith('/routes.json'))).toHaveLength(1);
    expect(requests.filter((p) => p.includes('/assets/routes/routes-'))).toHaveLength(1);
    expect(requests.filter((p) => p.endsWith('/pages.json') || p.endsWith('/redirects.json'))).toEqual([]);
    await poll(() => page.getByRole('banner').count()).toBe(1);
    expect(await page.getByRole('navigation', { name: 'Documentation' }).count()).toBe(1);
    expect(await page.getByRole('main').count()).toBe(1);
    expect(await page.getByRole('complementary', { name: 'On this page' }).count()).toBe(1);
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).count()).toBe(1);
    expect(await page.locator('#sidebar .sidebar-items a[aria-current="page"]').textContent()).toBe('Limits');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('navigates between pages without a full reload, fetching only each page\'s chunk and setting title, description and canonical', async () => {
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.goto(site.url('/'));
    await waitForApp(page);
    await expectHead(page, '/');
    await markWindow(page);
    for (const target of ['/limits/', '/api/rest/', '/quickstart/create-new-workflow.html', '/workflows/steps/triggers/', '/']) {
      const chunks: string[] = [];
      const onRequest = (request: { url(): string }) => {
        const pathname = new URL(request.url()).pathname;
        if (pathname.includes('/assets/pages/')) chunks.push(pathname);
      };
      page.on('request', onRequest);
      await sidebarLink(page, target).click();
      await poll(() => page.url()).toBe(site.url(target));
      await poll(() => h1(page).textContent()).toContain(record(target).title);
      await expectHead(page, target);
      expect(await page.locator('#sidebar .sidebar-items a[aria-current="page"]').textContent()).toBe(record(target).title);
      page.off('request', onRequest);
      // Only the target's chunk (the hover prefetch asks for the same one); the home page's was seeded, so none for it.
      expect(new Set(chunks).size).toBeLessThanOrEqual(1);
      for (const chunk of chunks) expect(chunk).toBe(`/docs/${record(target).chunk}`);
    }
    expect(await windowMarked(page)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('prefetches the chunk of a page link the reader hovers, once', async () => {
    const page = await context.newPage();
    await page.goto(site.url('/'));
    await waitForApp(page);
    const chunks: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/assets/pages/')) chunks.push(new URL(request.url()).pathname);
    });
    await sidebarLink(page, '/errors/').hover();
    await poll(() => chunks).toEqual([`/docs/${record('/errors/').chunk}`]);
    await page.mouse.move(600, 400);
    await sidebarLink(page, '/errors/').hover();
    await sidebarLink(page, '/errors/').click();
    await poll(() => h1(page).textContent()).toContain('Errors');
    expect(chunks).toHaveLength(1);
    await page.close();
  });

  it('lands the index.html, .html and no-slash variants on the folder form, and keeps create-new-workflow.html', async () => {
    const page = await context.newPage();
    for (const variant of ['/limits/index.html', '/limits.html', '/limits']) {
      await page.goto(site.url(variant));
      await waitForApp(page);
      await poll(() => page.url()).toBe(site.url('/limits/'));
      expect(await h1(page).textContent()).toContain('Limits');
      await expectHead(page, '/limits/');
    }
    await page.goto(`${site.origin}/docs`);
    await waitForApp(page);
    await poll(() => page.url()).toBe(site.url('/'));
    for (const spelling of ['/quickstart/create-new-workflow.html', '/quickstart/create-new-workflow']) {
      await page.goto(site.url(spelling));
      await waitForApp(page);
      await poll(() => page.url()).toBe(site.url('/quickstart/create-new-workflow.html'));
      expect(await h1(page).textContent()).toContain('Create a new workflow');
    }
    // A variant inside the app: a link to /docs/errors.html goes to /docs/errors/ without a reload.
    await markWindow(page);
    await clickInjectedLink(page, '/docs/errors.html');
    await poll(() => page.url()).toBe(site.url('/errors/'));
    await poll(() => h1(page).textContent()).toContain('Errors');
    expect(await windowMarked(page)).toBe(true);
    await page.close();
  });

  it('follows every redirect of site.yaml when opened, and every redirect and index.html twin when linked', { timeout: 90_000 }, async () => {
    const page = await context.newPage();
    const configured = site.redirects.redirects.filter((r) => !r.from.endsWith('/index.html'));
    const twins = site.redirects.redirects.filter((r) => r.from.endsWith('/index.html'));
    expect(configured).toHaveLength(18);
    expect(twins).toHaveLength(site.manifest.pages.filter((p) => p.path.endsWith('/')).length);
    for (const { from, to } of configured) {
      await page.goto(site.url(from));
      await waitForApp(page);
      await poll(() => page.url(), `${from} → ${to}`).toBe(site.url(to));
      await poll(() => h1(page).textContent(), from).toContain(record(to).title);
    }
    await markWindow(page);
    for (const { from, to } of [...configured, ...twins]) {
      await clickInjectedLink(page, `/docs${from}`);
      await poll(() => page.url(), `${from} → ${to}`).toBe(site.url(to));
      await poll(() => h1(page).textContent(), from).toContain(record(to).title);
    }
    expect(await windowMarked(page)).toBe(true);
    await page.close();
  });

  it('shows the not-found page inside the layout for an unknown path, opened (status 404) or linked', async () => {
    const page = await context.newPage();
    const errors = collectErrors(page);
    const response = await page.goto(site.url('/no/such/page/'));
    expect(response?.status()).toBe(404);
    await waitForApp(page);
    await poll(() => h1(page).textContent()).toBe('Page not found');
    expect(await page.locator('main').textContent()).toContain('/docs/no/such/page/');
    expect(await page.title()).toBe('Page not found | Pipedream');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    expect(await page.getByRole('banner').count()).toBe(1);
    expect(await page.getByRole('navigation', { name: 'Documentation' }).getByRole('link', { name: 'REST API' }).count()).toBe(1);
    expect(page.url()).toBe(site.url('/no/such/page/'));

    // From the not-found page to a real page and back to another unknown one, all in the app.
    await markWindow(page);
    await sidebarLink(page, '/limits/').click();
    await poll(() => h1(page).textContent()).toContain('Limits');
    expect(await page.locator('meta[name="robots"]').count()).toBe(0);
    await clickInjectedLink(page, '/docs/also/missing');
    await poll(() => h1(page).textContent()).toBe('Page not found');
    expect(page.url()).toBe(site.url('/also/missing'));
    expect(await page.locator('link[rel="canonical"]').count()).toBe(0);
    expect(await windowMarked(page)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('restores scroll positions on back and forward', async () => {
    const page = await context.newPage();
    await page.goto(site.url('/api/rest/'));
    await waitForApp(page);
    await markWindow(page);
    await page.evaluate(() => window.scrollTo(0, 2400));
    await sidebarLink(page, '/limits/').click();
    await poll(() => h1(page).textContent()).toContain('Limits');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await poll(() => h1(page).textContent()).toContain('REST API');
    await poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(2400);
    await page.goForward();
    await poll(() => h1(page).textContent()).toContain('Limits');
    await poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(await windowMarked(page)).toBe(true);
    await page.close();
  });

  it('scrolls to #hash targets: in the page, opened directly, and arriving with a chunk that loads later', async () => {
    const page = await context.newPage();
    const topOf = (id: string) => page.evaluate((target) => Math.round(document.getElementById(target)!.getBoundingClientRect().top), id);
    await page.goto(site.url('/api/rest/#webhooks'));
    await waitForApp(page);
    await poll(() => topOf('webhooks')).toBeGreaterThanOrEqual(0);
    expect(await topOf('webhooks')).toBeLessThan(120);

    await markWindow(page);
    await page.getByRole('complementary', { name: 'On this page' }).getByRole('link', { name: 'Pagination' }).click();
    await poll(() => page.url()).toBe(site.url('/api/rest/#pagination'));
    await poll(() => topOf('pagination')).toBeLessThan(120);
    expect(await topOf('pagination')).toBeGreaterThanOrEqual(0);

    await sidebarLink(page, '/limits/').click();
    await poll(() => h1(page).textContent()).toContain('Limits');
    await clickInjectedLink(page, '/docs/api/rest/#create-a-webhook');
    await poll(() => h1(page).textContent()).toContain('REST API');
    await poll(() => topOf('create-a-webhook')).toBeLessThan(120);
    expect(await topOf('create-a-webhook')).toBeGreaterThanOrEqual(0);

    // Back to the #pagination entry of the same page.
    await page.goBack();
    await poll(() => h1(page).textContent()).toContain('Limits');
    await page.goBack();
    await poll(() => page.url()).toBe(site.url('/api/rest/#pagination'));
    await poll(() => topOf('pagination')).toBeLessThan(120);
    expect(await windowMarked(page)).toBe(true);
    await page.close();
  });

  it('marks the header in view with aria-current in the sidebar and the on-this-page list, throttled', async () => {
    const page = await context.newPage();
    await page.goto(site.url('/api/rest/'));
    await waitForApp(page);
    const tocCurrent = page.locator('.on-this-page a[aria-current="location"]');
    const sidebarCurrent = page.locator('#sidebar .sidebar-headers a[aria-current="location"]');
    expect(await tocCurrent.count()).toBe(0);

    await page.evaluate(() => document.getElementById('webhooks')!.scrollIntoView());
    await poll(() => tocCurrent.textContent()).toBe('Webhooks');
    await poll(() => sidebarCurrent.textContent()).toBe('Webhooks');

    // A ### header: itself in the list, its ## section in the sidebar.
    await page.evaluate(() => document.getElementById('create-a-webhook')!.scrollIntoView());
    await poll(() => tocCurrent.textContent()).toBe('Create a webhook');
    expect(await sidebarCurrent.textContent()).toBe('Webhooks');
    expect(await tocCurrent.count()).toBe(1);

    // Throttled: right after a measured scroll, a second one is not picked up until the 300 ms window ends.
    const timing = await page.evaluate(async () => {
      const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
      const current = () => document.querySelector('.on-this-page a[aria-current]')?.textContent;
      await wait(400);
      const started = performance.now();
      document.getElementById('pagination')!.scrollIntoView();
      await wait(60);
      const leading = current();
      document.getElementById('errors')!.scrollIntoView();
      await wait(60);
      const during = current();
      const duringAt = performance.now() - started;
      await wait(450);
      return { leading, during, duringAt, trailing: current() };
    });
    expect(timing.leading).toBe('Pagination');
    if (timing.duringAt < 280) expect(timing.during).toBe('Pagination');
    expect(timing.trailing).toBe('Errors');
    await page.close();
  });

  it('follows the system colour scheme and toggles it, remembering the choice', async () => {
    const dark = await newContext(site, { colorScheme: 'dark' });
    const page = await dark.newPage();
    await page.goto(site.url('/'));
    await waitForApp(page);
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(await background()).not.toBe('rgb(255, 255, 255)');
    await page.getByRole('button', { name: 'Dark theme' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    expect(await background()).toBe('rgb(255, 255, 255)');
    // Code follows: the light token colours are used.
    const token = page.locator('pre.shiki span[class*="shk-l-"]').first();
    const lightColour = await token.evaluate((el) => getComputedStyle(el).color);
    await page.reload();
    await waitForApp(page);
    expect(await background()).toBe('rgb(255, 255, 255)');
    await page.getByRole('button', { name: 'Dark theme' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBeUndefined();
    expect(await token.evaluate((el) => getComputedStyle(el).color)).not.toBe(lightColour);
    await dark.close();
  });

  it('reads without JavaScript: layout, text, title, description and canonical are in the HTML', async () => {
    const noJs = await newContext(site, { javaScriptEnabled: false });
    const page = await noJs.newPage();
    await page.goto(site.url('/limits/'));
    expect(await h1(page).textContent()).toContain('Limits');
    expect(await page.locator('main').textContent()).toContain('HTTP payload size');
    expect(await page.locator('main').textContent()).toContain('512KB');
    await expectHead(page, '/limits/');
    expect(await page.getByRole('navigation', { name: 'Documentation' }).getByRole('link', { name: 'REST API' }).count()).toBe(1);
    expect(await page.getByRole('complementary', { name: 'On this page' }).getByRole('link', { name: 'Memory' }).count()).toBe(1);
    // Links are plain links: following one loads the next static page.
    await sidebarLink(page, '/api/rest/').click();
    await poll(() => h1(page).textContent()).toContain('REST API');
    expect(await page.locator('main pre.shiki').count()).toBeGreaterThan(5);
    // The 404 shell says "not found" to readers without JavaScript.
    await page.goto(site.url('/no/such/page/'));
    expect(await h1(page).textContent()).toBe('Page not found');
    await noJs.close();

    // On a phone the menu button is a link to #sidebar: the drawer opens with CSS alone.
    const phone = await newContext(site, { javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const small = await phone.newPage();
    await small.goto(site.url('/limits/'));
    expect(await small.locator('#sidebar').isVisible()).toBe(false);
    await small.locator('.menu-button').click();
    await small.locator('#sidebar').waitFor({ state: 'visible' });
    await phone.close();
  });

  it('writes the head tags, no inline script but the theme\'s and no page list into every HTML file', async () => {
    // The redirect stubs are the hosting outputs' (tests/unit/cli/features/hosting): no viewer, no analytics.
    const stubs = new Set(redirectRules(site.manifest, site.redirects.redirects).map((r) => path.join(...stubFileOf(r.from).split('/'))));
    const files = (await readdir(site.dir, { recursive: true })).filter((f) => f.endsWith('.html') && !stubs.has(f)).sort();
    expect(stubs.size).toBeGreaterThan(0);
    expect(files).toHaveLength(site.manifest.pages.length + 1);
    expect(files).toContain('404.html');
    expect(files).toContain(path.join('quickstart', 'create-new-workflow.html'));
    expect(files).toContain(path.join('api', 'rest', 'index.html'));
    for (const file of files) {
      const html = await readFile(path.join(site.dir, file), 'utf8');
      expect(html, file).toContain('<meta name="theme-color" content="#1f2937">');
      expect(html, file).toMatch(/<script async src="https:\/\/www\.googletagmanager\.com\/gtag\/js\?id=G-DOCSBUILD01"><\/script>/);
      expect(html, file).toMatch(/<script async src="\/docs\/assets\/analytics\.[0-9a-f]+\.js" data-tag-id="G-DOCSBUILD01"><\/script>/);
      // One inline script, the theme's (allowed by its hash): every other one is a file or JSON.
      expect([...html.matchAll(/<script>(.*?)<\/script>/g)].map((m) => m[1]), file).toEqual([THEME_SCRIPT]);
      for (const script of html.matchAll(/<script\b[^>]+>/g)) expect(script[0], file).toMatch(/\bsrc="|type="application\/json"/);
      // The route table is fetched once, never embedded: no page records in the HTML.
      expect(html, file).not.toContain('relativePath');
      expect(html, file).not.toContain('regularPath');
      expect(html.length, file).toBeLessThan(120_000);
    }
  });
});
