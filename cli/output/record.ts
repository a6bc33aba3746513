import { createHash } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readWhole } from '../support/read-whole';

/** Bumped when the record's shape changes. */
const RECORD_FORMAT = 1;

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
  return path.join(cacheDir, 'outputs', `${outputFolderId(outDir)}.json`);
}

/** An output folder's name in the cache folder's records: a hash of its absolute path. */
export function outputFolderId(outDir: string): string {
  return createHash('sha256').update(path.resolve(outDir)).digest('hex').slice(0, 16);
}

/** The record, or an empty one when it is missing, unreadable, corrupt or from another tool version. */
export async function readOutputRecord(file: string, toolVersion: string): Promise<OutputRecord> {
  try {
    const data = JSON.parse((await readWhole(file)).toString('utf8')) as { format?: unknown; tool?: unknown; files?: unknown };
    if (data.format !== RECORD_FORMAT || data.tool !== toolVersion || typeof data.files !== 'object' || data.files === null) return new Map();
    const record: OutputRecord = new Map();
    for (const [name, entry] of Object.entries(data.files as Record<string, unknown>)) {
      if (isRecordedFile(entry)) record.set(name, entry);
    }
    return record;
  } catch {
    return new Map();
  }
}

export async function writeOutputRecord(file: string, toolVersion: string, record: OutputRecord): Promise<void> {
  try {
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, JSON.stringify({ format: RECORD_FORMAT, tool: toolVersion, files: Object.fromEntries(record) }));
    await rename(temp, file);
  } catch {
    // Without a record the next build writes every file again: slower, never wrong.
  }
}

function isRecordedFile(value: unknown): value is RecordedFile {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.size === 'number' &&
    typeof v.mtimeMs === 'number' &&
    typeof v.ino === 'number' &&
    (v.meta === undefined || typeof v.meta === 'number')
  );
}
