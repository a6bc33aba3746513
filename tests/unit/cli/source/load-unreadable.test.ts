import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// A read that fails (permissions, a disk error) cannot be staged with real files as root:
// make readFile fail for one path and check the rest of the tree is still read.
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  const readFile = (async (file: Parameters<typeof actual.readFile>[0], ...rest: unknown[]) => {
    if (String(file).endsWith('locked.md')) throw Object.assign(new Error('permission denied'), { code: 'EACCES' });
    return (actual.readFile as (...args: unknown[]) => unknown)(file, ...rest);
  }) as typeof actual.readFile;
  return { ...actual, readFile, default: { ...actual, readFile } };
});

// The node tests share their modules between files (vitest.config.ts: isolate: false): loaded
// anew here, so that this file's loadSources is one that reads through the mock above.
vi.resetModules();
const { loadSources } = await import('../../../../cli/source/load');
const { resolveConfig } = await import('../../../../cli/config');

describe('cli/source/load (read errors)', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'docsbuild-unreadable-'));
    await mkdir(path.join(root, 'content'));
    await writeFile(path.join(root, 'content/site.yaml'), 'title: T\n');
    await writeFile(path.join(root, 'content/locked.md'), '# Locked\n');
    await writeFile(path.join(root, 'content/open.md'), '# Open\n');
  });
  afterAll(async () => {
    // The files after this one in the same process get the real fs/promises, and modules loaded with it.
    vi.doUnmock('node:fs/promises');
    vi.resetModules();
    await rm(root, { recursive: true, force: true });
  });

  it('reports the unreadable file and still reads every other one', async () => {
    const loaded = await loadSources(resolveConfig(root, { config: false }));
    expect(loaded.diagnostics).toEqual([
      expect.objectContaining({ code: 'file/unreadable', file: 'content/locked.md', message: 'locked.md could not be read (EACCES).' }),
    ]);
    expect(loaded.pages.map((p) => p.relativePath)).toEqual(['open.md']);
  });
});
