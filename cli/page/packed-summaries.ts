import { deserialize, serialize } from 'node:v8';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { PageSummary } from './types';

/**
 * Summaries packed this many at a time. Measured on the 10,000 bench pages'
 * summaries (63 MB v8-serialized): 16 a pack came to 8.8 MB in 1.0 s of
 * packing, 64 to 8.4 MB in 0.6 s; more adds little and holds more unpacked.
 */
const SUMMARIES_PER_PACK = 64;

/**
 * Page summaries held compressed while the workers run a large build. As
 * objects, the summaries of 10,000 pages were 40-50 MiB of the main thread's
 * heap at the end of the per-page stage, the build's peak (the workers, about
 * 120 MiB each, still alive); packed, v8-serialized and deflated, they are
 * about 8 MiB, and made objects again once the workers are gone. Level 1: level 6
 * was 25% smaller for twice the time.
 */
export class PackedSummaries {
  private pending: [number, PageSummary][] = [];
  private readonly packs: Buffer[] = [];

  constructor(private readonly perPack = SUMMARIES_PER_PACK) {}

  /** Keeps page `index`'s summary; the object itself is let go once its pack is made. */
  add(index: number, summary: PageSummary): void {
    this.pending.push([index, summary]);
    if (this.pending.length >= this.perPack) this.pack();
  }

  /** Every summary added, with its page's index, in the order added; each pack is let go as it is read. */
  *take(): Generator<[number, PageSummary]> {
    this.pack();
    for (let pack = this.packs.shift(); pack; pack = this.packs.shift()) {
      yield* deserialize(inflateRawSync(pack)) as [number, PageSummary][];
    }
  }

  private pack(): void {
    if (this.pending.length === 0) return;
    this.packs.push(deflateRawSync(serialize(this.pending), { level: 1 }));
    this.pending = [];
  }
}
