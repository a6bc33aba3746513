import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../cli/build';
import { resolveConfig } from '../../cli/config';
import { expectSameFiles } from '../helpers/same-files';
import { buildFiles, placesOf, tempSite } from '../helpers/temp-site';

const SITE = 'title: T\nbase: /docs/\n';
const SETUP = '# Setup\n\n## Install\n';

/** The body HTML of a page's chunk (`index` for the home page, `guide-setup` for /guide/setup.html). */
function chunkHtml(result: BuildResult, name: string): string {
  const chunk = [...result.files].find(([file]) => file.startsWith(`assets/pages/${name}.`));
  return (JSON.parse(chunk![1] as string) as { html: string }).html;
}

describe('raw HTML links (<a href> in HTML blocks and inline HTML)', () => {
  it('a dead one is link/dead at its tag, with the message and hint a Markdown link gets', async () => {
    const page = [
      '# Home', // 1
      '',
      '<div class="cards">', // 3
      '  <a href="./guide/setup.md">Set up</a>',
      '  <a href="/nope/">Gone</a>', // 5
      '</div>',
      '',
      'Text <a HREF=\'/guid/\'>inline</a> and [markdown](/guid/).', // 8
      '',
      '> <p>', // 10
      '> <a href="./missing.md">quoted</a></p>',
      '',
    ].join('\n');
    const result = await buildFiles({ 'site.yaml': SITE, 'README.md': page, 'guide/README.md': '# Guide\n', 'guide/setup.md': SETUP });
    const dead = result.diagnostics.filter((d) => d.code === 'link/dead');
    expect(dead.map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual([
      '5:3 Link "/nope/" points to no page.',
      '8:6 Link "/guid/" points to no page.',
      '8:38 Link "/guid/" points to no page.',
      '11:3 Link "./missing.md" points to no page.',
    ]);
    // The raw link's hint is the Markdown link's, word for word.
    expect(dead[1]!.hint).toBe(dead[2]!.hint);
    expect(dead[1]!.hint).toContain('Did you mean "/guide/"?');
  });

  it('an anchor is checked, on another page and on the same page, as a Markdown link\'s', async () => {
    const page = [
      '# Home',
      '',
      '## Usage',
      '',
      '<p><a href="./guide/setup.md#install">ok</a> <a href="./guide/setup.md#instal">typo</a></p>', // 5
      '<p><a href="#usage">ok</a> <a href="#usgae">typo</a> <span id="raw-target"></span><a href="#raw-target">ok</a></p>', // 6
      '',
    ].join('\n');
    const result = await buildFiles({ 'site.yaml': SITE, 'README.md': page, 'guide/setup.md': SETUP });
    expect(placesOf(result, 'README.md')).toEqual(['link/dead-anchor@5:46', 'link/dead-anchor@6:28']);
    expect(result.diagnostics.map((d) => d.message)).toEqual([
      'Link "./guide/setup.md#instal" points to "#instal", which is no heading on /guide/setup.html.',
      'Link "#usgae" points to "#usgae", which is no heading on this page.',
    ]);
  });

  it('links in comments, code blocks, inline code and to other sites are not checked', async () => {
    const page = [
      '# Home',
      '',
      '<!-- <a href="/commented/">old</a> -->',
      '<div><!-- <a href="/inline-comment/"> --></div>',
      '',
      '```html',
      '<a href="/fenced/">fenced</a>',
      '```',
      '',
      '    <a href="/indented/">indented code</a>',
      '',
      'Write `<a href="/inline-code/">` and <a href="https://example.com/nope/">elsewhere</a> <a href="mailto:a@example.com">mail</a>.',
      '',
    ].join('\n');
    const result = await buildFiles({ 'site.yaml': SITE, 'README.md': page });
    expect(result.diagnostics).toEqual([]);
  });

  it('a good one is rewritten to the page\'s URL under the base, in the chunk and in the page\'s HTML; other attributes stay', async () => {
    const page = [
      '# Home',
      '',
      '<div>',
      '  <a href="./guide/setup.md" title="Set it up" rel="nofollow">Set up</a>',
      '  <a href="./guide/setup.md#install">Install</a> <a href="/guide/setup.html">by path</a>',
      '  <a href="#home">top</a> <a href="https://example.com/">away</a>',
      '</div>',
      '',
      'Inline <a href="guide/setup.md">setup</a>, beside [Markdown](./guide/setup.md).',
      '',
    ].join('\n');
    const result = await buildFiles({ 'site.yaml': SITE, 'README.md': page, 'guide/setup.md': SETUP }, 'build');
    expect(result.diagnostics).toEqual([]);
    const expected = [
      '<a href="/docs/guide/setup.html" title="Set it up" rel="nofollow">Set up</a>',
      '<a href="/docs/guide/setup.html#install">Install</a> <a href="/docs/guide/setup.html">by path</a>',
      '<a href="#home">top</a> <a href="https://example.com/" target="_blank" rel="noopener noreferrer">away</a>',
      'Inline <a href="/docs/guide/setup.html">setup</a>, beside <a href="/docs/guide/setup.html">Markdown</a>.',
    ];
    const chunk = chunkHtml(result, 'index');
    const document = String(result.files.get('index.html'));
    for (const html of expected) {
      expect(chunk).toContain(html);
      expect(document).toContain(html);
    }
    expect(chunk).not.toContain('.md"');
    expect(document).not.toMatch(/__docsbuild_link_/);
  });

  it('a dead one in a build that lets dead links pass is its text, as a dead Markdown link is', async () => {
    const site = `${SITE}rules:\n  link/dead: warning\n`;
    const page = '# Home\n\n<p><a href="/nope/" title="t">raw</a> and [markdown](/nope/).</p>\n\n[markdown](/nope/)\n';
    const result = await buildFiles({ 'site.yaml': site, 'README.md': page }, 'build');
    expect(placesOf(result, 'README.md')).toEqual(['link/dead@3:4', 'link/dead@5:1']);
    expect(chunkHtml(result, 'index')).toContain('<p><span title="Broken link: /nope/">raw</span> and [markdown](/nope/).</p>\n<p><span title="Broken link: /nope/">markdown</span></p>');
  });

  it('an included file\'s links are reported at the include line, as its Markdown links are', async () => {
    const page = '# Home\n\n<!-- @include: ./parts/cards.md -->\n';
    const part = '<div>\n\n<p>\n  <a href="/raw/">Gone</a>\n</p>\n\n[markdown](/markdown/)\n\n</div>\n';
    const result = await buildFiles({ 'site.yaml': SITE, 'README.md': page, 'parts/cards.md': part });
    const home = result.diagnostics.filter((d) => d.file === 'content/README.md');
    expect(home.map((d) => `${d.code}@${d.line}:${d.column} ${d.subject}`).sort()).toEqual(['link/dead@3:1 /markdown/', 'link/dead@3:1 /raw/']);
    // The included file is a page of its own too, where each is at its own place.
    expect(placesOf(result, 'parts/cards.md')).toEqual(['link/dead@4:3', 'link/dead@7:1']);
  });

  it('a VuePress tree: a dead one is reported, a .md one rewritten to its .html route under the base', async () => {
    const config = "module.exports = { title: 'V', base: '/docs/' };\n";
    const page = '# Home\n\n<p>\n  <a href="./guide/setup.md">Set up</a>\n  <a href="/gone.html">Gone</a>\n</p>\n';
    const files = { '.vuepress/config.js': config, 'README.md': page, 'guide/setup.md': SETUP };
    expect(placesOf(await buildFiles(files), 'README.md')).toEqual(['link/dead@5:3']);
    const built = await buildFiles({ ...files, 'README.md': page.replace('/gone.html', '/guide/setup.html#install') }, 'build');
    expect(built.diagnostics).toEqual([]);
    expect(chunkHtml(built, 'index')).toContain('<a href="/docs/guide/setup.html">Set up</a>\n  <a href="/docs/guide/setup.html#install">Gone</a>');
  });

  it('a build from the page cache writes the same bytes as one without it', async () => {
    const page = '# Home\n\n<div>\n  <a href="./guide/setup.md#install">Install</a>\n</div>\n\nInline <a href="./guide/">guide</a>.\n';
    const site = tempSite({ 'site.yaml': SITE, 'README.md': page, 'guide/setup.md': SETUP, 'guide/README.md': '# Guide\n' });
    const cacheDir = mkdtempSync(path.join(tmpdir(), 'docsbuild-raw-links-cache-'));
    try {
      const cached = () => build({ ...resolveConfig(site.root, { config: false }), pages: { cache: { dir: cacheDir, toolVersion: 'test' } } }, { mode: 'build' });
      const cold = await site.build('build');
      await cached();
      const warm = await cached();
      expect(warm.pagesFromCache).toBe(3);
      expectSameFiles(warm.files, cold.files);
      expect(chunkHtml(warm, 'index')).toContain('<a href="/docs/guide/setup.html#install">Install</a>');
    } finally {
      site.remove();
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});
