import { describe, expect, it } from 'vitest';
import { buildFiles, placesOf } from '../helpers/temp-site';

const SITE = 'title: T\nbase: /docs/\n';
const SETUP = '# Setup\n\n## Install\n';

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

  it('an included file\'s links are reported at the include line, as its Markdown links are', async () => {
    const page = '# Home\n\n<!-- @include: ./parts/cards.md -->\n';
    const part = '<div>\n\n<p>\n  <a href="/raw/">Gone</a>\n</p>\n\n[markdown](/markdown/)\n\n</div>\n';
    const result = await buildFiles({ 'site.yaml': SITE, 'README.md': page, 'parts/cards.md': part });
    const home = result.diagnostics.filter((d) => d.file === 'content/README.md');
    expect(home.map((d) => `${d.code}@${d.line}:${d.column} ${d.subject}`).sort()).toEqual(['link/dead@3:1 /markdown/', 'link/dead@3:1 /raw/']);
    // The included file is a page of its own too, where each is at its own place.
    expect(placesOf(result, 'parts/cards.md')).toEqual(['link/dead@4:3', 'link/dead@7:1']);
  });
});
