import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build, type BuildOptions, type BuildResult } from '../../cli/build';
import { resolveConfig } from '../../cli/config';
import { formatText } from '../../cli/diagnostics/format';

export const FIXTURES = path.resolve(__dirname, '../fixtures');

/** Builds a fixture in memory, with paths in diagnostics relative to the fixture folder. */
export async function buildFixture(name: string, mode: 'build' | 'check' = 'build'): Promise<BuildResult> {
  const root = path.join(FIXTURES, name);
  // options.json: extra BuildOptions for the case, paths relative to the case folder.
  const optionsFile = path.join(root, 'options.json');
  const extra = existsSync(optionsFile) ? (JSON.parse(readFileSync(optionsFile, 'utf8')) as Omit<BuildOptions, 'mode'>) : {};
  if (extra.previousManifest) extra.previousManifest = path.join(root, extra.previousManifest);
  return build(resolveConfig(root, { config: false }), { ...extra, mode });
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
