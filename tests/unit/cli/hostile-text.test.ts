import type { Root, RootContent } from 'mdast';
import { describe, expect, it } from 'vitest';
import { readComponents } from '../../../cli/markdown/components';
import { interpolateConstants } from '../../../cli/markdown/constants';
import { importOf, markDirectives, parseImportTarget } from '../../../cli/markdown/directives';
import { parseFenceInfo, readFenceInfo } from '../../../cli/markdown/fence-info';
import { reportUnclosedComments } from '../../../cli/markdown/unclosed-comment';
import { reportUnsupportedSyntax } from '../../../cli/markdown/unsupported';
import { rawImageUrls } from '../../../cli/html/raw-images';
import { rawLinkUrls } from '../../../cli/html/raw-links';
import { atxHeadingText } from '../../../cli/page/outline';
import { findSuppressions } from '../../../cli/page/suppressions';
import { cleanHeaderText, MAX_CLEANED_LENGTH } from '../../../cli/page/title';
import { siteYamlOf } from '../../../cli/site/vuepress-migrate';
import { renderMarkdown } from '../../helpers/render';
import { pageTree } from '../../helpers/pages';

/**
 * Text nobody here wrote, shaped to make a pattern backtrack: each case took
 * from tens of seconds to hours before the scan was made linear (the tests
 * time out on the old code; each now takes milliseconds). The shapes are the
 * ones tests/unit/regex-safety.test.ts's checker reported.
 */
const TIMEOUT = 10_000;

/** A tree of one node, as the parser would make it, for the scans that read nodes. */
function treeOf(node: RootContent): Root {
  return { type: 'root', children: [{ ...node, position: { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: 0 } } } as RootContent] };
}

describe('hostile text is read in time proportional to its length', () => {
  it('directive lines: a container, an include comment and a component line with a line separator after a long run', () => {
    const blanks = ' '.repeat(200_000);
    expect(markDirectives(`::: tip${blanks}x\u2028y`) === `<!--docsbuild:open:3:tip:${encodeURIComponent('x\u2028y')}-->`).toBe(true);
    expect(importOf(`<!--@include:${'\t'.repeat(200_000)}x`)).toBeUndefined();
    const component = `<Badge\t${'>0'.repeat(100_000)}\u2028`;
    expect(markDirectives(component) === `<!--docsbuild:tag:${encodeURIComponent(component)}-->`).toBe(true);
  }, TIMEOUT);

  it('import targets of any length, read from the right', () => {
    const long = parseImportTarget('snippet', `a${' '.repeat(100_000)}}\t[]`);
    expect([long.path.length, long.path.at(-1), long.title]).toEqual([100_002, '}', undefined]);
    expect(parseImportTarget('snippet', `x${'{'.repeat(100_000)}`).path).toHaveLength(100_001);
    // A target longer than a path can be still has its parts read (they were once not looked for past 4,096 characters).
    const named = parseImportTarget('snippet', `@/${'a'.repeat(5_000)}.js#region{1,3} [Title]`);
    expect({ ...named, path: named.path.length }).toEqual({ path: 5_005, region: 'region', lines: '1,3', title: 'Title' });
    const lines = Array.from({ length: 2_000 }, () => `<<< ./x${' '.repeat(2_000)}}\t[]`).join('\n');
    expect(markDirectives(lines).split('\n')).toHaveLength(2_000);
  }, TIMEOUT);

  it('fence info: a title bracket that never closes, and a fence line of backticks alone', () => {
    expect(parseFenceInfo('js', '['.repeat(200_000)).options.title).toBeUndefined();
    expect(parseFenceInfo('js', `${'['.repeat(200_000)}a]`).options.title?.length).toBe(200_000);
    const tree: Root = { type: 'root', children: [] };
    expect(() => readFenceInfo(tree, `\`\`\`${'`'.repeat(300_000)}`)).not.toThrow();
  }, TIMEOUT);

  it('raw HTML: image tags without a source or a closing ">", and many images', () => {
    expect(rawImageUrls('=<IMG<'.repeat(100_000), { line: 1, column: 1 })).toEqual([]);
    expect(rawImageUrls(`${'<img>'.repeat(100_000)} src=a.png`, { line: 1, column: 1 })).toEqual([]);
    const many = rawImageUrls('<img src="a.png">\n'.repeat(50_000), { line: 3, column: 5 });
    expect(many).toHaveLength(50_000);
    expect(many.at(-1)).toEqual({ url: 'a.png', line: 50_002, column: 1 });
    expect(many[0]).toEqual({ url: 'a.png', line: 3, column: 5 });
  }, TIMEOUT);

  it('raw HTML: 40,000 link tags that never close, before a long run of text', () => {
    // `/<a\b[^>]*?\shref…/gi` reads from each opener to the end (40,000 × 2 MB: 30 s here); the scan reads the text a few times.
    const openers = '<a '.repeat(40_000);
    const tail = 'text '.repeat(400_000);
    expect(rawLinkUrls(`${openers}${tail}`, { line: 1, column: 1 })).toEqual([]);
    expect(rawLinkUrls(`${openers}${tail} href="./x.md"`, { line: 1, column: 1 })).toEqual([{ url: './x.md', line: 1, column: 1 }]);
    expect(rawLinkUrls('<a href="./x.md" '.repeat(40_000), { line: 1, column: 1 })).toHaveLength(40_000);
  }, TIMEOUT);

  it('components: a run of tag-like pieces, many tags beside many comments, and tag marks that never close', () => {
    // `<Ab`: a component's name (`<A>` in capitals is HTML's anchor).
    const pieces = `<div>${'\t<Ab\t`=0'.repeat(30_000)}"\t<Ab>'>`;
    expect(readComponents(treeOf({ type: 'html', value: pieces }), pieces, 'page.md').map((d) => d.code)).toEqual(['html/unknown-component']);
    const mixed = `<div>\n${'<!-- c --><Badge text="x"/>'.repeat(20_000)}\n</div>`;
    const tree = treeOf({ type: 'html', value: mixed });
    expect(readComponents(tree, mixed, 'page.md')).toEqual([]);
    expect(JSON.stringify(tree).match(/"name":"Badge"/g) ?? JSON.stringify(tree).match(/badge/gi)).not.toBeNull();
    const marks = '<!--docsbuild:tag:'.repeat(50_000);
    expect(readComponents(treeOf({ type: 'html', value: `<Ab>${marks}` }), `<Ab>${marks}`, 'page.md').map((d) => d.code)).toEqual(['html/unknown-component']);
  }, TIMEOUT);

  it('unsupported syntax: Vue expressions and inline includes that never close', () => {
    const text = `${'{{ $page'.repeat(40_000)}\n${'!!!include('.repeat(30_000)}\n{{ $page.title }} and !!!include(a.md)!!!`;
    const found = reportUnsupportedSyntax(treeOf({ type: 'text', value: text }), text, 'page.md');
    expect(found.map((d) => `${d.line}:${d.column} ${d.message.split(' is ')[0]}`)).toEqual(['3:23 "!!!include(a.md)!!!"', '3:1 "{{ $page.title }}"']);
  }, TIMEOUT);

  it('unknown constants by the ten thousand in one text, each placed at its line', () => {
    const value = '{{ $const.nope }}\n'.repeat(50_000);
    const found = interpolateConstants(treeOf({ type: 'text', value }), { values: {}, used: new Set(), report: true }, 'page.md');
    expect(found).toHaveLength(50_000);
    expect([found[1]!.line, found[1]!.column, found.at(-1)!.line, found.at(-1)!.column]).toEqual([2, 1, 50_000, 1]);
  }, TIMEOUT);

  it('an unclosed comment over a long run of line endings', () => {
    const value = `<!--${'\n'.repeat(200_000)}x`;
    const [found] = reportUnclosedComments(treeOf({ type: 'html', value }), 'page.md');
    expect(found?.message).toContain('200001 line(s)');
  }, TIMEOUT);

  it('suppression comments by the thousand that never close', () => {
    const page = pageTree(`# T\n\n<div>\n${'<!-- docsbuild-ignore link/dead '.repeat(60_000)}\n</div>\n\n<!-- docsbuild-ignore link/dead it moved -->\n[a](./gone.md)\n`);
    const { suppressions } = findSuppressions(page);
    expect(suppressions.map((s) => s.reason)).toEqual(['it moved']);
  }, TIMEOUT);

  it('headings: blanks before a line separator, and VuePress clean-up only up to its length', () => {
    expect(atxHeadingText(`#${' '.repeat(100_000)}x\u2028`)).toBe('x\u2028');
    expect(atxHeadingText(`# a${' '.repeat(100_000)}#`)).toBe('a');
    const html = `<${'a<'.repeat(100_000)}>\``;
    expect(cleanHeaderText(html) === html).toBe(true);
    expect(cleanHeaderText('A <b>bold</b> &lt;step&gt; `<i>`')).toBe('A  <step> <i>');
    expect(cleanHeaderText(`${'x'.repeat(MAX_CLEANED_LENGTH)} &lt;*not* cleaned&gt;`).slice(MAX_CLEANED_LENGTH)).toBe(' <*not* cleaned>');
  }, TIMEOUT);

  it('text: blanks around line endings, and a migration note with a long run of tabs', async () => {
    const { html } = await renderMarkdown(`# T\n\nx${'\t'.repeat(200_000)}y\nz${'\t'.repeat(200_000)}\n${' '.repeat(3)}w\n`);
    expect(html.replace(/\t{200000}/, '(tabs)')).toContain('<p>x(tabs)y\nz\nw</p>');
    const note = siteYamlOf({}, 'config.js', [`a${'\t'.repeat(200_000)}b\n\n c`]).split('\n')[1]!;
    expect(note.replace(/\t{200000}/, '(tabs)')).toBe('# Not carried over: a(tabs)b c');
  }, TIMEOUT);
});
