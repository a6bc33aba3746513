/** A file the last CLI build wrote, and where its pieces sit in it (each by the key it was made from): its offset and length. */
export type PiecePlaces = Iterable<[pieceKey: string, at: number, length: number]>;

export interface LastFilePieces {
  /** The file itself: what the new one is written in spans of where it is the same (support/blocks.ts spansOf). */
  file: Uint8Array;
  pieceOf(pieceKey: string): Uint8Array | undefined;
}

/**
 * The pieces of the last build's file (llms-full.txt's copies, pages.json's
 * records), each a view into the file by its key: a file made again by
 * difference copies the pieces that did not change. A place past the file's
 * end is left out.
 */
export function lastFilePieces(file: Uint8Array, places: PiecePlaces): LastFilePieces {
  const byKey = new Map<string, [number, number]>();
  for (const [pieceKey, at, length] of places) if (at + length <= file.length) byKey.set(pieceKey, [at, length]);
  return {
    file,
    pieceOf(pieceKey) {
      const place = byKey.get(pieceKey);
      return place && file.subarray(place[0], place[0] + place[1]);
    },
  };
}
