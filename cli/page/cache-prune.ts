import { lstatSync } from 'node:fs';
import { lstat, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { mapLimited } from '../support/map-limited';

/**
 * Keeps the page cache from growing without end. Entries are named by a hash
 * of everything a page is made from, so every edit, and every new docsbuild
 * version, adds entries and no build ever reads the old ones again: a bench
 * tree of 10,000 pages had 140,000 entries (3.5 GB) after a few weeks, all
 * but 10,000 dead.
 *
 * At most once a day (PRUNE_EVERY_MS), after a build has looked up every
 * page, entries that build did not use and that were written more than a
 * week ago (ENTRY_MAX_AGE_MS) are removed, and temp files a killed build
 * left are removed an hour after they were written. An entry another tree
 * sharing the cache folder still uses costs that tree one render of the
 * page, never a wrong page: a missing entry is a cache miss.
 *
 * Only files docsbuild makes, by their exact names, are touched (the cache
 * folder may be one the user chose, shared with other files): nothing that
 * fails here fails the build.
 */
export const PRUNE_EVERY_MS = 24 * 60 * 60 * 1000;
export const ENTRY_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
export const TEMP_MAX_AGE_MS = 60 * 60 * 1000;

/** The file, in the cache folder, whose modification time says when the cache was last pruned. */
const STAMP_FILE = 'last-pruned';

/** An entry file (page/cache.ts fileOf): pages/<first two hex digits>/<sha256 hex>.json. */
const ENTRY = /^([0-9a-f]{64})\.json$/;
const ENTRY_FOLDER = /^[0-9a-f]{2}$/;
/** A temp file of one (`<file>.<pid>.tmp`), written and renamed into place within one build. */
const ENTRY_TEMP = /^[0-9a-f]{64}\.json\.\d+\.tmp$/;

/** The cache's other files, by folder, that a killed build can leave a temp file of (support/checked-file.ts, output/record.ts). */
const OTHER_TEMPS: readonly { folder: string; name: RegExp }[] = [
  { folder: '.', name: /^(?:summaries|summaries-log|sources|sources-log|checks|site-config)\.bin\.\d+\.tmp$/ },
  { folder: 'features', name: /^[a-z0-9-]+\.bin\.\d+\.tmp$/ },
  { folder: 'outputs', name: /^[0-9a-f]{16}\.json\.\d+\.tmp$/ },
  { folder: 'builds', name: /^[0-9a-f]{16}\.json\.\d+\.tmp$/ },
];

export interface PruneOptions {
  /** The time to prune as of (tests). */
  now?: number;
}

export interface PruneReport {
  /** False when the last prune was less than PRUNE_EVERY_MS ago. */
  ran: boolean;
  entriesRemoved: number;
  tempsRemoved: number;
}

/** Prunes the cache in `dir` (see above). `used`: the keys of the entries the build just looked up. */
export async function pruneCache(dir: string, used: ReadonlySet<string>, options: PruneOptions = {}): Promise<PruneReport> {
  const now = options.now ?? Date.now();
  const report: PruneReport = { ran: false, entriesRemoved: 0, tempsRemoved: 0 };
  const pages = path.join(dir, 'pages');
  // No pages folder: a cache nothing was stored in yet.
  if (!(await lstat(pages).catch(() => undefined))?.isDirectory()) return report;
  const stamp = path.join(dir, STAMP_FILE);
  const last = await lstat(stamp).catch(() => undefined);
  if (last && now - last.mtimeMs < PRUNE_EVERY_MS && last.mtimeMs <= now) return report;
  // Stamped first: two builds finishing together prune once, and a prune that fails midway is not tried again at every build.
  try {
    await writeFile(stamp, '');
    await utimes(stamp, now / 1000, now / 1000);
  } catch {
    // A cache folder that cannot be written: nothing can be removed from it either.
    return report;
  }
  report.ran = true;
  // Candidates by name first (a readdir per folder), then their times: 140,000 entries are 256 readdirs and as many lstats as candidates.
  const candidates: { file: string; before: number; entry: boolean }[] = [];
  for (const folder of await folderNames(pages)) {
    if (!ENTRY_FOLDER.test(folder)) continue;
    const inFolder = path.join(pages, folder);
    for (const name of await fileNames(inFolder)) {
      const key = ENTRY.exec(name)?.[1];
      if (key !== undefined && key.startsWith(folder) && !used.has(key)) candidates.push({ file: path.join(inFolder, name), before: now - ENTRY_MAX_AGE_MS, entry: true });
      else if (ENTRY_TEMP.test(name)) candidates.push({ file: path.join(inFolder, name), before: now - TEMP_MAX_AGE_MS, entry: false });
    }
  }
  for (const { folder, name } of OTHER_TEMPS) {
    const inFolder = path.join(dir, folder);
    for (const file of await fileNames(inFolder)) if (name.test(file)) candidates.push({ file: path.join(inFolder, file), before: now - TEMP_MAX_AGE_MS, entry: false });
  }
  // Looked at one by one (an lstat through the thread pool cost three times the call: 4.4 s for 150,000 entries on a loaded
  // machine, 1.5 s synchronous), removed a few at once.
  const old = candidates.filter(({ file, before }) => isPlainFileOlder(file, before));
  const removed = await mapLimited(old, REMOVALS_AT_ONCE, ({ file }) =>
    rm(file).then(
      () => true,
      () => false,
    ),
  );
  old.forEach(({ entry }, i) => {
    if (removed[i]) report[entry ? 'entriesRemoved' : 'tempsRemoved']++;
  });
  return report;
}

const REMOVALS_AT_ONCE = 16;

async function folderNames(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isDirectory()).map((e) => e.name);
}

async function fileNames(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => e.name);
}

/** Whether `file` is a plain file last modified before `before` (ms). */
function isPlainFileOlder(file: string, before: number): boolean {
  try {
    const stats = lstatSync(file, { throwIfNoEntry: false });
    return stats !== undefined && stats.isFile() && stats.mtimeMs < before;
  } catch {
    return false;
  }
}
