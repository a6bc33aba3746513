import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, type BuildResult } from '../../cli/build';
import { resolveConfig } from '../../cli/config';

export const MINIMAL_SITE_YAML = 'title: Test\n';

/** A content folder written to a temp dir: `content/<name>` for each entry. Remove it with `remove()`. */
export interface TempSite {
  root: string;
  contentDir: string;
  build(mode?: 'build' | 'check'): Promise<BuildResult>;
  remove(): void;
}

export function tempSite(files: Readonly<Record<string, string | Uint8Array>>): TempSite {
  const root = mkdtempSync(path.join(tmpdir(), 'docsbuild-site-'));
  const contentDir = path.join(root, 'content');
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(contentDir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
  mkdirSync(contentDir, { recursive: true });
  return {
    root,
    contentDir,
    build: (mode = 'check') => build(resolveConfig(root, { config: false }), { mode }),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** Builds `files` in a temp dir and removes it again. */
export async function buildFiles(files: Readonly<Record<string, string | Uint8Array>>, mode: 'build' | 'check' = 'check'): Promise<BuildResult> {
  const site = tempSite(files);
  try {
    return await site.build(mode);
  } finally {
    site.remove();
  }
}

/** `code@line:column` of each diagnostic of one file, for compact assertions. */
export function placesOf(result: BuildResult, file: string): string[] {
  return result.diagnostics.filter((d) => d.file === `content/${file}`).map((d) => `${d.code}@${d.line}:${d.column}`);
}
