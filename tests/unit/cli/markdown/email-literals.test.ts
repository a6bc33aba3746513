import path from 'node:path';
import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { cutDeepLines } from '../../../../cli/markdown/depth';
import { markDirectives } from '../../../../cli/markdown/directives';
import { emailConstructHooks, hasAtSignInText, parseWithoutEmailLiterals, remarkWithoutEmailLiterals } from '../../../../cli/markdown/email-literals';
import { createMarkdownParser } from '../../../../cli/page/markdown';
import { generateTree } from '../../../bench/generate-tree';
import { markdownFiles, REPO_ROOT } from '../../../helpers/markdown-files';

const whole = unified().use(remarkParse).use(remarkGfm);
const parse = createMarkdownParser();

/** Addresses where remark-gfm links them and where it does not, and `@` that is no address. */
const CASES = [
  'Write to me@example.com, or to a.b-c+d_e@sub.example.org.',
  'In emphasis: _me@example.com_ and *me@example.com* and __x_y@example.com__',
  'After www: www.example.com/me@example.com and www.x@y.com and WWW.x@y.com',
  'After a URL: https://example.com/@me and http://me@example.com',
  'In a link: [me@example.com](https://example.com) and [text][me@example.com]\n\n[me@example.com]: https://example.com',
  'In an image: ![me@example.com](a.png) and in code: `me@example.com`',
  'In an autolink: <me@example.com> and <mailto:me@example.com>',
  'Trailing: me@example.com. me@example.com- me@example.com_ me@example.com) (me@example.com)',
  'No dot: me@example, @mention, a @ b, @@, me@.com, me@-x.com',
  'Prefixed: mailto:me@example.com and xmpp:me@example.com/home and not:me@example.com',
  '# Heading me@example.com\n\n| a@b.co | c |\n| --- | --- |\n| x | y@z.co |',
  '- [ ] task me@example.com\n  > quoted me@example.com\n\n[^me@example.com]: note\n\nA note[^me@example.com].',
  '```js\nimport x from "@scope/pkg";\n```\n\n    indented me@example.com\n\nAnd <span>me@example.com</span>',
  'From references: me&#64;example.com and me&#x40;example.com and me\\@example.com',
  'Unicode: ünï@example.com and 名前@example.com and me@exämple.com',
];

function reference(text: string): Root {
  return whole.parse(cutDeepLines(text));
}

describe('cli/markdown/email-literals', () => {
  it('parses every fixture page, the real site, a bench tree and each address case as remark-gfm does', async () => {
    const bench = await generateTree({ pages: 150, seed: 'email-literals' });
    const pages = [
      ...markdownFiles(path.join(REPO_ROOT, 'tests/fixtures')),
      ...markdownFiles(path.join(REPO_ROOT, 'content')),
      ...[...bench.files].filter(([name]) => name.endsWith('.md')).map(([name, text]) => ({ name, text })),
      ...CASES.map((text, at) => ({ name: `case ${at}`, text })),
    ];
    expect(pages.length).toBeGreaterThan(250);
    for (const { name, text } of pages) {
      expect(parse(text), name).toEqual(reference(text));
      // The body as the pipeline parses it.
      const body = markDirectives(text);
      expect(parse(body), `${name} (directives marked)`).toEqual(reference(body));
    }
  }, 120_000);

  it('parses again with the whole parser only a page that may hold an address', () => {
    const quick = unified().use(remarkParse).use(remarkGfm).use(remarkWithoutEmailLiterals);
    let again = 0;
    const once = (text: string) => parseWithoutEmailLiterals(text, (t) => quick.parse(t), (t) => (again++, whole.parse(t)));
    once('No at sign.\n\n```js\nimport x from "@scope/pkg";\n```\n\n`a@b.co` and [x](https://example.com/@me)');
    expect(again).toBe(0);
    once('Write to me@example.com.');
    expect(again).toBe(1);
    once('![me@example.com](a.png)');
    expect(again).toBe(2);
  });

  it('takes the construct out of a copy of remark-gfm’s extensions (found by its name)', () => {
    const gfm = unified().use(remarkParse).use(remarkGfm).freeze();
    const quick = unified().use(remarkParse).use(remarkGfm).use(remarkWithoutEmailLiterals).freeze();
    // Every letter, digit and +-._ starts one.
    expect(emailConstructHooks(gfm.data('micromarkExtensions') ?? [])).toBe(66);
    expect(emailConstructHooks(quick.data('micromarkExtensions') ?? [])).toBe(0);
    expect(emailConstructHooks(unified().use(remarkParse).use(remarkGfm).freeze().data('micromarkExtensions') ?? [])).toBe(66);
  });

  it('finds an @ in text and image alts only', () => {
    expect(hasAtSignInText(whole.parse('a@b'))).toBe(true);
    expect(hasAtSignInText(whole.parse('![a@b](x.png)'))).toBe(true);
    expect(hasAtSignInText(whole.parse('`a@b` <span title="a@b"></span>\n\n```\na@b\n```'))).toBe(false);
  });
});
