import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SiteConfigSchema } from '../../../../schema/site-config';
import { aliasedPath } from '../../../../cli/site/aliases';
import { resolveLink } from '../../../../cli/site/links';
import { createSiteIndex, type IndexedPage } from '../../../../cli/site/site-index';
import { readVuepressAliases } from '../../../../cli/site/vuepress-aliases';
import { siteFromVuepress } from '../../../../cli/site/vuepress-site';
import { CODE_MARK } from '../../../../cli/source/vuepress-config';

const ALIASES = { '@assets': '/assets/', '@assets/icons': '/brand/icons/', images: '/media/pictures/' };
const CONTENT = path.resolve('/project/src');

describe('cli/site/aliases (site.yaml aliases)', () => {
  it("reads `~` + an alias, or an alias that starts with '@', as the folder it stands for; the longest alias wins", () => {
    expect(aliasedPath('~@assets/images/x.png', ALIASES)).toBe('/assets/images/x.png');
    expect(aliasedPath('@assets/images/x.png', ALIASES)).toBe('/assets/images/x.png');
    expect(aliasedPath('~@assets/icons/a.svg', ALIASES)).toBe('/brand/icons/a.svg');
    expect(aliasedPath('~images/a.png', ALIASES)).toBe('/media/pictures/a.png');
  });

  it('leaves a URL that starts with no alias as it is: a package (~pkg/x), an alias not followed by "/", a name without "~" or "@"', () => {
    expect(aliasedPath('~some-package/x.png', ALIASES)).toBeUndefined();
    expect(aliasedPath('~@assetsx/x.png', ALIASES)).toBeUndefined();
    expect(aliasedPath('images/a.png', ALIASES)).toBeUndefined();
    expect(aliasedPath('./@assets/a.png', ALIASES)).toBeUndefined();
  });

  it('resolves an aliased image to the published file, and a package path to a missing file', () => {
    const home: IndexedPage = { path: '/', relativePath: 'README.md', title: 'Home', file: 'src/README.md', anchors: new Set() };
    const index = createSiteIndex('/docs/', [home], new Map(), new Map([['/assets/x.png', 'assets/media/x.1234567890.png']]), [], { aliases: ALIASES });
    expect(resolveLink('~@assets/x.png', home, index)).toEqual({ kind: 'asset', href: '/docs/assets/media/x.1234567890.png' });
    expect(resolveLink('~@assets/../assets/x.png', home, index)).toMatchObject({ kind: 'asset' });
    expect(resolveLink('~pkg/x.png', home, index)).toMatchObject({ kind: 'missing-file' });
  });

  it('takes the aliases of folders in the content folder from configureWebpack.resolve.alias, and says what else is not used', () => {
    const read = readVuepressAliases(
      {
        resolve: {
          alias: {
            '@assets': path.join(CONTENT, 'assets'),
            '@source': CONTENT,
            '@outside': path.resolve('/project/other'),
            'exact$': path.join(CONTENT, 'x'),
            '@logo': path.join(CONTENT, 'logo.png'),
            '@relative': './assets',
          },
          extensions: ['.js'],
        },
        plugins: [],
      },
      CONTENT,
    );
    expect(read.aliases).toEqual({ '@assets': '/assets/', '@source': '/' });
    expect(read.unused).toEqual([
      'docsbuild does not use webpack (plugins, resolve.extensions)',
      'the alias(es) "@outside", "exact$", "@logo", "@relative" name no folder of the content folder, whose files are all docsbuild publishes',
    ]);
    expect(readVuepressAliases({ [CODE_MARK]: 'function' }, CONTENT)).toEqual({ aliases: {}, unused: ['it is code, and docsbuild does not use webpack'] });
    expect(readVuepressAliases({ resolve: { alias: { '@a': path.join(CONTENT, 'a') } } }, undefined).aliases).toEqual({});
  });

  it("gives a VuePress tree VuePress's own @source alias (the content folder), which the config's own alias of that name overrides", () => {
    const site = (value: unknown) => siteFromVuepress({ value, text: '', file: 'docs/.vuepress/config.js', contentDir: CONTENT }, 'Fallback').input;
    expect(site({ title: 'T' }).aliases).toEqual({ '@source': '/' });
    expect(site({ configureWebpack: { resolve: { alias: { '@source': path.join(CONTENT, 'guide'), '@img': path.join(CONTENT, 'img') } } } }).aliases).toEqual({ '@source': '/guide/', '@img': '/img/' });
  });

  it('validates site.yaml aliases: a name such as "@assets" and a folder of the site', () => {
    const parse = (aliases: unknown) => SiteConfigSchema.safeParse({ title: 'T', aliases });
    expect(parse({ '@assets': '/assets/' }).success).toBe(true);
    expect(parse({ '~@assets': '/assets/' }).success).toBe(false);
    expect(parse({ 'exact$': '/assets/' }).success).toBe(false);
    expect(parse({ '@assets': '/assets' }).success).toBe(false);
    expect(parse({ '@assets': 'assets/' }).success).toBe(false);
  });
});
