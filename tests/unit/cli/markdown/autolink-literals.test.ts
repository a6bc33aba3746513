import path from 'node:path';
import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { guardAutolinkLiterals, guardTransformsIn, mayHaveAutolinkLiteral } from '../../../../cli/markdown/autolink-literals';
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
});
