import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest, PageChunk } from '../../schema/manifest';
import { ROUTES_VERSION, type RouteShard, type RoutesRoot } from '../../schema/routes';
import { collectErrors, markWindow, newContext, openSite, poll, skipBrowserTests, waitForApp, windowMarked, type Site } from './harness';

/**
 * The viewer when chunks go wrong in transit or a new deploy renames them:
 * every case ends in a page, the not-found page or an alert with a way out,
 * never a blank main area or a progress bar that stays.
 */
describe.skipIf(skipBrowserTests)('viewer: faults (Chromium)', () => {
  let site: Site;
  let context: BrowserContext;
  let manifest: Manifest;
  let limitsChunk: PageChunk;

  beforeAll(async () => {
    site = await openSite();
    context = await newContext(site);
    manifest = JSON.parse(readFileSync(path.join(site.dir, 'pages.json'), 'utf8')) as Manifest;
    const record = manifest.pages.find((p) => p.path === '/limits/')!;
    limitsChunk = JSON.parse(readFileSync(path.join(site.dir, record.chunk), 'utf8')) as PageChunk;
  });
  afterAll(async () => {
    await context?.close();
    await site?.close();
  });

  const LIMITS_CHUNK = '**/docs/assets/pages/limits.*.json';
  const NEW_NAME = 'assets/pages/limits.00000000aa.json';
  const h1 = (page: Page) => page.locator('main h1');
  const alert = (page: Page) => page.getByRole('alert');
  const clickLimits = (page: Page) => page.locator('#sidebar .sidebar-items a[href="/docs/limits/"]').click();
  const openHome = async (before?: (page: Page) => Promise<unknown>) => {
    const page = await context.newPage();
    const errors = collectErrors(page);
    await before?.(page);
    await page.goto(site.url('/'));
    await waitForApp(page);
    await markWindow(page);
    return { page, errors };
  };
  /** The state is final: something readable in main, and no progress bar left. */
  const expectSettled = async (page: Page) => {
    expect((await page.locator('main').innerText()).trim().length).toBeGreaterThan(20);
    expect(await page.getByRole('progressbar').count()).toBe(0);
  };
  const json = (data: unknown) => ({ status: 200, contentType: 'application/json', body: JSON.stringify(data) });
  /** The chunk id of a route shard's page entry (schema/routes.ts): its name without folder and extension. */
  const NEW_ID = NEW_NAME.replace('assets/pages/', '').replace('.json', '');

  /**
   * A new deploy, as a tab sees it: the routes.json it loaded at start names
   * the old shards; once it fetches routes.json again (the viewer does after
   * a chunk 404), the shards it then fetches are the new deploy's, `edit`ed.
   * `root` rewrites that second routes.json. Counts the routes.json fetches
   * after the first.
   */
  const newDeploy = (edit: (shard: RouteShard) => RouteShard, root: (data: RoutesRoot) => unknown = (data) => data) => {
    const state = { refreshed: 0 };
    let roots = 0;
    const setUp = async (page: Page) => {
      await page.route('**/docs/routes.json', async (route) => {
        if (++roots === 1) return route.continue();
        state.refreshed++;
        const response = await route.fetch();
        return route.fulfill(json(root((await response.json()) as RoutesRoot)));
      });
      await page.route('**/docs/assets/routes/routes-*.json', async (route) => {
        if (roots < 2) return route.continue();
        const response = await route.fetch();
        return route.fulfill(json(edit((await response.json()) as RouteShard)));
      });
    };
    return { state, setUp };
  };
  const renameLimits = (shard: RouteShard): RouteShard => ({ ...shard, pages: shard.pages.map((p) => (p[0] === '/limits/' ? [p[0], NEW_ID, p[2]] : p)) });
  const dropLimits = (shard: RouteShard): RouteShard => ({ ...shard, pages: shard.pages.filter((p) => p[0] !== '/limits/') });

  it.each([
    ['truncated', (route: Route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(limitsChunk).slice(0, 60) })],
    ['not JSON (an HTML page with status 200)', (route: Route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><p>Hello</p>' })],
    ['JSON of the wrong shape', (route: Route) => route.fulfill(json({ ...limitsChunk, html: undefined, headers: 'none' }))],
  ])('shows an alert with a working retry for a chunk that is %s', async (_, handler) => {
    const { page } = await openHome();
    await page.route(LIMITS_CHUNK, handler);
    await clickLimits(page);
    await alert(page).waitFor();
    expect(await alert(page).getAttribute('data-error')).toBe('other');
    expect(await h1(page).textContent()).toBe('Limits');
    await expectSettled(page);

    await page.unroute(LIMITS_CHUNK);
    await page.getByRole('button', { name: 'Try again' }).click();
    await poll(() => page.locator('main').textContent()).toContain('HTTP payload size');
    expect(await alert(page).count()).toBe(0);
    expect(await windowMarked(page)).toBe(true);
    await page.close();
  });

  it('asks for a reload when a chunk is of another schema version, and the reload shows the page', async () => {
    const { page } = await openHome();
    await page.route(LIMITS_CHUNK, (route) => route.fulfill(json({ ...limitsChunk, version: 2 })));
    await clickLimits(page);
    await alert(page).waitFor();
    expect(await alert(page).getAttribute('data-error')).toBe('outdated');
    expect(await alert(page).textContent()).toContain('has been updated');
    await expectSettled(page);

    await page.getByRole('button', { name: 'Reload' }).click();
    await poll(() => windowMarked(page).catch(() => true)).toBe(false);
    await waitForApp(page);
    expect(page.url()).toBe(site.url('/limits/'));
    expect(await page.locator('main').textContent()).toContain('HTTP payload size');
    await page.close();
  });

  it('after a new deploy renamed the chunk (404), reloads the route table once and shows the page from its new chunk', async () => {
    const deploy = newDeploy(renameLimits);
    const { page, errors } = await openHome(deploy.setUp);
    await page.route(LIMITS_CHUNK, (route) =>
      route.request().url().endsWith(NEW_NAME)
        ? route.fulfill(json({ ...limitsChunk, html: `${limitsChunk.html}<p id="redeployed">From the new deploy.</p>` }))
        : route.fulfill({ status: 404, body: 'gone' }),
    );
    await clickLimits(page);
    await poll(() => page.locator('#redeployed').count()).toBe(1);
    expect(deploy.state.refreshed).toBe(1);
    expect(page.url()).toBe(site.url('/limits/'));
    expect(await h1(page).textContent()).toContain('Limits');
    expect(await windowMarked(page)).toBe(true);
    await expectSettled(page);

    // From now on the new table is used: back to /limits/ goes straight to the new chunk.
    const chunks: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/assets/pages/limits.')) chunks.push(new URL(request.url()).pathname);
    });
    await page.locator('#sidebar .sidebar-items a[href="/docs/errors/"]').click();
    await poll(() => h1(page).textContent()).toContain('Errors');
    await clickLimits(page);
    await poll(() => page.locator('#redeployed').count()).toBe(1);
    expect(chunks.every((c) => c.endsWith(NEW_NAME))).toBe(true);
    expect(deploy.state.refreshed).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows not-found when the new deploy no longer has the page', async () => {
    const deploy = newDeploy(dropLimits);
    const { page } = await openHome(deploy.setUp);
    await page.route(LIMITS_CHUNK, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await clickLimits(page);
    await poll(() => h1(page).textContent()).toBe('Page not found');
    expect(deploy.state.refreshed).toBe(1);
    expect(await alert(page).count()).toBe(0);
    await expectSettled(page);
    await page.close();
  });

  it('shows not-found when the chunk is still missing after reloading the route table (the same deploy)', async () => {
    const deploy = newDeploy((shard) => shard);
    const { page } = await openHome(deploy.setUp);
    await page.route(LIMITS_CHUNK, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await clickLimits(page);
    await poll(() => h1(page).textContent()).toBe('Page not found');
    expect(deploy.state.refreshed).toBe(1);
    await expectSettled(page);
    await page.close();
  });

  it('asks for a reload when the new deploy\'s route table is of another version', async () => {
    const deploy = newDeploy((shard) => shard, (data) => ({ ...data, version: ROUTES_VERSION + 1 }));
    const { page } = await openHome(deploy.setUp);
    await page.route(LIMITS_CHUNK, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await clickLimits(page);
    await alert(page).waitFor();
    expect(await alert(page).getAttribute('data-error')).toBe('outdated');
    await expectSettled(page);
    await page.close();
  });

  it('shows the progress bar for a slow chunk, then the page: no spinner left behind', async () => {
    const { page } = await openHome();
    await page.route(LIMITS_CHUNK, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await route.continue();
    });
    await clickLimits(page);
    await page.getByRole('progressbar').waitFor({ state: 'visible' });
    await poll(() => page.locator('main').textContent()).toContain('HTTP payload size');
    await page.getByRole('progressbar').waitFor({ state: 'detached' });
    await expectSettled(page);
    await page.close();
  });
});
