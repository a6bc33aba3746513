import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { canLower, CATALOGUE, DIAGNOSTIC_CODES, RETIRED_CODES } from '../../../../cli/diagnostics/catalogue';
import { FIXED_CODES } from '../../../../schema/diagnostic-codes';

describe('cli/diagnostics/catalogue', () => {
  it('never gives a retired code a new meaning, and says where its meaning went', () => {
    const readme = readFileSync(path.resolve(__dirname, '../../../../README.md'), 'utf8');
    for (const code of RETIRED_CODES) {
      expect(Object.keys(CATALOGUE)).not.toContain(code);
      expect(readme).toContain(`\`${code}\``);
    }
    expect(RETIRED_CODES).toContain('markdown/raw-html');
  });

  it('has an entry for every code of schema/diagnostic-codes.ts, and no other', () => {
    expect(Object.keys(CATALOGUE).sort()).toEqual([...DIAGNOSTIC_CODES].sort());
  });

  it('lists in README.md exactly the codes that stay errors, all of them errors by default', () => {
    const readme = readFileSync(path.resolve(__dirname, '../../../../README.md'), 'utf8');
    const section = readme.split('### Codes that stay errors\n')[1]?.split('\n### ')[0]?.split('\nEvery other code')[0] ?? '';
    const listed = [...section.matchAll(/`([a-z]+\/[a-z0-9-]+)`/g)].map((m) => m[1]);
    expect(listed.sort()).toEqual(Object.keys(FIXED_CODES).sort());
    for (const code of Object.keys(FIXED_CODES)) expect(CATALOGUE[code as keyof typeof CATALOGUE].severity, code).toBe('error');
    expect(canLower('link/dead')).toBe(true);
    expect(canLower('page/duplicate-path')).toBe(false);
    expect(canLower('link/nope')).toBe(false);
  });
});
