import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../../cli/diagnostics/diagnostic';
import { sortDiagnostics } from '../../../../cli/diagnostics/diagnostic';
import { codeFrame, formatBaseline, formatGithub, formatJson, formatSummary, formatText } from '../../../../cli/diagnostics/format';
import { closest, editDistance } from '../../../../cli/diagnostics/suggest';

const d = (over: Partial<Diagnostic> = {}): Diagnostic => ({
  code: 'link/dead',
  severity: 'error',
  file: 'content/a.md',
  line: 3,
  column: 5,
  message: 'Link "/x/" points to no page.',
  hint: 'Link to an existing page.',
  ...over,
});

describe('cli/diagnostics', () => {
  it('draws a code frame with two lines of context and a caret', () => {
    expect(codeFrame('one\ntwo\nthree\nfour', 3, 2)).toBe('  1 | one\n  2 | two\n> 3 | three\n    |  ^');
  });

  it('formats text with position, code, message, frame and hint, without colour when off', () => {
    const text = formatText([d()], { color: false, getSource: () => 'a\nb\nsee [x](/x/)\n' });
    expect(text).toBe(
      'content/a.md:3:5 error link/dead\n  Link "/x/" points to no page.\n  1 | a\n  2 | b\n> 3 | see [x](/x/)\n    |     ^\n  hint: Link to an existing page.',
    );
    expect(text).not.toContain('\u001b[');
  });

  it('colours only when asked', () => {
    expect(formatText([d()], { color: true })).toContain('\u001b[31merror');
  });

  it('escapes GitHub annotation properties and data', () => {
    expect(formatGithub([d({ file: 'a,b:c.md', message: 'x\ny' })])).toBe(
      '::error file=a%2Cb%3Ac.md,line=3,col=5,title=link/dead::x%0Ay Link to an existing page.',
    );
  });

  it('emits the documented JSON shape', () => {
    const parsed = JSON.parse(formatJson([d(), d({ severity: 'warning' })], 7));
    expect(parsed.version).toBe(1);
    expect(parsed.summary).toEqual({ errors: 1, warnings: 1, pages: 7, baselined: 0, fixed: 0 });
    expect(Object.keys(parsed.diagnostics[0])).toEqual(['code', 'severity', 'file', 'line', 'column', 'message', 'hint', 'baselined']);
  });

  it('marks each diagnostic baselined or not in JSON, and counts only new ones as errors and warnings', () => {
    const stale = { file: 'content/b.md', code: 'link/dead', text: '/y/', occurrence: 0 };
    const parsed = JSON.parse(formatJson([d({ baselined: true }), d({ line: 9 }), d({ severity: 'warning', baselined: true })], 2, { file: 'docsbuild-baseline.json', known: 2, files: 1, stale: [stale] }));
    expect(parsed.summary).toEqual({ errors: 1, warnings: 0, pages: 2, baselined: 2, fixed: 1 });
    expect(parsed.diagnostics.map((x: { line: number; baselined: boolean }) => [x.line, x.baselined])).toEqual([
      [3, true],
      [9, false],
      [3, true],
    ]);
  });

  it('annotates and prints new problems only; the baselined are one line', () => {
    const list = [d({ baselined: true }), d({ line: 9, baselined: false })];
    expect(formatGithub(list)).toBe('::error file=content/a.md,line=9,col=5,title=link/dead::Link "/x/" points to no page. Link to an existing page.');
    expect(formatText(list, { color: false })).toMatch(/^content\/a\.md:9:5 error link\/dead/);
    expect(formatText([d({ baselined: true })], { color: false })).toBe('');
    expect(formatSummary(list, 4)).toBe('1 error, 0 warnings in 4 pages.');
    expect(formatSummary([d({ baselined: true })], 4)).toBe('No problems in 4 pages.');
  });

  it('says how many problems the baseline knows, and how many of its entries are fixed', () => {
    const entry = { file: 'content/a.md', code: 'link/dead', text: '/x/', occurrence: 0 };
    expect(formatBaseline(undefined)).toEqual([]);
    expect(formatBaseline({ file: 'docsbuild-baseline.json', known: 187, files: 47, stale: [] })).toEqual(['187 known problems in 47 files, see docsbuild-baseline.json.']);
    expect(formatBaseline({ file: 'b.json', known: 1, files: 1, stale: Array(12).fill(entry) })).toEqual([
      '1 known problem in 1 file, see b.json.',
      '12 baselined problems are fixed: run docsbuild check --update-baseline to drop them.',
    ]);
    expect(formatBaseline({ file: 'b.json', known: 0, files: 0, stale: [entry] }, { strict: true })).toEqual([
      '1 baselined problem is fixed: run docsbuild check --update-baseline to drop it (--strict fails until then).',
    ]);
  });

  it('summarises counts in one line', () => {
    expect(formatSummary([], 3)).toBe('No problems in 3 pages.');
    expect(formatSummary([d(), d({ severity: 'warning' })], 1)).toBe('1 error, 1 warning in 1 page.');
  });

  it('sorts by file, then line and column', () => {
    const sorted = sortDiagnostics([d({ file: 'b.md' }), d({ line: 9 }), d({ line: 1, column: 9 }), d({ line: 1, column: 2 })]);
    expect(sorted.map((x) => `${x.file}:${x.line}:${x.column}`)).toEqual(['b.md:3:5', 'content/a.md:1:2', 'content/a.md:1:9', 'content/a.md:9:5']);
  });

  it('suggests only close matches', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('titel', 'title')).toBe(1);
    expect(closest('/guid/', ['/guide/', '/api/'])).toBe('/guide/');
    expect(closest('titel', ['title', 'next'])).toBe('title');
    expect(closest('nowhere', ['other'])).toBeUndefined();
    expect(closest('zzz', ['other'])).toBeUndefined();
  });
});
