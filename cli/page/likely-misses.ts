import type { SourceFile } from '../source/load';
import { processPagesInParallel, type PoolOptions } from './pool';
import type { EncodedPageResult, PageContext } from './types';

/**
 * At most this many pages are started before the lookups: a build after an
 * edit has one or a few; more means a first build, or a store lost (then
 * nearly every page is read from disk, and most are in the cache all the same).
 */
const LIKELY_AT_MOST = 32;

/** Pages started on a worker before the cache lookups say which pages miss (startLikelyMisses). */
export interface LikelyMisses {
  /** The pages started, by their index among the sources. */
  readonly started: ReadonlySet<number>;
  /**
   * Once the lookups are done: the missing pages. With `takeRest`, those
   * not started are added to the same worker; else they are returned, the
   * caller's to process. The results of started pages that did not miss are dropped.
   */
  settle(missing: readonly number[], takeRest: boolean): number[];
  /** Each missing page taken goes to `accept`, now or as it arrives; settles once all have, and fails as the pool does. */
  deliver(accept: (index: number, result: EncodedPageResult) => void): Promise<void>;
  /** The build stopped before `settle`: the worker is let go once its page is done. */
  abandon(): Promise<void>;
}

/**
 * The CLI's build after an edit reads the edited pages from disk, the others
 * from the store kept from the last build (source/stored-sources.ts). The
 * edited pages are all but sure to miss the cache, and the worker started
 * early (page/early-worker.ts) is ready before the cache is read: they are
 * handed to it at once, and rendered while this thread reads and decodes the
 * summaries of the others (at 10,000 pages the one page's render, 0.2-0.25 s,
 * came after the lookups, with this thread waiting). A page `likely` names
 * that turns out cached costs the worker its render, nothing more. The
 * worker takes the pages that miss the cache without having been started,
 * when few, as the worker of a small build does (poolFor); undefined when
 * there is nothing to start, or too much.
 */
export function startLikelyMisses(
  sources: readonly SourceFile[],
  context: PageContext,
  pool: PoolOptions,
  likely: readonly number[],
): LikelyMisses | undefined {
  if (likely.length === 0 || likely.length > LIKELY_AT_MOST) return undefined;
  const at = [...likely];
  const todo = at.map((i) => sources[i]!);
  let close!: () => void;
  const until = new Promise<void>((resolve) => (close = resolve));
  const early = new Map<number, EncodedPageResult>();
  // Known once settled; results before are kept until delivered.
  let wanted: ReadonlySet<number> | undefined;
  let accept: ((index: number, result: EncodedPageResult) => void) | undefined;
  const run = processPagesInParallel(todo, context, { ...pool, until }, (k, result) => {
    const index = at[k]!;
    if (!accept) early.set(index, result);
    else if (wanted?.has(index)) accept(index, result);
  });
  // Its failure is the build's once settled; before, the build has failed already.
  run.catch(() => undefined);
  const started = new Set(at);
  return {
    started,
    settle(missing, takeRest) {
      wanted = new Set(missing);
      const rest = missing.filter((i) => !started.has(i));
      if (takeRest) for (const i of rest.splice(0)) (at.push(i), todo.push(sources[i]!));
      close();
      return rest;
    },
    deliver(accepting) {
      accept = accepting;
      for (const [index, result] of early) if (wanted!.has(index)) accepting(index, result);
      early.clear();
      return run;
    },
    async abandon() {
      close();
      await run.catch(() => undefined);
    },
  };
}
