import { describe, expect, it } from 'vitest';
import { SiteConfigSchema } from '../../../../schema/site-config';
import { parseVuepressSiteConfig, positionOfKey, positionOfQuoted, siteFromVuepress, standInDiagnostics } from '../../../../cli/site/vuepress-site';

const FILE = 'docs/.vuepress/config.js';
const convert = (value: unknown, text = '') => siteFromVuepress({ value, text, file: FILE }, 'Fallback');

describe('cli/site/vuepress-site', () => {
  it('puts the base before a head tag\'s site-absolute src and href, as VuePress does', () => {
    const head = [
      ['link', { rel: 'icon', href: '/favicon.png' }],
      ['script', { src: '/extra.js' }],
      ['link', { rel: 'stylesheet', href: '//cdn.example.com/a.css' }],
      ['link', { rel: 'preconnect', href: 'https://example.com/' }],
      ['meta', { name: 'x', content: '/not-a-url-attribute' }],
    ];
    const { input } = convert({ base: '/sub/', head });
    expect(input.headTags).toEqual([
      { tag: 'link', attrs: { rel: 'icon', href: '/sub/favicon.png' } },
      { tag: 'script', attrs: { src: '/sub/extra.js' } },
      { tag: 'link', attrs: { rel: 'stylesheet', href: '//cdn.example.com/a.css' } },
      { tag: 'link', attrs: { rel: 'preconnect', href: 'https://example.com/' } },
      { tag: 'meta', attrs: { name: 'x', content: '/not-a-url-attribute' } },
    ]);
    // Without a base, VuePress's is "/": the paths stay as written.
    expect(convert({ head: [['link', { rel: 'icon', href: '/favicon.png' }]] }).input.headTags).toEqual([{ tag: 'link', attrs: { rel: 'icon', href: '/favicon.png' } }]);
  });

  it('places a nav or sidebar entry at the line where the config writes it, else at its key', () => {
    const text = [
      'module.exports = {', // 1
      "  title: 'C',",
      '  themeConfig: {',
      '    nav: [',
      "      { text: 'Guide', link: '/guide/' },", // 5
      "      { text: 'Gone', link: '/gone/' },",
      '    ],',
      '    sidebar: {',
      "      '/guide/': ['', 'missing-one'],",
      '    },', // 10
      '  },',
      '}',
    ].join('\n');
    const value = { title: 'C', themeConfig: { nav: [{ text: 'Guide', link: '/guide/' }, { text: 'Gone', link: '/gone/' }], sidebar: { '/guide/': ['', 'missing-one'] } } };
    const { input, locate } = convert(value, text);
    expect(locate(['nav', 1, 'link'])).toEqual({ file: FILE, line: 6, column: 29 });
    const sidebar = input.sidebar as unknown[];
    const missing = sidebar.findIndex((entry) => entry === '/guide/missing-one');
    expect(locate(['sidebar', missing])).toEqual({ file: FILE, line: 9, column: 23 });
    // The key itself when the value is nowhere in the text (made by the config's code, say).
    expect(locate(['nav', 7, 'link'])).toEqual({ file: FILE, line: 4, column: 5 });
  });

  it('reads title, description, base and head, and slugs the VuePress way', () => {
    const { input, diagnostics } = convert({ title: 'T', description: 'D', base: '/docs/', head: [['meta', { name: 'x', content: 'y' }], ['title', {}]] });
    expect(input).toMatchObject({ title: 'T', description: 'D', base: '/docs/', markdown: { slugify: 'vuepress' } });
    expect(input.headTags).toEqual([{ tag: 'meta', attrs: { name: 'x', content: 'y' } }]);
    expect(diagnostics.map((d) => d.message)).toEqual(['VuePress config "head" is not used: <title> is not a tag docsbuild puts in the head.']);
    expect(SiteConfigSchema.safeParse(input).success).toBe(true);
  });

  it('declares the types of container plugins as markdown.containers, and says of each other plugin what docsbuild does instead, at its line', () => {
    const plugins = [
      ['container', { type: 'upgrade', defaultTitle: 'Upgrade' }],
      ['@vuepress/container', { type: 'vue', before: '<pre class="vue-container">', after: '</pre>' }],
      ['container', { type: 'not a word' }],
      '@vuepress/back-to-top',
      'tabs',
      ['vuepress-plugin-flexsearch', {}],
      ['@vuepress/google-analytics', { ga: 'G-CHARTS01' }],
      'vuepress-plugin-chart-editor',
      { $code: 'function' },
    ];
    const text = [
      'module.exports = {',
      '  plugins: [',
      "    ['container', { type: 'upgrade', defaultTitle: 'Upgrade' }],",
      "    ['@vuepress/container', { type: 'vue' }],",
      "    ['container', { type: 'not a word' }],",
      "    '@vuepress/back-to-top', 'tabs',",
      "    ['vuepress-plugin-flexsearch', {}],",
      "    ['@vuepress/google-analytics', { ga: 'G-CHARTS01' }],",
      "    'vuepress-plugin-chart-editor',",
      '    myPlugin,',
      '  ],',
      '};',
    ].join('\n');
    const { input, diagnostics } = convert({ plugins }, text);
    // Without a defaultTitle, the plugin titles a box with its type in capitals.
    expect(input.markdown).toMatchObject({ containers: [{ type: 'upgrade', title: 'Upgrade' }, { type: 'vue', title: 'VUE' }] });
    expect(input.analytics).toEqual({ provider: 'google-tag', id: 'G-CHARTS01' });
    expect(SiteConfigSchema.safeParse(input).success).toBe(true);
    expect(diagnostics.map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual([
      '5:6 VuePress plugin "container" is not used: its "type" is not a word docsbuild can read as a container type.',
      '6:5 VuePress plugin "@vuepress/back-to-top" is not used: the viewer has no back-to-top button; the "on this page" list stays in view.',
      '7:6 VuePress plugin "vuepress-plugin-flexsearch" is not used: docsbuild builds its own search of every page.',
      '9:5 VuePress plugin "vuepress-plugin-chart-editor" is not used: VuePress plugins do not run in docsbuild.',
      '2:3 VuePress plugin entry is not used: a plugin written as code does not run in docsbuild.',
    ]);
    expect(convert({ plugins: [['@vuepress/google-analytics', { ga: 'UA-28909194-3' }]] }).diagnostics.map((d) => d.message)).toEqual([
      'VuePress plugin "@vuepress/google-analytics" is not used: UA-28909194-3 is no Google Analytics 4 id (G-…), so no analytics tag is made; set site.yaml analytics: { provider: google-tag, id: G-… }.',
    ]);
    expect(convert({ plugins: { container: { type: 'tip2' } } }).input.markdown).toMatchObject({ containers: [{ type: 'tip2', title: 'TIP2' }] });
    // A defaultTitle by locale path: the root's, and each other locale's for the pages under its folder; without the root's, the type in capitals.
    const byLocale = convert({ plugins: [['container', { type: 'note', defaultTitle: { '/zh/': '注', '/': 'NOTE', '/ko/': '노트' } }], ['container', { type: 'new', defaultTitle: { '/zh/': '新' } }]] });
    expect(byLocale.input.markdown).toMatchObject({ containers: [{ type: 'note', title: 'NOTE', localeTitles: { '/zh/': '注', '/ko/': '노트' } }, { type: 'new', title: 'NEW', localeTitles: { '/zh/': '新' } }] });
    expect(SiteConfigSchema.safeParse(byLocale.input).success).toBe(true);
    // A theme's own sidebar value is reported, not passed over in silence.
    expect(convert({ themeConfig: { sidebar: 'structuring' } }).diagnostics.map((d) => d.message)).toEqual([
      'VuePress config "themeConfig.sidebar" is not used: "structuring" is no sidebar docsbuild can read (a list of pages, or lists by path); the site has no sidebar: write one in site.yaml.',
    ]);
    // An empty defaultTitle is a box without a title (ipfs-docs' ::: callout).
    expect(convert({ plugins: [['vuepress-plugin-container', { type: 'callout', defaultTitle: '' }]] }).input.markdown).toMatchObject({ containers: [{ type: 'callout', title: '' }] });
  });

  it('says nothing of the html-redirect plugin when .vuepress/redirects is read, and says the tree has no such file otherwise', () => {
    const text = "module.exports = {\n  plugins: [['@vuepress/html-redirect', { countdown: 0 }]],\n};\n";
    const value = { plugins: [['@vuepress/html-redirect', { countdown: 0 }]] };
    expect(siteFromVuepress({ value, text, file: FILE, redirectsRead: true }, 'T').diagnostics).toEqual([]);
    expect(convert(value, text).diagnostics.map((d) => [d.line, d.message])).toEqual([
      [2, 'VuePress plugin "@vuepress/html-redirect" is not used: it makes the redirects of .vuepress/redirects, and the tree has no such file.'],
    ]);
  });

  it("takes the sitemap plugin's hostname as site.yaml host (docsbuild writes sitemap.xml with it), and says so when it cannot", () => {
    const taken = convert({ plugins: [['sitemap', { hostname: 'https://vue-select.org/' }]] });
    expect(taken.input.host).toBe('https://vue-select.org');
    expect(taken.diagnostics).toEqual([]);
    expect(SiteConfigSchema.safeParse(taken.input).success).toBe(true);
    expect(convert({ plugins: { 'vuepress-plugin-sitemap': { hostname: 'http://localhost:8080' } } }).input.host).toBe('http://localhost:8080');
    expect(convert({ plugins: [['vuepress-plugin-canonical', { baseURL: 'https://docs.ipfs.tech' }]] }).input.host).toBe('https://docs.ipfs.tech');
    expect(convert({ plugins: [['canonical', { baseURL: '/' }]] }).diagnostics.map((d) => d.message)).toEqual([
      'VuePress plugin "canonical" is not used: its "baseURL" is no scheme and host such as https://example.com, so no canonical links are written; set site.yaml host: https://….',
    ]);
    for (const hostname of ['https://example.com/docs/', 'example.com', undefined]) {
      const { input, diagnostics } = convert({ plugins: [['sitemap', { hostname }]] });
      expect(input.host).toBeUndefined();
      expect(diagnostics.map((d) => d.message)).toEqual([
        'VuePress plugin "sitemap" is not used: its "hostname" is no scheme and host such as https://example.com, so no sitemap.xml is made; set site.yaml host: https://….',
      ]);
    }
  });

  it("makes VuePress's language menu of the locales, under the root's selectText, labels else langs; none for one locale", () => {
    const menu = (config: Record<string, unknown>) => (convert(config).input.nav as unknown[] | undefined)?.at(-1);
    expect(menu({ locales: { '/': { lang: 'en-US' }, '/zh/': { lang: 'zh-CN' } }, themeConfig: { locales: { '/': { selectText: 'Translations', label: 'English' } } } })).toEqual({
      text: 'Translations',
      items: [{ text: 'English', link: '/' }, { text: 'zh-CN', link: '/zh/' }],
    });
    expect(menu({ locales: { '/': { lang: 'en-US' } }, themeConfig: { nav: [{ text: 'A', link: '/a/' }] } })).toEqual({ text: 'A', link: '/a/' });
  });

  it('without a root locale, takes the first locale listed for the title and nav, its sidebar staying its own group', () => {
    const { input, diagnostics } = convert({
      locales: { '/en/': { lang: 'en-US', title: 'Sanic Framework' }, '/zh/': { lang: 'zh-CN', title: 'Sanic 框架' } },
      themeConfig: {
        locales: {
          '/en/': { label: 'English', selectText: 'Languages', nav: [{ text: 'Guide', link: '/en/guide.html' }], sidebar: ['/en/', '/en/guide'] },
          '/zh/': { label: '简体中文', nav: [{ text: '指南', link: '/zh/guide.html' }], sidebar: ['/zh/', '/zh/guide'] },
        },
      },
    });
    expect(input.title).toBe('Sanic Framework');
    expect(input.nav).toEqual([{ text: 'Guide', link: '/en/guide.html' }, { text: 'Languages', items: [{ text: 'English', link: '/en/' }, { text: '简体中文', link: '/zh/' }] }]);
    expect(input.sidebar).toEqual([
      { title: 'English', children: ['/en/', '/en/guide'], collapsed: true },
      { title: '简体中文', children: ['/zh/', '/zh/guide'], collapsed: true },
    ]);
    expect(SiteConfigSchema.safeParse(input).success).toBe(true);
    expect(diagnostics.map((d) => d.message)).toEqual([expect.stringContaining("with the first locale's (/en/) title and nav")]);
  });

  it('says so when the config exports no object, naming a VuePress 2 config as one', () => {
    const v2 = convert({ $code: 'function' }, "import { defineUserConfig } from 'vuepress'\nexport default defineUserConfig({ title: 'T' })\n");
    expect(v2.diagnostics.map((d) => [d.code, d.line, d.message])).toEqual([
      ['vuepress/unsupported', 1, 'The VuePress config exports no object of settings: it is a VuePress 2 config (defineUserConfig), and docsbuild reads VuePress 1 configs; its title, nav and sidebar are not read (write site.yaml instead).'],
    ]);
    expect(convert(42).diagnostics.map((d) => d.message)).toEqual(['The VuePress config exports no object of settings; its title, nav and sidebar are not read (write site.yaml instead).']);
  });

  it('falls back to a title when the config has none', () => {
    expect(convert({}).input.title).toBe('Fallback');
  });

  it('resolves `./` and `../` in sidebar paths against their prefix, as VuePress 1 does, never above the root', () => {
    const { input, diagnostics } = convert({
      title: 'C',
      themeConfig: {
        sidebar: {
          '/guide/': ['', './intro', '../faqs/class', ['./deep/../setup.md', 'Setup']],
          '/': ['', { title: 'FAQs', children: ['./faqs/class', 'faqs/enums', '../../up'] }],
        },
      },
    });
    expect(input.sidebar).toEqual([
      { title: 'Guide', children: ['/guide/', '/guide/intro', '/faqs/class', { text: 'Setup', link: '/guide/setup' }] },
      { title: 'C', children: ['/', { title: 'FAQs', children: ['/faqs/class', '/faqs/enums', '/up'] }] },
    ]);
    expect(SiteConfigSchema.safeParse(input).success).toBe(true);
    expect(diagnostics.map((d) => d.code)).toEqual(['vuepress/unsupported']);
  });

  it('turns every sidebar form into entries: array, [path, title], groups with path, relative paths under a prefix', () => {
    const array = convert({ themeConfig: { sidebar: ['/', ['/guide/setup', 'Setup'], { title: 'API', path: '/api/', collapsable: false, children: ['/api/hooks.md'] }] } });
    // Another site's page, with its text or (none given) its URL, as VuePress shows it.
    const external = convert({ themeConfig: { sidebar: [['https://github.com/ipfs/specs', 'Specifications'], 'https://ipld.io/'] } });
    expect(external.input.sidebar).toEqual([{ text: 'Specifications', link: 'https://github.com/ipfs/specs' }, { text: 'https://ipld.io/', link: 'https://ipld.io/' }]);
    expect(SiteConfigSchema.safeParse(external.input).success).toBe(true);
    // A [path, title] pair is the page shown with that text (VuePress shows it in place of the page's title).
    expect(array.input.sidebar).toEqual(['/', { text: 'Setup', link: '/guide/setup' }, { title: 'API', collapsed: false, children: ['/api/', '/api/hooks'] }]);
    const byPath = convert({
      themeConfig: { nav: [{ text: 'Guide', link: '/guide/' }], sidebar: { '/guide/': ['', 'setup', 'README.md'], '/api/': [{ title: 'Hooks', children: ['mount'] }] } },
    });
    expect(byPath.input.sidebar).toEqual([{ title: 'Guide', children: ['/guide/', '/guide/setup', '/guide/'] }, { title: 'Api', children: [{ title: 'Hooks', children: ['/api/mount'] }] }]);
    expect(byPath.diagnostics.map((d) => d.code)).toEqual(['vuepress/unsupported']);
    // A prefix made of groups is a group holding them, so two prefixes' groups of one title stay apart; one group titled as its prefix is that group.
    const ofGroups = convert({
      themeConfig: {
        nav: [{ text: 'API', link: '/api/' }, { text: 'Cookbook', link: '/cookbook/' }, { text: 'Guide', link: '/guide/' }],
        sidebar: { '/api/': [{ title: 'Authentication', children: ['auth'] }, { title: 'Core', children: [''] }], '/cookbook/': [{ title: 'Authentication', children: ['auth'] }], '/guide/': [{ title: 'Guide', children: [''] }] },
      },
    });
    expect(ofGroups.input.sidebar).toEqual([
      { title: 'API', children: [{ title: 'Authentication', children: ['/api/auth'] }, { title: 'Core', children: ['/api/'] }] },
      { title: 'Cookbook', children: [{ title: 'Authentication', children: ['/cookbook/auth'] }] },
      { title: 'Guide', children: ['/guide/'] },
    ]);
    expect(SiteConfigSchema.safeParse(ofGroups.input).success).toBe(true);
    // A dropdown whose links all lead into the prefix names it; a dropdown with a link elsewhere does not.
    const dropdown = convert({
      themeConfig: {
        nav: [{ text: 'More', items: [{ text: 'API', items: [{ text: 'CLI', link: '/api/cli.html' }, { text: 'Node', link: '/api/node.html' }] }, { text: 'FAQ', link: '/faq/' }] }],
        sidebar: { '/api/': ['cli', 'node'], '/faq/': [''] },
      },
    });
    expect(dropdown.input.sidebar).toEqual([
      { title: 'API', children: ['/api/cli', '/api/node'] },
      { title: 'FAQ', children: ['/faq/'] },
    ]);
    // A prefix no nav item links to is titled by its folder, the root by the site's title.
    const untitled = convert({ title: 'Plugin', themeConfig: { sidebar: { '/user-guide/': ['', 'setup'], '/': ['', '/user-guide/'] } } });
    expect(untitled.input.sidebar).toEqual([
      { title: 'User guide', children: ['/user-guide/', '/user-guide/setup'] },
      { title: 'Plugin', children: ['/', '/user-guide/'] },
    ]);
    const depths = convert({ themeConfig: { sidebarDepth: 2, sidebar: [{ title: 'API', sidebarDepth: 0, children: ['/api/'] }, { title: 'More', children: ['/more/'] }] } });
    expect(depths.input.sidebarDepth).toBe(2);
    expect(depths.input.sidebar).toEqual([{ title: 'API', sidebarDepth: 0, children: ['/api/'] }, { title: 'More', children: ['/more/'] }]);
    expect(depths.diagnostics).toEqual([]);
    expect(SiteConfigSchema.safeParse(depths.input).success).toBe(true);
    const auto = convert({ themeConfig: { sidebar: 'auto' } });
    expect(auto.input.sidebar).toBeUndefined();
    expect(auto.diagnostics.map((d) => d.subject)).toEqual(['themeConfig.sidebar']);
  });

  it('leaves out nav items VuePress would show empty or dead (no text, no link), each with a warning, and keeps the config valid', () => {
    const { input, diagnostics } = convert({
      themeConfig: {
        nav: [
          { text: 'Guide', link: '/guide/' },
          { textZH: '指南', link: '/zh/guide/' },
          { text: 'More', items: [{ textEN: 'Repos', items: [{ text: 'A', link: 'https://a.example/' }, { textZH: '帮助', link: 'https://b.example/' }] }] },
          { text: 'Empty', items: [{ text: 'No link' }] },
        ],
      },
    });
    expect(input.nav).toEqual([{ text: 'Guide', link: '/guide/' }, { text: 'More', items: [{ text: 'A', link: 'https://a.example/' }] }]);
    expect(diagnostics.map((d) => d.message)).toEqual([
      'VuePress config "themeConfig.nav": the item linking to "/zh/guide/" has no text, so it is left out of the nav.',
      'VuePress config "themeConfig.nav": the item linking to "https://b.example/" has no text, so it is left out of the nav.',
      'VuePress config "themeConfig.nav": the item "No link" has no link, so it is left out of the nav.',
      'VuePress config "themeConfig.nav": the dropdown "Empty" has no links, so it is left out of the nav.',
    ]);
    expect(SiteConfigSchema.safeParse(input).success).toBe(true);
  });

  it('reads a nav link to a .md file as its page, as VuePress 1 does', () => {
    const { input } = convert({ themeConfig: { nav: [{ text: 'A', link: '/feature/a.md' }, { text: 'B', items: [{ text: 'B', link: '/guide/README.md#setup' }, { text: 'C', link: 'https://x.example/c.md' }] }] } });
    expect(input.nav).toEqual([{ text: 'A', link: '/feature/a' }, { text: 'B', items: [{ text: 'B', link: '/guide/#setup' }, { text: 'C', link: 'https://x.example/c.md' }] }]);
  });

  it('keeps a dropdown\'s groups, titled, as VuePress 1 shows nested items; a group inside a group is flattened, said at its own line', () => {
    const text = [
      'module.exports = {', // 1
      "  // { text: 'Deeper', items: [] },",
      '  themeConfig: {',
      '    nav: [',
      "      { text: 'Plugins', items: [", // 5
      "        { text: 'Development', items: [{ text: 'A', link: '/a/' }, { text: 'Deeper', items: [{ text: 'C', link: '/c/' }] }] },",
      "        { text: 'B', link: '/b/' },",
      "        { items: [{ text: 'D', link: '/d/' }] },",
      "        { text: 'Empty', items: [] },",
      '      ] },', // 10
      '    ],',
      '  },',
      '}',
    ].join('\n');
    const value = {
      themeConfig: {
        nav: [
          {
            text: 'Plugins',
            items: [
              { text: 'Development', items: [{ text: 'A', link: '/a/' }, { text: 'Deeper', items: [{ text: 'C', link: '/c/' }] }] },
              { text: 'B', link: '/b/' },
              { items: [{ text: 'D', link: '/d/' }] },
              { text: 'Empty', items: [] },
            ],
          },
        ],
      },
    };
    const { input, diagnostics } = convert(value, text);
    // An untitled group's links join the dropdown (VuePress heads them with an empty title); an empty group is nothing to show.
    expect(input.nav).toEqual([
      {
        text: 'Plugins',
        items: [
          { text: 'Development', items: [{ text: 'A', link: '/a/' }, { text: 'C', link: '/c/' }] },
          { text: 'B', link: '/b/' },
          { text: 'D', link: '/d/' },
        ],
      },
    ]);
    expect(SiteConfigSchema.safeParse(input).success).toBe(true);
    expect(diagnostics.map((d) => [d.code, d.line, d.column, d.message])).toEqual([
      [
        'vuepress/unsupported',
        6,
        76,
        'VuePress config "themeConfig.nav": the group "Development" holds a group of its own, "Deeper", which VuePress 1 shows as a link to nowhere: its links are shown in "Development" without the title "Deeper".',
      ],
    ]);
  });

  it('makes the edit link from repo, docsRepo, docsBranch and docsDir; Algolia becomes DocSearch; lastUpdated its label', () => {
    const { input } = convert({
      themeConfig: { repo: 'https://github.com/o/r', docsRepo: 'o/docs', docsBranch: 'main', docsDir: '/site/', editLinks: true, algolia: { apiKey: 'abcdef0123456789', indexName: 'i' }, lastUpdated: 'Changed' },
    });
    expect(input.editLink).toEqual({ pattern: 'https://github.com/o/docs/edit/main/site/:path' });
    expect(input.search).toEqual({ provider: 'docsearch', docsearch: { appId: 'BH4D9OD16A', apiKey: 'abcdef0123456789', indexName: 'i' } });
    expect(input.lastUpdated).toEqual({ text: 'Changed' });
    // Without editLinks, VuePress shows the link only on pages whose frontmatter says editLink: true.
    expect(convert({ themeConfig: { repo: 'o/r' } }).input.editLink).toEqual({ pattern: 'https://github.com/o/r/edit/master/:path', optIn: true });
    expect(convert({ themeConfig: {} }).input.editLink).toBeUndefined();
  });

  it('passes over an Algolia config without an apiKey and an indexName, as VuePress does, keeping the local search', () => {
    for (const algolia of [{}, { apiKey: 'abcdef0123456789' }, { apiKey: '', indexName: 'i' }]) {
      const { input, diagnostics } = convert({ themeConfig: { algolia } });
      expect(input.search, JSON.stringify(algolia)).toBeUndefined();
      expect(SiteConfigSchema.safeParse(input).success).toBe(true);
      expect(diagnostics.map((d) => [d.code, d.severity, d.message])).toEqual([
        ['vuepress/unsupported', 'warning', expect.stringContaining('"themeConfig.algolia" is not used: it has no apiKey and indexName')],
      ]);
    }
  });

  it.each([
    // What VuePress 1.9.10's PageEdit createEditLink gives, :path standing for the page's relativePath.
    [{ repo: 'https://gitlab.com/o/r' }, 'https://gitlab.com/o/r/-/edit/master/:path'],
    [{ repo: 'https://gitlab.com/o/r/', docsBranch: 'main', docsDir: 'docs/' }, 'https://gitlab.com/o/r/-/edit/main/docs/:path'],
    [{ repo: 'https://bitbucket.org/o/r', docsBranch: 'dev', docsDir: 'docs' }, 'https://bitbucket.org/o/r/src/dev/docs/:path?mode=edit&spa=0&at=dev&fileviewer=file-view-default'],
    [{ repo: 'o/r', docsRepo: 'https://git.example.com/team/handbook', docsBranch: 'trunk' }, 'https://git.example.com/team/handbook/edit/trunk/:path'],
    [{ repo: 'https://github.com/o/r.git' }, 'https://github.com/o/r/edit/master/:path'],
  ])('makes the edit link of %j as VuePress 1 does on other hosts', (theme, pattern) => {
    const { input } = convert({ themeConfig: { ...theme, editLinks: true, editLinkText: 'Fix it' } });
    expect(input.editLink).toEqual({ pattern, text: 'Fix it' });
    expect(SiteConfigSchema.safeParse(input).success).toBe(true);
  });

  it('reports an edit link it cannot make an http(s) URL of', () => {
    const { input, diagnostics } = convert({ themeConfig: { repo: 'git@github.com:o/r.git', editLinks: true } }, 'module.exports = { themeConfig: { editLinks: true } }');
    expect(input.editLink).toBeUndefined();
    expect(diagnostics.map((d) => [d.code, d.line, d.message])).toEqual([
      ['vuepress/unsupported', 1, 'VuePress config "themeConfig.editLinks" is not used: the edit link needs "repo" or "docsRepo": owner/name on GitHub, or the http(s) URL of the repository on GitLab, Bitbucket or another host.'],
    ]);
  });

  it('reads "@/" in snippet imports from the folder above the content folder, where VuePress runs (a monorepo\'s packages/docs)', () => {
    const at = (file: string) => siteFromVuepress({ value: {}, text: '', file }, 'T').input.markdown;
    expect(at('packages/docs/docs/.vuepress/config.js')).toEqual({ slugify: 'vuepress', importRoot: 'packages/docs' });
    expect(at('docs/.vuepress/config.js')).toEqual({ slugify: 'vuepress' });
    expect(at('../docs/.vuepress/config.js')).toEqual({ slugify: 'vuepress' });
    // The content folder's package.json runs `vuepress build` in it: that folder is where VuePress runs.
    const inContent = (file: string) => siteFromVuepress({ value: {}, text: '', file, runsInContentFolder: true }, 'T').input.markdown;
    expect(inContent('docs/.vuepress/config.ts')).toEqual({ slugify: 'vuepress', importRoot: 'docs' });
    expect(inContent('.vuepress/config.js')).toEqual({ slugify: 'vuepress' });
  });

  it('warns once for each package the config ran without, at the line that names it', () => {
    const text = "import * as path from 'path';\nimport include from 'markdown-it-include';\nmodule.exports = { plugins: [\"tabs-plugin\"] };\n";
    const standIns = [{ name: 'markdown-it-include' }, { name: 'tabs-plugin' }, { name: 'unnamed' }];
    expect(standInDiagnostics({ file: 'docs/.vuepress/config.ts', text }, standIns).map((d) => [d.code, d.severity, d.line, d.column])).toEqual([
      ['vuepress/config-module-missing', 'warning', 2, 21],
      ['vuepress/config-module-missing', 'warning', 3, 30],
      ['vuepress/config-module-missing', 'warning', 1, 1],
    ]);
  });

  it('places a package a module of the site requires at the config line that loads that module, naming the file and line that required it', () => {
    // The package's name is in the config's text too (a comment): the module's require is what the warning is about.
    const text = "// rules need 'rule-parser'\nconst rules = require('../lib/rules');\nmodule.exports = { title: 'x' };\n";
    const [warning] = standInDiagnostics({ file: FILE, text }, [{ name: 'rule-parser', line: 2, column: 15, requiredIn: 'lib/rules.js:1' }]);
    expect([warning!.line, warning!.column, warning!.message]).toEqual([
      2,
      15,
      'lib/rules.js:1 (loaded by the config) requires "rule-parser", which is not installed; it ran with a stand-in for it, so whatever the config takes from "rule-parser" is missing.',
    ]);
  });

  it('reports a config that failed in a module it requires at its own line, with where it was thrown and the packages it ran without', () => {
    const text = "'use strict'\nconst rules = require('../../tools/lib/rules')\nmodule.exports = { title: 'x' }\n";
    const source = { relativePath: '.vuepress/config.js', file: FILE, text };
    const failure = { message: 'The "path" argument must be of type string. Received function', line: 2, column: 15, thrownIn: 'lib/utils/index.js:501' };
    const { diagnostics, config } = parseVuepressSiteConfig({ configFile: '.vuepress/config.js', config: { source, result: { failure, standIns: [{ name: 'eslint', line: 2, column: 15, requiredIn: 'lib/utils/index.js:3' }] } } }, 'Fallback');
    expect(config).toBeUndefined();
    expect(diagnostics.map((d) => [d.code, d.line, d.message])).toEqual([
      [
        'vuepress/config-failed',
        2,
        '.vuepress/config.js could not be loaded: The "path" argument must be of type string. Received function (thrown in lib/utils/index.js:501, which the config loads). It ran without "eslint", which is not installed: install the docs\' dependencies (npm install) first.',
      ],
      ['vuepress/config-module-missing', 2, 'lib/utils/index.js:3 (loaded by the config) requires "eslint", which is not installed; it ran with a stand-in for it, so whatever the config takes from "eslint" is missing.'],
    ]);
  });

  it("says at its line that the default theme's navbar logo is not shown, and keeps it as a constant for a page that uses it", () => {
    const text = "module.exports = {\n  themeConfig: {\n    logo: '/favicon.ico',\n  },\n}\n";
    const { input, diagnostics } = convert({ themeConfig: { logo: '/favicon.ico' } }, text);
    expect(diagnostics.map((d) => [d.code, d.line, d.column, d.message])).toEqual([
      ['vuepress/unsupported', 3, 5, expect.stringMatching(/^VuePress config "themeConfig\.logo" is not shown: docsbuild's top bar shows the site's title without a logo/)],
    ]);
    expect(input.constants).toEqual({ logo: '/favicon.ico' });
  });

  it('keeps custom themeConfig scalars as constants and extractHeaders as header levels', () => {
    const { input } = convert({ themeConfig: { version: '2.1', port: 8080 }, markdown: { extractHeaders: ['h2', 'h3', 'h4'] } });
    expect(input.constants).toEqual({ version: '2.1', port: 8080 });
    expect(input.markdown).toEqual({ slugify: 'vuepress', headers: [2, 3, 4] });
  });

  it("passes over an h1 in extractHeaders with a warning, as the page's title, and keeps the other levels (uni-app's docs)", () => {
    const { input, diagnostics } = convert({ markdown: { extractHeaders: ['h1', 'h2', 'h3', 'h4'] } });
    expect(input.markdown).toEqual({ slugify: 'vuepress', headers: [2, 3, 4] });
    expect(SiteConfigSchema.safeParse(input).success).toBe(true);
    expect(diagnostics.map((d) => [d.code, d.subject])).toEqual([['vuepress/unsupported', 'markdown.extractHeaders']]);
    expect(convert({ markdown: { extractHeaders: ['h1'] } }).input.markdown).toEqual({ slugify: 'vuepress' });
  });

  it('carries markdown.lineNumbers over as site.yaml\'s, without a warning', () => {
    const text = "module.exports = {\n  markdown: { lineNumbers: true },\n}\n";
    const { input, diagnostics } = convert({ markdown: { lineNumbers: true } }, text);
    expect(input.markdown).toEqual({ slugify: 'vuepress', lineNumbers: true });
    expect(diagnostics).toEqual([]);
    expect(SiteConfigSchema.parse(input).markdown.lineNumbers).toBe(true);
  });

  it('warns at the line of each setting it cannot honour, nested keys after their parent', () => {
    const text = "module.exports = {\n  theme: 'x',\n  markdown: {\n    externalLinks: {},\n    extendMarkdown(md) {},\n  },\n  locales: {},\n}\n";
    const { diagnostics } = convert({ theme: 'x', markdown: { externalLinks: {}, extendMarkdown: { $code: 'function' } }, locales: { '/': {}, '/fr/': {} } }, text);
    expect(diagnostics.map((d) => [d.line, d.column, d.subject])).toEqual([
      [7, 3, 'locales'],
      [2, 3, 'theme'],
      [5, 5, 'markdown.extendMarkdown'],
      [4, 5, 'markdown.externalLinks'],
    ]);
  });

  it('takes the root locale as the site, and makes every other locale\'s sidebar a closed group of the one sidebar, titled with its label', () => {
    const { input, diagnostics } = convert({
      locales: { '/': { lang: 'en-GB', title: 'Site', description: 'D' }, '/fr/': { lang: 'fr', title: 'Site FR', description: 'D FR' }, '/ja/': { lang: 'ja' } },
      themeConfig: {
        locales: {
          '/': { label: 'English', nav: [{ text: 'Guide', link: '/guide/' }], sidebar: { '/guide/': ['', 'a'] } },
          '/fr/': { label: 'Français', nav: [{ text: 'Guide FR', link: '/fr/guide/' }], sidebar: { '/fr/guide/': ['', 'a'], '/fr/api/': [''] } },
          // The shape most multi-language VuePress 1 sites have: an array of titled groups per locale.
          '/ja/': { label: '日本語', sidebar: [{ title: 'はじめに', collapsable: false, children: [{ title: 'x', path: '/ja/' }, '/ja/installation'] }] },
        },
      },
    });
    // VuePress's language menu: each locale's label, leading to its home page.
    const languages = { text: 'Languages', items: [{ text: 'English', link: '/' }, { text: 'Français', link: '/fr/' }, { text: '日本語', link: '/ja/' }] };
    expect(input).toMatchObject({ title: 'Site', description: 'D', lang: 'en-GB', nav: [{ text: 'Guide', link: '/guide/' }, languages] });
    // Each other locale's pages are in its language; its description is its home pages' tagline.
    expect(input.locales).toEqual({ '/fr/': { lang: 'fr', description: 'D FR' }, '/ja/': { lang: 'ja' } });
    expect(SiteConfigSchema.safeParse(input).success).toBe(true);
    expect(input.sidebar).toEqual([
      '/guide/',
      '/guide/a',
      { title: 'Français', collapsed: true, children: [{ title: 'Guide FR', children: ['/fr/guide/', '/fr/guide/a'] }, { title: 'Api', children: ['/fr/api/'] }] },
      { title: '日本語', collapsed: true, children: [{ title: 'はじめに', collapsed: false, children: [{ text: 'x', link: '/ja/' }, '/ja/installation'] }] },
    ]);
    // The by-path sidebar is told once, however many locales have one.
    expect(diagnostics.map((d) => d.subject)).toEqual(['locales', 'themeConfig.sidebar']);
    expect(input.rules).toEqual({ 'link/dead-anchor': 'warning', 'markdown/unknown-container': 'warning' });
  });

  it('finds a quoted key, and nothing for a key not written', () => {
    expect(positionOfKey("x = { 'themeConfig': {\n  \"nav\": [] } }", ['themeConfig', 'nav'])).toEqual({ line: 2, column: 3, offset: 25 });
    expect(positionOfKey('{}', ['nav'])).toEqual({});
  });

  it("places a plugin's warning at the shorthand `plugins,` when the list comes from another file (vue-select), not at line 1", () => {
    const text = "const plugins = require('./plugins')\n\nmodule.exports = {\n  title: 'T',\n  plugins,\n}\n";
    expect(positionOfKey(text, ['plugins'])).toMatchObject({ line: 5, column: 3 });
    // A key written with its value still wins over a shorthand of the same name.
    expect(positionOfKey('const x = { plugins, y: { plugins: [] } }', ['plugins'])).toMatchObject({ column: 27 });
    const { diagnostics } = siteFromVuepress({ value: { title: 'T', plugins: [['@vuepress/back-to-top']] }, text, file: FILE }, 'Fallback');
    expect(diagnostics.filter((d) => d.subject?.startsWith('plugins')).map((d) => d.line)).toEqual([5]);
  });

  it('finds a key written as code, not one in a comment or a string before it', () => {
    const text = [
      'module.exports = {', // 1
      "  // theme: 'reco',",
      "  /* theme: 'a',",
      "     theme: 'b', */",
      "  title: 'theme: not a key',", // 5
      '  description: `a ${"x"} theme: c`,',
      "  theme: 'real',",
      '  themeConfig: {',
      "    // sidebar: 'auto',",
      "    'sidebar': { '/a/': [''] },", // 10
      '  },',
      '}',
    ].join('\n');
    expect(positionOfKey(text, ['theme'])).toMatchObject({ line: 7, column: 3 });
    expect(positionOfKey(text, ['themeConfig', 'sidebar'])).toMatchObject({ line: 10, column: 5 });
    // A quoted value, likewise: the commented-out plugin is not where the one in use is written.
    const plugins = "module.exports = {\n  // plugins: ['seo'],\n  description: \"'seo'\",\n  plugins: ['seo'],\n}";
    expect(positionOfQuoted(plugins, 'seo')).toMatchObject({ line: 4, column: 13 });
  });
});
