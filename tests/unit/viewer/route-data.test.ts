import { describe, expect, it } from 'vitest';
import type { Manifest, SidebarItemRecord } from '../../../schema/manifest';
import { createRouteData, type Resolution } from '../../../viewer/route-data';
import { MANIFEST, page, REDIRECTS, SITE } from './fixtures';
import { pieceName, routeFiles, serve } from './route-files';

const pathOf = (r: Resolution) => (r.kind === 'page' ? r.page.path : r.kind === 'external' ? `external ${r.url}` : `not-found ${r.path}`);

function setUp(manifest: Manifest = MANIFEST, redirects = REDIRECTS) {
  const { files, root, shardNames } = routeFiles(manifest, redirects);
  const server = serve(files);
  return { ...server, files, root, shardNames, routes: createRouteData('/docs/', server.fetch) };
}

describe('viewer/route-data', () => {
  it('splits the fixture into several shards (so the tests below cross shards)', () => {
    expect(setUp().root.shards.length).toBeGreaterThan(2);
  });

  describe('resolve', () => {
    const { routes } = setUp();
    const resolved = async (sitePath: string) => pathOf(await routes.resolve(sitePath));

    it('resolves a page path to its page, with its chunk and title', async () => {
      const found = await routes.resolve('/limits/');
      expect(found).toEqual({ kind: 'page', page: { path: '/limits/', chunk: page('/limits/').chunk, title: '/limits/', sidebar: [] } });
      expect(await resolved('/')).toBe('/');
    });
    it('lands the index.html twin, the .html and the no-slash variants on the folder page', async () => {
      expect(await resolved('/limits/index.html')).toBe('/limits/');
      expect(await resolved('/limits.html')).toBe('/limits/');
      expect(await resolved('/limits')).toBe('/limits/');
      expect(await resolved('/index.html')).toBe('/');
    });
    it('keeps quickstart/create-new-workflow.html, and lands its extension-less and folder spellings on it', async () => {
      expect(await resolved('/quickstart/create-new-workflow.html')).toBe('/quickstart/create-new-workflow.html');
      expect(await resolved('/quickstart/create-new-workflow')).toBe('/quickstart/create-new-workflow.html');
      // As in the build's link check and VuePress 1's router: the folder form lands on the .html page.
      expect(await resolved('/quickstart/create-new-workflow/')).toBe('/quickstart/create-new-workflow.html');
    });
    it('follows every redirect, with or without its trailing slash, into another shard if it must', async () => {
      for (const { from, to } of REDIRECTS.redirects) expect(await resolved(from), from).toBe(to);
      expect(await resolved('/cron/')).toBe('/workflows/steps/triggers/');
      expect(await resolved('/notebook/code')).toBe('/code/nodejs/');
      expect(await resolved('/what-is-pipedream.html')).toBe('/');
    });
    it('reports an unknown path as not found, with the path', async () => {
      expect(await routes.resolve('/no/such/page/')).toEqual({ kind: 'not-found', path: '/no/such/page/' });
      expect(await resolved('/limits/extra/')).toBe('not-found /limits/extra/');
    });
    it('ignores a redirect whose target is no page, and answers a redirect to another site as external', async () => {
      const { routes: broken } = setUp(MANIFEST, {
        version: 1,
        redirects: [
          { from: '/gone', to: '/nowhere/' },
          { from: '/status', to: 'https://status.example.com/' },
        ],
      });
      expect((await broken.resolve('/gone')).kind).toBe('not-found');
      expect(pathOf(await broken.resolve('/status'))).toBe('external https://status.example.com/');
    });
  });

  it('fetches routes.json and only the shards a path needs, each once', async () => {
    const { routes, requests, root } = setUp();
    await Promise.all([routes.resolve('/limits/'), routes.resolve('/limits/')]);
    const limitsShard = root.shards.find(([, name]) => requests.some((r) => r.url.endsWith(name)))![1];
    expect(requests.map((r) => r.url)).toEqual(['/docs/routes.json', `/docs/${limitsShard}`]);
    await routes.resolve('/limits/index.html');
    expect(requests).toHaveLength(2);
    await routes.resolve('/code/nodejs/');
    expect(requests).toHaveLength(3);
    expect(requests.length).toBeLessThan(root.shards.length + 1);
  });

  it('peek answers from what is in and fetches what is not, without waiting', async () => {
    const { routes, requests } = setUp();
    expect(routes.peek('/limits/')).toBeUndefined();
    await routes.root();
    expect(routes.peek('/limits/')).toBeUndefined();
    await routes.resolve('/limits/');
    expect(routes.peek('/limits/')).toMatchObject({ kind: 'page', page: { path: '/limits/' } });
    expect(requests.filter((r) => r.url.endsWith('routes.json'))).toHaveLength(1);
  });

  it('retries after a failure and refuses another version', async () => {
    let calls = 0;
    const { files } = routeFiles(MANIFEST, REDIRECTS);
    const fetch = ((input: RequestInfo | URL) => {
      calls++;
      if (calls === 1) return Promise.resolve(new Response('', { status: 503 }));
      const name = String(input).replace('/docs/', '');
      const data = name === 'routes.json' && calls === 2 ? { ...(files.get(name) as object), version: 3 } : files.get(name);
      return Promise.resolve(new Response(JSON.stringify(data)));
    }) as typeof globalThis.fetch;
    const routes = createRouteData('/docs/', fetch);
    await expect(routes.resolve('/limits/')).rejects.toThrow('503');
    await expect(routes.resolve('/limits/')).rejects.toThrow('version 3');
    await expect(routes.resolve('/limits/')).resolves.toMatchObject({ kind: 'page' });
  });

  it("carries a sidebar link to another site through routes.json and a piece: not a page, no branch, counted as no page", async () => {
    const link: SidebarItemRecord = { type: 'link', link: 'https://github.com/ipfs/specs', title: 'Specifications' };
    const pages = Array.from({ length: 250 }, (_, i) => page(`/g/p${i}.html`, `Page ${i}`));
    const sidebar: SidebarItemRecord[] = [link, { type: 'group', title: 'G', collapsed: false, children: [...pages.map((p) => ({ type: 'page' as const, path: p.path, title: p.title })), link] }];
    const { routes, root } = setUp({ version: 1, site: { ...SITE, sidebar }, pages }, { version: 1, redirects: [] });
    expect(root.sidebar.pages).toBe(250);
    expect(root.sidebar.items[0]).toEqual({ t: 'Specifications', u: 'https://github.com/ipfs/specs' });
    const tree = await routes.sidebar([]);
    expect(tree.items[0]).toEqual({ type: 'link', link: 'https://github.com/ipfs/specs', title: 'Specifications' });
    expect((await routes.piece(pieceName(0)!)).at(-1)).toEqual({ type: 'link', link: 'https://github.com/ipfs/specs', title: 'Specifications' });
  });

  describe('a big sidebar', () => {
    // 30 pages in each of 10 groups: 300 pages, over LARGE_SIDEBAR_PAGES, so each group is a piece.
    const groups = Array.from({ length: 10 }, (_, g) => Array.from({ length: 30 }, (_, i) => page(`/g${g}/p${i}.html`, `Page ${g}.${i}`)));
    const sidebar: SidebarItemRecord[] = groups.map((pages, g) => ({ type: 'group', title: `Group ${g}`, collapsed: false, children: pages.map((p) => ({ type: 'page', path: p.path, title: p.title })) }));
    const manifest: Manifest = { version: 1, site: { ...SITE, sidebar }, pages: groups.flat() };

    it('keeps only the groups in routes.json, each group\'s pages in a piece of its own', () => {
      const { root } = setUp(manifest, { version: 1, redirects: [] });
      expect(root.pieces.count).toBe(10);
      expect(root.sidebar).toEqual({ pages: 300, items: groups.map((_, g) => ({ t: `Group ${g}`, p: g })) });
    });

    it('gives a page its branch, and the sidebar with that branch in; other pieces load when asked', async () => {
      const { routes, requests, root } = setUp(manifest, { version: 1, redirects: [] });
      const found = await routes.resolve('/g3/p7.html');
      expect(found.kind === 'page' && found.page.sidebar).toEqual([pieceName(3)]);
      const tree = await routes.sidebar([pieceName(3)!]);
      expect(tree.pages).toBe(300);
      expect(tree.items[3]).toMatchObject({ type: 'group', title: 'Group 3', piece: pieceName(3), children: [] });
      expect(routes.loadedPiece(pieceName(3)!)).toHaveLength(30);
      expect(routes.loadedPiece(pieceName(4)!)).toBeUndefined();
      expect(requests.filter((r) => r.url.includes('sidebar-'))).toHaveLength(1);
      expect((await routes.piece(pieceName(4)!))[0]).toEqual({ type: 'page', path: '/g4/p0.html', title: 'Page 4.0' });
    });
  });
});
