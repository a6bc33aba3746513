import type { Element } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { CODE_BACKGROUNDS, CODE_CONTRAST, codeClassesOf, codeStylesheet, codeStylesheetFor, contrastRatio, declarationClass, readableOn, styleToClasses } from '../../../../cli/markdown/code-classes';
import { createCodeHighlighter } from '../../../../cli/markdown/highlight';

/** Languages whose colours the contrast test samples: the two themes colour every grammar from one palette. */
const HIGHLIGHT_LANGUAGES = [
  'js', 'jsx', 'ts', 'tsx', 'json', 'jsonc', 'yaml', 'toml', 'bash', 'shell', 'powershell', 'python', 'go', 'ruby',
  'php', 'java', 'sql', 'http', 'html', 'css', 'xml', 'diff', 'markdown', 'graphql', 'ini', 'dockerfile',
  'vue', 'vue-html', 'stylus', 'scss', 'less', 'sass', 'nginx', 'shellsession', 'dotenv', 'c', 'cpp', 'csharp', 'rust', 'kotlin', 'swift', 'pug', 'handlebars',
];

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

  it('turns every style shiki writes, in 43 common languages, into classes, and the stylesheet gives them back', async () => {
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
        const theme = name.startsWith('--shiki-light') ? 'light' : 'dark';
        // Text colours come back made readable on their background; the rest as they were.
        const text = name === `--shiki-${theme}`;
        expected.add(`.${cls}{${name}:${text ? readableOn(value.toLowerCase(), CODE_BACKGROUNDS[theme]) : value.startsWith('#') ? value.toLowerCase() : value}}`);
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
    expect(codeStylesheet(['<span class="shk-l-zzz shk-l-000">x</span>'])).toBe('.shk-l-000{--shiki-light:#000}\n');
  });

  it('makes every text colour of both themes read at 4.5:1 or more on its code background, changing only those that fall short', async () => {
    const highlighter = await createCodeHighlighter(HIGHLIGHT_LANGUAGES);
    const classes = HIGHLIGHT_LANGUAGES.flatMap((lang) => codeClassesOf(toHtml(styleToClasses(highlighter.highlight(SAMPLE, lang)!))));
    const rgb = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
    let changed = 0;
    for (const rule of codeStylesheetFor(classes).trim().split('\n')) {
      const match = /^\.shk-([ld])-([0-9a-f]{6})\{--shiki-(?:light|dark):(#[0-9a-f]{6})\}$/.exec(rule);
      if (!match) continue;
      const [, theme, original, shown] = match as unknown as [string, 'l' | 'd', string, string];
      const background = CODE_BACKGROUNDS[theme === 'l' ? 'light' : 'dark'];
      expect(contrastRatio(rgb(shown), rgb(background)), rule).toBeGreaterThanOrEqual(4.5);
      if (contrastRatio(rgb(`#${original}`), rgb(background)) >= CODE_CONTRAST) expect(shown, rule).toBe(`#${original}`);
      else changed++;
    }
    // github-light's red (#d73a49) and orange (#e36209), github-dark's comments (#6a737d) among them.
    expect(changed).toBeGreaterThanOrEqual(3);
    expect(readableOn('#d73a49', CODE_BACKGROUNDS.light)).not.toBe('#d73a49');
    expect(readableOn('#e36209', CODE_BACKGROUNDS.light)).not.toBe('#e36209');
    expect(readableOn('#6a737d', CODE_BACKGROUNDS.dark)).not.toBe('#6a737d');
    expect(readableOn('#24292e', CODE_BACKGROUNDS.light)).toBe('#24292e');
  }, 30_000);
});
