import { createHash } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/** Bytes of the SHA-256 a checked file starts with. */
const SUM_BYTES = 32;

/**
 * Files of our own that a later run trusts whole or not at all (the page
 * cache's summaries file, the up-to-date record): a SHA-256 of the body,
 * then the body. A truncated, damaged or hand-edited one fails the sum.
 */
export async function readCheckedFile(file: string): Promise<Buffer | undefined> {
  try {
    const bytes = await readFile(file);
    const body = bytes.subarray(SUM_BYTES);
    return bytes.length > SUM_BYTES && sumOf(body).equals(bytes.subarray(0, SUM_BYTES)) ? body : undefined;
  } catch {
    return undefined;
  }
}

/** Written beside, then renamed over: a reader never sees half of one. False when it could not be written. */
export async function writeCheckedFile(file: string, body: Uint8Array): Promise<boolean> {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    // The sum, then the body as it is: joined first, a 66 MB summaries file was copied once more for nothing.
    const handle = await open(temp, 'w');
    try {
      await handle.writeFile(sumOf(body));
      await handle.writeFile(body);
    } finally {
      await handle.close();
    }
    await rename(temp, file);
    return true;
  } catch {
    await rm(temp, { force: true }).catch(() => undefined);
    return false;
  }
}

function sumOf(body: Uint8Array): Buffer {
  return createHash('sha256').update(body).digest();
}
