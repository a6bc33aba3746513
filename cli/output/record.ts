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
 * The record's bytes: v8-serialized columns (names, ids, and four numbers a
 * file), not one JSON object a file. At 10,000 pages the record holds 33,000
 * files (9.6 MB as JSON), and a one-edit build read and wrote it whole:
 * JSON.parse and JSON.stringify took 40 and 30 ms of CPU of it, these 15 and 10.
 */
export function encodeOutputRecord(toolVersion: string, record: OutputRecord): Buffer {
  const names: string[] = [];
  const ids: string[] = [];
  const numbers = new Float64Array(record.size * NUMBERS);
  let at = 0;
  for (const [name, file] of record) {
    names.push(name);
    ids.push(file.id);
    numbers.set([file.size, file.mtimeMs, file.ino, file.meta ?? Number.NaN], at);
    at += NUMBERS;
  }
  return serialize({ format: RECORD_FORMAT, tool: toolVersion, names, ids, numbers } satisfies StoredRecord);
}

/** The record in `bytes`, or an empty one when they are not a record of this format and tool version. */
export function decodeOutputRecord(bytes: Uint8Array, toolVersion: string): OutputRecord {
  const data = deserialize(bytes) as Partial<StoredRecord> | null;
  const record: OutputRecord = new Map();
  if (data === null || typeof data !== 'object' || data.format !== RECORD_FORMAT || data.tool !== toolVersion) return record;
  const { names, ids, numbers } = data;
  if (!Array.isArray(names) || !Array.isArray(ids) || !(numbers instanceof Float64Array) || ids.length !== names.length || numbers.length !== names.length * NUMBERS) return record;
  for (let at = 0; at < names.length; at++) {
    const name = names[at];
    const id = ids[at];
    if (typeof name !== 'string' || typeof id !== 'string') continue;
    const [size, mtimeMs, ino, meta] = numbers.subarray(at * NUMBERS, (at + 1) * NUMBERS);
    record.set(name, Number.isNaN(meta) ? { id, size: size!, mtimeMs: mtimeMs!, ino: ino! } : { id, size: size!, mtimeMs: mtimeMs!, ino: ino!, meta });
  }
  return record;
}

/** Numbers kept per file: size, mtimeMs, ino, and meta (NaN for none). */
const NUMBERS = 4;

/** The record as serialized: a file's name, id and numbers are at the same place in each column. */
interface StoredRecord {
  format: number;
  tool: string;
  names: string[];
  ids: string[];
  numbers: Float64Array;
}
