import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectErrors, newContext, openSite, skipBrowserTests, waitForApp, type Site } from './harness';

/**
 * A page without a sidebar (frontmatter `sidebar: false`; a `home: true`
 * page): as VuePress shows it, the pane is left out where it would hold
 * nothing and the page takes its room; below 1280px it still carries the
 * top navigation, and on a phone the drawer does.
 */
/** A content folder of `files` (by path) in a new temp folder. */
function writeContent(prefix: string, files: Record<string, string>): string {
  const content = mkdtempSync(path.join(tmpdir(), prefix));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(content, name)), { recursive: true });
    writeFileSync(path.join(content, name), text);
  }
  return content;
}

describe.skipIf(skipBrowserTests)('viewer: a page without a sidebar (Chromium)', () => {
  let site: Site;
  let context: BrowserContext;
  let content: string;

  beforeAll(async () => {
    content = writeContent('docsbuild-no-sidebar-', {
      'site.yaml': 'title: Panes\nnav:\n  - { text: Guide, link: /guide/ }\nsidebar:\n  - /guide/\n  - /guide/alone.html\n',
      'README.md': '---\nhome: true\ntitle: Panes\ntagline: A home page.\nactionText: Start\nactionLink: /guide/\n---\n',
      'guide/README.md': '# Guide\n\nThe guide, with a sidebar.\n',
      'guide/alone.md': '---\nsidebar: false\n---\n\n# Alone\n\nA page without a sidebar.\n\n## A section\n\nText.\n',
    });
    site = await openSite(content);
    context = await newContext(site);
  });
  afterAll(async () => {
    await context?.close();
    await site?.close();
    rmSync(content, { recursive: true, force: true });
  });

  const layoutAt = async (width: number, route: string) => {
    const page = await context.newPage();
    const errors = collectErrors(page);
    await page.setViewportSize({ width, height: 800 });
    await page.goto(site.url(route));
    await waitForApp(page);
    const measured = await page.evaluate(() => ({
      sidebar: getComputedStyle(document.querySelector('.sidebar')!).display !== 'none',
      mainLeft: Math.round(document.querySelector('main')!.getBoundingClientRect().left),
      mainCentre: Math.round((document.querySelector('main')!.getBoundingClientRect().left + document.querySelector('main')!.getBoundingClientRect().right) / 2),
      sidebarWidth: Math.round(document.querySelector('.sidebar')!.getBoundingClientRect().width),
    }));
    expect(errors).toEqual([]);
    await page.close();
    return measured;
  };

  it('leaves the pane out on a wide screen, for sidebar: false and a home page, and centres the page in the room it had', async () => {
    const withSidebar = await layoutAt(1440, '/guide/');
    expect(withSidebar.sidebar).toBe(true);
    const alone = await layoutAt(1440, '/guide/alone.html');
    expect(alone.sidebar).toBe(false);
    // The main column moves left by about half the pane's width (it is centred in the whole width now, beside its outline).
    expect(withSidebar.mainLeft - alone.mainLeft).toBeGreaterThan(withSidebar.sidebarWidth / 3);
    expect((await layoutAt(1440, '/')).sidebar).toBe(false);
    // The home page has no sections either, so no "on this page" column is kept for it: it is centred on the screen.
    expect((await layoutAt(1440, '/')).mainCentre).toBe(720);
    expect((await layoutAt(1280, '/')).mainCentre).toBe(640);
    // A page with sections keeps its column, so its text stays where every other page's is.
    expect((await layoutAt(1440, '/guide/alone.html')).mainCentre).toBeLessThan(700);
  });

  it('keeps the pane between 960 and 1280px, where it carries the top navigation', async () => {
    expect((await layoutAt(1100, '/guide/alone.html')).sidebar).toBe(true);
  });
});

/** A site whose site.yaml has a nav and no sidebar: no page has a pane on a wide screen. */
describe.skipIf(skipBrowserTests)('viewer: a site without a sidebar (Chromium)', () => {
  let site: Site;
  let content: string;

  beforeAll(async () => {
    content = writeContent('docsbuild-no-sidebar-site-', {
      'site.yaml': 'title: Bare\nnav:\n  - { text: Guide, link: /guide/ }\n',
      'README.md': '# Bare\n\nA site with a nav and no sidebar.\n\n## A section\n\nText.\n',
      'guide/README.md': '# Guide\n\nThe guide.\n',
    });
    site = await openSite(content);
  });
  afterAll(async () => {
    await site?.close();
    rmSync(content, { recursive: true, force: true });
  });

  it('leaves the empty pane out at 1280 px and wider, and keeps it below, where it carries the nav', async () => {
    const context = await newContext(site);
    const page = await context.newPage();
    const shown = async (width: number) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(site.url('/'));
      await waitForApp(page);
      return page.evaluate(() => ({
        sidebar: getComputedStyle(document.querySelector('.sidebar')!).display !== 'none',
        mainLeft: Math.round(document.querySelector('main')!.getBoundingClientRect().left),
      }));
    };
    const wide = await shown(1440);
    expect(wide.sidebar).toBe(false);
    // The page and its outline are centred in the whole width: (1440 - 48rem - 3rem - 13.5rem) / 2.
    expect(wide.mainLeft).toBe(Math.round((1440 - (48 + 3 + 13.5) * 16) / 2));
    expect((await shown(1100)).sidebar).toBe(true);
    await context.close();
  });
});
