import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageLayoutHtml, PageShells, renderLayout } from '../../../../../cli/features/viewer/page-layout';
import { parseSiteConfig } from '../../../../../cli/site/site-config';
import type { Header, NavItemRecord, SidebarItemRecord } from '../../../../../schema/manifest';
import type { SidebarEntryInput } from '../../../../../schema/site-config';
import { LARGE_SIDEBAR_PAGES } from '../../../../../shared/sidebar';
import { navLinksOf } from '../../../../../shared/nav-links';
import { isWithin } from '../../../../../viewer/components/NavLink';
import { wholeTree } from '../../../../../viewer/components/Sidebar';
import { shellOf, type BootData, type PageMeta } from '../../../../../viewer/view';
import { buildFixture } from '../../../../helpers/build-fixture';
import { SITE } from '../../../viewer/fixtures';

type PageProps = Parameters<typeof pageLayoutHtml>[0];

function propsOf(site: BootData['site'], tree: readonly SidebarItemRecord[], page: PageMeta, html: string): PageProps {
  return { site, sidebar: wholeTree(tree), view: { kind: 'page', page, html }, showProgress: false, sidebarOpen: false };
}

/** The layout put together from shared parts (never left to the whole render where the tree shows), equal to the whole render. */
function expectSpliced(props: PageProps, tree: readonly SidebarItemRecord[]): string {
  const whole = renderLayout(props);
  const spliced = pageLayoutHtml(props, tree);
  const path = props.view.page.path;
  if (props.view.page.sidebarMode !== undefined) expect(spliced, path).toBeUndefined();
  else expect(spliced, path).toBe(whole);
  return whole;
}

/** Every page of a tree as the current page, and one in no entry: the spliced layout against the whole render. */
function expectSameForEveryPage(site: BootData['site'], tree: readonly SidebarItemRecord[], variants: (path: string, i: number) => Partial<PageMeta> = () => ({})) {
  const paths = [...pathsOf(tree), '/in-no-entry/'];
  for (const [i, pagePath] of paths.entries()) {
    const page: PageMeta = { version: 1, key: `v-${i}`, path: pagePath, title: `Page ${i}`, description: '', headers: HEADERS, chunk: `c${i}.json`, ...variants(pagePath, i) };
    const props = propsOf(site, tree, page, `<h1>Page ${i}</h1><p>Body</p>`);
    expectSpliced(props, tree);
  }
  return paths.length;
}

const HEADERS: Header[] = [
  { level: 2, slug: 'one', title: 'One & <two>' },
  { level: 3, slug: 'one-a', title: 'One A' },
  { level: 2, slug: 'three', title: 'Three' },
];

function pathsOf(items: readonly SidebarItemRecord[]): string[] {
  return items.flatMap((item) => (item.type === 'page' ? [item.path] : item.type === 'group' ? pathsOf(item.children) : []));
}

describe('cli/features/viewer/page-layout', () => {
  it('equals the whole render on every page of the viewer and VuePress fixture sites, as built', async () => {
    let compared = 0;
    for (const name of ['viewer-site', 'vuepress-site']) {
      const { files, manifest } = await buildFixture(name);
      for (const record of manifest!.pages) {
        const html = files.get(record.path === '/' ? 'index.html' : record.path.endsWith('/') ? `${record.path.slice(1)}index.html` : record.path.slice(1));
        if (typeof html !== 'string') continue;
        const boot = JSON.parse(/<script type="application\/json" id="docsbuild-boot">(.*?)<\/script>/s.exec(html)![1]!.replace(/\\u003c/g, '<')) as BootData;
        const chunk = JSON.parse(files.get(record.chunk) as string) as { html: string };
        const props = propsOf(boot.site, manifest!.site.sidebar, boot.page!, chunk.html);
        const layout = expectSpliced(props, manifest!.site.sidebar);
        // And the file written is that layout.
        expect(html.includes(`<div id="app">${layout}</div>`), record.path).toBe(true);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(25);
  }, 60_000);

  it("equals the whole render for every page of the real site's sidebar and nav", () => {
    const file = path.resolve(__dirname, '../../../../../content/site.yaml');
    const { config } = parseSiteConfig({ relativePath: 'site.yaml', file, text: readFileSync(file, 'utf8') });
    // The real site's tree, each page titled by its path (what matters is the shape, and where the current page is).
    const toRecord = (entry: SidebarEntryInput): SidebarItemRecord =>
      typeof entry === 'string'
        ? { type: 'page', path: entry, title: `${entry} <&>` }
        : 'link' in entry
          ? { type: 'page', path: entry.link, title: entry.text }
          : { type: 'group', title: entry.title, collapsed: entry.collapsed ?? false, children: entry.children.map(toRecord) };
    const tree = config!.sidebar.map(toRecord);
    const link = (item: { text: string; link: string }) => ({ text: item.text, link: item.link, external: false });
    const nav: NavItemRecord[] = config!.nav.map((item) =>
      'items' in item ? { text: item.text, items: item.items.map((sub) => ('items' in sub ? { text: sub.text, items: sub.items.map(link) } : link(sub))) } : link(item),
    );
    // A dropdown with a group of its own (VuePress 1's nested items) whose links are pages no other nav link is at or above:
    // only the group's links tell them apart from each other.
    const outside = pathsOf(tree).filter((at) => !nav.flatMap(navLinksOf).some((item) => isWithin(item.link, at)));
    expect(outside.length).toBeGreaterThan(2);
    nav.push({ text: 'More', items: [link({ text: 'First', link: outside[0]! }), { text: 'Grouped', items: [link({ text: 'Second', link: outside[1]! }), link({ text: 'Third', link: outside[2]! })] }] });
    const site = shellOf({ ...SITE, nav, sidebar: tree });
    // sidebarDepth 0, 1 and 2 in turn; one page with `navbar: false` (no drawer nav), one with `sidebar: auto`.
    const count = expectSameForEveryPage(site, tree, (_path, i) => ({ sidebarDepth: i % 3, ...(i === 4 ? { navbar: false } : {}), ...(i === 5 ? { sidebarMode: 'auto' as const } : {}) }));
    expect(count).toBeGreaterThan(100);
  });

  it('equals the whole render on a large tree, whose groups start closed unless they hold the page', () => {
    // Nested groups, a collapsed one, a page listed twice, pages at the top level: more than LARGE_SIDEBAR_PAGES pages.
    const group = (title: string, children: SidebarItemRecord[], collapsed = false): SidebarItemRecord => ({ type: 'group', title, collapsed, children });
    const pagesUnder = (prefix: string, n: number): SidebarItemRecord[] => Array.from({ length: n }, (_, i) => ({ type: 'page', path: `${prefix}${i}/`, title: `${prefix} ${i}` }));
    const tree: SidebarItemRecord[] = [
      { type: 'page', path: '/', title: 'Home' },
      group('A', [...pagesUnder('/a/', 60), group('A inner', pagesUnder('/a/inner/', 50), true)]),
      group('B', [group('B1', pagesUnder('/b/1/', 40)), group('B2', pagesUnder('/b/2/', 40))], true),
      group('C', [...pagesUnder('/c/', 30), { type: 'page', path: '/a/3/', title: 'A 3 again' }]),
    ];
    expect(pathsOf(tree).length).toBeGreaterThan(LARGE_SIDEBAR_PAGES);
    expectSameForEveryPage(shellOf({ ...SITE, sidebar: tree }), tree, (_path, i) => ({ sidebarDepth: i % 3 }));
  });

  it('renders an entry that holds no page being rendered once per tree', () => {
    const tree: SidebarItemRecord[] = [
      {
        type: 'group',
        title: 'One',
        collapsed: false,
        children: [
          { type: 'page', path: '/one/', title: 'One' },
          { type: 'group', title: 'Inner', collapsed: false, children: [{ type: 'page', path: '/inner/', title: 'Inner page' }] },
        ],
      },
      { type: 'group', title: 'Two', collapsed: false, children: [{ type: 'page', path: '/two/', title: 'Two' }] },
    ];
    const site = shellOf({ ...SITE, sidebar: tree });
    const page: PageMeta = { version: 1, key: 'k', path: '/one/', title: 'One', description: '', headers: [], chunk: 'c.json' };
    const first = pageLayoutHtml(propsOf(site, tree, page, ''), tree);
    expect(first).toContain('Inner page');
    // The entry kept for "Two" is what is spliced in again: renamed underneath the same array, it is not rendered afresh;
    // the one that holds the page is ("Inner" inside it).
    (tree[1] as { title: string }).title = 'Renamed';
    const inner = (tree[0] as { children: SidebarItemRecord[] }).children[1] as { children: { title: string }[] };
    inner.children[0]!.title = 'Renamed inner';
    const second = pageLayoutHtml(propsOf(site, tree, page, ''), tree);
    expect(second).toBe(first?.replace('Inner page', 'Renamed inner'));
    // A new tree (a new site record) is rendered afresh.
    const copy = structuredClone(tree);
    expect(pageLayoutHtml(propsOf(site, copy, page, ''), copy)).toContain('Renamed inner');
  });

  it("keeps each page's own render between builds: a nav rename on a new build's tree gives the whole render, without rendering the pages again", () => {
    const tree = (): SidebarItemRecord[] => [
      { type: 'group', title: 'Start', collapsed: false, children: [{ type: 'page', path: '/', title: 'Home' }, { type: 'page', path: '/guide/', title: 'Guide' }] },
      { type: 'group', title: 'More', collapsed: false, children: [{ type: 'page', path: '/more/', title: 'More' }] },
    ];
    const shells = new PageShells();
    const pageOf = (path: string, next?: string): PageMeta => ({
      version: 1, key: path, path, title: path, description: '', headers: HEADERS, chunk: `chunk${path.replace(/\//g, '-')}.json`, ...(next ? { next: { path: '/more/', title: next } } : {}),
    });
    for (const [build, nav] of [[1, 'Guide'], [2, 'Guide renamed'], [3, 'Guide renamed again']] as const) {
      // Each build's site record, tree and shell are new objects, as a build makes them.
      const records = tree();
      const site = shellOf({ ...SITE, nav: [{ text: nav, link: '/guide/', external: false }], sidebar: records });
      for (const path of ['/', '/guide/', '/more/']) {
        const props = propsOf({ ...site }, records, pageOf(path, path === '/guide/' ? 'More' : undefined), `<p>Page ${path}, build ${build}</p>`);
        expect(pageLayoutHtml(props, records, shells), `${path}, build ${build}`).toBe(renderLayout(props));
      }
    }
    // Kept, not rendered again: the same chunk name with another "next" title (which a real chunk would have in its name) gives the kept render.
    const records = tree();
    const site = shellOf({ ...SITE, nav: [{ text: 'Guide renamed again', link: '/guide/', external: false }], sidebar: records });
    const props = propsOf(site, records, pageOf('/guide/', 'Not this'), '<p>Now</p>');
    const html = pageLayoutHtml(props, records, shells);
    expect(html).toContain('<p>Now</p>');
    expect(html).toContain('>More</span>');
    expect(html).not.toContain('Not this');
  });
});
