import { describe, expect, it } from 'vitest';
import { SiteConfigSchema } from '../../../../schema/site-config';
import { resolveNavigation } from '../../../../cli/site/navigation';
import { createSiteIndex, type IndexedPage } from '../../../../cli/site/site-index';

const page = (path: string): IndexedPage => ({ path, title: path, relativePath: `${path.slice(1) || 'README'}.md`, file: `content${path}.md`, anchors: new Set() });

describe('cli/site/navigation', () => {
  it('counts the home page and the pages the top nav links to as reachable; others not in the sidebar are reported', () => {
    const index = createSiteIndex('/', ['/', '/guide/', '/faq/', '/lost/'].map(page), new Map());
    const config = SiteConfigSchema.parse({ title: 'T', sidebar: ['/guide/'], nav: [{ text: 'More', items: [{ text: 'FAQ', link: '/faq/' }] }] });
    const { diagnostics } = resolveNavigation(config, index, () => ({ file: 'content/site.yaml' }));
    expect(diagnostics.map((d) => [d.code, d.subject])).toEqual([['page/not-in-sidebar', '/lost/']]);
    expect(diagnostics[0]!.hint).toBe('Add "/lost/" to "sidebar:" in site.yaml.');
  });

  it("keeps a dropdown's groups: their links are resolved, checked at their own place, and count as reachable; a group with no live link is left out", () => {
    const index = createSiteIndex('/', ['/', '/guide/', '/api/', '/cli.html'].map(page), new Map());
    const config = SiteConfigSchema.parse({
      title: 'T',
      sidebar: ['/guide/'],
      nav: [
        {
          text: 'More',
          items: [
            { text: 'Guide', link: '/guide/' },
            { text: 'Reference', items: [{ text: 'API', link: '/api/' }, { text: 'CLI', link: '/cli' }, { text: 'Gone', link: '/gone/' }] },
            { text: 'Dead', items: [{ text: 'Nowhere', link: '/nowhere/' }] },
          ],
        },
      ],
    });
    const places: (readonly PropertyKey[])[] = [];
    const { nav, diagnostics } = resolveNavigation(config, index, (at) => {
      places.push(at);
      return { file: 'content/site.yaml', line: places.length };
    });
    expect(nav).toEqual([
      {
        text: 'More',
        items: [
          { text: 'Guide', link: '/guide/', external: false },
          { text: 'Reference', items: [{ text: 'API', link: '/api/', external: false }, { text: 'CLI', link: '/cli.html', external: false }] },
        ],
      },
    ]);
    // The API and CLI pages are in no sidebar entry, but the nav leads to them.
    expect(diagnostics.map((d) => [d.code, d.subject])).toEqual([
      ['config/dead-link', '/gone/'],
      ['config/dead-link', '/nowhere/'],
    ]);
    expect(places.slice(0, 2)).toEqual([
      ['nav', 0, 'items', 1, 'items', 2, 'link'],
      ['nav', 0, 'items', 2, 'items', 0, 'link'],
    ]);
  });

  it('lands a nav link in the folder form on the .html page, as VuePress 1\'s router does (vuejs/docs: "/community/join/" for community/join.md)', () => {
    const index = createSiteIndex('/', ['/', '/community/join.html'].map(page), new Map());
    const config = SiteConfigSchema.parse({ title: 'T', sidebar: ['/'], nav: [{ text: 'Community', items: [{ text: 'Join', link: '/community/join/' }] }] });
    const { nav, diagnostics } = resolveNavigation(config, index, () => ({ file: 'content/site.yaml' }));
    expect(diagnostics).toEqual([]);
    expect(nav).toEqual([{ text: 'Community', items: [{ text: 'Join', link: '/community/join.html', external: false }] }]);
  });

  it("keeps a nav link's section (vuejs/docs' \"/support-vuejs/#one-time-donations\"), warns when the page has no such heading, and counts the page reachable", () => {
    const donate: IndexedPage = { ...page('/support-vuejs/'), anchors: new Set(['one-time-donations', 'über']) };
    const index = createSiteIndex('/', [page('/'), donate, page('/guide/translations.html')], new Map());
    const items = [
      { text: 'Once', link: '/support-vuejs/#one-time-donations' },
      { text: 'Über', link: '/support-vuejs/#%C3%BCber' },
      { text: 'Pledge', link: '/support-vuejs/#recurring-pledges' },
      { text: 'Translations', link: '/guide/translations#community' },
      { text: 'Gone', link: '/gone/#x' },
    ];
    const config = SiteConfigSchema.parse({ title: 'T', sidebar: ['/'], nav: [{ text: 'Support', items }] });
    const { nav, diagnostics } = resolveNavigation(config, index, () => ({ file: 'content/site.yaml' }));
    expect(nav).toEqual([
      {
        text: 'Support',
        items: [
          { text: 'Once', link: '/support-vuejs/#one-time-donations', external: false },
          { text: 'Über', link: '/support-vuejs/#%C3%BCber', external: false },
          { text: 'Pledge', link: '/support-vuejs/#recurring-pledges', external: false },
          { text: 'Translations', link: '/guide/translations.html#community', external: false },
        ],
      },
    ]);
    expect(diagnostics.map((d) => [d.code, d.subject])).toEqual([
      ['link/dead-anchor', '/support-vuejs/#recurring-pledges'],
      ['link/dead-anchor', '/guide/translations#community'],
      ['config/dead-link', '/gone/#x'],
    ]);
  });

  it('leads a nav link or sidebar entry that goes through a redirect to its target, with a warning at the entry, as a page\'s link', () => {
    const index = createSiteIndex('/', ['/', '/samples/information.html', '/guide/'].map(page), new Map([['/samples/', '/samples/information.html'], ['/start.html', '/guide/']]));
    const config = SiteConfigSchema.parse({ title: 'T', sidebar: ['/', '/start.html'], nav: [{ text: 'Samples', link: '/samples/' }, { text: 'Setup', link: '/start#setup' }] });
    const places: unknown[] = [];
    const { nav, sidebar, diagnostics } = resolveNavigation(config, index, (at) => (places.push(at), { file: 'content/site.yaml' }));
    expect(nav).toEqual([
      { text: 'Samples', link: '/samples/information.html', external: false },
      { text: 'Setup', link: '/guide/#setup', external: false },
    ]);
    expect(sidebar).toEqual([{ type: 'page', path: '/', title: '/' }, { type: 'page', path: '/guide/', title: '/guide/' }]);
    expect(diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['link/through-redirect', 'Nav link "/samples/" goes through the redirect "/samples/" → "/samples/information.html".'],
      ['link/through-redirect', 'Nav link "/start#setup" goes through the redirect "/start.html" → "/guide/".'],
      ['link/dead-anchor', expect.stringContaining('"#setup"')],
      ['link/through-redirect', 'Sidebar entry "/start.html" goes through the redirect "/start.html" → "/guide/".'],
    ]);
    expect(places).toEqual(expect.arrayContaining([['nav', 0, 'link'], ['nav', 1, 'link'], ['sidebar', 1]]));
  });

  it('shows a { text, link } entry with its own text, and reports a dead one at its link', () => {
    const index = createSiteIndex('/', ['/', '/guide/'].map(page), new Map());
    const config = SiteConfigSchema.parse({ title: 'T', sidebar: ['/', { text: 'Start here', link: '/guide/' }, { text: 'Gone', link: '/gone/' }] });
    const places: unknown[] = [];
    const { sidebar, order, diagnostics } = resolveNavigation(config, index, (at) => (places.push(at), { file: 'content/site.yaml' }));
    expect(sidebar).toEqual([{ type: 'page', path: '/', title: '/' }, { type: 'page', path: '/guide/', title: 'Start here' }]);
    expect(order).toEqual(['/', '/guide/']);
    expect(diagnostics.map((d) => [d.code, d.subject])).toEqual([['config/dead-link', '/gone/']]);
    expect(places).toContainEqual(['sidebar', 2, 'link']);
    expect(SiteConfigSchema.safeParse({ title: 'T', sidebar: [{ text: '', link: '/guide/' }] }).success).toBe(false);
  });

  it('lists a { text, link } entry to another site as a link: no page, not in the reading order, never dead', () => {
    const index = createSiteIndex('/', ['/', '/guide/'].map(page), new Map());
    const config = SiteConfigSchema.parse({ title: 'T', sidebar: ['/', { text: 'Specs', link: 'https://github.com/ipfs/specs' }, '/guide/'] });
    const { sidebar, order, diagnostics } = resolveNavigation(config, index, () => ({ file: 'content/site.yaml' }));
    expect(sidebar[1]).toEqual({ type: 'link', link: 'https://github.com/ipfs/specs', title: 'Specs' });
    expect(order).toEqual(['/', '/guide/']);
    expect(diagnostics).toEqual([]);
  });

  it("names a VuePress tree's own config in the hint for a page in no sidebar entry, not a site.yaml it does not have", () => {
    const index = createSiteIndex('/', ['/', '/guide/', '/lost/'].map(page), new Map());
    const config = SiteConfigSchema.parse({ title: 'T', sidebar: ['/guide/'] });
    const { diagnostics } = resolveNavigation(config, index, () => ({ file: 'docs/.vuepress/config.js', line: 12, column: 5 }));
    expect(diagnostics.map((d) => d.hint)).toEqual(['Add "/lost/" to themeConfig.sidebar in docs/.vuepress/config.js.']);
  });

  it('leaves out a dead entry, and a group with nothing left in it, reporting each dead entry', () => {
    const index = createSiteIndex('/', ['/', '/guide/'].map(page), new Map());
    const config = SiteConfigSchema.parse({
      title: 'T',
      sidebar: [{ title: 'Guide', children: ['/guide/', '/gone/'] }, { title: 'Examples', children: ['/examples/', { title: 'More', children: ['/more/'] }] }],
    });
    const { sidebar, diagnostics } = resolveNavigation(config, index, () => ({ file: 'content/site.yaml' }));
    expect(sidebar).toEqual([{ type: 'group', title: 'Guide', collapsed: false, children: [{ type: 'page', path: '/guide/', title: '/guide/' }] }]);
    expect(diagnostics.map((d) => [d.code, d.subject])).toEqual([
      ['config/dead-link', '/gone/'],
      ['config/dead-link', '/examples/'],
      ['config/dead-link', '/more/'],
    ]);
  });
});
