import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { readWhole } from './read-whole';

/** Bytes of the sum a checked file starts with: a CRC-32, big-endian. */
const SUM_BYTES = 4;

/**
 * Files of our own that a later run trusts whole or not at all (the page
 * cache's summaries file, the up-to-date record): a CRC-32 of the body,
 * then the body. A truncated, damaged or hand-edited one fails the sum.
 * The sum guards against accidents, not attacks (the files are ours, in
 * our cache folder): a CRC-32 was a SHA-256 until the files of a 10,000-page
 * cache (about 120 MB read by each build) cost 45-130 ms to check, against
 * 16-27 ms now (zlib's CRC-32, measured on the 66 MB summaries file).
 */
export async function readCheckedFile(file: string): Promise<Buffer | undefined> {
  try {
    const bytes = await readWhole(file);
    const body = bytes.subarray(SUM_BYTES);
    return bytes.length > SUM_BYTES && sumOf(body).equals(bytes.subarray(0, SUM_BYTES)) ? body : undefined;
  } catch {
    return undefined;
  }
}

/** A checked file's bytes (the sum, then the body), for a writer of its own (output/journal.ts syncs it to disk). */
export function checkedBytes(body: Uint8Array): Buffer {
  return Buffer.concat([sumOf(body), body]);
}

/** Written beside, then renamed over: a reader never sees half of one. False when it could not be written. */
export async function writeCheckedFile(file: string, body: Uint8Array): Promise<boolean> {
  const writer = createCheckedFileWriter(file);
  writer.write(body);
  return writer.commit();
}

/** A checked file written piece by piece, so that a large one is never held whole (checked-file's format). */
export interface CheckedFileWriter {
  /** Adds to the body; written out in chunks of about a megabyte. */
  write(bytes: Uint8Array): void;
  /** Writes the sum and puts the file in place. False when it could not be written (nothing is then left behind). */
  commit(): Promise<boolean>;
  /** Leaves the file as it was. */
  abort(): Promise<void>;
}

const CHUNK_BYTES = 1 << 20;

export function createCheckedFileWriter(file: string): CheckedFileWriter {
  const temp = `${file}.${process.pid}.tmp`;
  let sum = 0;
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let failed = false;
  // The sum's place is kept and filled in at the end; writes go out one after another.
  const opened = mkdir(path.dirname(file), { recursive: true }).then(() => open(temp, 'w'));
  let written: Promise<unknown> = opened.then((handle) => handle.write(Buffer.alloc(SUM_BYTES)));
  // A failure is met at commit(); until then it must not count as an unhandled rejection.
  written.catch(() => undefined);
  const flush = () => {
    if (pendingBytes === 0) return;
    // One piece as it is: a body written whole (a 66 MB summaries file) is not copied once more.
    const chunk = pending.length === 1 ? pending[0]! : Buffer.concat(pending, pendingBytes);
    pending = [];
    pendingBytes = 0;
    written = written.then(async () => (await opened).write(chunk));
    written.catch(() => undefined);
  };
  const close = async () => {
    const handle = await opened.catch(() => undefined);
    await handle?.close().catch(() => undefined);
  };
  return {
    write(bytes) {
      sum = crc32(bytes, sum);
      // A large piece goes out alone, not copied into one with the small ones before it (the search index's postings: 8 MB).
      if (bytes.length >= CHUNK_BYTES) flush();
      pending.push(bytes);
      pendingBytes += bytes.length;
      if (pendingBytes >= CHUNK_BYTES) flush();
    },
    async commit() {
      flush();
      try {
        await written;
        await (await opened).write(sumBytes(sum), 0, SUM_BYTES, 0);
        await close();
        await rename(temp, file);
        return true;
      } catch {
        failed = true;
        await close();
        await rm(temp, { force: true }).catch(() => undefined);
        return false;
      }
    },
    async abort() {
      if (failed) return;
      await written.catch(() => undefined);
      await close();
      await rm(temp, { force: true }).catch(() => undefined);
    },
  };
}

function sumOf(body: Uint8Array): Buffer {
  return sumBytes(crc32(body));
}

function sumBytes(sum: number): Buffer {
  const bytes = Buffer.alloc(SUM_BYTES);
  bytes.writeUInt32BE(sum >>> 0);
  return bytes;
}
