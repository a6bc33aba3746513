import { beforeAll, describe, expect, it } from 'vitest';
import { createHighlighter } from 'shiki';
import { createCodeHighlighter, THEMES, type Highlighter } from '../../../../cli/markdown/highlight';
import { createLineScans } from '../../../../cli/markdown/line-scans';
import { shareTokenizing } from '../../../../cli/markdown/shared-tokenizing';

// The same lines after different openings: inside a template string, a comment, a heredoc, a string, or at the top.
const LINES = ['x = 1;', '  }', '', 'EOF', '"""', 'done `'];
const OPENINGS: Record<string, string[]> = {
  js: ['', 'const s = `', '/* note', 'function f() {', 'const o = {\n  a: [', '// line'],
  bash: ['', 'cat <<EOF', 'echo "', "echo '"],
  python: ['', '"""', 'def f():', "s = '''"],
};

function variants(): [lang: string, code: string][] {
  const found: [string, string][] = [];
  for (const [lang, openings] of Object.entries(OPENINGS)) {
    for (const opening of openings) for (let n = 1; n <= LINES.length; n++) found.push([lang, [opening, ...LINES.slice(0, n)].join('\n')]);
  }
  return found;
}

describe('cli/markdown/line-scans: a line scanned before in an equal state is not scanned again', () => {
  let remembering: Highlighter;
  let twoPass: Highlighter;
  beforeAll(async () => {
    remembering = await createCodeHighlighter(Object.keys(OPENINGS));
    twoPass = await createCodeHighlighter(Object.keys(OPENINGS), { shareTokenizing: false });
  }, 60_000);

  it('colours the same line text in different states as shiki does, in any order of blocks', () => {
    const all = variants();
    // Forwards, then backwards: each block meets lines remembered from blocks that left other states.
    for (const [lang, code] of [...all, ...[...all].reverse()]) {
      expect(JSON.stringify(remembering.highlight(code, lang)), `${lang}: ${JSON.stringify(code)}`).toBe(JSON.stringify(twoPass.highlight(code, lang)));
    }
  });

  it('scans a block seen before not at all, and a block sharing its opening lines only past them', async () => {
    const shiki = await createHighlighter({ themes: Object.values(THEMES), langs: ['js'] });
    const grammar = shiki.getLanguage('js');
    const shared = shareTokenizing(grammar)!;
    let scans = 0;
    const scan = grammar.tokenizeLine.bind(grammar);
    grammar.tokenizeLine = (...args) => {
      scans++;
      return scan(...args);
    };
    const colour = (code: string) => JSON.stringify(shared.around(() => shiki.codeToHast(code, { lang: 'js', themes: THEMES, defaultColor: false })));
    const first = 'import a from "a";\nconst b = `\nx\n`;\nx;';
    const before = colour(first);
    expect(scans).toBe(5);
    expect(colour(first)).toBe(before);
    expect(scans, 'the same block again').toBe(5);
    // The first two lines are as before; `x` after them is inside the template string, then a line never seen.
    colour('import a from "a";\nconst b = `\nx\ny');
    expect(scans).toBe(6);
    shiki.dispose();
  });

  it('forgets everything past its bound and still gives each line its own scan', () => {
    const scans = createLineScans(2);
    const made: string[] = [];
    const state = {} as never;
    const scanOf = (line: string) => () => {
      made.push(line);
      return { tokens: [{ startIndex: 0, scopes: ['source', line] }], ruleStack: state, stoppedEarly: false };
    };
    const a = scans.scan('a', state, scanOf('a'));
    scans.scan('b', state, scanOf('b'));
    expect(scans.scan('a', state, scanOf('a'))).toBe(a);
    scans.scan('c', state, scanOf('c'));
    const again = scans.scan('a', state, scanOf('a'));
    expect(made).toEqual(['a', 'b', 'c', 'a']);
    expect(scans.scopesOf(again.tokens[1]!)).toEqual(['source', 'a']);
  });
});
