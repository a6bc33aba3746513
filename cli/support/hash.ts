import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { stableStringify } from './json';

/** A hash of any JSON value, keys in a stable order: a key for what something was made from. */
export function hashOf(value: unknown): string {
  return createHash('sha256').update(stableStringify(value)).digest('hex');
}

/** Bytes read at a time by hashFile: a file of any size costs this much memory. */
const FILE_CHUNK = 256 * 1024;

/**
 * The sha256 (hex) of a file's bytes, read a piece at a time: a gigabyte of
 * screenshots is hashed without ever being in memory whole.
 */
export async function hashFile(absolute: string): Promise<string> {
  const hash = createHash('sha256');
  const handle = await open(absolute, 'r');
  try {
    const chunk = Buffer.allocUnsafe(FILE_CHUNK);
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, FILE_CHUNK, null);
      if (bytesRead === 0) break;
      hash.update(chunk.subarray(0, bytesRead));
    }
  } finally {
    await handle.close();
  }
  return hash.digest('hex');
}
