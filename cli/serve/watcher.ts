import { watch, type FSWatcher } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

export interface TreeWatcher {
  /** Also watch these folders (not their subfolders), in place of those given before: where imported files are, outside the trees or in folders the walk skips. */
  watchFolders(dirs: readonly string[]): void;
  close(): void;
}

/** A folder tree to watch, and which of its folders: those whose contents are inputs. */
export interface WatchedTree {
  root: string;
  /** Whether the walk takes the folder `relative` (POSIX, from the root; its parent taken). Default: all but dot folders and node_modules. */
  takes?: (relative: string) => boolean;
}

/** Editors' swap and backup files: saving a page touches these too, and they are never content. */
const IGNORED_NAME = /(?:^\.#|^#.*#$|~$|\.sw[a-p]$|^4913$|\.tmp$)/;
const takesByDefault = (relative: string) => {
  const name = path.posix.basename(relative);
  return name !== 'node_modules' && !name.startsWith('.');
};

/**
 * Watches folder trees with one non-recursive fs.watch per folder. A name
 * that appears or goes (a `rename` event) is looked at alone: a new folder
 * is scanned and watched, a removed one unwatched. The whole tree was
 * scanned again after every event: at 10,000 pages (1,248 folders) that was
 * about 80 ms of this thread per save, during the quick edit it started.
 * Why not `fs.watch(dir, { recursive: true })`: on Linux, Node 20 builds that
 * mode in JavaScript and it has open bugs (events lost in new folders,
 * nodejs/node#48437; an uncaught ENOENT when a watched file is deleted,
 * nodejs/node#52018). The build re-reads every file anyway, so all this
 * needs to say is "something under here changed": per-folder inotify
 * watches do that reliably, without a dependency.
 */
export function watchTrees(watched: readonly WatchedTree[], onChange: (file: string) => void): TreeWatcher {
  const watchers = new Map<string, FSWatcher>();
  const trees = watched.map(({ root, takes = takesByDefault }) => ({ root: path.resolve(root), takes }));
  type Tree = (typeof trees)[number];
  const relativeIn = (tree: Tree, dir: string) => path.relative(tree.root, dir).split(path.sep).join('/');
  /** The tree whose walk takes a folder (undefined for one only watchFolders gave): the folder and each one above it in the tree are taken. */
  const treeOf = (dir: string) =>
    trees.find((tree) => {
      const relative = relativeIn(tree, dir);
      if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return false;
      const names = relative.split('/');
      return names.every((_, at) => tree.takes(names.slice(0, at + 1).join('/')));
    });
  let closed = false;
  let rescanning: Promise<void> | undefined;
  let rescanAgain = false;
  let extra: readonly string[] = [];

  const watchFolder = (dir: string) => {
    if (watchers.has(dir)) return;
    try {
      const watcher = watch(dir, { persistent: false }, (event, name) => {
        const file = name ? path.join(dir, name.toString()) : dir;
        if (!IGNORED_NAME.test(path.basename(file))) onChange(file);
        // A file's content changed: the folders are as they were. Without a name, the folder itself is in doubt.
        if (event === 'rename' || !name) void look(file);
        // A folder outside the trees that went away and came back (no watched folder hears of it): watched again at the next event.
        for (const dir of extra) if (!watchers.has(dir)) watchFolder(dir);
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

  /** Adds `dir` and every folder under it the walk of `tree` takes to `found`. */
  const walk = async (tree: Tree, dir: string, found: Set<string>) => {
    found.add(dir);
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    const folders = entries.filter((e) => e.isDirectory()).map((e) => path.join(dir, e.name));
    await Promise.all(folders.filter((folder) => tree.takes(relativeIn(tree, folder))).map((folder) => walk(tree, folder, found)));
  };
  /**
   * A name that came or went. A folder there now is watched afresh with all
   * under it (a watch held from before is of a folder removed since: it
   * hears nothing); a folder gone is unwatched, with those under it.
   */
  const look = async (file: string) => {
    const isFolder = await stat(file).then((s) => s.isDirectory(), () => false);
    if (closed) return;
    if (!isFolder) {
      for (const dir of [...watchers.keys()]) if (dir === file || dir.startsWith(`${file}${path.sep}`)) unwatch(dir);
      return;
    }
    const tree = treeOf(file);
    if (!tree) return;
    const found = new Set<string>();
    await walk(tree, file, found);
    if (closed) return;
    for (const dir of found) {
      unwatch(dir);
      watchFolder(dir);
    }
  };

  const scan = async () => {
    const found = new Set<string>();
    await Promise.all(trees.map((tree) => walk(tree, tree.root, found)));
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

  for (const tree of trees) watchFolder(tree.root);
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
