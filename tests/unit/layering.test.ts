import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');
// The package's own CLI (its `exports` do not list bin/, so by path).
const DEPCRUISE = path.join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
/** A tree of our own with one forbidden import per rule, each file named after the rule it breaks. */
const VIOLATIONS = path.join(ROOT, 'tests/fixtures/layering');
const RULES: string[] = (createRequire(import.meta.url)(CONFIG) as { forbidden: { name: string }[] }).forbidden.map((r) => r.name);

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

/** dependency-cruiser's violations over cli/, viewer/, shared/ and schema/ of `cwd`, with the project's rules. */
async function cruise(cwd: string): Promise<Violation[]> {
  const run = promisify(execFile);
  const args = [DEPCRUISE, 'cli', 'viewer', 'shared', 'schema', '--config', CONFIG, '--output-type', 'json'];
  // Exit code is the number of errors: read the report either way.
  const { stdout } = await run(process.execPath, args, { cwd, maxBuffer: 64 * 1024 * 1024 }).catch((error: { stdout?: string }) => ({
    stdout: error.stdout ?? '',
  }));
  return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

describe('the layering (.dependency-cruiser.cjs)', () => {
  it('holds for the code: imports point down, no cycles, the viewer uses only shared/ and schema/', async () => {
    const violations = await cruise(ROOT);
    const report = violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).join('\n');
    expect(report, 'a dependency rule is broken (see the rule names above)').toBe('');
  });

  it('every rule fails on a forbidden import, naming the rule', async () => {
    expect(RULES.length).toBeGreaterThanOrEqual(15);
    const violations = await cruise(VIOLATIONS);
    const found = new Set(violations.map((v) => v.rule.name));
    for (const rule of RULES) expect(found.has(rule), `no violation of ${rule} reported`).toBe(true);
    // Each file breaks the rule it is named after, and the allowed files break none.
    for (const v of violations) {
      const name = path.basename(v.from, '.ts');
      expect(name.startsWith(v.rule.name) || (v.rule.name === 'no-circular' && name.startsWith('no-circular')), `${v.from} broke ${v.rule.name}`).toBe(true);
    }
  });
});
