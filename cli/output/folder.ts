import { createHash } from 'node:crypto';
import { constants, copyFileSync, linkSync, lstatSync, mkdirSync, type Stats } from 'node:fs';
import { chmod, copyFile, lstat, mkdir, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from '../support/errors';
import type { CopiedFile, OutputContent, OutputSink, PutOptions, ReusedOutput } from './sink';
import { hashFile } from '../support/hash';
import { readWhole } from '../support/read-whole';
import { assetChanged, assetGone } from './assets';
import { OUTPUT_MARKER } from './layout';
import { ownSibling } from '../source/output-in-content';
import { applyJournal, dropJournal, outputConflict, readJournal, writeJournal, type Journal } from './journal';
import { NO_RECORD, readOutputRecord, writeOutputRecord, type OutputRecord, type PackedRecord, type RecordedFile } from './record';

export type OutputFiles = ReadonlyMap<string, OutputContent>;

/** Files written at once: enough to keep the disk busy, few enough to bound memory. */
const WRITES_IN_FLIGHT = 32;

export interface OutputFolderOptions {
  /** Remembers what each file was made from, so the next build can keep it instead of writing it again (see output-record.ts). */
  record?: { file: string; toolVersion: string };
  /** For tests: called at each step of a commit by difference; a throw there stands for the build being killed at that point. */
  onCommitStep?: (step: string) => void;
}

/**
 * The only stage that writes: an output folder filled file by file as the
 * build makes them. A build that fails, is aborted or is killed midway
 * leaves the previous output as it was, or as the next build puts it.
 *
 * With a record of the previous output (what it made, and how each file
 * looked), a build writes by difference: a file the output holds unchanged
 * stays where it is, new and changed files wait in a temp folder beside
 * `outDir`, and `commit` moves them into place and removes what the previous
 * build made and this one did not, through a journal (output/journal.ts)
 * that a killed build's successor applies first. Without a record (or when
 * the folder cannot take it), every file goes into the temp folder, unchanged
 * ones hard-linked from the previous output, and `commit` swaps it in whole.
 */
export class OutputFolder implements OutputSink {
  private readonly given = new Set<string>();
  /** This build's files: as written, or (a number) the previous record's entry, taken over as it was. */
  private readonly written = new Map<string, RecordedFile | number>();
  private readonly byId = new Map<string, string>();
  private readonly folders = new Map<string, Promise<unknown>>();
  private readonly madeSync = new Set<string>();
  private readonly inFlight = new Set<Promise<void>>();
  /** Writing by difference: the previous output's files this build keeps where they are. */
  private readonly inPlace = new Set<string>();
  private failure: unknown;
  /** Writing by difference: the previous output's files still as recorded (unchangedFiles), once looked at. */
  private unchanged?: ReadonlySet<string>;
  private closed = false;
  /** Folders of earlier builds this one could not remove (read-only files): the CLI names them, and they are never in the way. */
  readonly leftovers: string[] = [];

  private constructor(
    readonly outDir: string,
    private readonly temp: string,
    private readonly release: () => Promise<void>,
    private readonly previous: PackedRecord,
    private readonly options: OutputFolderOptions,
    /** The output is ours, marked, and recorded: commit changes only what differs. */
    private readonly byDifference: boolean,
  ) {
    previous.eachId((name, id) => this.byId.set(id, name));
  }

  /**
   * Locks `outDir` (one writer at a time), recovers from a killed build,
   * refuses a folder that is not ours, and starts a temp folder. Nothing is
   * changed when it refuses.
   */
  static async open(outDir: string, options: OutputFolderOptions = {}): Promise<OutputFolder> {
    await prepareParent(outDir);
    const release = await acquireLock(outDir);
    try {
      const leftovers = await recoverInterruptedSwap(outDir);
      await checkOwnership(outDir);
      const temp = `${outDir}.tmp-${process.pid}-${Date.now().toString(36)}`;
      await mkdir(temp);
      await writeFile(path.join(temp, TEMP_MARKER), `${process.pid}\n`);
      const previous = options.record ? await readOutputRecord(options.record.file, options.record.toolVersion) : NO_RECORD;
      const marked = (await lstat(path.join(outDir, OUTPUT_MARKER)).catch(() => undefined))?.isFile() === true;
      const folder = new OutputFolder(outDir, temp, release, previous, options, marked && previous.size > 0);
      folder.leftovers.push(...leftovers);
      return folder;
    } catch (error) {
      await release();
      throw error;
    }
  }

  get size(): number {
    return this.given.size;
  }

  /** What the previous build recorded of the folder (empty without a record). */
  get previousRecord(): OutputRecord {
    return this.previous;
  }

  has(name: string): boolean {
    return this.given.has(name);
  }

  names(): string[] {
    return [...this.given];
  }

  async put(name: string, content: OutputContent, options: PutOptions = {}): Promise<void> {
    const target = this.claim(name);
    const id = options.key ?? contentIdOf([content]);
    await this.schedule(async () => {
      const old = this.previous.indexOf(name);
      const kept = old !== undefined && this.previous.idAt(old) === id ? this.keep(name, old, target) : undefined;
      this.remember(name, kept ?? { id, ...(await this.write(target, content)), meta: options.meta });
    });
  }

  /** Copies `from` by file (never held whole); the previous output's copy of the same bytes is taken over instead. */
  async copy(name: string, from: CopiedFile): Promise<void> {
    const target = this.claim(name);
    const id = `s:${from.hash}`;
    await this.schedule(async () => {
      const old = this.previous.indexOf(name);
      const kept = old !== undefined && this.previous.idAt(old) === id ? this.keep(name, old, target) : undefined;
      this.remember(name, kept ?? { id, ...(await this.copyChecked(target, from)) });
    });
  }

  async putParts(name: string, parts: AsyncIterable<Uint8Array>, options: PutOptions = {}): Promise<void> {
    if (this.failure !== undefined) throw this.failure;
    const target = this.claim(name);
    const hash = options.key === undefined ? createHash('sha1') : undefined;
    try {
      await this.folderOf(target);
      const handle = await open(target, 'wx');
      try {
        for await (const part of parts) {
          hash?.update(part);
          for (let at = 0; at < part.length; ) at += (await handle.write(part, at, part.length - at)).bytesWritten;
        }
        const stat = await handle.stat();
        this.remember(name, { id: options.key ?? `c:${hash!.digest('base64url')}`, size: stat.size, mtimeMs: stat.mtimeMs, ino: stat.ino, meta: options.meta });
      } finally {
        await handle.close();
      }
    } catch (error) {
      // No half file: the name is free again and what was written is gone.
      this.given.delete(this.canonical(target));
      this.written.delete(name);
      await rm(target, { force: true });
      throw error;
    }
  }

  async reuse(key: string): Promise<ReusedOutput | undefined> {
    const name = this.byId.get(key);
    const old = name === undefined ? undefined : this.previous.indexOf(name);
    if (name === undefined || old === undefined || this.has(name)) return undefined;
    let target: string;
    try {
      target = this.claim(name);
    } catch {
      // A record naming a file outside the folder was not written by us: never trusted.
      return undefined;
    }
    const kept = this.keep(name, old, target);
    if (kept === undefined) {
      this.given.delete(path.relative(this.temp, target).split(path.sep).join('/'));
      return undefined;
    }
    this.remember(name, kept);
    return { name, meta: this.previous.metaAt(old) };
  }

  /** A file of this build, as written or taken over (waits for writes still under way). */
  async read(name: string): Promise<OutputContent | undefined> {
    if (!this.given.has(name)) return undefined;
    await this.settle();
    if (this.failure !== undefined) throw this.failure;
    return readFile(safeJoin(this.inPlace.has(this.canonical(safeJoin(this.temp, name))) ? this.outDir : this.temp, name));
  }

  async readPrevious(key: string): Promise<Uint8Array | undefined> {
    const name = this.byId.get(key);
    const old = name === undefined ? undefined : this.previous.get(name);
    if (name === undefined || !old) return undefined;
    try {
      const source = safeJoin(this.outDir, name);
      // In one request (support/read-whole.ts): llms-full.txt is 48 MB at 10,000 pages, which readFile's 512 KiB parts
      // brought in only as fast as this thread was free to ask (a one-edit build waited 150 ms on it).
      const bytes = await readWhole(source);
      // Checked after reading: a file changed before or while it was read is not as recorded.
      return isAsRecorded(await lstat(source), old) && bytes.length === old.size ? bytes : undefined;
    } catch {
      return undefined;
    }
  }

  /** Puts the new output in place (by difference, or by swapping the temp folder in), then records what it holds for the next build. */
  async commit(): Promise<void> {
    let keepTemp = false;
    try {
      await this.settle();
      if (this.failure !== undefined) throw this.failure;
      const journal = this.byDifference ? this.journal() : undefined;
      if (journal && outputConflict(this.outDir, journal, new Set(this.previous.keys())) === undefined) {
        const step = this.options.onCommitStep ?? (() => {});
        step('staged');
        await writeJournal(this.temp, journal);
        // From here on the commit happens: a failure leaves the journal for the next build to finish.
        keepTemp = true;
        step('journal');
        await applyJournal(this.temp, this.outDir, journal, step);
        await this.writeRecord();
        step('record');
        await dropJournal(this.temp);
        keepTemp = false;
        step('done');
        return;
      }
      // The files kept in place join the temp folder, which is swapped in whole.
      for (const name of this.inPlace) {
        const old = this.previous.get(name);
        if (!old || !this.link(safeJoin(this.outDir, name), safeJoin(this.temp, name), old)) throw new Error(`${name} changed while the build ran: build again.`);
      }
      // Marked ours before it is swapped in: a later build may replace it, and nothing else.
      await writeFile(path.join(this.temp, OUTPUT_MARKER), OUTPUT_MARKER_TEXT);
      await rm(path.join(this.temp, TEMP_MARKER), { force: true });
      const left = await swapIn(this.temp, this.outDir);
      if (left) this.leftovers.push(left);
      await this.writeRecord();
    } finally {
      await this.close(keepTemp);
    }
  }

  /** What a commit by difference does: files not kept in place move in, recorded ones not made again go. */
  private journal(): Journal {
    const removals: string[] = [];
    for (const name of this.previous.keys()) {
      let canonical: string;
      try {
        // A plain name is its own canonical form (most are: 33,000 at 10,000 pages, 40-55 ms of a one-edit build joined and split again).
        canonical = isPlainName(name) ? name : this.canonical(safeJoin(this.temp, name));
      } catch {
        // A record naming a file outside the folder was not written by us.
        continue;
      }
      if (!this.given.has(canonical)) removals.push(canonical);
    }
    const moves = [...this.given].filter((name) => !this.inPlace.has(name));
    return { moves: moves.sort(), removals: removals.sort() };
  }

  private async writeRecord(): Promise<void> {
    if (this.options.record) await writeOutputRecord(this.options.record.file, this.options.record.toolVersion, this.written, this.previous);
  }

  /** Drops everything written so far; `outDir` stays as it was. */
  async abort(): Promise<void> {
    await this.settle();
    await this.close();
  }

  /** A name as the file it lands on: `a.html` and `./a.html` are one file. */
  private canonical(target: string): string {
    // safeJoin's target is resolved, so below the temp folder it is the part after it (path.relative's answer, for less).
    const root = resolvedDir(this.temp);
    if (path.sep === '/' && target.startsWith(`${root}/`)) return target.slice(root.length + 1);
    return path.relative(this.temp, target).split(path.sep).join('/');
  }

  private claim(name: string): string {
    if (this.closed) throw new Error(`The output is closed: ${name} came too late.`);
    const target = safeJoin(this.temp, name);
    // By the file it lands on: `a.html` and `./a.html` are one file, and must not both be written.
    const canonical = this.canonical(target);
    if (this.given.has(canonical) || this.given.has(name)) throw new Error(`The output ${name} was made twice.`);
    this.given.add(canonical);
    return target;
  }

  private remember(name: string, file: RecordedFile | number): void {
    this.written.set(name, file);
  }

  /**
   * Keeps the previous output's file if it is still as recorded: where it is
   * when writing by difference, else hard-linked into the temp folder;
   * undefined when it is not.
   */
  private keep(name: string, old: number, target: string): RecordedFile | number | undefined {
    if (!this.byDifference) return this.link(safeJoin(this.outDir, name), target, this.previous.entryAt(old));
    if (!this.unchangedFiles().has(name)) return undefined;
    this.inPlace.add(this.canonical(target));
    return old;
  }

  prepare(): void {
    if (this.byDifference) this.unchangedFiles();
  }

  /**
   * The previous output's files that are still as recorded, looked at in one
   * pass when the first is kept (or, ahead, by `prepare`). After an edit most of a large site's files
   * are kept (32,690 at 10,000 pages): their lstats spread over the pages'
   * writes, between the features' work and the worker's, took 750-930 ms of
   * a one-edit build's main thread, and 220-290 ms one after another.
   * Synchronous: an lstat through the thread pool costs several times the
   * call. A file changed after this pass is recorded as it was seen then, so
   * the next build finds it changed and writes it again.
   */
  private unchangedFiles(): ReadonlySet<string> {
    if (this.unchanged) return this.unchanged;
    const unchanged = new Set<string>();
    // The stamps are compared in the record's columns: no entry is made for a file that is only looked at.
    for (const name of this.previous.keys()) {
      try {
        const now = lstatSync(safeJoin(this.outDir, name));
        if (now.isFile() && this.previous.isAsRecorded(name, now)) unchanged.add(name);
      } catch {
        // Gone, unreadable, or a name outside the folder: not kept.
      }
    }
    return (this.unchanged = unchanged);
  }

  /** Hard-links (or copies) a previous file as recorded into the temp folder; undefined when it is not as recorded. */
  private link(source: string, target: string, old: RecordedFile): RecordedFile | undefined {
    try {
      if (!isAsRecorded(lstatSync(source), old)) return undefined;
      this.folderOfSync(target);
      try {
        linkSync(source, target);
        return old;
      } catch {
        // No hard links here (another file system, a restrictive mount): a copy still saves the making.
        copyFileSync(source, target, constants.COPYFILE_EXCL);
        const copy = lstatSync(target);
        return { ...old, mtimeMs: copy.mtimeMs, ino: copy.ino };
      }
    } catch {
      return undefined;
    }
  }

  /** The folder a kept file goes in (mkdir is idempotent, so a write making it at the same time is no conflict). */
  private folderOfSync(target: string): void {
    const dir = path.dirname(target);
    if (this.madeSync.has(dir)) return;
    mkdirSync(dir, { recursive: true });
    this.madeSync.add(dir);
  }

  private async write(target: string, content: OutputContent): Promise<Omit<RecordedFile, 'id'>> {
    await this.folderOf(target);
    // 'wx': a new file, never one linked from the previous output (truncating that would change it).
    const handle = await open(target, 'wx');
    try {
      await handle.writeFile(content);
      const stat = await handle.stat();
      return { size: stat.size, mtimeMs: stat.mtimeMs, ino: stat.ino };
    } finally {
      await handle.close();
    }
  }

  /** The copy is hashed as it landed: a file changed since the build hashed it fails the commit, and the temp folder goes with it. */
  private async copyChecked(target: string, from: CopiedFile): Promise<Omit<RecordedFile, 'id'>> {
    await this.folderOf(target);
    try {
      await copyFile(from.absolute, target, constants.COPYFILE_EXCL);
    } catch (error) {
      throw assetGone(error, from) ?? error;
    }
    if ((await hashFile(target)) !== from.hash) throw assetChanged(from);
    const stat = await lstat(target);
    return { size: stat.size, mtimeMs: stat.mtimeMs, ino: stat.ino };
  }

  private folderOf(target: string): Promise<unknown> {
    const dir = path.dirname(target);
    let made = this.folders.get(dir);
    if (!made) {
      made = mkdir(dir, { recursive: true });
      this.folders.set(dir, made);
    }
    return made;
  }

  /** Runs `task` once fewer than WRITES_IN_FLIGHT are running; its failure fails the commit. */
  private async schedule(task: () => Promise<void>): Promise<void> {
    while (this.inFlight.size >= WRITES_IN_FLIGHT) await Promise.race(this.inFlight);
    if (this.failure !== undefined) throw this.failure;
    const running: Promise<void> = task()
      .catch((error: unknown) => {
        this.failure ??= error;
      })
      .finally(() => this.inFlight.delete(running));
    this.inFlight.add(running);
  }

  private async settle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  /** Removes the temp folder (unless a commit left its journal there for the next build) and releases the lock. */
  private async close(keepTemp = false): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      if (!keepTemp) await rm(this.temp, { recursive: true, force: true });
    } finally {
      await this.release();
    }
  }
}

/** Writes a whole set of files as one output folder (for callers that have them all in memory). */
export async function writeOutput(files: OutputFiles, outDir: string, options: OutputFolderOptions = {}): Promise<void> {
  const folder = await OutputFolder.open(outDir, options);
  try {
    for (const [name, content] of files) await folder.put(name, content);
  } catch (error) {
    await folder.abort();
    throw error;
  }
  await folder.commit();
}

/** Another build is writing the same output folder: refuse rather than interleave. */
export class OutputBusyError extends UsageError {}

/**
 * A lock file beside the output folder, holding the writer's pid. A lock whose
 * process is gone (a killed build) is taken over.
 */
async function acquireLock(outDir: string): Promise<() => Promise<void>> {
  const lock = `${outDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lock, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number((await readFile(lock, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
        throw new OutputBusyError(
          `Another docsbuild (pid ${pid}) is writing ${path.basename(outDir)}/. Wait for it to finish, or use another --out.`,
        );
      }
      await rm(lock, { force: true });
    }
  }
  throw new OutputBusyError(`Could not lock ${path.basename(outDir)}/: another build keeps taking the lock.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const OUTPUT_MARKER_TEXT = 'This folder was written by docsbuild. A later build changes the files it wrote here and leaves others alone, or replaces the folder whole when it cannot; delete this file to keep it from that.\n';
/** A temp folder of a build holds this (with the builder's pid) until it is swapped in. */
const TEMP_MARKER = '.docsbuild-temp';

/** The parent folder of the output, made if missing; a parent that is a file is the user's to fix. */
async function prepareParent(outDir: string): Promise<void> {
  try {
    await mkdir(path.dirname(outDir), { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST' || code === 'ENOTDIR') {
      throw new UsageError(`The output folder ${outDir} lies under a file (${firstFileAbove(outDir)}): choose another --out.`);
    }
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
      throw new UsageError(`Cannot create ${path.dirname(outDir)}: it is not writable. Choose an --out where you can write.`);
    }
    throw error;
  }
}

function firstFileAbove(target: string): string {
  for (let dir = path.dirname(target); path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    try {
      if (!lstatSync(dir).isDirectory()) return dir;
    } catch {
      // Not there: keep climbing.
    }
  }
  return path.dirname(target);
}

/**
 * The output folder may be replaced only if it is missing, empty, or made by
 * docsbuild (it holds OUTPUT_MARKER, or, from builds before the marker, a
 * pages.schema.json of ours). Anything else is the user's: refused, untouched.
 */
async function checkOwnership(outDir: string): Promise<void> {
  let stat;
  try {
    stat = await lstat(outDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (!stat.isDirectory()) {
    throw new UsageError(`The output folder ${outDir} is a ${stat.isSymbolicLink() ? 'link' : 'file'}, not a folder: docsbuild writes only into a folder of its own. Choose another --out.`);
  }
  const entries = await readdir(outDir);
  if (entries.length === 0 || (await isOurs(outDir, entries))) return;
  const shown = entries.sort().slice(0, 3).join(', ');
  throw new UsageError(
    `${outDir} holds files docsbuild did not write (${shown}${entries.length > 3 ? ', …' : ''}): a build replaces only an empty folder or its own output. Choose another --out, or empty the folder first.`,
  );
}

async function isOurs(dir: string, entries: readonly string[]): Promise<boolean> {
  if (entries.includes(OUTPUT_MARKER)) return true;
  if (!entries.includes('pages.schema.json')) return false;
  const schema = await readFile(path.join(dir, 'pages.schema.json'), 'utf8').catch(() => '');
  return schema.includes('"title": "docsbuild pages.json"');
}

/**
 * A build killed between its two renames leaves no output folder but a
 * complete `<out>.old-*`: put it back. One killed during a commit by
 * difference leaves a journal in its temp folder: applied. Temp folders of
 * builds that are gone are then removed. Only folders named as a build names its own AND holding its
 * marker are touched; one that cannot be removed (read-only files) is left
 * and returned, never retried in a loop: it is not in the way.
 */
async function recoverInterruptedSwap(outDir: string): Promise<string[]> {
  const parent = path.dirname(outDir);
  const name = path.basename(outDir);
  const siblings = (await readdir(parent)).sort();
  const marked = async (sibling: string, marker: string) => (await lstat(path.join(parent, sibling, marker)).catch(() => undefined))?.isFile() === true;
  const olds: string[] = [];
  const temps: string[] = [];
  for (const sibling of siblings) {
    const own = ownSibling(name, sibling);
    // We hold the lock: no other build of this folder is running, so every own folder here is a leftover.
    if (!own) continue;
    if (own.kind === 'old' && (await marked(sibling, OUTPUT_MARKER) || (await isOurs(path.join(parent, sibling), await readdir(path.join(parent, sibling)).catch(() => []))))) olds.push(sibling);
    if (own.kind === 'tmp' && ((await marked(sibling, TEMP_MARKER)) || (await marked(sibling, OUTPUT_MARKER)))) temps.push(sibling);
  }
  if (olds.length > 0 && !siblings.includes(name)) await rename(path.join(parent, olds.pop()!), outDir);
  // A build killed after its commit point: its journal is applied now, before anything else reads or writes the output.
  for (const temp of temps) {
    const journal = await readJournal(path.join(parent, temp));
    if (!journal) continue;
    await applyJournal(path.join(parent, temp), outDir, journal);
    await dropJournal(path.join(parent, temp));
  }
  const left: string[] = [];
  for (const leftover of [...olds, ...temps]) {
    if (!(await removeOwnFolder(path.join(parent, leftover)))) left.push(path.join(parent, leftover));
  }
  return left;
}

/** Removes a folder of ours; files a user made read-only inside it are made writable first. False if it still cannot be removed. */
async function removeOwnFolder(dir: string): Promise<boolean> {
  try {
    await rm(dir, { recursive: true, force: true });
    return true;
  } catch {
    await makeWritable(dir);
    try {
      await rm(dir, { recursive: true, force: true });
      return true;
    } catch {
      return false;
    }
  }
}

async function makeWritable(dir: string): Promise<void> {
  try {
    await chmod(dir, 0o755);
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) await makeWritable(path.join(dir, entry.name));
    }
  } catch {
    // Not ours to change (another owner): removeOwnFolder reports it.
  }
}

/**
 * Renames the finished temp folder into place; the previous output is kept
 * until the new one is there. Returns the previous output's folder if it
 * could not be removed afterwards (the new output is in place all the same).
 */
async function swapIn(temp: string, outDir: string): Promise<string | undefined> {
  const old = `${outDir}.old-${process.pid}-${Date.now().toString(36)}`;
  let hadOld = true;
  try {
    await rename(outDir, old);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    hadOld = false;
  }
  try {
    await rename(temp, outDir);
  } catch (error) {
    if (hadOld) await rename(old, outDir);
    throw error;
  }
  if (hadOld && !(await removeOwnFolder(old))) return old;
  return undefined;
}

/** Absolute folders as path.resolve gives them (the output and temp folders: a few per build); relative ones depend on the working folder. */
const resolvedDirs = new Map<string, string>();
function resolvedDir(dir: string): string {
  if (!path.isAbsolute(dir)) return path.resolve(dir);
  let root = resolvedDirs.get(dir);
  if (root === undefined) resolvedDirs.set(dir, (root = path.resolve(dir)));
  return root;
}

/** A relative name with no empty, `.` or `..` segment and no backslash: path.resolve leaves it as it is. */
const NOT_PLAIN = /\\|(?:^|\/)\.{0,2}(?:\/|$)/;
function isPlainName(name: string): boolean {
  return name !== '' && !NOT_PLAIN.test(name);
}

/** Whether a file of the previous output is as its record says (ours, unchanged since). */
function isAsRecorded(now: Stats, old: RecordedFile): boolean {
  return now.isFile() && now.size === old.size && now.mtimeMs === old.mtimeMs && now.ino === old.ino;
}

/** Joins an output name to a folder, refusing names that would land outside it. */
export function safeJoin(dir: string, name: string): string {
  const root = resolvedDir(dir);
  // Most names are plain: joined as path.resolve would, for less (a one-edit build at 10,000 pages keeps 33,000 files, each joined twice).
  if (path.sep === '/' && root !== '/' && isPlainName(name)) return `${root}/${name}`;
  const target = path.resolve(root, name);
  if (path.isAbsolute(name) || !target.startsWith(root + path.sep)) {
    throw new Error(`Refusing to write "${name}" outside the output folder.`);
  }
  return target;
}

/**
 * The id a file given without a key is recorded by, a hash of its bytes (putParts hashes its parts as they are written):
 * a file made in parts can be looked up by it first (OutputSink.reuse), and kept when the previous output has the same bytes, as `put` keeps it.
 */
export function contentIdOf(pieces: Iterable<OutputContent>): string {
  const hash = createHash('sha1');
  for (const piece of pieces) hash.update(piece);
  return `c:${hash.digest('base64url')}`;
}
