/**
 * Small parts gathered into blocks of about `size` bytes (a part larger
 * than that passes as it is): a file written from ten thousand small parts
 * costs ten thousand writes, one from 1 MiB blocks a few dozen. Parts given
 * as a plain iterable are taken without an await each (an async step per
 * part cost 2-5 µs: 100-200 ms for the 40,000 parts of llms-full.txt and
 * pages.json at 10,000 pages).
 */
export async function* inBlocks(parts: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, size: number): AsyncGenerator<Uint8Array> {
  const blocks = new Blocks(size);
  if (Symbol.iterator in parts) {
    for (const part of parts) yield* blocks.add(part);
  } else {
    for await (const part of parts) yield* blocks.add(part);
  }
  yield* blocks.end();
}

class Blocks {
  /** The block being filled: a new one for each, since the one given may still be being written. */
  private block?: Buffer;
  private filled = 0;

  constructor(private readonly size: number) {}

  /** The blocks `part` completes: none, the one filled before it, and the part itself when it is as large as a block. */
  *add(part: Uint8Array): Generator<Uint8Array> {
    if (this.filled + part.length > this.size && this.filled > 0) yield* this.end();
    if (part.length >= this.size) {
      yield part;
      return;
    }
    this.block ??= Buffer.allocUnsafe(this.size);
    this.block.set(part, this.filled);
    this.filled += part.length;
  }

  *end(): Generator<Uint8Array> {
    if (this.filled === 0) return;
    const full = this.block!.subarray(0, this.filled);
    this.block = undefined;
    this.filled = 0;
    yield full;
  }
}

/**
 * The parts of a file made again by difference, with every run of them that
 * is, byte for byte, a run of the last build's file given as one view into
 * that file: the pieces taken from it (views already) and, between them,
 * the small pieces made again the same (a page's header in llms-full.txt,
 * a comma in pages.json), found by comparing them with the bytes where the
 * run would go on. After a one-page edit at 10,000 pages, llms-full.txt
 * (48 MB) is then three parts, not 20,000 copied into blocks one by one.
 * The bytes are the parts' own, in their order.
 */
export function* spansOf(last: Uint8Array | undefined, parts: Iterable<Uint8Array>): Generator<Uint8Array> {
  if (!last) {
    yield* parts;
    return;
  }
  const bytes = Buffer.from(last.buffer, last.byteOffset, last.byteLength);
  // The run so far, as offsets into the last file; its end is where a piece made again is compared. None: start = end = -1.
  let start = 0;
  let end = 0;
  for (const part of parts) {
    if (part.length === 0) continue;
    const at = offsetIn(last, part) ?? (end >= 0 && sameBytesAt(bytes, end, part) ? end : undefined);
    if (at !== undefined && at === end) {
      end += part.length;
      continue;
    }
    if (end > start) yield bytes.subarray(start, end);
    if (at === undefined) {
      start = end = -1;
      yield part;
    } else {
      start = at;
      end = at + part.length;
    }
  }
  if (end > start) yield bytes.subarray(start, end);
}

/**
 * Whether `file` holds `part`'s bytes at `at`. A short part (a header, a
 * comma) is compared here: Buffer#equals on a subarray cost about 5 µs a
 * call, 109 ms for the 20,000 pieces of a one-edit build at 10,000 pages.
 */
function sameBytesAt(file: Buffer, at: number, part: Uint8Array): boolean {
  if (at + part.length > file.length) return false;
  if (part.length > SHORT_PART) return file.compare(part, 0, part.length, at, at + part.length) === 0;
  for (let i = 0; i < part.length; i++) if (file[at + i] !== part[i]) return false;
  return true;
}
const SHORT_PART = 512;

/** Where `part` sits in `file` when it is a view into it. */
function offsetIn(file: Uint8Array, part: Uint8Array): number | undefined {
  const at = part.byteOffset - file.byteOffset;
  return part.buffer === file.buffer && at >= 0 && at + part.length <= file.length ? at : undefined;
}
