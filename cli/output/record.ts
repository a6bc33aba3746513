import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';

/** Bumped when the record's shape changes. */
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

export type OutputRecord = Map<string, RecordedFile>;

/** Where the record of an output folder lives in the cache: one file per folder. */
export function outputRecordFile(cacheDir: string, outDir: string): string {
  return path.join(cacheDir, 'outputs', `${outputFolderId(outDir)}.bin`);
}

/** Where an older docsbuild kept it, as JSON: removed once the record is written where it is now. */
function retiredRecordFile(file: string): string | undefined {
  return file.endsWith('.bin') ? `${file.slice(0, -'.bin'.length)}.json` : undefined;
}

/** An output folder's name in the cache folder's records: a hash of its absolute path. */
export function outputFolderId(outDir: string): string {
  return createHash('sha256').update(path.resolve(outDir)).digest('hex').slice(0, 16);
}

/** The record, or an empty one when it is missing, unreadable, corrupt or from another tool version. */
export async function readOutputRecord(file: string, toolVersion: string): Promise<OutputRecord> {
  try {
    return decodeOutputRecord(await readFile(file), toolVersion);
  } catch {
    return new Map();
  }
}

export async function writeOutputRecord(file: string, toolVersion: string, record: OutputRecord): Promise<void> {
  try {
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, encodeOutputRecord(toolVersion, record));
    await rename(temp, file);
    const retired = retiredRecordFile(file);
    if (retired) await rm(retired, { force: true });
  } catch {
    // Without a record the next build writes every file again: slower, never wrong.
  }
}

/**
 * The record's bytes: v8-serialized columns, not one JSON object a file:
 * the names and the ids each one UTF-8 text, NUL between them (no file name
 * holds one; an entry that would is left out, and its file is only written
 * again), and four numbers a file. At 10,000 pages the record holds 32,690
 * files (9.6 MB as JSON), and a one-edit build read and wrote it whole:
 * JSON.parse and JSON.stringify took about 40 and 30 ms of CPU, these 17 and
 * 10, and the record read holds 5 MiB of the heap instead of 11.
 */
export function encodeOutputRecord(toolVersion: string, record: OutputRecord): Buffer {
  const names: string[] = [];
  const ids: string[] = [];
  const numbers: number[] = [];
  for (const [name, file] of record) {
    if (name.includes(SEPARATOR) || file.id.includes(SEPARATOR)) continue;
    names.push(name);
    ids.push(file.id);
    numbers.push(file.size, file.mtimeMs, file.ino, file.meta ?? Number.NaN);
  }
  const text = (list: string[]) => Buffer.from(list.join(SEPARATOR));
  return serialize({ format: RECORD_FORMAT, tool: toolVersion, count: names.length, names: text(names), ids: text(ids), numbers: Float64Array.from(numbers) } satisfies StoredRecord);
}

/** The record in `bytes`, or an empty one when they are not a record of this format and tool version. */
export function decodeOutputRecord(bytes: Uint8Array, toolVersion: string): OutputRecord {
  const data = deserialize(bytes) as Partial<StoredRecord> | null;
  const record: OutputRecord = new Map();
  if (data === null || typeof data !== 'object' || data.format !== RECORD_FORMAT || data.tool !== toolVersion) return record;
  const { count, numbers } = data;
  if (typeof count !== 'number' || !(data.names instanceof Uint8Array) || !(data.ids instanceof Uint8Array) || !(numbers instanceof Float64Array) || numbers.length !== count * NUMBERS) return record;
  const list = (text: Uint8Array) => (count === 0 ? [] : Buffer.from(text.buffer, text.byteOffset, text.byteLength).toString('utf8').split(SEPARATOR));
  const names = list(data.names);
  const ids = list(data.ids);
  if (names.length !== count || ids.length !== count) return record;
  for (let at = 0; at < count; at++) {
    const [size, mtimeMs, ino, meta] = [numbers[at * NUMBERS]!, numbers[at * NUMBERS + 1]!, numbers[at * NUMBERS + 2]!, numbers[at * NUMBERS + 3]!];
    record.set(names[at]!, Number.isNaN(meta) ? { id: ids[at]!, size, mtimeMs, ino } : { id: ids[at]!, size, mtimeMs, ino, meta });
  }
  return record;
}

/** Between names, and between ids, in the record. */
const SEPARATOR = '\0';

/** Numbers kept per file: size, mtimeMs, ino, and meta (NaN for none). */
const NUMBERS = 4;

/** The record as serialized: a file's name, id and numbers are at the same place in each column. */
interface StoredRecord {
  format: number;
  tool: string;
  count: number;
  /** UTF-8, SEPARATOR between names. */
  names: Uint8Array;
  /** UTF-8, SEPARATOR between ids. */
  ids: Uint8Array;
  numbers: Float64Array;
}
