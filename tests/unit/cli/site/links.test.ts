import { describe, expect, it } from 'vitest';
import { checkPageLinks } from '../../../../cli/site/checks/links';
import { resolveLink } from '../../../../cli/site/links';
import { createSiteIndex, type IndexedPage } from '../../../../cli/site/site-index';

const page = (path: string, relativePath: string, anchors: string[] = []): IndexedPage => ({
  path,
  relativePath,
  title: path,
  file: `content/${relativePath}`,
  anchors: new Set(anchors),
});
const home = page('/', 'README.md', ['welcome']);
const guide = page('/guide/', 'guide/README.md', ['install', 'limits']);
const setup = page('/guide/setup.html', 'guide/setup.md', ['steps']);
const index = createSiteIndex('/docs/', [home, guide, setup], new Map([['/old', '/guide/']]));
const link = (url: string, line = 1) => ({ kind: 'link' as const, url, line, column: 1 });

describe('cli/site/links', () => {
  it('follows a relative path that climbs out of the content folder and back in by its own name, as VuePress does (lxchuan12/blog); other climbs stop at the root', () => {
    const assets = new Map([['/about/zsxq.png', 'assets/media/zsxq.1.png']]);
    const inDocs = createSiteIndex('/docs/', [home, guide, setup], new Map(), assets, ['home', 'me', 'blog', 'docs']);
    expect(inDocs.contentFolders).toEqual(['me', 'blog', 'docs']);
    const resolve = (url: string, within = inDocs) => resolveLink(url, guide, within);
    expect(resolve('../../docs/about/zsxq.png')).toEqual({ kind: 'asset', href: '/docs/assets/media/zsxq.1.png' });
    expect(resolve('../../../blog/docs/about/zsxq.png')).toEqual({ kind: 'asset', href: '/docs/assets/media/zsxq.1.png' });
    expect(resolve('../../../blog/docs/guide/setup.md#steps')).toMatchObject({ kind: 'page', page: setup, hash: 'steps' });
    // Out and into another folder: clamped at the content root, as before.
    expect(resolve('../../src/about/zsxq.png')).toMatchObject({ kind: 'missing-file', tried: '/src/about/zsxq.png' });
    // Without the folders' names (an index made elsewhere), no climb comes back in.
    expect(resolve('../../docs/about/zsxq.png', createSiteIndex('/docs/', [home, guide, setup], new Map(), assets))).toMatchObject({ kind: 'missing-file' });
  });

  it.each([
    ['/guide/', '/docs/guide/'],
    ['/guide', '/docs/guide/'],
    ['/guide.html', '/docs/guide/'],
    ['/guide/index.html', '/docs/guide/'],
    ['/docs/guide/', '/docs/guide/'],
    ['/docs/', '/docs/'],
    ['./guide/README.md', '/docs/guide/'],
    ['guide/setup.md#steps', '/docs/guide/setup.html#steps'],
    ['/guide/setup.html', '/docs/guide/setup.html'],
  ])('resolves %s from the home page to %s', (url, href) => {
    const target = resolveLink(url, home, index);
    expect(target.kind === 'page' && target.href).toBe(href);
  });

  it('resolves relative links against the linking file', () => {
    const target = resolveLink('../README.md#welcome', setup, index);
    expect(target.kind === 'page' && target.href).toBe('/docs/#welcome');
    const sibling = resolveLink('./README.md', setup, index);
    expect(sibling.kind === 'page' && sibling.page.path).toBe('/guide/');
  });

  it('resolves a link once per folder it is written from, and a page-local one per page; a new index resolves afresh', () => {
    const other = page('/guide/other.html', 'guide/other.md', ['steps']);
    const withOther = createSiteIndex('/docs/', [home, guide, setup, other], new Map());
    // The same relative link from two pages of one folder, and from another folder.
    const fromSetup = resolveLink('./README.md#limits', setup, withOther);
    expect(resolveLink('./README.md#limits', other, withOther)).toBe(fromSetup);
    const fromHome = resolveLink('./README.md#limits', home, withOther);
    expect(fromHome.kind === 'page' && fromHome.page.path).toBe('/');
    // An anchor alone (with or without a query) is the linking page's own.
    for (const url of ['#steps', '?x#steps']) {
      const own = resolveLink(url, setup, withOther);
      const its = resolveLink(url, other, withOther);
      expect([own.kind === 'page' && own.page.path, its.kind === 'page' && its.page.path]).toEqual(['/guide/setup.html', '/guide/other.html']);
    }
    // The guide's anchors changed: another index, resolved against its own pages.
    const edited = createSiteIndex('/docs/', [home, page('/guide/', 'guide/README.md', ['limits-now']), setup, other], new Map());
    const after = resolveLink('./README.md#limits', setup, edited);
    expect(after).not.toBe(fromSetup);
    expect(after.kind === 'page' && after.page.anchors.has('limits')).toBe(false);
  });

  it('finds an anchor written in another Unicode form (VuePress 1 slugs are NFKD), and links to the anchor as it is', () => {
    const decomposed = 'ルートオブジェクト'.normalize('NFKD');
    const api = page('/api/', 'api/README.md', [decomposed]);
    const withApi = createSiteIndex('/docs/', [home, api], new Map());
    for (const url of ['/api/#ルートオブジェクト', `/api/#${encodeURIComponent('ルートオブジェクト')}`]) {
      const target = resolveLink(url, home, withApi);
      expect(target.kind === 'page' && target.hash).toBe(decomposed);
      expect(target.kind === 'page' && target.href).toBe(`/docs/api/#${encodeURIComponent(decomposed)}`);
    }
    const self = resolveLink('#ルートオブジェクト', api, withApi);
    expect(self.kind === 'page' && self.href).toBe(`#${encodeURIComponent(decomposed)}`);
    expect(checkPageLinks(api, [link('#ルートオブジェクト'), link('/api/#ルート')], withApi).map((d) => d.code)).toEqual(['link/dead-anchor']);
  });

  it('finds an anchor typed in another case, as the heading reads (#publicPath for publicpath), preferring the exact one', () => {
    const config = page('/config/', 'config/README.md', ['publicpath', 'Mode', 'mode']);
    const withConfig = createSiteIndex('/docs/', [home, config], new Map());
    const href = (url: string) => {
      const target = resolveLink(url, home, withConfig);
      return target.kind === 'page' && target.href;
    };
    expect(href('/config/#publicPath')).toBe('/docs/config/#publicpath');
    expect(href('/config/#mode')).toBe('/docs/config/#mode');
    expect(href('/config/#Mode')).toBe('/docs/config/#Mode');
    expect(href('/config/#MODE')).toBe('/docs/config/#Mode');
    expect(checkPageLinks(home, [link('/config/#publicPath'), link('/config/#publicPat')], withConfig).map((d) => d.message)).toEqual([
      'Link "/config/#publicPat" points to "#publicPat", which is no heading on /config/.',
    ]);
  });

  it('treats schemes and protocol-relative URLs as external', () => {
    for (const url of ['https://x.dev', 'mailto:a@b.c', '//cdn.x/y']) expect(resolveLink(url, home, index).kind).toBe('external');
  });

  it('reports a dead link with the closest path', () => {
    const [d] = checkPageLinks(home, [link('/guid/', 7)], index);
    expect(d).toMatchObject({ code: 'link/dead', file: 'content/README.md', line: 7 });
    expect(d?.hint).toMatch(/^Did you mean "\/guide\/"\?/);
  });

  it('for a page with no translation in the linking folder, names the untranslated page rather than another translation', () => {
    const pages = ['/', '/dev/api.html', '/zh/', '/zh/dev/', '/ru/', '/ru/dev/api.html'].map((p) => page(p, `${p.slice(1) || 'README'}.md`));
    const translated = createSiteIndex('/docs/', pages, new Map());
    const [d] = checkPageLinks(pages[3]!, [link('/zh/dev/api.html')], translated);
    expect(d?.hint).toBe('The page has no version under "/zh/": link to "/dev/api.html", or add the page.');
    // Without such a page the closest path is named, as before.
    expect(checkPageLinks(pages[3]!, [link('/zh/dev/apx.html')], translated)[0]?.hint).toMatch(/^Did you mean/);
  });

  it('says how to write a link whose URL is another site\'s inside brackets or quotes', () => {
    const found = checkPageLinks(home, [link('(https://example.com/a)'), link('"https://example.com/b"'), link('(guide)')], index);
    expect(found.map((d) => [d.code, d.hint])).toEqual([
      ['link/dead', 'This is a URL inside brackets or quotes, which make it a path in this site: write the link as [text](https://example.com/a).'],
      ['link/dead', 'This is a URL inside brackets or quotes, which make it a path in this site: write the link as [text](https://example.com/b).'],
      ['link/dead', expect.not.stringContaining('brackets')],
    ]);
  });

  it('reports dead anchors on other pages and on the same page', () => {
    const found = checkPageLinks(home, [link('/guide/#instal'), link('#nope'), link('#welcome'), link('/guide/#install')], index);
    expect(found.map((d) => [d.code, d.message])).toEqual([
      ['link/dead-anchor', 'Link "/guide/#instal" points to "#instal", which is no heading on /guide/.'],
      ['link/dead-anchor', 'Link "#nope" points to "#nope", which is no heading on this page.'],
    ]);
    expect(found[0]?.hint).toMatch(/^Did you mean "install"\?/);
  });

  it('warns about a link through a redirect and names the target', () => {
    const [d] = checkPageLinks(home, [link('/old')], index);
    expect(d).toMatchObject({ code: 'link/through-redirect', severity: 'warning' });
    expect(d?.hint).toBe('Link straight to "/guide/".');
  });

  it('reports a relative link to a missing .md file and one that climbs out of the site', () => {
    const found = checkPageLinks(guide, [link('./missing.md'), link('../../../etc/passwd')], index);
    expect(found.map((d) => d.code)).toEqual(['link/dead', 'link/dead']);
  });
});
