import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../cli/build';
import { resolveConfig } from '../../cli/config';
import { startPreview, type PreviewServer } from '../../cli/serve/preview';
import { writeOutput } from '../../cli/output/folder';
import { CHROMIUM, CHROMIUM_ARGS, FIXTURE_CONTENT, skipBrowserTests, waitForApp } from './harness';

/** The redirect stubs on a plain static host (docsbuild preview serves no 301s): with and without JavaScript. */
describe.skipIf(skipBrowserTests)('redirect stubs in Chromium (docsbuild preview)', () => {
  let dir: string;
  let server: PreviewServer;
  let browser: Browser;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'docsbuild-preview-e2e-'));
    const out = path.join(dir, 'dist');
    const result = await build(resolveConfig(dir, { content: FIXTURE_CONTENT, out, config: false }), { mode: 'build' });
    await writeOutput(result.files, out);
    server = await startPreview({ outDir: out, host: '127.0.0.1', port: 0 });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('with JavaScript: the stub hands over to the target page, keeping the query and #fragment', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}cron?ref=x#http`);
    await page.waitForURL((url) => url.pathname === '/docs/workflows/steps/triggers/');
    await waitForApp(page);
    const url = new URL(page.url());
    expect(url.search + url.hash).toBe('?ref=x#http');
    expect(await page.locator('main h1').first().innerText()).toContain('Triggers');
    await context.close();
  });

  it('without JavaScript: the meta refresh lands on the target page', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}notebook/inspector/`);
    await page.waitForURL((url) => url.pathname === '/docs/workflows/events/inspect/');
    expect(await page.locator('main h1').first().innerText()).toContain('Inspecting events');
    await context.close();
  });
});
