import { createHash } from 'node:crypto';
import { lstatSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { listedTree, nowNs, sameStamps, stampContentTree, stampPaths, withTextHashes, type Stamps } from '../source/input-stamps';
import { decodeUtf8 } from '../source/utf8';
import { textHash } from '../support/hash';
import { outputInContent } from '../source/output-in-content';
import type { ListedTree } from '../source/load';
import { historyStamp } from '../source/last-updated';
import { OUTPUT_MARKER } from './layout';
import { readCheckedFile, writeCheckedFile } from '../support/checked-file';
import { outputFolderId, type OutputRecord } from './record';

/** Bumped when the record's shape changes. */
const RECORD_FORMAT = 1;

/**
 * What the last good build of an output folder was made from and what it
 * reported, so that a build whose every input is as it was does nothing and
 * reports the same (the CLI's up-to-date path). Written after the output is
 * committed, removed before an output is changed: a record always describes
 * the output folder as it is, or there is none.
 */
export interface BuildRecord<Result> {
  /** A hash of every setting of the run: flags, config file, environment, baseline, `--previous`, the tool, Node. */
  settings: string;
  /** The content tree, entry by entry (source/input-stamps.ts). */
  content: Stamps;
  /** Every other file the build read, absolute: imported files, the viewer's sources. */
  files: Stamps;
  /** When the build read "last updated" times from git: the repository's history stamp then. */
  git?: string;
  /** Each folder of the output, stamped after the commit: a file added to or removed from one changes its folder's stamp. */
  outputFolders: Record<string, string>;
  /** What the build reported (diagnostics, counts, sizes), replayed as it was. */
  result: Result;
}

/** The inputs as they are now, taken before a build reads them: both the check against the record and the next record's stamps. */
export interface CurrentInputs {
  settings: string;
  content: Stamps;
  /** The repository's history stamp (source/last-updated.ts), taken whether or not the build reads git: a few stats. */
  git: string;
}

/** What a build read besides the content tree (BuildResult.inputs). */
export interface InputsRead {
  /** Absolute paths. */
  files: string[];
  /** Whether it asked git for "last updated" times. */
  git: boolean;
  /** Pages stamped within the racy window of a change: the hash of the text the build read, by path (source/load.ts). */
  texts?: Readonly<Record<string, string>>;
}

/**
 * One build's use of the record of its output folder: `take` stamps the
 * inputs before anything reads them, `result` is the recorded result when
 * the build has nothing to do, `forget` comes before the output changes,
 * and `save` after it was committed.
 */
export class UpToDate<Result> {
  private record?: Promise<BuildRecord<Result> | undefined>;

  private constructor(
    readonly file: string,
    private readonly now: CurrentInputs,
    private readonly since: bigint,
    private readonly contentDir: string,
  ) {}

  /** Pages hashed by textHashOf: mustBuild and result look at the same ones. */
  private readonly hashed = new Map<string, string | undefined>();

  /** A page's text hashed as the build hashes what it reads (source/load.ts), once; undefined when it cannot be read so. */
  private readonly textHashOf = (relativePath: string): string | undefined => {
    if (this.hashed.has(relativePath)) return this.hashed.get(relativePath);
    let hash: string | undefined;
    try {
      const text = decodeUtf8(readFileSync(path.join(this.contentDir, relativePath)));
      hash = text === undefined ? undefined : textHash(text);
    } catch {
      hash = undefined;
    }
    this.hashed.set(relativePath, hash);
    return hash;
  };

  /** `settings`: every setting of the run, JSON-shaped; `toolVersion`: the tool's own hash. */
  static async take<Result>(
    location: { cacheDir: string; outDir: string; contentDir: string },
    settings: unknown,
    toolVersion: string,
    since: bigint = nowNs(),
  ): Promise<UpToDate<Result>> {
    const key = createHash('sha256').update(JSON.stringify([RECORD_FORMAT, toolVersion, process.version, settings])).digest('hex');
    const now = { settings: key, git: await historyStamp(location.contentDir), content: stampContentTree(location.contentDir, since, outputInContent(location.contentDir, location.outDir)) };
    return new UpToDate<Result>(buildRecordFile(location.cacheDir, location.outDir), now, since, location.contentDir);
  }

  /**
   * The recorded result when nothing the build reads changed and the output
   * folder (`output`: its record, as OutputFolder read it) still holds
   * exactly what the recorded build wrote; undefined otherwise.
   */
  async result(outDir: string, output: OutputRecord): Promise<Result | undefined> {
    const record = await this.recorded();
    const now = this.now;
    if (!record || record.settings !== now.settings) return undefined;
    if (!sameStamps(record.content, now.content, this.textHashOf)) return undefined;
    if (!sameStamps(record.files, stampPaths(Object.keys(record.files), this.since))) return undefined;
    if (record.git !== undefined && record.git !== now.git) return undefined;
    if (!outputUnchanged(outDir, output, record.outputFolders)) return undefined;
    return record.result;
  }

  /**
   * Whether the settings or the content tree differ from the record's (or
   * there is none): known before the output folder is opened, so a build
   * sure to process pages can start on them sooner. False says nothing.
   */
  async mustBuild(): Promise<boolean> {
    const record = await this.recorded();
    return !record || record.settings !== this.now.settings || !sameStamps(record.content, this.now.content, this.textHashOf);
  }

  private recorded(): Promise<BuildRecord<Result> | undefined> {
    return (this.record ??= readBuildRecord<Result>(this.file));
  }

  /** The content tree as stamped before the build: the build loads from it instead of walking and stating the tree again. */
  contentTree(): ListedTree {
    return listedTree(this.now.content);
  }

  /** Before the output folder changes: a record must never describe an output that is not there. */
  async forget(): Promise<void> {
    await rm(this.file, { force: true });
  }

  /** After a commit: the inputs as stamped before the build, the other files it read stamped now (a file changed since it began is unsettled). */
  async save(read: InputsRead, outDir: string, outputNames: Iterable<string>, result: Result): Promise<void> {
    await writeBuildRecord(this.file, {
      settings: this.now.settings,
      content: read.texts ? withTextHashes(this.now.content, read.texts) : this.now.content,
      files: stampPaths(read.files, this.since),
      ...(read.git ? { git: this.now.git } : {}),
      outputFolders: stampOutputFolders(outDir, outputNames),
      result,
    });
  }
}

/** Where the record of an output folder lives in the cache: one file per folder. */
export function buildRecordFile(cacheDir: string, outDir: string): string {
  return path.join(cacheDir, 'builds', `${outputFolderId(outDir)}.json`);
}

/** The record, or undefined when it is missing, unreadable, damaged (a checked file: support/checked-file.ts) or of another format. */
export async function readBuildRecord<Result>(file: string): Promise<BuildRecord<Result> | undefined> {
  const body = await readCheckedFile(file);
  try {
    const data = body && (JSON.parse(body.toString('utf8')) as { format?: unknown; record?: BuildRecord<Result> });
    return data && data.format === RECORD_FORMAT && data.record && typeof data.record === 'object' ? data.record : undefined;
  } catch {
    return undefined;
  }
}

/** A record that cannot be written only costs the next run its fast path (and none is left behind). */
export async function writeBuildRecord<Result>(file: string, record: BuildRecord<Result>): Promise<void> {
  if (!(await writeCheckedFile(file, Buffer.from(JSON.stringify({ format: RECORD_FORMAT, record }))))) await rm(file, { force: true }).catch(() => undefined);
}

/** The stamps of every folder holding an output file, and of the output folder itself, as they are now. */
export function stampOutputFolders(outDir: string, names: Iterable<string>): Record<string, string> {
  const folders = new Set<string>(['.']);
  for (const name of names) {
    for (let dir = path.posix.dirname(name); dir !== '.' && !folders.has(dir); dir = path.posix.dirname(dir)) folders.add(dir);
  }
  const stamps: Record<string, string> = {};
  for (const folder of [...folders].sort()) stamps[folder] = folderStamp(path.join(outDir, folder)) ?? '-';
  return stamps;
}

/**
 * Whether the output folder holds what the record says and nothing else: its
 * marker, every recorded file with the size, time and inode it was written
 * with, and every folder with its stamp (an added or removed file changes
 * its folder's time).
 */
export function outputUnchanged(outDir: string, output: OutputRecord, folders: Record<string, string>): boolean {
  if (output.size === 0 || !isFile(path.join(outDir, OUTPUT_MARKER))) return false;
  for (const [folder, stamp] of Object.entries(folders)) if (folderStamp(path.join(outDir, folder)) !== stamp) return false;
  for (const [name, file] of output) {
    let now;
    try {
      now = lstatSync(path.join(outDir, name));
    } catch {
      return false;
    }
    if (!now.isFile() || now.size !== file.size || now.mtimeMs !== file.mtimeMs || now.ino !== file.ino) return false;
  }
  return true;
}

function folderStamp(absolute: string): string | undefined {
  try {
    const s = lstatSync(absolute, { bigint: true });
    return s.isDirectory() ? `${s.mtimeNs}:${s.ctimeNs}:${s.ino}:${s.dev}` : undefined;
  } catch {
    return undefined;
  }
}

function isFile(absolute: string): boolean {
  try {
    return lstatSync(absolute).isFile();
  } catch {
    return false;
  }
}
