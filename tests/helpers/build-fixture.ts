import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build, type BuildResult } from '../../cli/build';
import { resolveConfig, type ConfigFlags } from '../../cli/config';
import { formatText } from '../../cli/diagnostics/format';

export const FIXTURES = path.resolve(__dirname, '../fixtures');

/** Builds a fixture in memory, with paths in diagnostics relative to the fixture folder. */
export async function buildFixture(name: string, mode: 'build' | 'check' = 'build'): Promise<BuildResult> {
  const root = path.join(FIXTURES, name);
  // flags.json: extra config flags for the case (--previous …), paths relative to the case folder.
  const flagsFile = path.join(root, 'flags.json');
  const flags = existsSync(flagsFile) ? (JSON.parse(readFileSync(flagsFile, 'utf8')) as ConfigFlags) : {};
  return build(resolveConfig(root, { ...flags, config: false }), { mode });
}

/** Diagnostics as the CLI prints them (no colour), with code frames from the fixture's files. */
export function diagnosticsText(name: string, result: BuildResult): string {
  const root = path.join(FIXTURES, name);
  const text = formatText(result.diagnostics, {
    color: false,
    getSource: (file) => {
      try {
        return readFileSync(path.join(root, file), 'utf8');
      } catch {
        return undefined;
      }
    },
  });
  return `${text}\n`;
}
