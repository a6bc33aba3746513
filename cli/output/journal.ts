import { lstatSync } from 'node:fs';
import { mkdir, open, rename, rmdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { checkedBytes, readCheckedFile } from '../support/checked-file';

/**
 * The commit of an output written by difference (output/folder.ts): the new
 * and changed files wait in the build's temp folder beside the output; the
 * journal, written there last and made durable, lists what the commit does:
 * the recorded files to remove and the waiting files to move into place. Its
 * arrival is the commit point: before it the output is untouched (the temp
 * folder is simply dropped); after it the moves and removals are applied,
 * and a build killed on the way leaves the journal for the next one, which
 * applies it again before anything else (each step may run twice).
 */
export interface Journal {
  /** Output names (`/`-separated) written in the temp folder, moved over the output's. */
  moves: string[];
  /** Output names the previous build made and this one did not: removed. */
  removals: string[];
}

export const JOURNAL_FILE = '.docsbuild-journal';
const HEADER = 'docsbuild journal 1\n';

/** Writes the journal durably (its bytes and its name synced to disk): after this the commit happens, now or in the next build. */
export async function writeJournal(temp: string, journal: Journal): Promise<void> {
  const body = Buffer.from(HEADER + JSON.stringify(journal));
  const staged = path.join(temp, `${JOURNAL_FILE}.new`);
  const handle = await open(staged, 'wx');
  try {
    await handle.writeFile(checkedBytes(body));
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(staged, path.join(temp, JOURNAL_FILE));
  await syncFolder(temp);
}

/** The journal a temp folder holds; undefined when there is none (the build stopped before its commit point) or it is not whole. */
export async function readJournal(temp: string): Promise<Journal | undefined> {
  const body = await readCheckedFile(path.join(temp, JOURNAL_FILE));
  const text = body?.toString('utf8');
  if (!text?.startsWith(HEADER)) return undefined;
  try {
    const data = JSON.parse(text.slice(HEADER.length)) as Partial<Journal>;
    const names = (list: unknown): list is string[] => Array.isArray(list) && list.every((n) => typeof n === 'string');
    return names(data.moves) && names(data.removals) ? { moves: data.moves, removals: data.removals } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Applies a journal: removals first (a file whose name a folder takes now,
 * or the other way round, is out of the way), folders they leave empty, then
 * the moves. `step` is called after each change (tests stop a commit there).
 * Names were checked when the journal was written (outputConflict).
 */
export async function applyJournal(temp: string, outDir: string, journal: Journal, step: (what: string) => void = () => {}): Promise<void> {
  const emptied = new Set<string>();
  for (const name of journal.removals) {
    await unlink(path.join(outDir, name)).catch((error: NodeJS.ErrnoException) => {
      // Gone already (a journal applied again), or a folder now: not a file of ours, left alone.
      if (error.code !== 'ENOENT' && error.code !== 'EISDIR' && error.code !== 'EPERM') throw error;
    });
    for (let dir = path.posix.dirname(name); dir !== '.'; dir = path.posix.dirname(dir)) emptied.add(dir);
    step('remove');
  }
  // Deepest first, so a folder emptied by its sub-folder's removal goes too; one still holding anything stays.
  for (const dir of [...emptied].sort((a, b) => b.length - a.length)) {
    await rmdir(path.join(outDir, dir)).catch(() => undefined);
  }
  const made = new Set<string>();
  for (const name of journal.moves) {
    const target = path.join(outDir, name);
    const dir = path.dirname(target);
    if (!made.has(dir)) {
      await mkdir(dir, { recursive: true });
      made.add(dir);
    }
    await rename(path.join(temp, name), target).catch((error: NodeJS.ErrnoException) => {
      // Moved already, by a run of this journal that was stopped.
      if (error.code !== 'ENOENT') throw error;
    });
    step('move');
  }
}

/**
 * Why the output folder cannot take a commit by difference, or undefined when
 * it can: every folder on the way to a moved or removed file must be a real
 * folder (a link there would lead the commit outside the output), and a
 * moved file may replace only a file the previous build made. The caller then
 * swaps in a whole new folder instead, as a build without a record does.
 */
export function outputConflict(outDir: string, journal: Journal, previous: ReadonlySet<string>): string | undefined {
  const removed = new Set(journal.removals);
  const kinds = new Map<string, 'missing' | 'folder' | 'file' | 'other'>();
  const kindOf = (name: string) => {
    let kind = kinds.get(name);
    if (kind === undefined) {
      try {
        const stat = lstatSync(path.join(outDir, name));
        kind = stat.isDirectory() ? 'folder' : stat.isFile() ? 'file' : 'other';
      } catch {
        kind = 'missing';
      }
      kinds.set(name, kind);
    }
    return kind;
  };
  for (const name of [...journal.moves, ...journal.removals]) {
    for (let dir = path.posix.dirname(name); dir !== '.'; dir = path.posix.dirname(dir)) {
      const kind = kindOf(dir);
      // A file of ours on the way is removed before the moves.
      if (kind !== 'folder' && kind !== 'missing' && !(kind === 'file' && removed.has(dir))) return `${dir} is not a folder`;
    }
  }
  for (const name of journal.moves) {
    const kind = kindOf(name);
    if (kind !== 'missing' && !(kind === 'file' && previous.has(name))) return `${name} is not a file the last build made`;
  }
  return undefined;
}

/** The temp folder's journal, removed once applied: never applied again after a later build. */
export async function dropJournal(temp: string): Promise<void> {
  await unlink(path.join(temp, JOURNAL_FILE));
  await syncFolder(temp);
}

/** Makes a folder's entries (a rename into it) durable. */
async function syncFolder(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
