import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, RETIRED_CODES } from '../../../../cli/diagnostics/catalogue';

describe('cli/diagnostics/catalogue', () => {
  it('never gives a retired code a new meaning, and says where its meaning went', () => {
    const readme = readFileSync(path.resolve(__dirname, '../../../../README.md'), 'utf8');
    for (const code of RETIRED_CODES) {
      expect(Object.keys(CATALOGUE)).not.toContain(code);
      expect(readme).toContain(`\`${code}\``);
    }
    expect(RETIRED_CODES).toContain('markdown/raw-html');
  });
});
