import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { markWindow, newContext, poll, skipBrowserTests, useSite, waitForApp, windowMarked, type Site } from './harness';

/** Chunk loading: the three load errors, the progress bar, and the drawer on a phone, in Chromium. */
describe.skipIf(skipBrowserTests)('viewer: loading (Chromium)', () => {
  let site: Site;
  let context: BrowserContext;

  useSite((opened) => ({ site, context } = opened));

  const LIMITS_CHUNK = '**/docs/assets/pages/limits.*.json';
  const h1 = (page: Page) => page.locator('main h1');
  const alert = (page: Page) => page.getByRole('alert');
  const openHome = async (options: { timeoutMs?: number } = {}) => {
    const page = await context.newPage();
    if (options.timeoutMs !== undefined) {
      await page.addInitScript((ms) => {
        window.__DOCSBUILD__ = { loadTimeoutMs: ms };
      }, options.timeoutMs);
    }
    await page.goto(site.url('/'));
    await waitForApp(page);
    await markWindow(page);
    return page;
  };
  const clickLimits = (page: Page) => page.locator('#sidebar .sidebar-items a[href="/docs/limits/"]').click();

  it('says ready only once the whole layout has hydrated: a node added to main then stays, with no hydration error, under 8× CPU throttling', async () => {
    // React hydrates the layout after the root, in slices; a node added before it is done made React render the page anew (error #418).
    for (let load = 0; load < 3; load++) {
      const throttled = await newContext(site);
      const page = await throttled.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const cdp = await throttled.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
      await page.goto(site.url('/limits/'));
      await waitForApp(page);
      await page.evaluate(() => {
        const planted = document.createElement('p');
        planted.id = 'e2e-planted';
        document.querySelector('main')!.append(planted);
      });
      await page.waitForTimeout(1000);
      expect(await page.locator('main #e2e-planted').count(), `load ${load + 1}`).toBe(1);
      expect(errors, `load ${load + 1}`).toEqual([]);
      await throttled.close();
    }
  }, 60_000);

  it('shows a chunk that answers 404 as the not-found page, in the layout', async () => {
    const page = await openHome();
    await page.route(LIMITS_CHUNK, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await clickLimits(page);
    await poll(() => h1(page).textContent()).toBe('Page not found');
    expect(page.url()).toBe(site.url('/limits/'));
    expect(await page.title()).toBe('Page not found | Pipedream');
    expect(await page.getByRole('navigation', { name: 'Documentation' }).count()).toBe(1);
    expect(await alert(page).count()).toBe(0);
    expect(await windowMarked(page)).toBe(true);
    await page.close();
  });

  it('reports a chunk that never answers as a time-out, and loads it on retry', async () => {
    const page = await openHome({ timeoutMs: 800 });
    const held: Route[] = [];
    await page.route(LIMITS_CHUNK, (route) => {
      held.push(route); // never answered
    });
    const started = Date.now();
    await clickLimits(page);
    await alert(page).waitFor();
    expect(Date.now() - started).toBeGreaterThanOrEqual(700);
    expect(await alert(page).getAttribute('data-error')).toBe('timeout');
    expect(await alert(page).textContent()).toContain('taking too long');
    expect(await h1(page).textContent()).toBe('Limits');
    expect(page.url()).toBe(site.url('/limits/'));
    expect(held).toHaveLength(1);

    await page.unroute(LIMITS_CHUNK);
    await page.getByRole('button', { name: 'Try again' }).click();
    await poll(() => page.locator('main').textContent()).toContain('HTTP payload size');
    expect(await alert(page).count()).toBe(0);
    expect(await windowMarked(page)).toBe(true);
    for (const route of held) await route.abort().catch(() => undefined);
    await page.close();
  });

  it('reports a server error and a network failure as "other", with a retry that recovers', async () => {
    const page = await openHome();
    await page.route(LIMITS_CHUNK, (route) => route.fulfill({ status: 500, body: 'boom' }));
    await clickLimits(page);
    await alert(page).waitFor();
    expect(await alert(page).getAttribute('data-error')).toBe('other');
    expect(await alert(page).textContent()).toContain('could not be loaded');

    await page.unroute(LIMITS_CHUNK);
    await page.route(LIMITS_CHUNK, (route) => route.abort('connectionreset'));
    await page.getByRole('button', { name: 'Try again' }).click();
    await poll(() => alert(page).getAttribute('data-error')).toBe('other');

    await page.unroute(LIMITS_CHUNK);
    await page.getByRole('button', { name: 'Try again' }).click();
    await poll(() => page.locator('main').textContent()).toContain('HTTP payload size');
    expect(await alert(page).count()).toBe(0);
    expect(await windowMarked(page)).toBe(true);
    await page.close();
  });

  it('shows the progress bar while a chunk is slow, and never for a fast one', async () => {
    const page = await context.newPage();
    // Records every appearance of the bar, however brief.
    await page.addInitScript(() => {
      const w = window as unknown as { __progressSeen: number };
      w.__progressSeen = 0;
      new MutationObserver(() => {
        if (document.querySelector('[role="progressbar"]')) w.__progressSeen++;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(site.url('/'));
    await waitForApp(page);
    const seen = () => page.evaluate(() => (window as unknown as { __progressSeen: number }).__progressSeen);
    const bar = page.getByRole('progressbar');

    // The fast chunk comes from memory, so a busy machine cannot make it slower than the bar's 150 ms delay.
    const errors = site.manifest.pages.find((p) => p.path === '/errors/')!;
    const errorsChunk = await readFile(path.join(site.dir, errors.chunk));
    await page.route(`**/docs/${errors.chunk}`, (route) => route.fulfill({ body: errorsChunk, contentType: 'application/json' }));
    await page.locator('#sidebar .sidebar-items a[href="/docs/errors/"]').click();
    await poll(() => h1(page).textContent()).toContain('Errors');
    expect(await seen()).toBe(0);

    await page.route(LIMITS_CHUNK, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await clickLimits(page);
    await bar.waitFor({ state: 'visible' });
    expect(await bar.getAttribute('aria-label')).toBe('Loading page');
    expect(await h1(page).textContent()).toContain('Errors');
    await poll(() => h1(page).textContent()).toContain('Limits');
    await bar.waitFor({ state: 'detached' });
    expect(await seen()).toBeGreaterThan(0);
    await page.close();
  });

  it('on a phone, opens the sidebar as a drawer and closes it once a navigation finishes', async () => {
    const phone = await newContext(site, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await phone.newPage();
    await page.goto(site.url('/limits/'));
    await waitForApp(page);
    await markWindow(page);
    const sidebar = page.locator('#sidebar');
    const menu = page.getByRole('button', { name: 'Menu' });
    await sidebar.waitFor({ state: 'hidden' });
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);

    await menu.click();
    await sidebar.waitFor({ state: 'visible' });
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    // The drawer carries the top navigation too, a dropdown as a list under its label.
    expect(await sidebar.getByRole('link', { name: 'Pricing' }).first().isVisible()).toBe(true);
    const concepts = sidebar.getByRole('list', { name: 'Concepts' });
    expect(await concepts.isVisible()).toBe(true);
    expect(await concepts.getByRole('link').allTextContents()).toEqual(['Workflows', 'Steps', 'Triggers', 'Code', 'Integrate', 'Components']);
    // The dropdown's group is a list of its own under its title.
    expect(await concepts.getByRole('list', { name: 'Build' }).getByRole('link').allTextContents()).toEqual(['Code', 'Integrate', 'Components']);
    expect(await concepts.getByText('Build', { exact: true }).isVisible()).toBe(true);

    await sidebar.getByRole('link', { name: 'Errors' }).click();
    await poll(() => h1(page).textContent()).toContain('Errors');
    await sidebar.waitFor({ state: 'hidden' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await windowMarked(page)).toBe(true);

    // Escape closes it too.
    await menu.click();
    await sidebar.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await sidebar.waitFor({ state: 'hidden' });
    await phone.close();
  });
});
