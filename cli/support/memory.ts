import { Session } from 'node:inspector';
import { getHeapSpaceStatistics, getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collector: (() => void) | null | undefined;

/**
 * A full garbage collection now; false where it cannot be had. With
 * `compact`, every page of the heap with free space in it is compacted, and
 * the emptied pages go back to the system: a plain collection frees the
 * garbage but leaves the heap as large as it was wherever a few live objects
 * sit among it (after a cold 10,000-page build let go of the page texts, the
 * main thread's heap stayed at 165 MiB with 31 MiB live for a minute while the
 * workers grew). It costs in proportion to what is live, and until the emptied
 * pages are released the moved objects take room twice: compacting 145 MiB live
 * before the site-wide files raised a 10,000-page build's peak RSS from 442 to
 * 526 MiB. Use it where little is live.
 */
export function collectGarbage(options: { compact?: boolean } = {}): boolean {
  const collect = collectorOf();
  if (!collect) return false;
  if (!options.compact) {
    collect();
    return true;
  }
  setFlagsFromString('--compact-on-every-full-gc');
  try {
    collect();
  } finally {
    setFlagsFromString('--no-compact-on-every-full-gc');
  }
  return true;
}

/** V8's `gc`, exposed at run time, so the CLI needs no flag to start; null where it cannot be had. */
function collectorOf(): (() => void) | null {
  if (collector === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      collector = runInNewContext('gc') as () => void;
    } catch {
      collector = null;
    }
  }
  return collector;
}

/**
 * Garbage allowed on top of what was live after the last collection, before
 * collecting again. 96 MiB let a cold 10,000-page build's heap reach 330 MiB
 * in its site-wide stage; at 48 its peak RSS fell from 555 to 497 MiB, and
 * the keeper's collections at 2,000 pages went from one (48 ms) to two (95 ms).
 */
const HEADROOM = 48 * 2 ** 20;

/** The headroom between stages: the garbage a stage leaves worth a collection before the next (HeapKeeper.maybeCollect). */
export const STAGE_HEADROOM = 16 * 2 ** 20;

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
  // Whether the work so far made garbage worth marking all that is live for (see BODIES_WORTH_COLLECTING).
  worthIt: () => boolean = () => true,
): HeapKeeper {
  let live = used();
  let collected = false;
  return {
    maybeCollect(headroom = HEADROOM) {
      if (used() < live + headroom || !worthIt()) return;
      if (collect()) {
        live = used();
        collected = true;
      }
    },
    settle() {
      if (collected) collect();
    },
  };
}

/**
 * Page bodies a build must have read (pages whose output it made again)
 * before its garbage is worth a full collection. A build by difference
 * (one page edited) reads one or two: what it makes besides is short-lived
 * and V8's young-generation scavenges take it, while each forced collection
 * marked all the build held (three of them, most of a one-edit build's
 * 2.4 s of GC at 10,000 pages). A cold build reads every body and collects as before.
 */
export const BODIES_WORTH_COLLECTING = 100;

export interface HeapKeeper {
  /**
   * Between steps of the work: a full collection once the garbage has grown
   * `headroom` (default HEADROOM) since the last. A smaller one where the work
   * changes what it makes (before the site-wide files), so the next step
   * fills the room the last one left rather than growing the heap.
   */
  maybeCollect(headroom?: number): void;
  /**
   * Once the work is over and what it held is garbage: when it was large
   * enough to need a collection while it ran, one more, so that what comes
   * next fills the room the work left instead of growing the heap. A cold
   * build of 10,000 pages wrote its output and up-to-date records on top of
   * 270 MiB of its own garbage (the peak RSS, 484 MiB). Not compacting: a
   * caller may hold the whole output in memory (MemoryOutput).
   */
  settle(): void;
}

/**
 * The young generation's size above which `shrinkYoungGeneration` is worth
 * its collection: V8 grows a thread's young generation to 32 MiB (two
 * semi-spaces of 16) and gives it back only when the thread allocates next
 * to nothing for a while.
 */
export const YOUNG_GENERATION_WORTH_SHRINKING = 4 * 2 ** 20;

/** The young generation's size now (both semi-spaces, as committed). */
export function youngGenerationSize(): number {
  return getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;
}

/**
 * A collection that reduces the heap's footprint, as V8 makes when the
 * system is short of memory: the young generation is shrunk to its least
 * (1 MiB; it grows again by what survives) and the old one compacted. The
 * main thread while the workers run allocates little but keeps what arrives
 * (the summaries), so V8 grew its young generation back to 32 MiB, which
 * stayed committed through the stage where the build peaks (10,000 pages).
 * Reached through the inspector's HeapProfiler.collectGarbage, the only way
 * a running process has to ask for it; false where there is no inspector.
 * Costs a few full collections of what is live (tens of ms at 60 MiB).
 */
export async function shrinkYoungGeneration(): Promise<boolean> {
  let session: Session;
  try {
    session = new Session();
    session.connect();
  } catch {
    return false;
  }
  try {
    await new Promise<void>((resolve, reject) => session.post('HeapProfiler.collectGarbage', (error) => (error ? reject(error) : resolve())));
    return true;
  } catch {
    return false;
  } finally {
    session.disconnect();
  }
}
