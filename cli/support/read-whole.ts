import { open } from 'node:fs/promises';

/**
 * A file's bytes, read in one request to the thread pool. fs/promises'
 * readFile reads 512 KiB at a time, and this thread asks for each next part
 * only when it is free: a 50 MB cache file read while it unpacked another
 * came in as slowly as that work went (a one-edit build of 10,000 pages
 * waited 180 ms for sources.bin). A file cut short while read comes back
 * short, for its reader's checks to refuse.
 */
export async function readWhole(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const bytes = Buffer.allocUnsafeSlow(size);
    let at = 0;
    while (at < size) {
      const { bytesRead } = await handle.read(bytes, at, size - at, at);
      if (bytesRead === 0) break;
      at += bytesRead;
    }
    return at === size ? bytes : bytes.subarray(0, at);
  } finally {
    await handle.close();
  }
}
