import { watch, type FSWatcher } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';

export interface TreeWatcher {
  /** Also watch these folders (not their subfolders), in place of those given before: where imported files are, outside the trees or in folders the walk skips (`.vuepress/`). */
  watchFolders(dirs: readonly string[]): void;
  close(): void;
}

/** Editors' swap and backup files: saving a page touches these too, and they are never content. */
const IGNORED_NAME = /(?:^\.#|^#.*#$|~$|\.sw[a-p]$|^4913$|\.tmp$)/;
const SKIPPED_FOLDER = new Set(['node_modules', '.git']);

/**
 * Watches folder trees with one non-recursive fs.watch per folder, and
 * re-scans the tree after each event so new folders are watched too.
 * Why not `fs.watch(dir, { recursive: true })`: on Linux, Node 20 builds that
 * mode in JavaScript and it has open bugs (events lost in new folders,
 * nodejs/node#48437; an uncaught ENOENT when a watched file is deleted,
 * nodejs/node#52018). The build re-reads every file anyway, so all this
 * needs to say is "something under here changed": per-folder inotify
 * watches do that reliably, without a dependency.
 */
export function watchTrees(roots: readonly string[], onChange: (file: string) => void): TreeWatcher {
  const watchers = new Map<string, FSWatcher>();
  let closed = false;
  let rescanning: Promise<void> | undefined;
  let rescanAgain = false;
  let extra: readonly string[] = [];

  const watchFolder = (dir: string) => {
    if (watchers.has(dir)) return;
    try {
      const watcher = watch(dir, { persistent: false }, (_event, name) => {
        const file = name ? path.join(dir, name.toString()) : dir;
        if (!IGNORED_NAME.test(path.basename(file))) onChange(file);
        rescan();
      });
      // A watched folder that is removed reports an error on some systems: drop it; the rescan re-adds what exists.
      watcher.on('error', () => unwatch(dir));
      watchers.set(dir, watcher);
    } catch {
      // The folder went away between the scan and here.
    }
  };
  const unwatch = (dir: string) => {
    watchers.get(dir)?.close();
    watchers.delete(dir);
  };

  const scan = async () => {
    const found = new Set<string>();
    const walk = async (dir: string) => {
      found.add(dir);
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
      await Promise.all(
        entries.filter((e) => e.isDirectory() && !SKIPPED_FOLDER.has(e.name) && !e.name.startsWith('.')).map((e) => walk(path.join(dir, e.name))),
      );
    };
    await Promise.all(roots.map((root) => walk(path.resolve(root))));
    for (const dir of extra) found.add(dir);
    if (closed) return;
    for (const dir of [...watchers.keys()]) if (!found.has(dir)) unwatch(dir);
    for (const dir of found) watchFolder(dir);
  };
  // One scan at a time; events during a scan ask for one more.
  const rescan = () => {
    if (rescanning) {
      rescanAgain = true;
      return;
    }
    rescanning = scan().finally(() => {
      rescanning = undefined;
      if (rescanAgain && !closed) {
        rescanAgain = false;
        rescan();
      }
    });
  };

  for (const root of roots) watchFolder(path.resolve(root));
  rescan();
  return {
    watchFolders(dirs) {
      const next = [...new Set(dirs.map((d) => path.resolve(d)))].sort();
      if (next.join('\n') === extra.join('\n')) return;
      extra = next;
      // At once, not after the rescan: an edit right after this build must not be missed.
      for (const dir of extra) watchFolder(dir);
      rescan();
    },
    close() {
      closed = true;
      for (const dir of [...watchers.keys()]) unwatch(dir);
    },
  };
}
