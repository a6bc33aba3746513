import { describe, expect, it } from 'vitest';
import { SiteConfigSchema } from '../../../../schema/site-config';
import { resolveLink } from '../../../../cli/site/links';
import { resolveNavigation } from '../../../../cli/site/navigation';
import { buildRedirects } from '../../../../cli/site/redirects';
import { createSiteIndex, type IndexedPage } from '../../../../cli/site/site-index';
import { siteFromVuepress } from '../../../../cli/site/vuepress-site';

// A site laid out as Sanic's guide: every page under a locale folder, no root locale; /zh/ lacks one page /en/ has.
const page = (path: string, relativePath: string, anchors: string[] = []): IndexedPage => ({ path, relativePath, title: path, file: `src/${relativePath}`, anchors: new Set(anchors) });
const pages = [
  page('/en/', 'en/README.md'),
  page('/en/guide/routing.html', 'en/guide/routing.md', ['paths']),
  page('/en/guide/streaming.html', 'en/guide/streaming.md'),
  page('/zh/', 'zh/README.md'),
  page('/zh/guide/routing.html', 'zh/guide/routing.md', ['paths']),
  page('/about.html', 'about.md'),
];
const byPath = new Map(pages.map((p) => [p.path, p]));
const FOLDERS = ['/en/', '/zh/'];
const locate = () => ({ file: 'src/site.yaml', line: 1 });

function siteIndex(folders: readonly string[], declared: Record<string, string> = {}) {
  const table = buildRedirects(declared, byPath, locate, { localeFallback: folders });
  return { table, index: createSiteIndex('/', pages, new Map(table.redirects.map((r) => [r.from, r.to])), new Map(), [], { localeFallback: folders }) };
}
const from = (path: string) => byPath.get(path)!;

describe('cli/site/locale-fallback (site.yaml localeFallback)', () => {
  it("leads a locale-less link to the linking page's own locale first, by page path or by .md file, with its anchor", () => {
    const { index } = siteIndex(FOLDERS);
    expect(resolveLink('/guide/routing.md#paths', from('/zh/'), index)).toMatchObject({ kind: 'page', href: '/zh/guide/routing.html#paths', hash: 'paths' });
    expect(resolveLink('/guide/routing.html', from('/en/'), index)).toMatchObject({ kind: 'page', href: '/en/guide/routing.html' });
    expect(resolveLink('/guide/routing', from('/zh/guide/routing.html'), index)).toMatchObject({ kind: 'page', href: '/zh/guide/routing.html' });
    // No warning-worthy `via`: the link is not through a redirect.
    expect(resolveLink('/guide/routing.md', from('/zh/'), index)).not.toHaveProperty('via');
  });

  it('falls back to the folders in order when the own locale lacks the page, or the linking page is in no locale', () => {
    const { index } = siteIndex(FOLDERS);
    expect(resolveLink('/guide/streaming.md', from('/zh/'), index)).toMatchObject({ kind: 'page', href: '/en/guide/streaming.html' });
    expect(resolveLink('/guide/routing.md', from('/about.html'), index)).toMatchObject({ kind: 'page', href: '/en/guide/routing.html' });
    expect(resolveLink('/guide/routing.md', from('/about.html'), siteIndex(['/zh/', '/en/']).index)).toMatchObject({ href: '/zh/guide/routing.html' });
  });

  it('leaves a path already under a locale folder, a path no locale has, and every path without the setting, dead', () => {
    const { index } = siteIndex(FOLDERS);
    expect(resolveLink('/zh/guide/streaming.md', from('/zh/'), index)).toMatchObject({ kind: 'dead' });
    expect(resolveLink('/guide/nowhere.md', from('/zh/'), index)).toMatchObject({ kind: 'dead' });
    expect(resolveLink('/guide/routing.md', from('/zh/'), siteIndex([]).index)).toMatchObject({ kind: 'dead', tried: '/guide/routing.md' });
  });

  it('redirects each locale-less path to the first folder in order that has the page; a page or a declared redirect keeps its path', () => {
    const { table } = siteIndex(FOLDERS, { '/guide/streaming.html': '/about.html' });
    const redirects = Object.fromEntries(table.redirects.map((r) => [r.from, r.to]));
    expect(redirects['/']).toBe('/en/');
    expect(redirects['/guide/routing.html']).toBe('/en/guide/routing.html');
    expect(redirects['/guide/streaming.html']).toBe('/about.html');
    expect(table.diagnostics).toEqual([]);
    expect(siteIndex(['/zh/', '/en/']).table.redirects).toContainEqual({ from: '/guide/routing.html', to: '/zh/guide/routing.html' });
    expect(siteIndex([]).table.redirects.map((r) => r.from)).toEqual(['/en/index.html', '/zh/index.html']);
  });

  it("lets a declared redirect's target and a nav link reach a locale's page, without a through-redirect warning", () => {
    const { table, index } = siteIndex(FOLDERS, { '/old-routing.html': '/guide/routing.html' });
    expect(table.redirects).toContainEqual({ from: '/old-routing.html', to: '/en/guide/routing.html' });
    expect(table.diagnostics).toEqual([]);
    const config = SiteConfigSchema.parse({ title: 'T', localeFallback: FOLDERS, nav: [{ text: 'Routing', link: '/guide/routing.html' }], sidebar: pages.map((p) => p.path) });
    const navigation = resolveNavigation(config, index, locate);
    expect(navigation.nav).toEqual([{ text: 'Routing', link: '/en/guide/routing.html', external: false }]);
    expect(navigation.diagnostics).toEqual([]);
  });

  it("reads vuepress-plugin-redirect's locales as localeFallback, its fallback locale first, with no warning", () => {
    const locales = { '/en/': { lang: 'en-US' }, '/zh/': { lang: 'zh-CN' }, '/ja/': { lang: 'ja' } };
    const read = (plugins: unknown) => siteFromVuepress({ value: { locales, plugins }, text: '', file: 'src/.vuepress/config.js' }, 'Fallback');
    const on = read([['vuepress-plugin-redirect', { locales: true }]]);
    expect(on.input.localeFallback).toEqual(['/en/', '/zh/', '/ja/']);
    expect(on.diagnostics.filter((d) => d.message.includes('redirect'))).toEqual([]);
    expect(read([['redirect', { locales: { fallback: '/ja/' } }]]).input.localeFallback).toEqual(['/ja/', '/en/', '/zh/']);
    expect(read([['vuepress-plugin-redirect', {}]]).input.localeFallback).toBeUndefined();
    const custom = read([['@vuepress/redirect', { locales: true, redirectors: [{ base: '/my/' }] }]]);
    expect(custom.input.localeFallback).toEqual(['/en/', '/zh/', '/ja/']);
    expect(custom.diagnostics.map((d) => d.message).join('\n')).toMatch(/"redirectors" are code/);
    expect(SiteConfigSchema.safeParse(on.input).success).toBe(true);
  });
});
