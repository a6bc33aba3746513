import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoutesRoot } from '../../schema/routes';
import { shardOf } from '../../shared/prefix-shards';
import { generateTree, writeTree, type GeneratedTree } from '../bench/generate-tree';
import { clickInjectedLink, collectErrors, markWindow, newContext, openSite, poll, skipBrowserTests, waitForApp, windowMarked, type Site } from './harness';

/**
 * A reader of a 2,000-page site (the bench's generated tree) downloads what
 * they read: routes.json, the shard of their section and their branch of
 * the sidebar, never the whole manifest; another section's shard when they
 * go there; a search's shards when they search. And the site still reads
 * and links without JavaScript.
 */
describe.skipIf(skipBrowserTests)('viewer: a 2,000-page site (Chromium)', () => {
  let site: Site;
  let context: BrowserContext;
  let tree: GeneratedTree;
  let root: RoutesRoot;
  let contentDir: string;

  beforeAll(async () => {
    contentDir = await mkdtemp(path.join(os.tmpdir(), 'docsbuild-big-'));
    tree = await generateTree({ pages: 2000 });
    await writeTree(contentDir, tree);
    site = await openSite(contentDir);
    context = await newContext(site);
    root = JSON.parse(readFileSync(path.join(site.dir, 'routes.json'), 'utf8')) as RoutesRoot;
  }, 240_000);
  afterAll(async () => {
    await context?.close();
    await site?.close();
    if (contentDir) await rm(contentDir, { recursive: true, force: true });
  });

  const prefixes = () => root.shards.map(([prefix]) => prefix);
  const shardFileOf = (sitePath: string) => root.shards[shardOf(sitePath, prefixes())]![1];
  /** The first path segment: the section a page is in. */
  const sectionOf = (sitePath: string) => sitePath.split('/')[1] ?? '';
  /** A page four folders down, and a page in another top-level section whose route shard is another file. */
  const deepPage = () => tree.pages.find((p) => p.path.split('/').length >= 6 && p.path.endsWith('.html'))!;
  const elsewhere = (from: string) =>
    tree.pages.find((p) => sectionOf(p.path) !== sectionOf(from) && p.path.endsWith('.html') && shardFileOf(p.path) !== shardFileOf(from))!;
  const open = async (sitePath: string) => {
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (request: Request) => requests.push(new URL(request.url()).pathname));
    const errors = collectErrors(page);
    await page.goto(site.url(sitePath));
    await waitForApp(page);
    return { page, requests, errors };
  };
  const h1 = (page: Page) => page.locator('main h1');

  it('splits the site into route shards and sidebar pieces, and a first visit fetches one of each kind it needs, never pages.json', async () => {
    expect(root.shards.length).toBeGreaterThan(5);
    expect(root.pieces.count).toBeGreaterThan(5);
    const target = deepPage();
    const { page, requests, errors } = await open(target.path);
    expect(await h1(page).textContent()).toContain(target.title);
    const routeFiles = requests.filter((p) => p.includes('/assets/routes/routes-'));
    expect(routeFiles).toEqual([`/docs/${shardFileOf(target.path)}`]);
    expect(requests.filter((p) => p.endsWith('/routes.json'))).toHaveLength(1);
    expect(requests.some((p) => p.endsWith('/pages.json') || p.endsWith('/redirects.json'))).toBe(false);
    // Its own branch of the sidebar, open, with the page marked; no other piece.
    const pieces = requests.filter((p) => p.includes('/assets/routes/sidebar-'));
    expect(pieces.length).toBeGreaterThan(0);
    expect(pieces.length).toBeLessThan(root.pieces.count);
    await poll(() => page.locator('#sidebar a[aria-current="page"]').textContent()).toBe(target.title);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('loads the shard of another section on the way there, its branch of the sidebar, and a closed group\'s pages when it is opened', async () => {
    const start = deepPage();
    const { page, requests, errors } = await open(start.path);
    await markWindow(page);
    const target = elsewhere(start.path);
    // A link into the other section, as a writer would put one in a page.
    await clickInjectedLink(page, site.url(target.path));
    await poll(() => h1(page).textContent()).toContain(target.title);
    expect(await windowMarked(page)).toBe(true);
    expect(requests).toContain(`/docs/${shardFileOf(target.path)}`);
    // The sidebar follows: the new page's branch is fetched and open, the page marked.
    await poll(() => page.locator('#sidebar a[aria-current="page"]').textContent()).toBe(target.title);
    expect(requests.some((p) => p.endsWith('/pages.json'))).toBe(false);

    // A closed top-level group: its pages are fetched when the reader opens it.
    const title = await page.locator('#sidebar li.sidebar-group.top > details:not([open]) > summary').first().textContent();
    // Found by its title: a locator for "the first closed group" would move on to the next one once this opens.
    const closed = page.locator('#sidebar li.sidebar-group.top > details').filter({ has: page.locator('summary', { hasText: title! }) }).first();
    const piecesBefore = requests.filter((p) => p.includes('/assets/routes/sidebar-')).length;
    await closed.locator('summary').click();
    await poll(() => closed.locator('a.sidebar-link').count()).toBeGreaterThan(0);
    expect(requests.filter((p) => p.includes('/assets/routes/sidebar-')).length).toBe(piecesBefore + 1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('finds a page of a section not visited yet, by its title, with a typo and by a prefix, and opens it', async () => {
    const start = deepPage();
    const target = elsewhere(start.path);
    const { page, requests, errors } = await open(start.path);
    await markWindow(page);
    const box = page.getByRole('combobox', { name: 'Search' });
    const hitFor = (text: string) => page.getByRole('option').filter({ hasText: text }).first();
    // The whole title, then with a typo in its last word, then with its last word cut to a prefix.
    const words = target.title.split(' ');
    const last = words.at(-1)!;
    const typo = `${last.slice(0, -1)}${last.endsWith('x') ? 'y' : 'x'}`;
    for (const query of [target.title, [...words.slice(0, -1), typo].join(' '), [...words.slice(0, -1), last.slice(0, 4)].join(' ')]) {
      await box.fill(query);
      await hitFor(target.title).waitFor();
    }
    await box.fill(target.title);
    await hitFor(target.title).waitFor();
    await hitFor(target.title).click();
    await poll(() => h1(page).textContent()).toContain(target.title);
    expect(await windowMarked(page)).toBe(true);
    expect(requests).toContain(`/docs/${shardFileOf(target.path)}`);
    const searchFiles = requests.filter((p) => p.includes('/assets/search/'));
    const searchRoot = JSON.parse(readFileSync(path.join(site.dir, searchFiles.find((p) => p.includes('/index.'))!.slice('/docs/'.length)), 'utf8')) as { terms: unknown[]; docs: { shards: number } };
    expect(searchFiles.length).toBeLessThan((1 + searchRoot.terms.length + searchRoot.docs.shards) / 4);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('reads and links without JavaScript: the page, its sidebar branch, and a link to the next page', async () => {
    const noScript = await newContext(site, { javaScriptEnabled: false });
    const page = await noScript.newPage();
    const target = deepPage();
    await page.goto(site.url(target.path));
    expect(await h1(page).textContent()).toContain(target.title);
    expect(await page.locator('#sidebar a[aria-current="page"]').textContent()).toBe(target.title);
    const sibling = page.locator('#sidebar a.sidebar-link:not([aria-current])').first();
    const href = await sibling.getAttribute('href');
    await sibling.click();
    await page.waitForURL(`${site.origin}${href}`);
    expect((await h1(page).textContent())?.trim().length).toBeGreaterThan(0);
    await noScript.close();
  });
});
