import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../../cli/diagnostics/diagnostic';
import { applyRules } from '../../../../cli/diagnostics/severity-rules';
import type { Rules } from '../../../../schema/site-config';

const d = (code: Diagnostic['code'], file: string, severity: Diagnostic['severity'] = 'error'): Diagnostic => ({
  code,
  severity,
  file,
  line: 1,
  column: 1,
  message: code,
  hint: '',
});
const contentPathOf = (file: string) => (file.startsWith('content/') ? file.slice('content/'.length) : undefined);
const apply = (list: Diagnostic[], rules: Rules) => applyRules(list, rules, contentPathOf).map((x) => `${x.file} ${x.code} ${x.severity}`);

describe('cli/diagnostics/severity-rules', () => {
  it('leaves everything as it is without rules', () => {
    expect(apply([d('link/dead', 'content/a.md')], {})).toEqual(['content/a.md link/dead error']);
  });

  it('lowers, raises and turns off codes for the whole site', () => {
    const list = [d('link/dead', 'content/a.md'), d('html/removed', 'content/a.md', 'warning'), d('page/not-in-sidebar', 'content/b.md', 'warning'), d('link/dead-anchor', 'content/b.md')];
    expect(apply(list, { 'link/dead': 'warning', 'html/removed': 'off', 'page/not-in-sidebar': 'error' })).toEqual([
      'content/a.md link/dead warning',
      'content/b.md page/not-in-sidebar error',
      'content/b.md link/dead-anchor error',
    ]);
  });

  it('applies per-path entries to the files their globs match, relative to the content folder, a later entry winning', () => {
    const list = [d('link/dead', 'content/legacy/old.md'), d('link/dead', 'content/legacy/deep/older.md'), d('link/dead', 'content/guide.md'), d('link/dead', 'content/site.yaml')];
    const rules: Rules = [{ 'link/dead': 'warning' }, { files: 'legacy/**', 'link/dead': 'off' }, { files: ['legacy/deep/*.md', 'site.yaml'], 'link/dead': 'error' }];
    expect(apply(list, rules)).toEqual(['content/legacy/deep/older.md link/dead error', 'content/guide.md link/dead warning', 'content/site.yaml link/dead error']);
  });

  it('matches no glob for a file outside the content folder, but applies entries without files', () => {
    expect(apply([d('url/removed', 'elsewhere.json')], [{ files: '**', 'url/removed': 'off' }])).toEqual(['elsewhere.json url/removed error']);
    expect(apply([d('url/removed', 'elsewhere.json')], [{ 'url/removed': 'off' }])).toEqual([]);
  });

  it('never lowers a code that must stay an error, even if a rule slipped past the schema', () => {
    const list = [d('page/duplicate-path', 'content/a.md'), d('file/unreadable', 'content/b.md')];
    expect(apply(list, { 'page/duplicate-path': 'off', 'file/unreadable': 'warning' } as Rules)).toEqual([
      'content/a.md page/duplicate-path error',
      'content/b.md file/unreadable error',
    ]);
  });
});
