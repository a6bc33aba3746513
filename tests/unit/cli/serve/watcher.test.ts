import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { watchTrees, type TreeWatcher } from '../../../../cli/serve/watcher';

describe('cli/serve/watcher', () => {
  let dir: string | undefined;
  let watcher: TreeWatcher | undefined;
  afterEach(async () => {
    watcher?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const until = async (check: () => boolean) => {
    const deadline = Date.now() + 5000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  /** Writes `file` until the watcher reports it (a new folder's watch comes a moment after its own event, later on a loaded machine). */
  const writeUntilSeen = async (file: string, seen: () => string[], relative: string) => {
    const deadline = Date.now() + 5000;
    for (let i = 0; !seen().includes(relative); i++) {
      if (Date.now() > deadline) throw new Error(`${relative} was not reported`);
      await writeFile(file, `# page ${i}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it('reports changes in nested folders, in folders created after it started, and ignores editor swap files', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'docsbuild-watch-'));
    await mkdir(path.join(dir, 'a', 'b'), { recursive: true });
    const seen: string[] = [];
    watcher = watchTrees([{ root: dir }], (file) => seen.push(path.relative(dir!, file)));
    await new Promise((r) => setTimeout(r, 100));

    await writeFile(path.join(dir, 'a', 'b', 'page.md'), '# x');
    await until(() => seen.includes(path.join('a', 'b', 'page.md')));

    await mkdir(path.join(dir, 'new'));
    await until(() => seen.includes('new'));
    await writeUntilSeen(path.join(dir, 'new', 'late.md'), () => seen, path.join('new', 'late.md'));

    await writeFile(path.join(dir, 'a', '.page.md.swp'), 'swap');
    await writeFile(path.join(dir, 'a', 'page.md~'), 'backup');
    await new Promise((r) => setTimeout(r, 150));
    expect(seen.some((f) => f.endsWith('.swp') || f.endsWith('~'))).toBe(false);
  });

  it('does not watch the folders it is told to skip (the output folder in the content folder), existing or made later', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'docsbuild-watch-'));
    await mkdir(path.join(dir, 'dist', 'assets'), { recursive: true });
    const seen: string[] = [];
    const takes = (relative: string) => relative !== 'dist' && relative !== 'dist.tmp-1-a';
    watcher = watchTrees([{ root: dir, takes }], (file) => seen.push(path.relative(dir!, file)));
    await new Promise((r) => setTimeout(r, 100));
    await writeFile(path.join(dir, 'dist', 'assets', 'a.md'), '# copy');
    await mkdir(path.join(dir, 'dist.tmp-1-a'));
    await new Promise((r) => setTimeout(r, 150));
    await writeFile(path.join(dir, 'dist.tmp-1-a', 'b.md'), '# copy');
    // A page written after them is heard: by then the skipped folders' events would have come.
    await writeUntilSeen(path.join(dir, 'page.md'), () => seen, 'page.md');
    await new Promise((r) => setTimeout(r, 150));
    expect(new Set(seen.filter((f) => f.endsWith('.md')))).toEqual(new Set(['page.md']));
  });

  it("walks the folders a tree's rule takes (a dot folder it names, there from the start or made later) and by default no dot folder or node_modules", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'docsbuild-watch-'));
    for (const folder of ['content/.vuepress', 'content/.cache', 'content/node_modules', 'viewer/.cache', 'viewer/node_modules']) await mkdir(path.join(dir, folder), { recursive: true });
    const seen: string[] = [];
    const takes = (relative: string) => relative === '.vuepress' || !path.posix.basename(relative).startsWith('.');
    watcher = watchTrees([{ root: path.join(dir, 'content'), takes }, { root: path.join(dir, 'viewer') }], (file) => seen.push(path.relative(dir!, file)));
    await new Promise((r) => setTimeout(r, 100));
    const vuepress = path.join('content', '.vuepress');
    await writeUntilSeen(path.join(dir, vuepress, 'config.js'), () => seen, path.join(vuepress, 'config.js'));
    for (const folder of ['content/.cache', 'viewer/.cache', 'viewer/node_modules']) await writeFile(path.join(dir, folder, 'skipped.js'), '');
    // The rule given for content/ takes node_modules: written last, heard after the others would have been.
    await writeUntilSeen(path.join(dir, 'content', 'node_modules', 'taken.js'), () => seen, path.join('content', 'node_modules', 'taken.js'));
    await new Promise((r) => setTimeout(r, 150));
    expect(seen.filter((f) => f.endsWith('skipped.js'))).toEqual([]);

    await rm(path.join(dir, vuepress), { recursive: true });
    await new Promise((r) => setTimeout(r, 100));
    await mkdir(path.join(dir, vuepress));
    await writeUntilSeen(path.join(dir, vuepress, 'config.ts'), () => seen, path.join(vuepress, 'config.ts'));
  });

  it('watches a folder tree moved in whole, and a folder removed and made again', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'docsbuild-watch-'));
    const outside = await mkdtemp(path.join(os.tmpdir(), 'docsbuild-watch-outside-'));
    try {
      await mkdir(path.join(dir, 'content'));
      await mkdir(path.join(outside, 'guide', 'deep'), { recursive: true });
      const seen: string[] = [];
      watcher = watchTrees([{ root: path.join(dir, 'content') }], (file) => seen.push(path.relative(dir!, file)));
      await new Promise((r) => setTimeout(r, 100));

      // A tree arriving by rename comes as one event for its top folder: the folders inside are watched too.
      await rename(path.join(outside, 'guide'), path.join(dir, 'content', 'guide'));
      await until(() => seen.includes(path.join('content', 'guide')));
      await writeUntilSeen(path.join(dir, 'content', 'guide', 'deep', 'page.md'), () => seen, path.join('content', 'guide', 'deep', 'page.md'));

      await rm(path.join(dir, 'content', 'guide'), { recursive: true });
      await new Promise((r) => setTimeout(r, 100));
      await mkdir(path.join(dir, 'content', 'guide'));
      await writeUntilSeen(path.join(dir, 'content', 'guide', 'again.md'), () => seen, path.join('content', 'guide', 'again.md'));
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });
});
