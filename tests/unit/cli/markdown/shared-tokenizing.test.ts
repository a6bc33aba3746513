import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHighlighter } from 'shiki';
import { createCodeHighlighter, fenceLanguages, THEMES, type Highlighter } from '../../../../cli/markdown/highlight';
import { shareTokenizing } from '../../../../cli/markdown/shared-tokenizing';
import { splitConstantsSuffix } from '../../../../cli/markdown/fences';

const CONTENT = path.resolve(__dirname, '../../../../content');
const FENCED = /^(`{3,}|~{3,})[ \t]*([\w#+.-]+)[^\n]*\n([\s\S]*?)^\1[ \t]*$/gm;

/** Every fenced block of the real site, plus the cases a line-by-line scan can trip on. */
function blocks(): [lang: string, code: string][] {
  const found: [string, string][] = [];
  for (const file of fg.sync('**/*.md', { cwd: CONTENT }).sort()) {
    for (const m of readFileSync(path.join(CONTENT, file), 'utf8').matchAll(FENCED)) found.push([splitConstantsSuffix(m[2]!).lang.toLowerCase(), m[3]!.replace(/\n$/, '')]);
  }
  const edges: [string, string][] = [
    ['js', ''],
    ['js', 'x'],
    ['js', '\n\n\n'],
    ['js', 'const s = `multi\n\nline ${a +\n b}`;\n/* open comment\n\n still */ x;'],
    ['js', 'a\n\na\n\na'],
    ['html', '<style>\n  p { color: red }\n</style>\n<script>\n  const x = "<p>";\n</script>\n<p class="a">hi</p>'],
    ['python', 'def f():\n    """doc\n\n    string"""\n    return f"{x!r:>10}"  # note   '],
    ['bash', 'cat <<EOF\n$HOME\n\nEOF\necho "$(date)"   '],
    ['yaml', 'a: |\n  text\n\n  more\nb: [1, 2]\n# end'],
    ['diff', '--- a\n+++ b\n@@ -1 +1 @@\n-old\n+new'],
    ['json', '{\n  "a": [1, 2.5e3, true, null],\n  "b": "\\u00e9"\n}'],
    ['sql', "SELECT 'it''s' FROM t -- c\nWHERE x = 1;"],
    ['go', 'package main\n\nfunc main() {\n\tfmt.Println(`raw\nstring`)\n}'],
  ];
  return [...found, ...edges];
}

describe('cli/markdown/shared-tokenizing: one scan per block gives shiki\'s own output', () => {
  const all = blocks();
  let shared: Highlighter;
  let twoPass: Highlighter;
  beforeAll(async () => {
    const languages = fenceLanguages(all.map(([lang]) => `\`\`\`${lang}\n\`\`\``));
    shared = await createCodeHighlighter(languages);
    twoPass = await createCodeHighlighter(languages, { shareTokenizing: false });
  }, 60_000);

  it('highlights every code block of the real site, and the edge cases, exactly as two passes do', () => {
    let compared = 0;
    for (const [lang, code] of all) {
      const expected = twoPass.highlight(code, lang);
      if (!expected) continue;
      expect(JSON.stringify(shared.highlight(code, lang)), `${lang}: ${code.slice(0, 60)}`).toBe(JSON.stringify(expected));
      compared++;
    }
    // The real site has hundreds of highlighted blocks: make sure they were compared, not skipped.
    expect(compared).toBeGreaterThan(400);
  });

  it('gives the same output for a block seen again, in another order of languages', () => {
    const [lang, code] = all.find(([l]) => l === 'js')!;
    const first = JSON.stringify(shared.highlight(code, lang));
    shared.highlight('SELECT 1;', 'sql');
    expect(JSON.stringify(shared.highlight(code, lang))).toBe(first);
  });

  it('scans each line once for both themes, and only inside around()', async () => {
    const shiki = await createHighlighter({ themes: Object.values(THEMES), langs: ['js'] });
    const grammar = shiki.getLanguage('js');
    const shared = shareTokenizing(grammar);
    expect(shared, 'the grammar has what sharing needs').toBeDefined();
    expect(shareTokenizing(grammar)).toBe(shared);
    let scans = 0;
    const scan = grammar.tokenizeLine.bind(grammar);
    grammar.tokenizeLine = (...args) => {
      scans++;
      return scan(...args);
    };
    const code = 'const a = 1;\n\nlet b = "two";\nfunction c() {}';
    const toHast = () => shiki.codeToHast(code, { lang: 'js', themes: THEMES, defaultColor: false });
    const outside = JSON.stringify(toHast());
    expect(scans).toBe(0);
    expect(JSON.stringify(shared!.around(toHast))).toBe(outside);
    // Three lines with text, once each, though two themes were coloured.
    expect(scans).toBe(3);
  });
});
