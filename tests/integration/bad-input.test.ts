import { describe, expect, it } from 'vitest';
import { MAX_TEXT_BYTES } from '../../cli/source/load';
import { buildFiles, MINIMAL_SITE_YAML, placesOf } from '../helpers/temp-site';

/**
 * Hostile and broken input through the whole pipeline (load → … → render):
 * each ends in a clear diagnostic at the right place, never in an exception,
 * and fast. The time-outs are part of the assertion.
 */
const FAST = 10_000;
const site = (pages: Record<string, string | Uint8Array>) => ({ 'site.yaml': MINIMAL_SITE_YAML, 'README.md': '# Home\n', ...pages });
const errorsOf = (result: { diagnostics: { severity: string }[] }) => result.diagnostics.filter((d) => d.severity === 'error');

describe('bad input, end to end', () => {
  it('refuses a 5 MB page before reading it, and still checks every other page', async () => {
    let big = '# Big\n\n';
    const paragraph = 'Some text with a [link](#big) and `code` and **bold**.\n\n';
    big += paragraph.repeat(Math.ceil((5 * 1024 * 1024) / paragraph.length));
    const result = await buildFiles(site({ 'big.md': big, 'other.md': '# Other\n\n[dead](/nowhere/)\n' }), 'build');
    expect(big.length).toBeGreaterThan(MAX_TEXT_BYTES * 5);
    expect(placesOf(result, 'big.md')).toEqual(['file/too-large@1:1']);
    expect(result.diagnostics.find((d) => d.code === 'file/too-large')!.message).toBe('big.md is 5.0 MB; a page may be at most 1.0 MB.');
    expect(placesOf(result, 'other.md')).toContain('link/dead@3:1');
    expect(result.files.size).toBe(0);
  }, FAST);

  it('builds a page with 10,000 headings: unique slugs, every header in the record', async () => {
    const body = Array.from({ length: 10_000 }, (_, i) => `## Step ${i % 100}`).join('\n\n');
    const result = await buildFiles(site({ 'many.md': `# Many\n\n[[toc]]\n\n${body}\n` }), 'build');
    expect(errorsOf(result)).toEqual([]);
    const record = result.manifest!.pages.find((p) => p.path === '/many.html')!;
    expect(record.headers).toHaveLength(10_000);
    expect(new Set(record.headers.map((h) => h.slug)).size).toBe(10_000);
    expect(record.headers[100]!.slug).toBe('step-0-1');
    const html = (JSON.parse(result.files.get(record.chunk) as string) as { html: string }).html;
    expect(html.match(/<h2 id=/g)).toHaveLength(10_000);
    // About 4 s on a quiet machine; anything quadratic in the headings would take minutes, so a busy machine gets room.
  }, FAST * 3);

  it('cuts 2,000 nested blockquotes at the limit, with a diagnostic where it is crossed', async () => {
    const result = await buildFiles(site({ 'quotes.md': `# Quotes\n\n${'> '.repeat(2000)}deep\n` }), 'build');
    expect(placesOf(result, 'quotes.md')).toEqual(['markdown/too-deep@3:401']);
    expect(result.diagnostics.find((d) => d.file === 'content/quotes.md')!.message).toContain('more than 200 levels deep');
    // The page is still a page (its title came through), so no other diagnostic follows from it.
    expect(result.diagnostics.filter((d) => d.file !== 'content/quotes.md')).toEqual([]);
  }, FAST);

  it('cuts 2,000 and 20,000 nested "> -" where they cross the limit, the same on any stack, parsing no line past 400 levels', async () => {
    const mixed = (count: number) => `---\ntitle: Mixed\n---\n${'> - '.repeat(count)}deep\n`;
    const result = await buildFiles(site({ 'mixed.md': mixed(2_000), 'more.md': mixed(20_000) }), 'build');
    // Unbounded, micromark took 6 s for 2,000 (its time grows with the square of the nesting) and overflowed the stack in a deep caller.
    expect(placesOf(result, 'mixed.md')).toEqual(['markdown/too-deep@4:267']);
    expect(placesOf(result, 'more.md')).toEqual(['markdown/too-deep@4:267']);
    expect(result.diagnostics[0]!.message).toMatch(/more than 200 levels deep/);
  }, FAST);

  it('cuts a list nested 150 levels deep (300 tree levels)', async () => {
    const list = Array.from({ length: 150 }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n');
    const result = await buildFiles(site({ 'lists.md': `# Lists\n\n${list}\n` }), 'build');
    const places = placesOf(result, 'lists.md');
    expect(places).toHaveLength(1);
    expect(places[0]).toMatch(/^markdown\/too-deep@10\d:/);
  }, FAST);

  it('leaves out raw HTML nested 3,000 deep, and says so at its line', async () => {
    const result = await buildFiles(site({ 'divs.md': `# Divs\n\nText.\n\n${'<div>'.repeat(3000)}\n` }));
    expect(placesOf(result, 'divs.md')).toEqual(['markdown/too-deep@5:1']);
  }, FAST);

  it('reports an empty file and a whitespace-only file as empty', async () => {
    const result = await buildFiles(site({ 'empty.md': '', 'blank.md': ' \n\t\n' }));
    expect(placesOf(result, 'empty.md')).toEqual(['file/empty@1:1']);
    expect(placesOf(result, 'blank.md')).toEqual(['file/empty@1:1']);
  }, FAST);

  it('reports frontmatter that is a list, a string or a number, at its first line', async () => {
    const result = await buildFiles(
      site({ 'list.md': '---\n- a\n- b\n---\n# L\n', 'string.md': '---\njust words\n---\n# S\n', 'number.md': '---\n42\n---\n# N\n' }),
    );
    for (const file of ['list.md', 'string.md', 'number.md']) expect(placesOf(result, file)).toEqual(['frontmatter/not-an-object@2:1']);
  }, FAST);

  it('reports a duplicate key at the line of the second one', async () => {
    const result = await buildFiles(site({ 'dup.md': '---\ntitle: One\ndescription: d\ntitle: Two\n---\n# D\n' }));
    expect(placesOf(result, 'dup.md')).toEqual(['frontmatter/yaml-syntax@4:1']);
  }, FAST);

  it('refuses a YAML alias bomb in frontmatter without expanding it', async () => {
    const lines = ['a: &a [x, x, x, x, x, x, x, x, x]'];
    for (let i = 0; i < 8; i++) lines.push(`${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(9).fill(`*${String.fromCharCode(97 + i)}`).join(', ')}]`);
    const result = await buildFiles(site({ 'bomb.md': `---\n${lines.join('\n')}\n---\n# Bomb\n` }));
    expect(placesOf(result, 'bomb.md').map((p) => p.split('@')[0])).toEqual(['frontmatter/yaml-syntax']);
  }, FAST);

  it('reads a page with a BOM: its frontmatter counts, and columns on line 1 are not shifted', async () => {
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('---\ntitle: With BOM\n---\n\n[a](/nope/)\n')]);
    const bomLine1 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('# T [a](/gone/)\n')]);
    const result = await buildFiles(site({ 'bom.md': bom, 'bom1.md': bomLine1 }), 'build');
    expect(placesOf(result, 'bom.md')).toEqual(['link/dead@5:1']);
    expect(placesOf(result, 'bom1.md')).toEqual(['link/dead@1:5']);
  }, FAST);

  it('keeps positions right with CRLF and lone-CR line ends', async () => {
    const crlf = '---\r\ntitle: CRLF\r\ntitel: typo\r\n---\r\n\r\nText\r\nSee [x](/gone/).\r\n';
    const cr = '# CR\r\rline\r\rA [y](/away/) link.\r';
    const result = await buildFiles(site({ 'crlf.md': crlf, 'cr.md': cr }));
    expect(placesOf(result, 'crlf.md')).toEqual(['frontmatter/unknown-key@3:1', 'link/dead@7:5']);
    expect(placesOf(result, 'cr.md')).toEqual(['link/dead@5:3']);
  }, FAST);

  it('reports NUL bytes and invalid UTF-8 at the first bad byte, and reads the other pages', async () => {
    const nul = Buffer.from('# Binary\n\nab\u0000cd\n');
    const latin1 = Buffer.concat([Buffer.from('# Caf'), Buffer.from([0xe9]), Buffer.from('\n')]);
    const truncated = Buffer.concat([Buffer.from('# T\n\nok '), Buffer.from([0xe2, 0x82])]);
    const result = await buildFiles(site({ 'nul.md': nul, 'latin1.md': latin1, 'cut.md': truncated, 'fine.md': '# Fine\n' }));
    expect(placesOf(result, 'nul.md')).toEqual(['file/not-utf8@3:3']);
    expect(placesOf(result, 'latin1.md')).toEqual(['file/not-utf8@1:6']);
    expect(placesOf(result, 'cut.md')).toEqual(['file/not-utf8@3:4']);
    expect(placesOf(result, 'fine.md')).toEqual([]);
  }, FAST);

  it('reports a site.yaml that is a list, not a mapping', async () => {
    const result = await buildFiles({ 'site.yaml': '- title: T\n', 'README.md': '# Home\n' });
    expect(placesOf(result, 'site.yaml')).toEqual(['config/invalid@1:1']);
  }, FAST);
});
