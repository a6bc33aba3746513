import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { build } from '../../cli/build';
import { resolveConfig } from '../../cli/config';
import { migrate } from '../../cli/migrate';
import { FIXTURES } from '../helpers/build-fixture';

/** `docsbuild migrate` on a copy of the vuepress-site fixture (with an enhanceApp.js of our own). */
describe('cli/migrate', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = undefined;
  });
  const copy = async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'docsbuild-migrate-'));
    await cp(path.join(FIXTURES, 'vuepress-site', 'content'), path.join(dir, 'content'), { recursive: true });
    await writeFile(
      path.join(dir, 'content', '.vuepress', 'enhanceApp.js'),
      [
        'export default ({ router }) => {',
        "  router.addRoutes([{ path: '/setup/', redirect: '/guide/' },",
        "    { path: '/old/:name', redirect: (to) => `/guide/${to.params.name}` }])",
        '}',
        '',
      ].join('\n'),
    );
    return resolveConfig(dir, { config: false });
  };

  it('writes the site.yaml the VuePress config amounts to, with a comment for each thing not carried over', async () => {
    const config = await copy();
    const result = await migrate(config);
    expect(result.refused).toBeUndefined();
    expect(result.redirects).toBe(1);
    expect(result.yaml).toContain('# Written by docsbuild migrate from .vuepress/config.js');
    expect(result.yaml).toContain('# Not carried over: content/.vuepress/config.js:11: VuePress plugin "@vuepress/back-to-top" is not used: the viewer has no back-to-top button');
    expect(result.yaml).toContain("# Not carried over: content/.vuepress/enhanceApp.js:3: a redirect written as code, carry it over by hand: { path: '/old/:name', redirect: (to) => `/guide/${to.params.name}` }])");
    expect(result.yaml).toMatch(/^redirects:\n {2}\/setup\/: \/guide\/$/m);
    expect(result.yaml).toMatch(/^ {2}slugify: vuepress$/m);
    expect(result.yaml).toMatch(/^constants:\n {2}apiVersion: v3$/m);
    expect(result.diagnostics.map((d) => d.code)).toContain('vuepress/unsupported');

    // Built from the written site.yaml, the pages are the same as from the VuePress config.
    const before = await build(config, { mode: 'build' });
    await writeFile(result.file, result.yaml!);
    const after = await build(config, { mode: 'build' });
    expect(after.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(after.diagnostics.filter((d) => d.code === 'constant/unused')).toEqual([]);
    expect(after.manifest!.pages).toEqual(before.manifest!.pages);
    expect(after.manifest!.site.sidebar).toEqual(before.manifest!.site.sidebar);
    expect(after.manifest!.site.nav).toEqual(before.manifest!.site.nav);
  });

  it("carries .vuepress/redirects into site.yaml's redirects, beside enhanceApp.js's, and the site built from it redirects alike", async () => {
    const config = await copy();
    await writeFile(path.join(config.contentDir, '.vuepress', 'redirects'), '# The wiring notes moved\n/wires /guide/wiring.html\n/opts.html /reference/options.html\n');
    const before = await build(config, { mode: 'build' });
    const result = await migrate(config);
    expect(result.redirects).toBe(3);
    expect(result.yaml).toMatch(/^redirects:\n {2}\/setup\/: \/guide\/\n {2}\/wires\/: \/guide\/wiring.html\n {2}\/opts.html: \/reference\/options.html$/m);
    await writeFile(result.file, result.yaml!);
    const after = await build(config, { mode: 'build' });
    expect(after.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    // The VuePress tree's build had .vuepress/redirects alone (enhanceApp.js is code, never run): site.yaml adds enhanceApp's.
    const redirectsOf = (built: typeof before) => (JSON.parse(built.files.get('redirects.json') as string) as { redirects: { from: string }[] }).redirects;
    expect(redirectsOf(after)).toEqual([...redirectsOf(before), { from: '/setup/', to: '/guide/' }].sort((a, b) => (a.from < b.from ? -1 : 1)));
  });

  it('carries a redirect to another site over, and says the site.yaml build needs --allow-external-redirects for it', async () => {
    const config = await copy();
    await writeFile(path.join(config.contentDir, '.vuepress', 'redirects'), '/wires/ /guide/wiring.html\n/releases/ https://github.com/example/project/releases\n');
    expect((await build(config, { mode: 'check' })).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const result = await migrate(config);
    expect(result.yaml).toMatch(/^ {2}\/releases\/: https:\/\/github.com\/example\/project\/releases$/m);
    expect(result.yaml).toContain('# Note: redirects to other sites (/releases/ -> https://github.com/example/project/releases) need docsbuild build --allow-external-redirects');
    await writeFile(result.file, result.yaml!);
    expect((await build(config, { mode: 'check' })).diagnostics.filter((d) => d.severity === 'error').map((d) => d.code)).toEqual(['redirect/external-target']);
    expect((await build({ ...config, allowExternalRedirects: true }, { mode: 'check' })).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('lists a line of .vuepress/redirects that is not FROM TO as not carried over', async () => {
    const config = await copy();
    await writeFile(path.join(config.contentDir, '.vuepress', 'redirects'), '/wires/ /guide/wiring.html\n/lonely/\n');
    const result = await migrate(config);
    expect(result.redirects).toBe(2);
    expect(result.yaml).toContain('# Not carried over: content/.vuepress/redirects:2: "/lonely/" has no target: a line is the source path, then the path it redirects to.');
  });

  it('writes importRoot from the content folder, so the site.yaml builds alike from any folder', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'docsbuild-migrate-'));
    const docs = path.join(dir, 'project', 'docs');
    await mkdir(path.join(docs, '.vuepress'), { recursive: true });
    await mkdir(path.join(docs, 'parts'));
    await writeFile(path.join(docs, '.vuepress', 'config.js'), "module.exports = { title: 'T', themeConfig: { sidebar: ['/'] } }\n");
    // markdown-it-include's path is from the folder VuePress runs in: the one above docs/.
    await writeFile(path.join(docs, 'README.md'), '# Home\n\n!!!include(docs/parts/setup.md)!!!\n');
    await writeFile(path.join(docs, 'parts', 'setup.md'), '## Setup\n');
    // Migrated from the folder above the project, checked from inside it.
    const result = await migrate(resolveConfig(dir, { config: false, content: 'project/docs' }));
    expect(result.yaml).toMatch(/^ {2}importRoot: \.\.$/m);
    await writeFile(result.file, result.yaml!);
    for (const [root, content] of [[path.join(dir, 'project'), 'docs'], [dir, 'project/docs']] as const) {
      const checked = await build(resolveConfig(root, { config: false, content }), { mode: 'check' });
      expect(checked.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    }
  });

  it('writes as constants only the themeConfig values a page uses, and lists the others', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'docsbuild-migrate-'));
    await mkdir(path.join(dir, 'content', '.vuepress'), { recursive: true });
    await writeFile(path.join(dir, 'content', '.vuepress', 'config.js'), "module.exports = { title: 'Kiln', themeConfig: { VERSION: '2.0', author: 'A. Potter', startYear: 2019 } }\n");
    await writeFile(path.join(dir, 'content', 'README.md'), '# Kiln\n\nVersion {{ $themeConfig.VERSION }}.\n');
    const config = resolveConfig(dir, { config: false });
    const result = await migrate(config);
    expect(result.yaml).toMatch(/^constants:\n {2}VERSION: "?2\.0"?\n(?! )/m);
    expect(result.yaml).toContain('# Not carried over: content/.vuepress/config.js: themeConfig "author", "startYear": theme settings no page uses');
    await writeFile(result.file, result.yaml!);
    const after = await build(config, { mode: 'check' });
    expect(after.diagnostics.map((d) => d.code)).toEqual([]);
  });

  it('refuses to write over a site.yaml, and outside a VuePress tree', async () => {
    const config = await copy();
    await writeFile(path.join(config.contentDir, 'site.yaml'), 'title: Mine\n');
    expect((await migrate(config)).refused).toMatch(/exists already/);
    await rm(path.join(config.contentDir, '.vuepress'), { recursive: true });
    await rm(path.join(config.contentDir, 'site.yaml'));
    expect((await migrate(config)).refused).toMatch(/no \.vuepress\/ folder/);
  });
});
