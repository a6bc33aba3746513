import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../cli/diagnostics/catalogue';

const readme = readFileSync(path.resolve(__dirname, '../../README.md'), 'utf8');

describe('README.md', () => {
  it('documents every diagnostic code under its own heading, and no code that does not exist', () => {
    const documented = [...readme.matchAll(/^### ([a-z]+\/[a-z0-9-]+)$/gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual(Object.keys(CATALOGUE).sort());
  });

  it('marks warnings as warnings', () => {
    for (const [code, entry] of Object.entries(CATALOGUE)) {
      const section = readme.split(`### ${code}\n`)[1]?.split('\n### ')[0] ?? '';
      expect(section.startsWith('*(warning)*'), code).toBe(entry.severity === 'warning');
    }
  });

  it('gives the two commands CI runs', () => {
    expect(readme).toContain('npm ci && npm run build');
    expect(readme).toContain('npm test');
    expect(readFileSync(path.resolve(__dirname, '../../.ci/run'), 'utf8')).toMatch(/^npm test$/m);
  });
});
