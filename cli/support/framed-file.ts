import { createCheckedFileWriter, readCheckedFile } from './checked-file';

/**
 * A checked file (checked-file.ts) of many small records, written as they
 * come and never held whole: a header frame, then frames, each a 32-bit
 * little-endian length and that many bytes. A record is a fixed number of
 * frames its user knows (a key and a value; a path, a stamp and bytes).
 * The header names the format and the writer: a file with another header
 * is not read at all.
 */
export interface FramedFileWriter {
  /** Adds frames, in order. */
  add(...frames: (Uint8Array | string)[]): void;
  /** Puts the file in place. False when it could not be written (nothing is then left behind). */
  commit(): Promise<boolean>;
  /** Leaves the file as it was. */
  abort(): Promise<void>;
}

export function createFramedFileWriter(file: string, header: string): FramedFileWriter {
  const writer = createCheckedFileWriter(file);
  const frame = (content: Uint8Array | string) => {
    const bytes = typeof content === 'string' ? Buffer.from(content) : content;
    const length = Buffer.allocUnsafe(4);
    length.writeUInt32LE(bytes.length);
    writer.write(length);
    writer.write(bytes);
  };
  frame(header);
  return {
    add(...frames) {
      for (const content of frames) frame(content);
    },
    commit: () => writer.commit(),
    abort: () => writer.abort(),
  };
}

/**
 * The frames after the header, each a view into the one buffer read (never
 * a copy); undefined when the file is missing, damaged, cut short, or has
 * another header.
 */
export async function readFramedFile(file: string, header: string): Promise<Buffer[] | undefined> {
  return framesOf(await readCheckedFile(file), header);
}

/** readFramedFile's frames, from a checked file's body read already (readCheckedFile's answer). */
export function framesOf(body: Buffer | undefined, header: string): Buffer[] | undefined {
  if (!body) return undefined;
  const frames: Buffer[] = [];
  let at = 0;
  while (at < body.length) {
    if (at + 4 > body.length) return undefined;
    const length = body.readUInt32LE(at);
    if (at + 4 + length > body.length) return undefined;
    frames.push(body.subarray(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return frames.length > 0 && frames[0]!.toString('utf8') === header ? frames.slice(1) : undefined;
}
