import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../../cli/diagnostics/diagnostic';
import { sortDiagnostics } from '../../../../cli/diagnostics/diagnostic';
import { codeFrame, formatGithub, formatJson, formatSummary, formatText } from '../../../../cli/diagnostics/format';
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
    expect(parsed.summary).toEqual({ errors: 1, warnings: 1, pages: 7 });
    expect(Object.keys(parsed.diagnostics[0])).toEqual(['code', 'severity', 'file', 'line', 'column', 'message', 'hint']);
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
