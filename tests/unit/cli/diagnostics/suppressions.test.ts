import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../../cli/diagnostics/diagnostic';
import { applySuppressions, parseSuppression, type Suppression } from '../../../../cli/diagnostics/suppressions';

const at = { file: 'content/a.md', line: 4, column: 1 };
const d = (code: Diagnostic['code'], line: number, file = 'content/a.md'): Diagnostic => ({ code, severity: 'error', file, line, column: 3, message: code, hint: '' });

describe('cli/diagnostics/suppressions', () => {
  it('reads codes, then the reason', () => {
    expect(parseSuppression(' link/dead the old API page is gone for good ', at, 5)).toEqual({
      ...at,
      target: 5,
      codes: ['link/dead'],
      reason: 'the old API page is gone for good',
    });
    expect(parseSuppression('link/dead, link/dead-anchor: kept for history', at, 5)).toMatchObject({ codes: ['link/dead', 'link/dead-anchor'], reason: 'kept for history' });
    expect(parseSuppression('link/dead — kept for history', at, 5)).toMatchObject({ reason: 'kept for history' });
  });

  it('refuses a suppression without a reason', () => {
    const refused = parseSuppression(' link/dead ', at, 5) as Diagnostic;
    expect(refused).toMatchObject({ code: 'suppression/invalid', severity: 'error', line: 4, message: 'This docsbuild-ignore comment gives no reason.' });
    expect(refused.hint).toContain('<!-- docsbuild-ignore link/dead the old API page is gone for good -->');
    expect(parseSuppression('link/dead :', at, 5)).toMatchObject({ code: 'suppression/invalid' });
  });

  it('refuses no code, an unknown code (with a suggestion), and a code that cannot be lowered', () => {
    expect(parseSuppression('because I said so', at, 5)).toMatchObject({ code: 'suppression/invalid', message: 'This docsbuild-ignore comment names no diagnostic code.' });
    const unknown = parseSuppression('link/ded it is fine', at, 5) as Diagnostic;
    expect(unknown).toMatchObject({ code: 'suppression/invalid', message: '"link/ded" is not a diagnostic code.' });
    expect(unknown.hint).toMatch(/^Did you mean "link\/dead"\?/);
    expect(parseSuppression('page/duplicate-path both are needed', at, 5)).toMatchObject({
      code: 'suppression/invalid',
      message: '"page/duplicate-path" cannot be suppressed: two pages would claim one URL.',
    });
  });

  it('drops the named problems on the target line only, and reports each code that suppressed nothing', () => {
    const suppressions: Suppression[] = [
      { file: 'content/a.md', line: 4, column: 1, target: 5, codes: ['link/dead', 'link/dead-anchor'], reason: 'history' },
      { file: 'content/a.md', line: 9, column: 1, target: 10, codes: ['constant/unknown'], reason: 'typo on purpose' },
    ];
    const list = [d('link/dead', 5), d('link/dead', 5), d('link/dead', 6), d('html/removed', 5), d('link/dead', 5, 'content/b.md')];
    const kept = applySuppressions(list, suppressions);
    expect(kept.map((x) => `${x.file}:${x.line} ${x.code} ${x.severity}`)).toEqual([
      'content/a.md:6 link/dead error',
      'content/a.md:5 html/removed error',
      'content/b.md:5 link/dead error',
      'content/a.md:4 suppression/unused warning',
      'content/a.md:9 suppression/unused warning',
    ]);
    expect(kept[3]!.message).toBe('This docsbuild-ignore comment is for "link/dead-anchor" on line 5, and there is no such problem there.');
  });
});
