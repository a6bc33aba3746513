import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCodeHighlighter, fenceLanguages, knownLanguageNames, type Highlighter } from '../../../../cli/markdown/highlight';
import { rememberHighlights } from '../../../../cli/markdown/highlight-memo';
import { parseFrontmatter } from '../../../../cli/page/frontmatter';
import { createMarkdownParser, parseMarkdown } from '../../../../cli/page/markdown';
import { extractOutline } from '../../../../cli/page/outline';
import { renderPage } from '../../../../cli/page/render';
import { validateFrontmatter } from '../../../../cli/page/validate';
import { generateTree } from '../../../bench/generate-tree';
import { sourceFile } from '../../../helpers/pages';

/**
 * The direct renderer (cli/html/markdown-html.ts) against the general one
 * (hast, cleaning, serializing) on every page of every fixture, of the real
 * site and of a generated bench tree: the same HTML, byte for byte. Kept
 * until the general path is used for raw HTML only.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../..');

function markdownFiles(dir: string): { name: string; text: string }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md') && !name.includes('node_modules') && existsSync(path.join(dir, name)))
    .sort()
    .map((name) => ({ name: path.join(path.relative(ROOT, dir), name), text: readFileSync(path.join(dir, name), 'utf8') }));
}

const parse = createMarkdownParser();
let pages: { name: string; text: string }[];
let highlighter: Highlighter;
let languages: Set<string>;

beforeAll(async () => {
  const bench = await generateTree({ pages: 40, seed: 'markdown-html' });
  pages = [
    ...markdownFiles(path.join(ROOT, 'tests/fixtures')),
    ...markdownFiles(path.join(ROOT, 'content')),
    ...[...bench.files].filter(([name]) => name.endsWith('.md')).map(([name, text]) => ({ name: `bench/${name}`, text })),
  ];
  languages = await knownLanguageNames();
  // Each block highlighted once for the four renders of its page.
  highlighter = rememberHighlights(await createCodeHighlighter(fenceLanguages(pages.map((p) => p.text))), 1000);
}, 60_000);
afterAll(() => highlighter?.dispose());

/** A page's tree, and its HTML from both renderers with and without anchor aliases and line numbers. */
function bothWays(name: string, text: string) {
  const parsed = parseFrontmatter(sourceFile(name, text));
  if (!parsed.page) return [];
  const valid = validateFrontmatter(parsed.page).page;
  const tree = parseMarkdown(valid, { parse, constants: { values: { PRODUCT_NAME: 'Acme & <Co>' }, used: new Set(), report: true }, languages });
  return [false, true].map((more) => {
    const outline = extractOutline(tree, { headerLevels: [2, 3], anchorAliases: more, previousAnchors: valid.frontmatter.anchors });
    const context = { highlighter, lineNumbers: more };
    return { general: renderPage(tree, outline, { ...context, general: true }), direct: renderPage(tree, outline, context) };
  });
}

describe('cli/html/markdown-html', () => {
  it('writes every page of the fixtures, the real site and a bench tree as the general renderer does', () => {
    let compared = 0;
    const mismatches: string[] = [];
    const direct = new Set<string>();
    for (const { name, text } of pages) {
      for (const both of bothWays(name, text)) {
        compared++;
        if (both.direct.html !== both.general.html) {
          mismatches.push(name);
          if (process.env.SHOW_DIFF) {
            let at = 0;
            while (both.direct.html[at] === both.general.html[at]) at++;
            console.log(name, '\nDIRECT ', both.direct.html.slice(at - 150, at + 150), '\nGENERAL', both.general.html.slice(at - 150, at + 150));
          }
        }
        expect(both.direct.linkUrls).toEqual(both.general.linkUrls);
        expect(both.general.direct).toBe(false);
        if (both.direct.direct) direct.add(name);
      }
    }
    expect(mismatches).toEqual([]);
    expect(compared).toBeGreaterThan(500);
    // Most pages are written the direct way (the others hold raw HTML, footnotes…): every generated bench page is.
    expect([...direct].filter((name) => name.startsWith('bench/'))).toHaveLength(40);
    expect(direct.size).toBeGreaterThan(150);
  }, 120_000);

  it('writes a declared container without a title (title: \'\') as the general renderer does', () => {
    const parsed = parseFrontmatter(sourceFile('c.md', '# C\n\n::: callout\nPlain.\n:::\n\n::: details\nOpen.\n:::\n'));
    const tree = parseMarkdown(validateFrontmatter(parsed.page!).page, { parse, constants: { values: {}, used: new Set(), report: true }, languages, containers: [{ type: 'callout', title: '' }] });
    const outline = extractOutline(tree, { headerLevels: [2, 3] });
    const direct = renderPage(tree, outline, { highlighter });
    expect(direct.direct).toBe(true);
    expect(direct.html).toBe(renderPage(tree, outline, { highlighter, general: true }).html);
    expect(direct.html).toContain('<div class="custom-block callout"><p>Plain.</p></div>');
  });

  it('leaves raw HTML, footnotes and unsafe URLs to the general renderer', async () => {
    const { markdownToHtml } = await import('../../../../cli/html/markdown-html');
    const options = { codeHtml: () => '<pre></pre>', toc: [], aliases: {} };
    for (const markdown of ['a <b>b</b>', 'a[^1]\n\n[^1]: note', '[x](javascript:alert(1))', '[x][y]\n\n[y]: /z', '![a](b "title")']) {
      const tree = parse(markdown);
      expect(markdownToHtml(tree, options), markdown).toBeUndefined();
    }
    expect(markdownToHtml(parse('a *b* & <c'), options)).toBe('<p>a <em>b</em> &#x26; &#x3C;c</p>');
  });
});
