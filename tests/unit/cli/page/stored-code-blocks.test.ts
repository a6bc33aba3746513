import type { Code } from 'mdast';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCodeHighlighter, type Highlighter } from '../../../../cli/markdown/highlight';
import { parseFrontmatter } from '../../../../cli/page/frontmatter';
import { createMarkdownParser, parseMarkdown } from '../../../../cli/page/markdown';
import { extractOutline } from '../../../../cli/page/outline';
import { NEEDS_HIGHLIGHTER, renderPage, type RenderContext } from '../../../../cli/page/render';
import { blockKey, placesOf, storedBlocksOf } from '../../../../cli/page/stored-code-blocks';
import { validateFrontmatter } from '../../../../cli/page/validate';
import { sourceFile } from '../../../helpers/pages';

let highlighter: Highlighter;
let calls = 0;
beforeAll(async () => {
  const real = await createCodeHighlighter(['js', 'bash']);
  highlighter = {
    highlight: (code, lang) => {
      calls++;
      return real.highlight(code, lang);
    },
    dispose: () => real.dispose(),
  };
});
const parse = createMarkdownParser();

/** What `run` throws (undefined when it returns). */
function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

const PAGE = [
  '# Blocks',
  '',
  'Some prose.',
  '',
  '```js {2}',
  'const a = 1;',
  'const b = 2;',
  '```',
  '',
  '- In a list:',
  '',
  '  ```bash',
  '  npm run build',
  '  ```',
  '',
  '```',
  'plain text, no language',
  '```',
  '',
].join('\n');

function render(markdown: string, context: Partial<RenderContext> = {}) {
  const valid = validateFrontmatter(parseFrontmatter(sourceFile('page.md', markdown)).page!).page;
  const tree = parseMarkdown(valid, { parse, constants: { values: {}, used: new Set(), report: true }, languages: new Set(['js', 'bash']) });
  return renderPage(tree, extractOutline(tree, { headerLevels: [2, 3] }), { highlighter, ...context });
}

describe('cli/page/stored-code-blocks', () => {
  it('records where the direct renderer wrote each block, and reads them back from the stored HTML', () => {
    const first = render(PAGE);
    expect(first.direct).toBe(true);
    expect(first.codeBlocks).toHaveLength(3);
    const blocks = storedBlocksOf(first.html, first.codeBlocks);
    expect(blocks.size).toBe(3);
    for (const [key, start, length] of first.codeBlocks!) expect(blocks.get(key)).toBe(first.html.slice(start, start + length));
    expect([...blocks.values()].every((html) => html.startsWith('<pre') && html.endsWith('</pre>'))).toBe(true);
  });

  it('writes stored blocks as they were, byte for byte, without calling the highlighter; a changed block is highlighted again', () => {
    const first = render(PAGE);
    const stored = storedBlocksOf(first.html, first.codeBlocks);
    const edited = PAGE.replace('Some prose.', 'Some prose, edited.');
    calls = 0;
    const again = render(edited, { highlighter: undefined, storedBlocks: stored });
    expect(calls).toBe(0);
    expect(again.reusedBlocks).toBe(3);
    expect(again.html).toBe(render(edited).html);
    // One block's code changed: with no highlighter the page cannot be written; with one, only that block is highlighted.
    const changed = edited.replace('const b = 2;', 'const b = 3;');
    expect(thrown(() => render(changed, { highlighter: undefined, storedBlocks: stored }))).toBe(NEEDS_HIGHLIGHTER);
    calls = 0;
    const mixed = render(changed, { storedBlocks: stored });
    expect(calls).toBe(1);
    expect(mixed.reusedBlocks).toBe(2);
    expect(mixed.html).toBe(render(changed).html);
  });

  it('keys a block by everything its HTML is made of: language, code, fence options and line numbers', () => {
    const code = (lang: string, value: string, fence?: object): Code => ({ type: 'code', lang, value, ...(fence ? { data: { fence } } : {}) }) as Code;
    const key = blockKey(code('js', 'x'), false);
    expect(blockKey(code('JS', 'x'), false)).toBe(key);
    for (const other of [blockKey(code('ts', 'x'), false), blockKey(code('js', 'y'), false), blockKey(code('js', 'x', { highlight: [1] }), false), blockKey(code('js', 'x'), true)]) {
      expect(other).not.toBe(key);
    }
  });

  it('passes over places that do not fit the stored HTML (a damaged or foreign entry), and a page the general renderer writes records none', () => {
    const html = '<p>a</p><pre class="shiki">x</pre>';
    expect(storedBlocksOf(html, [['k', 8, 26]])).toEqual(new Map([['k', '<pre class="shiki">x</pre>']]));
    expect(storedBlocksOf(html, [['k', 0, 8], ['l', 8, 999], ['m', -1, 3], 'junk', ['n', 8]]).size).toBe(0);
    expect(storedBlocksOf(html, undefined).size).toBe(0);
    expect(placesOf(html, [['k', '<pre class="shiki">x</pre>'], ['gone', '<pre>y</pre>']])).toEqual([['k', 8, 26]]);
    // Raw HTML: the general renderer, which needs the highlighter whatever is stored.
    const raw = `${PAGE}\n<div>raw</div>\n`;
    const general = render(raw);
    expect(general.direct).toBe(false);
    expect(general.codeBlocks).toBeUndefined();
    const stored = render(PAGE);
    expect(thrown(() => render(raw, { highlighter: undefined, storedBlocks: storedBlocksOf(stored.html, stored.codeBlocks) }))).toBe(NEEDS_HIGHLIGHTER);
  });
});
