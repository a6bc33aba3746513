import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { stableStringify } from './json';

/** A hash of any JSON value, keys in a stable order: a key for what something was made from. */
export function hashOf(value: unknown): string {
  return createHash('sha256').update(stableStringify(value)).digest('hex');
}

/**
 * A hash of a JSON value as JSON.stringify writes it, keys in the order the
 * value holds them: for keys made of values this code builds (a page's
 * neighbours, its footer), whose keys come in one order. An order that
 * differed would only miss a reuse, never make a wrong one; and there is
 * no sorted copy to make (stableStringify's sortKeys: at 10,000 pages, 30-50
 * ms of a one-edit build's CPU in the viewer's and the copies' page keys).
 */
export function hashOfJson(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value) ?? '').digest('hex');
}

/**
 * A hash of lines, each ended by a newline, fed to the hash one at a time:
 * for a key over every page (llms-full.txt's, pages.json's), never one
 * string of them all. A line must hold no newline (a JSON.stringify'd value
 * holds none), so that different lists never hash alike.
 */
export function hashOfLines(lines: Iterable<string>): string {
  const hash = createHash('sha256');
  for (const line of lines) hash.update(`${line}\n`);
  return hash.digest('hex');
}

/** The sha256 (hex) of a text: what stands for a page's text in the page cache's keys, kept with the file (source/stored-sources.ts). */
export function textHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Bytes read at a time by hashFile: a file of any size costs this much memory. */
const FILE_CHUNK = 64 * 1024;
/**
 * hashFile's buffers, used again: one new buffer per file hashed was garbage
 * the heap kept until a collection (250 files of a content folder's 250 MB,
 * hashed at load and again as copied, raised peak RSS by 12 MiB).
 */
const spareChunks: Buffer[] = [];

/**
 * The sha256 (hex) of a file's bytes, read a piece at a time: a gigabyte of
 * screenshots is hashed without ever being in memory whole.
 */
export async function hashFile(absolute: string): Promise<string> {
  const hash = createHash('sha256');
  const chunk = spareChunks.pop() ?? Buffer.allocUnsafeSlow(FILE_CHUNK);
  try {
    const handle = await open(absolute, 'r');
    try {
      for (;;) {
        const { bytesRead } = await handle.read(chunk, 0, FILE_CHUNK, null);
        if (bytesRead === 0) break;
        hash.update(chunk.subarray(0, bytesRead));
      }
    } finally {
      await handle.close();
    }
  } finally {
    spareChunks.push(chunk);
  }
  return hash.digest('hex');
}
