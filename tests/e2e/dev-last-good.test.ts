import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../cli/config';
import { startDevServer, type DevServer } from '../../cli/serve/dev';
import { CHROMIUM, CHROMIUM_ARGS, collectErrors, poll, skipBrowserTests, waitForApp } from './harness';

/** Each page's text as the test writes it: a title and one paragraph, or a heading that another page links to. */
const page = (text: string, more = '') => `# Page\n\n${text}\n${more}`;
const DEAD_LINK = '\n[x](/nope/)\n';
const target = (heading: string) => `# Target\n\nThe target page.\n\n## ${heading}\n\nUnder the heading.\n`;
const SITE_YAML = 'title: Last good\nsidebar:\n  - /page\n  - /target\n  - /linking\n';
const linking = (anchor: string) => `# Linking\n\nSee [the heading](/target.html#${anchor}).\n`;

/**
 * While there are errors the last good build stays on screen: a quick edit
 * (its page shown before the full build) whose build fails is taken back,
 * and once the errors are fixed the tab shows exactly what the server
 * serves. The bug this holds: the tab kept the broken edit's text under the
 * page's old chunk name, so a fix that returned the page to that text was
 * never shown.
 */
describe.skipIf(skipBrowserTests)('docsbuild dev keeps the last good build on screen', () => {
  let dir: string;
  let server: DevServer;
  let browser: Browser;
  let tab: Page;
  let errors: string[];
  const logs: string[] = [];
  const file = (name: string) => path.join(dir, 'content', name);

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'docsbuild-dev-last-good-'));
    await mkdir(path.join(dir, 'content'));
    await writeFile(file('site.yaml'), SITE_YAML);
    await writeFile(file('page.md'), page('Original text.'));
    await writeFile(file('target.md'), target('Old heading'));
    await writeFile(file('linking.md'), linking('old-heading'));
    server = await startDevServer({ config: resolveConfig(dir, { config: false }), host: '127.0.0.1', port: 0, log: (text) => logs.push(text), watchViewer: false, debounceMs: 20 });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.route((url) => url.hostname !== '127.0.0.1', (route) => route.abort());
    tab = await context.newPage();
    errors = collectErrors(tab);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const open = async (name: string) => {
    await tab.goto(`${server.url}${name}`);
    await waitForApp(tab);
  };
  const devState = () => tab.evaluate(() => window.__DOCSBUILD_DEV__);
  const overlay = () => tab.locator('#docsbuild-dev-overlay');
  /** The page's paragraphs and section headings in the tab, and in the page as the server serves it now (the same script for both). */
  const textOf = `(root) => [...root.querySelectorAll('[data-page-html] :is(p, h2)')].map((e) => e.textContent.trim()).join(' | ')`;
  const shown = () => tab.evaluate<string>(`(${textOf})(document)`);
  const served = () =>
    tab.evaluate<string>(`(async () => {
      const html = await (await fetch(window.location.href, { cache: 'no-store' })).text();
      return (${textOf})(new DOMParser().parseFromString(html, 'text/html'));
    })()`);

  /** Until the tab shows an update after `before` and has that update's route data (after a quick edit, the route data of the build that followed). */
  const untilRoutesAfter = (before: number) =>
    poll(async () => {
      const state = await devState();
      return state !== undefined && state.build > before && state.routesOf === state.build;
    }).toBe(true);
  /** Writes an edit that the quick path shows and a build accepts: done once its update's route data is in use. */
  const goodEdit = async (name: string, text: string) => {
    const before = (await devState())?.build ?? 0;
    await writeFile(file(name), text);
    await untilRoutesAfter(before);
    await overlay().waitFor({ state: 'detached' });
  };
  /**
   * Writes an edit that the quick path shows at once (its own links or
   * headings changed) and whose build fails: done once the tab has the
   * route data that build left (the last good build's) and the overlay.
   */
  const failingEdit = async (name: string, text: string) => {
    const before = (await devState())?.build ?? 0;
    const quickLines = logs.filter((l) => l.startsWith('Updated in')).length;
    await writeFile(file(name), text);
    await overlay().waitFor({ state: 'visible', timeout: 20_000 });
    await untilRoutesAfter(before);
    // The case of the bug: the edit went to the tab before its build failed.
    expect(logs.filter((l) => l.startsWith('Updated in')).length).toBeGreaterThan(quickLines);
  };
  /** Writes the fix of the errors: done once the overlay is gone. */
  const fixingEdit = async (name: string, text: string) => {
    await writeFile(file(name), text);
    await overlay().waitFor({ state: 'detached', timeout: 20_000 });
  };
  const expectShown = async (text: string) => {
    await poll(shown).toBe(text);
    expect(await served()).toBe(text);
  };

  it('takes back an edit whose build failed, and shows the page as served once the error is fixed', async () => {
    await open('page.html');
    await expectShown('Original text.');
    await failingEdit('page.md', page('Original text.', DEAD_LINK));
    expect(await overlay().innerText()).toContain('link/dead');
    await expectShown('Original text.');
    await fixingEdit('page.md', page('Original text.'));
    await expectShown('Original text.');
    // Still so once nothing more comes: no later update puts the broken edit back.
    await tab.waitForTimeout(500);
    await expectShown('Original text.');
    expect(errors).toEqual([]);
  });

  it('after a good edit and a broken one, shows the original text when the page returns to it', async () => {
    await goodEdit('page.md', page('Text A.'));
    await expectShown('Text A.');
    await failingEdit('page.md', page('Text A.', DEAD_LINK));
    await expectShown('Text A.');
    await fixingEdit('page.md', page('Original text.'));
    await expectShown('Original text.');
    expect(errors).toEqual([]);
  });

  it('shows an edit that was taken back once a change that makes no page of its own lets the build accept it', async () => {
    await open('target.html');
    await expectShown('The target page. | Old heading | Under the heading.');
    // The heading renamed: linking.md's anchor is now dead, and the build fails.
    await failingEdit('target.md', target('New heading'));
    expect(await overlay().innerText()).toContain('link/dead-anchor');
    await expectShown('The target page. | Old heading | Under the heading.');
    // The check turned off: the build accepts the renamed heading, though no page and nothing of the site record changed since the edit.
    await fixingEdit('site.yaml', `${SITE_YAML}rules:\n  link/dead-anchor: 'off'\n`);
    await expectShown('The target page. | New heading | Under the heading.');
    expect(errors).toEqual([]);
  });
});
