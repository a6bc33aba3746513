import path from 'node:path';
import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { autolinkLiteralParts, guardAutolinkLiterals, guardTransformsIn, mayHaveAutolinkLiteral, remarkWithoutAutolinkLiterals } from '../../../../cli/markdown/autolink-literals';
import { eachNode } from '../../../../cli/markdown/walk';
import { toString } from 'mdast-util-to-string';
import { createMarkdownParser } from '../../../../cli/page/markdown';
import { markdownFiles, REPO_ROOT } from '../../../helpers/markdown-files';

const unguarded = unified().use(remarkParse).use(remarkGfm);
const guarded = createMarkdownParser();

/** Every kind of bare link remark-gfm finds, in the places it finds them and does not. */
const CASES = [
  'Visit https://example.com/a?b=c. Or http://x.y',
  'Upper case: HTTPS://EXAMPLE.COM and WWW.EXAMPLE.COM and Www.example.org/path',
  'www.example.com alone, and wwwexample.com (not one)',
  'Mail me: someone@example.com, or mailto:a.b@example.org, or xmpp:me@example.net/home',
  // What micromark does not link itself, so the transform has to: text joined from character references.
  'An at sign from a reference: someone&#64;example.com',
  'A URL from one: &#104;ttps://example.com',
  'Upper case from one: HTTPS&#58;//EXAMPLE.COM',
  'And www from one: WWW&#46;example.com',
  'Escaped: https\\://example.com and someone\\@example.com',
  '[a link with https://inside.example and a@b.co](https://example.com)',
  '[ref with https://x.example][r] and [r]\n\n[r]: https://example.com',
  '*emphasis https://in.example* and **strong a@b.example** and ~~gone www.x.example~~',
  '| table | https://cell.example |\n| --- | --- |\n| a@b.example | www.c.example |',
  '- item https://list.example\n  > quoted me@here.example',
  '`code https://not.example` and <https://angle.example>',
  'Nothing here at all: just words, 3 @ 4 is not an address.',
];

const paragraph = (value: string): Root => ({ type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', value }] }] });

describe('cli/markdown/autolink-literals', () => {
  it('parses every fixture page, the real site and each bare-link case as remark-gfm does unguarded', () => {
    const pages = [...markdownFiles(path.join(REPO_ROOT, 'tests/fixtures')), ...markdownFiles(path.join(REPO_ROOT, 'content')), ...CASES.map((text, at) => ({ name: `case ${at}`, text }))];
    expect(pages.length).toBeGreaterThan(100);
    for (const { name, text } of pages) expect(guarded(text), name).toEqual(unguarded.parse(text));
  }, 120_000);

  it('guards the one autolink-literal transform remark-gfm adds (found by its name)', () => {
    const processor = unified().use(remarkParse).use(remarkGfm).freeze();
    expect(guardTransformsIn(processor.data('fromMarkdownExtensions') ?? [])).toBe(1);
    // Guarded already: not again.
    expect(guardTransformsIn(processor.data('fromMarkdownExtensions') ?? [])).toBe(0);
  });

  it('skips the transform on a tree without a bare-link start outside links, and runs it on one with', () => {
    let runs = 0;
    const transform = guardAutolinkLiterals(() => void runs++);
    transform(unguarded.parse('Plain words, [a link to https://x.example](https://x.example) and [me@x.example][r].') as Root);
    expect(runs).toBe(0);
    // As the parser hands it to the transform: the address still text.
    transform(paragraph('A bare address: me@x.example'));
    expect(runs).toBe(1);
  });

  it('looks for http://, https:// and www. in any case, and for @', () => {
    for (const value of ['HTTP://a', 'https://a', 'wWw.a', 'a@b']) expect(mayHaveAutolinkLiteral(paragraph(value)), value).toBe(true);
    for (const value of ['http:/a', 'www', 'ftp://a', 'plain']) expect(mayHaveAutolinkLiteral(paragraph(value)), value).toBe(false);
  });
  it("VuePress's dialect leaves bare URLs and addresses as text (markdown-it without linkify), and parses all else as GFM does", () => {
    const pages = [...markdownFiles(path.join(REPO_ROOT, 'tests/fixtures')), ...markdownFiles(path.join(REPO_ROOT, 'content')), ...CASES.map((text, at) => ({ name: `case ${at}`, text }))];
    // A link written as a bare URL or address: its source is neither `[…](…)` nor `<…>` (or it has none: the transform's links).
    const literalLinks = (tree: Root, text: string) => {
      const found: string[] = [];
      eachNode(tree, (node) => {
        if (node.type === 'link' && !(node.position && /^[[<]/.test(text.slice(node.position.start.offset, node.position.end.offset)))) found.push(node.url);
        return undefined;
      });
      return found;
    };
    let literal = 0;
    for (const { name, text } of pages) {
      const gfm = guarded(text);
      const vuepress = guarded(text, 'vuepress');
      expect(literalLinks(vuepress, text), name).toEqual([]);
      if (literalLinks(gfm, text).length === 0) expect(vuepress, name).toEqual(gfm);
      else {
        literal++;
        expect(toString(vuepress), name).toBe(toString(gfm));
      }
    }
    // The cases hold every kind; CommonMark's own autolink and written links stay links.
    expect(literal).toBeGreaterThanOrEqual(10);
    const links: string[] = [];
    eachNode(guarded('`code https://not.example` and <https://angle.example>, [text](https://written.example) and www.bare.example', 'vuepress'), (node) => {
      if (node.type === 'link') links.push(node.url);
      return undefined;
    });
    expect(links).toEqual(['https://angle.example', 'https://written.example']);
  }, 120_000);

  it("finds remark-gfm's autolink-literal constructs and transform by their names, and the VuePress plugin takes them all out", () => {
    const gfm = unified().use(remarkParse).use(remarkGfm).freeze();
    const parts = autolinkLiteralParts(gfm.data('micromarkExtensions') ?? [], gfm.data('fromMarkdownExtensions') ?? []);
    expect(parts.constructs).toBeGreaterThan(60);
    expect(parts.transforms).toBe(1);
    const vuepress = unified().use(remarkParse).use(remarkGfm).use(remarkWithoutAutolinkLiterals).freeze();
    expect(autolinkLiteralParts(vuepress.data('micromarkExtensions') ?? [], vuepress.data('fromMarkdownExtensions') ?? [])).toEqual({ constructs: 0, transforms: 0 });
    // remark-gfm's own extensions are left as they were.
    expect(autolinkLiteralParts(gfm.data('micromarkExtensions') ?? [], gfm.data('fromMarkdownExtensions') ?? [])).toEqual(parts);
  });
});
