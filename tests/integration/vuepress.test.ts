import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIntoFolder } from '../../cli/build';
import { resolveConfig } from '../../cli/config';
import { nowNs } from '../../cli/source/input-stamps';
import { htmlFileOf } from '../../cli/output/layout';
import { buildFixture } from '../helpers/build-fixture';
import { buildFiles, placesOf, tempSite } from '../helpers/temp-site';

const VUEPRESS_CONFIG = '.vuepress/config.js';

/** A VuePress 1 tree's pages in the static HTML: the default theme's frontmatter and the anchor aliases. */
describe('VuePress 1 trees', () => {
  it('writes metaTitle as the <title>, meta tags escaped, and the public folder at the site root', async () => {
    const result = await buildFixture('vuepress-anchors');
    const home = result.files.get(htmlFileOf('/')) as string;
    expect(home).toContain('<title>Anchor aliases, the home page</title>');
    expect(home).toContain('<meta name="keywords" content="anchors &quot;quoted&quot; &lt;tag&gt;">');
    expect(home).toContain('<h1 class="hero-title">Anchors that last</h1>');
    expect(result.files.has('images/mark.svg')).toBe(true);
  });

  it("shows an image named by its path inside .vuepress/public (VuePress's webpack resolves it) as the public file at the site root", async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const files = {
      [VUEPRESS_CONFIG]: "module.exports = { title: 'T' };\n",
      '.vuepress/public/pics/dot.png': png,
      'README.md': '# Home\n\n![root](./.vuepress/public/pics/dot.png)\n',
      'guide/README.md': '# Guide\n\n![relative](../.vuepress/public/pics/dot.png) and ![absolute](/pics/dot.png)\n',
    };
    const result = await buildFiles(files, 'build');
    expect(result.diagnostics).toEqual([]);
    const chunk = (sitePath: string) => JSON.parse(result.files.get(result.manifest!.pages.find((p) => p.path === sitePath)!.chunk) as string) as { html: string };
    expect(chunk('/guide/').html.match(/src="[^"]+"/g)).toEqual(['src="/pics/dot.png"', 'src="/pics/dot.png"']);
    expect(chunk('/').html).toContain('src="/pics/dot.png"');
    expect(result.files.has('pics/dot.png')).toBe(true);
    // A file that is not there still is reported.
    const gone = await buildFiles({ ...files, 'guide/README.md': '# Guide\n\n![gone](../.vuepress/public/pics/gone.png)\n' });
    expect(placesOf(gone, 'guide/README.md')).toEqual(['link/missing-file@3:1']);
  });

  it("titles an untitled tip, warning and danger as VuePress 1's default theme does: in capitals, in Chinese under zh/; a plugin's box by its type in capitals", async () => {
    const boxes = '::: tip\nA.\n:::\n\n::: warning\nB.\n:::\n\n::: danger\nC.\n:::\n\n::: tip Own title\nD.\n:::\n\n::: theorem\nE.\n:::\n';
    const titlesOf = (result: Awaited<ReturnType<typeof buildFiles>>, sitePath: string) => {
      const record = result.manifest!.pages.find((p) => p.path === sitePath)!;
      const { html } = JSON.parse(result.files.get(record.chunk) as string) as { html: string };
      return [...html.matchAll(/<p class="custom-block-title">([^<]*)<\/p>/g)].map((m) => m[1]);
    };
    const vuepress = await buildFiles(
      {
        [VUEPRESS_CONFIG]: "module.exports = { title: 'T', plugins: [['container', { type: 'theorem' }]] };\n",
        'README.md': `# Home\n\n${boxes}`,
        'zh/README.md': `# 首页\n\n${boxes}`,
        'guide/zh/README.md': `# Guide\n\n${boxes}`,
      },
      'build',
    );
    expect(vuepress.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(titlesOf(vuepress, '/')).toEqual(['TIP', 'WARNING', 'DANGER', 'Own title', 'THEOREM']);
    expect(titlesOf(vuepress, '/zh/')).toEqual(['提示', '注意', '警告', 'Own title', 'THEOREM']);
    // The plugin looks at the start of the page's path only.
    expect(titlesOf(vuepress, '/guide/zh/')).toEqual(['TIP', 'WARNING', 'DANGER', 'Own title', 'THEOREM']);
    // A site.yaml tree keeps its own titles.
    const own = await buildFiles({ 'site.yaml': 'title: T\nmarkdown:\n  containers:\n    - type: theorem\n', 'README.md': `# Home\n\n${boxes}` }, 'build');
    expect(titlesOf(own, '/')).toEqual(['Tip', 'Warning', 'Danger', 'Own title', 'Theorem']);
  });

  it("titles a plugin's box by the page's locale when its defaultTitle is given by locale, and a plugin's info as the plugin does", async () => {
    const plugins = "[['container', { type: 'new', defaultTitle: { '/': 'NEW', '/zh/': '新的', '/ko/': '새로운' } }], ['container', { type: 'info' }]]";
    const boxes = '::: new\nA.\n:::\n\n::: info\nB.\n:::\n\n::: new Own\nC.\n:::\n';
    const result = await buildFiles(
      {
        [VUEPRESS_CONFIG]: `module.exports = { title: 'T', locales: { '/': { lang: 'en-US' }, '/zh/': { lang: 'zh-CN' }, '/ko/': { lang: 'ko-KR' } }, plugins: ${plugins} };\n`,
        'README.md': `# Home\n\n${boxes}`,
        'zh/README.md': `# 首页\n\n${boxes}`,
        'ko/README.md': `# 홈\n\n${boxes}`,
      },
      'build',
    );
    const titlesOf = (sitePath: string) => {
      const record = result.manifest!.pages.find((p) => p.path === sitePath)!;
      const { html } = JSON.parse(result.files.get(record.chunk) as string) as { html: string };
      return [...html.matchAll(/<p class="custom-block-title">([^<]*)<\/p>/g)].map((m) => m[1]);
    };
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(titlesOf('/')).toEqual(['NEW', 'INFO', 'Own']);
    expect(titlesOf('/zh/')).toEqual(['新的', 'INFO', 'Own']);
    expect(titlesOf('/ko/')).toEqual(['새로운', 'INFO', 'Own']);
  });

  it('builds an empty page, as VuePress does, with a warning instead of an error; links to it work', async () => {
    const result = await buildFiles(
      { [VUEPRESS_CONFIG]: "module.exports = { title: 'T' };\n", 'README.md': '# Home\n\nSee [the notes](./notes.md).\n', 'notes.md': '', 'blank.md': ' \n\t\n' },
      'build',
    );
    expect(result.diagnostics.map((d) => `${d.file} ${d.severity} ${d.code}`)).toEqual(['content/blank.md warning file/empty', 'content/notes.md warning file/empty']);
    expect(result.manifest!.pages.map((p) => p.path).sort()).toEqual(['/', '/blank.html', '/notes.html']);
    expect(result.files.has('notes.html')).toBe(true);
    // A site.yaml tree keeps the error, and leaves the page out.
    const own = await buildFiles({ 'site.yaml': 'title: T\n', 'README.md': '# Home\n', 'notes.md': '' });
    expect(own.diagnostics.map((d) => `${d.severity} ${d.code}`)).toEqual(['error file/empty']);
  });

  it('puts each heading\'s aliases in the static HTML, so a browser lands on them without the viewer', async () => {
    const result = await buildFixture('vuepress-anchors');
    const guide = result.files.get(htmlFileOf('/guide/')) as string;
    expect(guide).toContain('<h2 id="palette-styl"><span id="palettestyl"></span><span id="colour-file"></span>palette.styl</h2>');
  });

  it('takes a page\'s lang and leaves out the edit link where the page says editLink: false', async () => {
    const result = await buildFixture('vuepress-site');
    const options = result.files.get(htmlFileOf('/reference/options.html')) as string;
    expect(options).toContain('<html lang="fr">');
    const chunkOf = (path: string) => JSON.parse(result.files.get(result.manifest!.pages.find((p) => p.path === path)!.chunk) as string) as { editUrl?: string };
    expect(chunkOf('/reference/options.html').editUrl).toBeUndefined();
    expect(chunkOf('/guide/').editUrl).toBe('https://github.com/example/lantern/edit/master/docs/guide/README.md');
  });

  it("writes each locale folder's pages in its language: site.yaml locales, under a page's own lang", async () => {
    const result = await buildFiles(
      {
        'site.yaml': 'title: T\nlang: en-US\nlocales:\n  /fr/: { lang: fr-FR }\n',
        'README.md': '# Home\n',
        'fr/README.md': '# Accueil\n',
        'fr/guide.md': '# Guide\n',
        'fr/de.md': '---\nlang: de\n---\n# Deutsch\n',
      },
      'build',
    );
    const lang = (path: string) => /<html lang="([^"]+)"/.exec(result.files.get(htmlFileOf(path)) as string)?.[1];
    expect(['/', '/fr/', '/fr/guide.html', '/fr/de.html'].map(lang)).toEqual(['en-US', 'fr-FR', 'fr-FR', 'de']);
    const chunkLang = (path: string) => (JSON.parse(result.files.get(result.manifest!.pages.find((p) => p.path === path)!.chunk) as string) as { lang?: string }).lang;
    expect(['/', '/fr/guide.html', '/fr/de.html'].map(chunkLang)).toEqual([undefined, 'fr-FR', 'de']);
  });

  it('refuses a locales key that is no folder', async () => {
    const result = await buildFiles({ 'site.yaml': 'title: T\nlocales:\n  /fr: { lang: fr }\n', 'README.md': '# Home\n' });
    expect(result.diagnostics.map((d) => [d.code, d.line, d.message])).toEqual([['config/invalid', 3, expect.stringMatching(/must be a folder such as "\/fr\/"/)]]);
  });

  it('gives a page with sidebar: auto its own sections as its sidebar, and one with sidebar: false none', async () => {
    const result = await buildFixture('vuepress-site');
    const sidebarLinks = (path: string) => {
      const html = result.files.get(htmlFileOf(path)) as string;
      // The sidebar's page tree (the drawer's copy of the top nav comes before it).
      const from = html.indexOf('class="sidebar-items');
      const sidebar = from === -1 ? '' : html.slice(from, html.indexOf('class="page-wrap"'));
      return [...sidebar.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]!);
    };
    expect(sidebarLinks('/reference/options.html').filter((href) => !href.startsWith('#'))).toEqual(['/reference/options.html']);
    expect(sidebarLinks('/reference/options.html')).toContain('#fade-ms');
    expect(sidebarLinks('/guide/wiring.html').filter((href) => href.endsWith('.html') || href.endsWith('/'))).not.toContain('/guide/');
    expect(sidebarLinks('/guide/')).toContain('/guide/wiring.html');
  });

  it("labels a prev/next link with the sidebar's text for the page (VuePress's ['options', 'All options']), as VuePress's own prev/next do", async () => {
    const result = await buildFixture('vuepress-site');
    const chunkOf = (path: string) => JSON.parse(result.files.get(result.manifest!.pages.find((p) => p.path === path)!.chunk) as string) as { next?: unknown; prev?: unknown };
    expect(chunkOf('/reference/').next).toEqual({ path: '/reference/options.html', title: 'All options' });
    expect(chunkOf('/reference/options.html').prev).toEqual({ path: '/reference/', title: 'Reference' });
  });

  it("lists a sidebar's link to another site (VuePress's ['https://…', 'Changelog']) in the static HTML, opening a new tab, and in llms.txt", async () => {
    const result = await buildFixture('vuepress-site');
    const html = result.files.get(htmlFileOf('/reference/')) as string;
    const newTab = ' target="_blank" rel="noopener noreferrer">';
    const marked = '<svg[^>]*class="external-icon"[^>]*>.*?</svg><span class="visually-hidden"> \\(opens in a new tab\\)</span></a>';
    expect(html).toMatch(new RegExp(`<li><a href="https://example.org/lantern/changelog" class="sidebar-link"${newTab}Changelog${marked}</li>`));
    // The nav's link to another site alike (VuePress opens both in a new tab).
    expect(html).toMatch(new RegExp(`<a href="https://example.org/lantern" class="nav-link"${newTab}Project${marked}`));
    expect(result.files.get('llms.txt')).toContain('- [Changelog](https://example.org/lantern/changelog)');
  });

  it('lists a page with sidebarDepth: 0 in the sidebar without its sections', async () => {
    const result = await buildFixture('vuepress-anchors');
    const sidebarOf = (path: string) => {
      const html = result.files.get(htmlFileOf(path)) as string;
      return html.slice(html.indexOf('class="sidebar-items'), html.indexOf('class="page-wrap"'));
    };
    expect(sidebarOf('/guide/hooks.html')).toContain('href="/guide/hooks.html"');
    expect(sidebarOf('/guide/hooks.html')).not.toContain('href="#mount"');
    expect(sidebarOf('/guide/')).toContain('href="#palette-styl"');
  });

  /** The `#slug` links under the reader's page in its prerendered sidebar, `>` before a nested one. */
  const sectionLinks = (html: string) => {
    const sidebar = html.slice(html.indexOf('class="sidebar-items'), html.indexOf('class="page-wrap"'));
    const links: string[] = [];
    let depth = 0;
    for (const m of sidebar.matchAll(/<ul class="sidebar-headers">|<\/ul>|<a href="#([^"]+)"/g)) {
      if (m[0].startsWith('<ul')) depth++;
      else if (m[0] === '</ul>') depth = Math.max(0, depth - 1);
      else links.push(`${'>'.repeat(depth - 1)}${m[1]}`);
    }
    return links;
  };

  it('lists the reader\'s page\'s sections in the sidebar to its sidebarDepth: frontmatter, else its group\'s, else the site\'s, else 1', async () => {
    const site = await buildFixture('vuepress-site');
    const html = (path: string) => site.files.get(htmlFileOf(path)) as string;
    // The Guide group of the VuePress config says sidebarDepth: 2: the ### under its ## too.
    expect(sectionLinks(html('/guide/'))).toEqual(['ready', '>checking-the-wick', 'tada']);
    // Reference is in no group with a depth, and the config sets none: 1, the ## sections only (sidebar: auto too).
    expect(sectionLinks(html('/reference/options.html'))).toEqual(['fade-ms', 'on-off']);
    const anchors = await buildFixture('vuepress-anchors');
    const anchorsHtml = (path: string) => anchors.files.get(htmlFileOf(path)) as string;
    // site.yaml sidebarDepth: 2, and frontmatter sidebarDepth: 0 wins over it.
    expect(sectionLinks(anchorsHtml('/guide/'))).toEqual(['palette-styl', '>where-it-lives', 'org-s-id', 'org-s-id-2']);
    expect(sectionLinks(anchorsHtml('/guide/hooks.html'))).toEqual([]);
  });

  it('leaves the top navigation out on a page with navbar: false, from the top bar and from the phone\'s drawer', async () => {
    const result = await buildFixture('vuepress-site');
    expect(result.files.get(htmlFileOf('/guide/wiring.html'))).not.toContain('aria-label="Main"');
    expect(result.files.get(htmlFileOf('/guide/wiring.html'))).not.toContain('class="drawer-nav"');
    expect(result.files.get(htmlFileOf('/guide/'))).toContain('aria-label="Main"');
    expect(result.files.get(htmlFileOf('/guide/'))).toContain('class="drawer-nav"');
  });
});

/** What a VuePress tree's `.vuepress/` folder gives the build besides the pages. */
describe('VuePress 1 trees: the .vuepress/ folder', () => {
  /** A tree whose html-redirect plugin sends an old folder to a page, and whose nav and a page link to the old folder. */
  const redirectedTree = (redirects: string) => ({
    [VUEPRESS_CONFIG]: [
      'module.exports = {',
      "  plugins: [['@vuepress/html-redirect', { countdown: 0 }]],",
      "  themeConfig: { nav: [{ text: 'Demos', link: '/demos/' }], sidebar: ['/', '/demos/bars', '/setup'] },",
      '}',
      '',
    ].join('\n'),
    '.vuepress/redirects': redirects,
    'README.md': '# Home\n\nThe [demos](./demos/).\n',
    'demos/bars.md': '# Bars\n',
    'setup.md': '# Setup\n',
  });

  it('reads .vuepress/redirects as site.yaml redirects: links through them are warnings, and the build writes them', async () => {
    const files = redirectedTree('# Moved when the demos got pages of their own\n/demos/ /demos/bars.html\n\n/install /setup.html\n');
    const checked = await buildFiles(files);
    expect(checked.diagnostics.map((d) => [d.code, d.file, d.line])).toEqual([
      ['link/through-redirect', `content/${VUEPRESS_CONFIG}`, 3],
      ['link/through-redirect', 'content/README.md', 3],
    ]);
    const built = await buildFiles(files, 'build');
    expect(JSON.parse(built.files.get('redirects.json') as string).redirects).toEqual([
      { from: '/demos/', to: '/demos/bars.html' },
      { from: '/index.html', to: '/' },
      // `/install` as the plugin takes it: `/install/`, which it wrote as install/index.html.
      { from: '/install/', to: '/setup.html' },
    ]);
    expect(built.files.get('demos/index.html')).toContain('/demos/bars.html');
    expect(built.manifest!.site.nav).toEqual([{ text: 'Demos', link: '/demos/bars.html', external: false }]);
  });

  it('leaves a bare URL or address as text, as VuePress 1 did (its markdown-it had linkify off), where a site.yaml tree links it', async () => {
    const page = '# Home\n\nSee https://example.com/bare, www.example.org and help@example.com; <https://example.com/angle> is a link.\n';
    const chunkHtml = (result: Awaited<ReturnType<typeof buildFiles>>) => {
      const chunk = result.files.get(result.manifest!.pages.find((p) => p.path === '/')!.chunk) as string;
      return (JSON.parse(chunk) as { html: string }).html;
    };
    const vuepress = chunkHtml(await buildFiles({ [VUEPRESS_CONFIG]: "module.exports = { title: 'Bare' }\n", 'README.md': page }, 'build'));
    expect(vuepress).toContain('See https://example.com/bare, www.example.org and help@example.com;');
    expect(vuepress).toContain('href="https://example.com/angle"');
    const outbound = /href="(?:https?|mailto):/g;
    expect(vuepress.match(outbound)).toHaveLength(1);
    const gfm = chunkHtml(await buildFiles({ 'site.yaml': 'title: Bare\n', 'README.md': page }, 'build'));
    expect(gfm).toContain('href="https://example.com/bare"');
    expect(gfm).toContain('href="mailto:help@example.com"');
    expect(gfm.match(outbound)).toHaveLength(4);
  });

  it("reports each problem of .vuepress/redirects at its line, site.yaml's checks included", async () => {
    const invalid = await buildFiles(redirectedTree('/demos/ /demos/bars.html\n/alone/\nsetup-old /setup.html\n'));
    expect(placesOf(invalid, '.vuepress/redirects')).toEqual(['vuepress/malformed-redirect@2:1', 'config/invalid@3:1']);
    // Redirects the config accepts are checked against the pages, as site.yaml's are.
    const unresolved = await buildFiles(redirectedTree('/demos/ /demos/bars.html\n/gone/ /nowhere/\n/setup.html /demos/\n'));
    expect(placesOf(unresolved, '.vuepress/redirects')).toEqual(['redirect/dead-target@2:1', 'redirect/shadows-page@3:1']);
  });

  it("writes a redirect of .vuepress/redirects to another site, as the html-redirect plugin did; site.yaml's still needs --allow-external-redirects", async () => {
    const files = redirectedTree('/demos/ /demos/bars.html\n/releases/ https://github.com/example/project/releases\n');
    const built = await buildFiles(files, 'build');
    expect(built.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(JSON.parse(built.files.get('redirects.json') as string).redirects).toContainEqual({ from: '/releases/', to: 'https://github.com/example/project/releases' });
    expect(built.files.get('releases/index.html')).toContain('https://github.com/example/project/releases');
    // The same redirect in a site.yaml: the flag is the consent.
    const yaml = await buildFiles({ 'site.yaml': 'title: T\nredirects:\n  /releases/: https://github.com/example/project/releases\n', 'README.md': '# Home\n' });
    expect(placesOf(yaml, 'site.yaml')).toEqual(['redirect/external-target@3:3']);
  });

  it("reads a tree laid out as Sanic's guide: webpack-aliased images (~@assets/…) are the content's files, and locale-less links lead to the linking page's locale (vuepress-plugin-redirect's locales)", async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const config = [
      "const path = require('path');",
      'module.exports = {',
      "  locales: { '/en/': { lang: 'en-US', title: 'Docs' }, '/zh/': { lang: 'zh-CN', title: '文档' } },",
      "  plugins: [['vuepress-plugin-redirect', { locales: true }]],",
      "  configureWebpack: { resolve: { alias: { '@assets': path.resolve(__dirname, '../assets'), '@up': path.resolve(__dirname, '../..') } } },",
      '};',
      '',
    ].join('\n');
    const built = await buildFiles(
      {
        [VUEPRESS_CONFIG]: config,
        'assets/images/flow.png': png,
        'en/README.md': '# Start\n\n![flow](~@assets/images/flow.png) [Routing](/guide/routing.md#paths)\n',
        'en/guide/routing.md': '# Routing\n\n## Paths\n',
        'zh/README.md': '# 开始\n\n<img src="@assets/images/flow.png" alt="flow"> [路由](/guide/routing.md#paths) ![again](~@source/assets/images/flow.png)\n',
        'zh/guide/routing.md': '# 路由\n\n## Paths\n',
      },
      'build',
    );
    expect(built.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    // The alias that leads outside the content folder is the one warning of the webpack config.
    expect(built.diagnostics.filter((d) => d.message.includes('configureWebpack')).map((d) => d.message)).toEqual([expect.stringMatching(/"configureWebpack" is read in part.* but the alias\(es\) "@up" name no folder of the content folder/)]);
    const html = (sitePath: string) => (JSON.parse(built.files.get(built.manifest!.pages.find((p) => p.path === sitePath)!.chunk) as string) as { html: string }).html;
    const image = /src="(\/assets\/media\/flow\.[0-9a-f]+\.png)"/;
    const published = image.exec(html('/en/'))?.[1];
    expect(published).toBeDefined();
    expect(built.files.has(published!.slice(1))).toBe(true);
    expect(image.exec(html('/zh/'))?.[1]).toBe(published);
    // VuePress's own alias of the content folder, as its webpack config has it.
    expect(html('/zh/').match(/src="[^"]+"/g)).toEqual([`src="${published}"`, `src="${published}"`]);
    expect(html('/en/')).toContain('href="/en/guide/routing.html#paths"');
    expect(html('/zh/')).toContain('href="/zh/guide/routing.html#paths"');
    // A visit from outside to a locale-less path: the first locale's page.
    const redirects = JSON.parse(built.files.get('redirects.json') as string).redirects as { from: string; to: string }[];
    expect(redirects).toContainEqual({ from: '/', to: '/en/' });
    expect(redirects).toContainEqual({ from: '/guide/routing.html', to: '/en/guide/routing.html' });
    expect(built.files.get('guide/routing.html')).toContain('url=/en/guide/routing.html');
  });

  it('builds again after .vuepress/redirects changes, with the cache on', async () => {
    const site = tempSite(redirectedTree('/demos/ /demos/bars.html\n'));
    try {
      const config = resolveConfig(site.root, { config: false, cache: true });
      const build = async () => {
        const folder = await buildIntoFolder(config, { stampedAt: nowNs() + 3_000_000_000n });
        await folder.commit();
        return folder;
      };
      await build();
      writeFileSync(path.join(site.contentDir, '.vuepress', 'redirects'), '/demos/ /demos/bars.html\n/install/ /setup.html\n');
      const again = await build();
      expect(again.upToDate).toBe(false);
      expect(readFileSync(path.join(config.outDir, 'redirects.json'), 'utf8')).toContain('"from":"/install/"');
    } finally {
      site.remove();
    }
  });

  it('reports no themeConfig value unused: they are theme settings, constants only for a page that uses one', async () => {
    const result = await buildFiles({
      [VUEPRESS_CONFIG]: "module.exports = {\n  themeConfig: {\n    logo: '/favicon.ico',\n    version: '3.2',\n    sidebar: ['/'],\n  },\n}\n",
      'README.md': '# Home\n\nVersion {{ $themeConfig.version }}.\n',
    });
    expect(result.diagnostics.map((d) => [d.code, d.line, d.subject])).toEqual([['vuepress/unsupported', 3, 'themeConfig.logo']]);
  });

  it("warns of a package a module of the site's own requires at the config line that loads the module, naming the module's line", async () => {
    const result = await buildFiles({
      [VUEPRESS_CONFIG]: "// the site's rule list\nconst rules = require('./rules');\nmodule.exports = { title: 'Rules ' + rules.length, themeConfig: { sidebar: ['/'] } };\n",
      '.vuepress/rules.js': "\nconst parser = require('docsbuild-absent-rule-parser');\nmodule.exports = [parser.name];\n",
      'README.md': '# Home\n',
    });
    expect(result.diagnostics.map((d) => [d.code, d.file, d.line, d.column])).toEqual([['vuepress/config-module-missing', `content/${VUEPRESS_CONFIG}`, 2, 15]]);
    expect(result.diagnostics[0]!.message).toMatch(/^\S*content\/\.vuepress\/rules\.js:2 \(loaded by the config\) requires "docsbuild-absent-rule-parser"/);
  });
  it("builds a page with a container type only the site's theme knew, as a warning, drawn as a box under its own word", async () => {
    const files = {
      [VUEPRESS_CONFIG]: "module.exports = { title: 'Laws', theme: 'reco' };\n",
      'README.md': '# Laws\n\n::: theorem First law\nA body at rest stays at rest.\n:::\n\n::: demo\nA demo of it.\n:::\n',
    };
    const built = await buildFiles(files, 'build');
    expect(built.diagnostics.filter((d) => d.code === 'markdown/unknown-container').map((d) => [d.severity, d.line, d.subject])).toEqual([
      ['warning', 3, 'theorem'],
      ['warning', 7, 'demo'],
    ]);
    expect(built.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const html = built.files.get(htmlFileOf('/')) as string;
    expect(html).toContain('First law</p>');
    expect(html).toContain('A body at rest stays at rest.');
    expect(html).toContain('>demo</p>');
    // Under a site.yaml the type is still an error until declared or lowered there.
    const strict = await buildFiles({ 'site.yaml': 'title: Laws\n', 'README.md': files['README.md'] });
    expect(strict.diagnostics.filter((d) => d.code === 'markdown/unknown-container').map((d) => d.severity)).toEqual(['error', 'error']);
  });
});
