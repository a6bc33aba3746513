import type { Element } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { codeStylesheet, declarationClass, styleToClasses } from '../../../../cli/markdown/code-classes';
import { createCodeHighlighter, HIGHLIGHT_LANGUAGES } from '../../../../cli/markdown/highlight';

const SAMPLE = `# Title *em* **strong** ~~gone~~ [link](https://x.org)
const x = "text"; // comment
function f(a, b) { return a + 1 <= b ? true : null }
<div class="x">&amp;</div> SELECT * FROM t WHERE id = 1;
key: value # note
[section]
FROM node:20
+ added
- removed
`;

/** Every `--shiki-*` declaration in a highlighted block. */
function declarations(pre: Element): string[] {
  const found: string[] = [];
  const walk = (el: Element) => {
    if (typeof el.properties.style === 'string') found.push(...el.properties.style.split(';').filter(Boolean));
    for (const child of el.children) if (child.type === 'element') walk(child);
  };
  walk(pre);
  return found;
}

describe('cli/markdown/code-classes', () => {
  it('spells each declaration as a class', () => {
    expect(declarationClass('--shiki-light', '#6F42C1')).toBe('shk-l-6f42c1');
    expect(declarationClass('--shiki-dark-bg', '#24292e')).toBe('shk-dbg-24292e');
    expect(declarationClass('--shiki-light-font-style', 'italic')).toBe('shk-lfs-italic');
    expect(declarationClass('--shiki-dark-text-decoration', 'underline line-through')).toBe('shk-dtd-underline_line-through');
    expect(declarationClass('color', '#fff')).toBeUndefined();
    expect(declarationClass('--shiki-light', 'url(x)')).toBeUndefined();
    expect(declarationClass('--shiki-light', 'red;}body{x')).toBeUndefined();
  });

  it('turns every style shiki writes, in every supported language, into classes, and the stylesheet gives them back', async () => {
    const highlighter = await createCodeHighlighter(HIGHLIGHT_LANGUAGES);
    const htmls: string[] = [];
    const expected = new Set<string>();
    for (const lang of HIGHLIGHT_LANGUAGES) {
      const pre = highlighter.highlight(SAMPLE, lang)!;
      const before = declarations(pre);
      expect(before.length, lang).toBeGreaterThan(2);
      for (const d of before) {
        const [name, value] = d.split(':') as [string, string];
        const cls = declarationClass(name, value);
        expect(cls, `${lang}: ${d}`).toBeDefined();
        expected.add(`.${cls}{${name}:${value.startsWith('#') ? value.toLowerCase() : value}}`);
      }
      const html = toHtml(styleToClasses(pre));
      expect(html, lang).not.toContain('style=');
      expect(html, lang).toMatch(/^<pre class="shiki shiki-themes github-light github-dark shk-/);
      htmls.push(html);
    }
    const rules = codeStylesheet(htmls).trim().split('\n');
    expect(new Set(rules)).toEqual(expected);
    expect(rules).toEqual([...rules].sort());
  }, 30_000);

  it('writes no stylesheet without highlighted code, and only well-formed rules from stray text', () => {
    expect(codeStylesheet(['<p>plain</p>'])).toBe('');
    expect(codeStylesheet(['<span class="shk-l-zzz shk-l-fff">x</span>'])).toBe('.shk-l-fff{--shiki-light:#fff}\n');
  });
});
