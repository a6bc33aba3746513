import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../cli/config';
import { startDevServer, type DevServer } from '../../cli/serve/dev';
import { CHROMIUM, CHROMIUM_ARGS, clickInjectedLink, collectErrors, FIXTURE_CONTENT, poll, skipBrowserTests, waitForApp } from './harness';

/** Live updates in the browser: the edited page re-renders in place, the overlay comes and goes. */
describe.skipIf(skipBrowserTests)('docsbuild dev in Chromium', () => {
  let dir: string;
  let server: DevServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const logs: string[] = [];
  const file = (name: string) => path.join(dir, 'content', name);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'docsbuild-dev-e2e-'));
    await cp(FIXTURE_CONTENT, path.join(dir, 'content'), { recursive: true });
    server = await startDevServer({ config: resolveConfig(dir, { config: false }), host: '127.0.0.1', port: 0, log: (text) => logs.push(text), watchViewer: false, debounceMs: 20 });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
    const context = await browser.newContext({ viewport: { width: 1280, height: 600 } });
    await context.route((url) => url.hostname !== '127.0.0.1', (route) => route.abort());
    page = await context.newPage();
    errors = collectErrors(page);
    await page.goto(`${server.url}api/rest/`);
    await waitForApp(page);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const devState = () => page.evaluate(() => window.__DOCSBUILD_DEV__);

  it('re-renders the edited page in place, keeping the scroll position, without a reload', async () => {
    await page.evaluate(() => {
      (window as unknown as { __mark: boolean }).__mark = true;
      window.scrollTo(0, 300);
    });
    const y = await page.evaluate(() => window.scrollY);
    expect(y).toBeGreaterThan(100);
    const before = (await devState())?.build ?? 0;
    const source = await readFile(file('api/rest/README.md'), 'utf8');
    await writeFile(file('api/rest/README.md'), source.replace(/\n## /, '\nEdited live by the dev test.\n\n## '));
    await poll(async () => (await devState())?.build ?? 0).toBeGreaterThan(before);
    expect(await page.locator('main').innerText()).toContain('Edited live by the dev test.');
    expect(await page.evaluate(() => (window as unknown as { __mark?: boolean }).__mark)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(y);
    // A text edit: shown from the chunk in the update event (the quick path), before the site-wide files.
    expect(logs.some((l) => l.startsWith('Updated in'))).toBe(true);
    // Only the page's HTML changed: it is replaced alone, without rendering the app (and its sidebar) again.
    expect((await devState())?.shownBy).toBe('patch');
    // As the app gives its page HTML: a copy button on every code block.
    const blocks = await page.locator('[data-page-html] pre').count();
    expect(blocks).toBeGreaterThan(0);
    expect(await page.locator('[data-page-html] .code-block > .copy-code').count()).toBe(blocks);
    expect(errors).toEqual([]);
  });

  it('keeps a quick edit after navigating away and back (the route data follows the new chunk)', async () => {
    // The app is rendered again once the route data follows: a link injected before that would go with the old DOM.
    const { build } = (await devState())!;
    await poll(async () => (await devState())?.routesOf).toBe(build);
    await clickInjectedLink(page, `${server.url}limits/`);
    await poll(() => page.evaluate(() => window.location.pathname)).toBe(new URL(`${server.url}limits/`).pathname);
    await clickInjectedLink(page, `${server.url}api/rest/`);
    await poll(async () => page.locator('main').innerText()).toContain('Edited live by the dev test.');
    expect(errors).toEqual([]);
  });

  it('shows a renamed heading at once, before the site-wide files (its chunk made against the edited index)', async () => {
    const before = (await devState())?.build ?? 0;
    const source = await readFile(file('api/rest/README.md'), 'utf8');
    const heading = /^## (.+)$/m.exec(source)![1]!;
    await writeFile(file('api/rest/README.md'), source.replace(`## ${heading}`, `## ${heading} renamed live`));
    await poll(async () => (await devState())?.build ?? 0).toBeGreaterThan(before);
    expect(await page.locator('main h2').allInnerTexts()).toContain(`${heading} renamed live`);
    expect(logs.some((l) => /^Updated in \d+ ms: 1 page\(s\) changed \(its title, headers or links\)/.test(l))).toBe(true);
    expect((await devState())?.shownBy).toBe('render');
    await writeFile(file('api/rest/README.md'), source);
    await poll(async () => page.locator('main h2').allInnerTexts()).toContain(heading);
    expect(errors).toEqual([]);
  });

  it('updates the top navigation when site.yaml changes', async () => {
    const yaml = await readFile(file('site.yaml'), 'utf8');
    await writeFile(file('site.yaml'), yaml.replace('  - text: Pricing\n', '  - text: Plans and pricing\n'));
    await poll(() => page.locator('header').innerText()).toContain('Plans and pricing');
  });

  it('shows a broken edit as an overlay, and removes it once fixed', async () => {
    const good = await readFile(file('api/rest/README.md'), 'utf8');
    await writeFile(file('api/rest/README.md'), `${good}\nSee [nothing](/no-such-page/).\n`);
    const overlay = page.locator('#docsbuild-dev-overlay');
    await overlay.waitFor({ state: 'visible', timeout: 20_000 });
    expect(await overlay.innerText()).toContain('link/dead');
    expect(await overlay.innerText()).toContain('content/api/rest/README.md');
    await writeFile(file('api/rest/README.md'), good);
    await overlay.waitFor({ state: 'detached', timeout: 20_000 });
  });
});
