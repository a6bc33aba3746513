/**
 * Small parts gathered into blocks of about `size` bytes (a part larger
 * than that passes as it is): a file written from ten thousand small parts
 * costs ten thousand writes, one from 1 MiB blocks a few dozen.
 */
export async function* inBlocks(parts: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, size: number): AsyncGenerator<Uint8Array> {
  let block = Buffer.allocUnsafe(size);
  let filled = 0;
  for await (const part of parts) {
    if (filled + part.length > size && filled > 0) {
      yield block.subarray(0, filled);
      block = Buffer.allocUnsafe(size);
      filled = 0;
    }
    if (part.length >= size) {
      yield part;
      continue;
    }
    block.set(part, filled);
    filled += part.length;
  }
  if (filled > 0) yield block.subarray(0, filled);
}
