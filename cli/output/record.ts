import { createHash } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readWhole } from '../support/read-whole';

/** Bumped when the record's shape changes: 2, a column per field. */
const RECORD_FORMAT = 2;

/**
 * One output file as the last build left it: what it was made from (`id`:
 * an input key, or `c:` and a hash of its content) and how it looked on disk
 * then. A file whose size, mtime or inode differ now was touched since and is
 * never taken over.
 */
export interface RecordedFile {
  id: string;
  size: number;
  mtimeMs: number;
  ino: number;
  meta?: number;
}

/** The last build's record, by file name. */
export type OutputRecord = ReadonlyMap<string, RecordedFile>;

/** The record as written: a column per field, file by file in the same order. */
interface Columns {
  names: string[];
  ids: string[];
  sizes: number[];
  mtimes: number[];
  inos: number[];
  /** null where a file has none. */
  metas: (number | null)[];
}

/**
 * A record read back, kept as its columns: an entry is made when asked for.
 * At 10,000 pages the record names 32,690 files, which as objects were
 * 9.6 MB of JSON to parse into long-lived objects on every build (0.2-0.6 s
 * of a one-edit build's main thread, most of it the collector's), while a
 * build after an edit asks for the entries of a few files and looks at the
 * stamps of the rest.
 */
export class PackedRecord implements OutputRecord {
  private readonly index = new Map<string, number>();

  constructor(private readonly columns: Columns) {
    const { names } = columns;
    for (let i = 0; i < names.length; i++) this.index.set(names[i]!, i);
  }

  get size(): number {
    return this.index.size;
  }

  has(name: string): boolean {
    return this.index.has(name);
  }

  get(name: string): RecordedFile | undefined {
    const i = this.index.get(name);
    return i === undefined ? undefined : this.entry(i);
  }

  keys(): MapIterator<string> {
    return this.index.keys();
  }

  *values(): MapIterator<RecordedFile> {
    for (const i of this.index.values()) yield this.entry(i);
  }

  *entries(): MapIterator<[string, RecordedFile]> {
    for (const [name, i] of this.index) yield [name, this.entry(i)];
  }

  [Symbol.iterator](): MapIterator<[string, RecordedFile]> {
    return this.entries();
  }

  forEach(fn: (value: RecordedFile, key: string, map: ReadonlyMap<string, RecordedFile>) => void): void {
    for (const [name, i] of this.index) fn(this.entry(i), name, this);
  }

  /** Each file's name and id, without making its entry. */
  eachId(fn: (name: string, id: string) => void): void {
    for (const [name, i] of this.index) fn(name, this.columns.ids[i]!);
  }

  /** Where a file is in the columns (what `entryAt`, `idAt` and `metaAt` take). */
  indexOf(name: string): number | undefined {
    return this.index.get(name);
  }

  idAt(i: number): string {
    return this.columns.ids[i]!;
  }

  metaAt(i: number): number | undefined {
    return this.columns.metas[i] ?? undefined;
  }

  entryAt(i: number): RecordedFile {
    return this.entry(i);
  }

  /** Appends entry `i` to `columns`, as a new record takes over a file as it was. */
  copyTo(columns: Columns, name: string, i: number): void {
    const from = this.columns;
    columns.names.push(name);
    columns.ids.push(from.ids[i]!);
    columns.sizes.push(from.sizes[i]!);
    columns.mtimes.push(from.mtimes[i]!);
    columns.inos.push(from.inos[i]!);
    columns.metas.push(from.metas[i] ?? null);
  }

  /** Whether a file's stat is as recorded, without making its entry. */
  isAsRecorded(name: string, now: { size: number; mtimeMs: number; ino: number }): boolean {
    const i = this.index.get(name);
    const { sizes, mtimes, inos } = this.columns;
    return i !== undefined && now.size === sizes[i] && now.mtimeMs === mtimes[i] && now.ino === inos[i];
  }

  private entry(i: number): RecordedFile {
    const { ids, sizes, mtimes, inos, metas } = this.columns;
    const meta = metas[i];
    return meta === null || meta === undefined ? { id: ids[i]!, size: sizes[i]!, mtimeMs: mtimes[i]!, ino: inos[i]! } : { id: ids[i]!, size: sizes[i]!, mtimeMs: mtimes[i]!, ino: inos[i]!, meta };
  }
}

/** An empty record: no build before this one, or none to trust. */
export const NO_RECORD = new PackedRecord({ names: [], ids: [], sizes: [], mtimes: [], inos: [], metas: [] });

/** Where the record of an output folder lives in the cache: one file per folder. */
export function outputRecordFile(cacheDir: string, outDir: string): string {
  return path.join(cacheDir, 'outputs', `${outputFolderId(outDir)}.json`);
}

/** An output folder's name in the cache folder's records: a hash of its absolute path. */
export function outputFolderId(outDir: string): string {
  return createHash('sha256').update(path.resolve(outDir)).digest('hex').slice(0, 16);
}

/** The record, or an empty one when it is missing, unreadable, corrupt or from another tool version. */
export async function readOutputRecord(file: string, toolVersion: string): Promise<PackedRecord> {
  try {
    const data = JSON.parse((await readWhole(file)).toString('utf8')) as { format?: unknown; tool?: unknown } & Partial<Record<keyof Columns, unknown>>;
    if (data.format !== RECORD_FORMAT || data.tool !== toolVersion) return NO_RECORD;
    const { names, ids, sizes, mtimes, inos, metas } = data;
    const columns = [names, ids, sizes, mtimes, inos, metas];
    if (!columns.every((column) => Array.isArray(column) && column.length === (names as unknown[]).length)) return NO_RECORD;
    // Checked column by column: a damaged record is no record (every file is then written again).
    const ok =
      (names as unknown[]).every((v) => typeof v === 'string') &&
      (ids as unknown[]).every((v) => typeof v === 'string') &&
      [sizes, mtimes, inos].every((column) => (column as unknown[]).every((v) => typeof v === 'number')) &&
      (metas as unknown[]).every((v) => v === null || typeof v === 'number');
    return ok ? new PackedRecord(data as unknown as Columns) : NO_RECORD;
  } catch {
    return NO_RECORD;
  }
}

/** Writes the record of `files`: each as written, or (a number) entry of `previous` taken over. */
export async function writeOutputRecord(file: string, toolVersion: string, files: ReadonlyMap<string, RecordedFile | number>, previous: PackedRecord): Promise<void> {
  try {
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    const columns: Columns = { names: [], ids: [], sizes: [], mtimes: [], inos: [], metas: [] };
    for (const [name, entry] of files) {
      if (typeof entry === 'number') {
        previous.copyTo(columns, name, entry);
        continue;
      }
      columns.names.push(name);
      columns.ids.push(entry.id);
      columns.sizes.push(entry.size);
      columns.mtimes.push(entry.mtimeMs);
      columns.inos.push(entry.ino);
      columns.metas.push(entry.meta ?? null);
    }
    await writeFile(temp, JSON.stringify({ format: RECORD_FORMAT, tool: toolVersion, ...columns }));
    await rename(temp, file);
  } catch {
    // Without a record the next build writes every file again: slower, never wrong.
  }
}
