import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build, type BuildResult } from '../../cli/build';
import { resolveConfig } from '../../cli/config';
import { formatText } from '../../cli/diagnostics/format';

export const FIXTURES = path.resolve(__dirname, '../fixtures');

/** Builds a fixture in memory, with paths in diagnostics relative to the fixture folder. */
export async function buildFixture(name: string, mode: 'build' | 'check' = 'build'): Promise<BuildResult> {
  return build(resolveConfig(path.join(FIXTURES, name), { config: false }), { mode });
}

/** Diagnostics as the CLI prints them (no colour), with code frames from the fixture's files. */
export function diagnosticsText(name: string, result: BuildResult): string {
  const root = path.join(FIXTURES, name);
  const text = formatText(result.diagnostics, {
    color: false,
    getSource: (file) => readFileSync(path.join(root, file), 'utf8'),
  });
  return `${text}\n`;
}
