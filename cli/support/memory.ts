import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collector: (() => void) | null | undefined;

/** A full garbage collection now; false where it cannot be had. */
export function collectGarbage(): boolean {
  if (collector === undefined) {
    try {
      // Set at run time, so the CLI needs no flag to start.
      setFlagsFromString('--expose-gc');
      collector = runInNewContext('gc') as () => void;
    } catch {
      collector = null;
    }
  }
  collector?.();
  return collector !== null;
}

/** Garbage allowed on top of what was live after the last collection, before collecting again. */
const HEADROOM = 96 * 2 ** 20;

/**
 * Keeps the heap near what is live while a build writes its pages. V8 sizes
 * its heap to the machine, not to what is live: writing ten thousand pages
 * let garbage pile up to several hundred MiB above what was live (a cold
 * build of 10,000 pages peaked at 1.2 GiB). `maybeCollect`, called between batches of pages and between
 * site-wide files, collects once the heap and Buffers have grown HEADROOM since the
 * last time, so a small or cached build never pays for a collection and a large
 * one pays one per HEADROOM of garbage (at 10,000 pages a few dozen, each
 * well under a second).
 */
export function createHeapKeeper(
  // Replaceable for the tests.
  // Buffers count: read files and gzip output are outside the heap, freed only when collected.
  used: () => number = () => {
    const { used_heap_size, external_memory } = getHeapStatistics();
    return used_heap_size + external_memory;
  },
  collect: () => boolean = collectGarbage,
): { maybeCollect(): void } {
  let live = used();
  return {
    maybeCollect() {
      if (used() < live + HEADROOM) return;
      if (collect()) live = used();
    },
  };
}
