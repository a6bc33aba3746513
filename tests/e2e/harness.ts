import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { build } from '../../cli/build';
import { resolveConfig } from '../../cli/config';
import { writeOutput } from '../../cli/output/folder';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Manifest, Redirects } from '../../schema/manifest';
import { startStaticServer, type StaticServer } from './static-server';

export { CHROMIUM, CHROMIUM_ARGS } from './chromium';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium';
export const FIXTURE_CONTENT = path.resolve(__dirname, '../fixtures/viewer-site/content');

/**
 * Without Chromium the browser tests skip locally (with a message) but run,
 * and fail, in CI: a CI run must never pass without its browser tests.
 */
export const browserMissing = !existsSync(CHROMIUM);
export const skipBrowserTests = browserMissing && !process.env.CI;
if (skipBrowserTests) {
  process.stderr.write(`Skipping browser tests: ${CHROMIUM} is missing. Install it with: apt-get install -y chromium\n`);
}

export interface Site {
  /** `http://127.0.0.1:<port>/docs/` */
  url(sitePath?: string): string;
  origin: string;
  dir: string;
  manifest: Manifest;
  redirects: Redirects;
  browser: Browser;
  close(): Promise<void>;
}

type Built = Awaited<ReturnType<typeof build>>;

/**
 * The shared fixture's build, made once per test process: the browser
 * files run one after another in one process (vitest.config.ts), and most
 * open this same site. Its files are written anew into each file's own
 * folder, so a test that changes its copy changes no other's.
 */
let fixtureBuild: Promise<Built> | undefined;

async function buildSite(content: string, dir: string, out: string): Promise<Built> {
  const made = () => build(resolveConfig(dir, { content, out, config: false }), { mode: 'build' });
  if (content !== FIXTURE_CONTENT) return made();
  fixtureBuild ??= made();
  return fixtureBuild;
}

/**
 * Builds `content` into a temp folder with the real pipeline, serves it,
 * and launches one Chromium for the whole test file. Playwright's `launch`
 * gives each browser a fresh temporary profile (it refuses --user-data-dir).
 */
export async function openSite(content = FIXTURE_CONTENT): Promise<Site> {
  if (browserMissing) throw new Error(`${CHROMIUM} is missing: the browser tests cannot run. Install it with: apt-get install -y chromium`);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docsbuild-e2e-'));
  const out = path.join(dir, 'dist');
  let server: StaticServer | undefined;
  let browser: Browser | undefined;
  try {
    const result = await buildSite(content, dir, out);
    const errors = result.diagnostics.filter((d) => d.severity === 'error');
    if (errors.length > 0) throw new Error(`The test site does not build:\n${errors.map((d) => `${d.file}:${d.line} ${d.message}`).join('\n')}`);
    await writeOutput(result.files, out);
    // Under the site's own base (the viewer-site fixture's is /docs/).
    server = await startStaticServer(out, result.manifest!.site.base);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
    const base = result.manifest!.site.base;
    const origin = server.origin;
    const openServer = server;
    const openBrowser = browser;
    return {
      origin,
      dir: out,
      manifest: result.manifest!,
      redirects: JSON.parse(result.files.get('redirects.json') as string) as Redirects,
      browser,
      url: (sitePath = '/') => `${origin}${base}${sitePath.slice(1)}`,
      async close() {
        await openBrowser.close();
        await openServer.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await browser?.close();
    await server?.close();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The usual suite set-up: the fixture site and a browser context opened
 * before the suite's tests (handed to `onOpen`), both closed after them.
 */
export function useSite(onOpen: (opened: { site: Site; context: BrowserContext }) => void): void {
  let site: Site | undefined;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    site = await openSite();
    context = await newContext(site);
    onOpen({ site, context });
  });
  afterAll(async () => {
    await context?.close();
    await site?.close();
  });
}

/** A context that can reach only the test server: every other request is aborted. */
export async function newContext(site: Site, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light', ...options });
  await context.route((url) => url.hostname !== '127.0.0.1', (route) => route.abort());
  return context;
}

/** Errors the page reports: uncaught exceptions and console errors (failed resource loads aside: aborted analytics, expected 404s). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(`console: ${message.text()}`);
  });
  return errors;
}

/** Marks the window; the mark survives client-side navigation and vanishes on a full load. */
/** Clicks a link the test puts into the page's main column: how a writer's link (to a redirect, a variant, another section) arrives. */
export async function clickInjectedLink(page: Page, href: string): Promise<void> {
  await page.evaluate((target) => {
    document.getElementById('e2e-link')?.remove();
    const a = document.createElement('a');
    a.href = target;
    a.id = 'e2e-link';
    a.textContent = 'e2e link';
    document.querySelector('main')!.prepend(a);
  }, href);
  await page.locator('#e2e-link').click();
}

export async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __e2eMark?: boolean }).__e2eMark = true;
  });
}

export async function windowMarked(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __e2eMark?: boolean }).__e2eMark === true);
}

/** Resolves once the app has taken over: from then on links navigate client-side. */
export async function waitForApp(page: Page): Promise<void> {
  await page.locator('html[data-viewer="ready"]').waitFor({ state: 'attached' });
}

/** Switches the page's colour scheme in place, as a reader's system does, and checks that the page now sees it. */
export async function showScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches), `${scheme} scheme`).toBe(scheme === 'dark');
}

/** expect.poll with room for a busy CI machine (its default gives up after 1 s). */
export function poll<T>(fn: () => T | Promise<T>, message?: string) {
  return expect.poll(fn, { timeout: 10_000, interval: 50, message });
}
