import { describe, expect, it } from 'vitest';
import { siteUpdate, type BuildSnapshot } from '../../../../cli/serve/changes';
import type { Manifest } from '../../../../schema/manifest';

const snapshot = (pages: Record<string, string>, options: { nav?: string; redirects?: string; viewer?: string } = {}): BuildSnapshot => ({
  manifest: {
    version: 1,
    site: { title: 'S', nav: [{ text: options.nav ?? 'Guide', link: '/g/', external: false }] },
    pages: Object.entries(pages).map(([path, chunk]) => ({ path, chunk })),
  } as unknown as Manifest,
  redirects: options.redirects ?? '{}',
  viewerKey: options.viewer ?? 'assets/main.AAAAAAAA.js',
});

describe('cli/serve/changes', () => {
  it('reports only pages whose chunk name changed, added pages and removed ones', () => {
    const before = snapshot({ '/a/': 'a.1', '/b/': 'b.1', '/c/': 'c.1' });
    const after = snapshot({ '/a/': 'a.2', '/b/': 'b.1', '/d/': 'd.1' });
    expect(siteUpdate(before, after, 7)).toEqual({
      build: 7,
      pages: [
        { path: '/a/', chunk: 'a.2' },
        { path: '/d/', chunk: 'd.1' },
      ],
      removed: ['/c/'],
      site: false,
      reload: false,
    });
  });

  it('compares with the chunks quick edits showed in place of the manifest\'s', () => {
    const before = { ...snapshot({ '/a/': 'a.1', '/b/': 'b.1' }), shown: new Map([['/a/', 'a.2']]) };
    expect(siteUpdate(before, snapshot({ '/a/': 'a.2', '/b/': 'b.1' }), 3)).toBeUndefined();
    expect(siteUpdate(before, snapshot({ '/a/': 'a.1', '/b/': 'b.1' }), 3)?.pages).toEqual([{ path: '/a/', chunk: 'a.1' }]);
  });

  it('has nothing to say when the output is the same', () => {
    expect(siteUpdate(snapshot({ '/a/': 'a.1' }), snapshot({ '/a/': 'a.1' }), 2)).toBeUndefined();
  });

  it('flags site changes (nav, sidebar, redirects) and viewer changes (reload)', () => {
    const base = snapshot({ '/a/': 'a.1' });
    expect(siteUpdate(base, snapshot({ '/a/': 'a.1' }, { nav: 'Guides' }), 2)?.site).toBe(true);
    expect(siteUpdate(base, snapshot({ '/a/': 'a.1' }, { redirects: '{"x":1}' }), 2)?.site).toBe(true);
    expect(siteUpdate(base, snapshot({ '/a/': 'a.1' }, { viewer: 'assets/main.BBBBBBBB.js' }), 2)?.reload).toBe(true);
  });

  it('treats the first build as a change of everything (a waiting tab reloads into the site)', () => {
    const update = siteUpdate(undefined, snapshot({ '/a/': 'a.1' }), 1);
    expect(update).toMatchObject({ build: 1, site: true, reload: false, pages: [{ path: '/a/', chunk: 'a.1' }] });
  });
});
