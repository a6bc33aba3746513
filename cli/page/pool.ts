import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { SourceFile } from '../source/load';
import type { PageContext, PageResult } from './types';
import type { WorkerReply, WorkerRequest } from './protocol';

export interface PoolOptions {
  /** The compiled worker module (build/worker.js). */
  workerScript: URL;
  /** How many threads; defaults to the cores available. */
  threads?: number;
  /**
   * Each worker's old-generation heap limit in MiB. V8 lets an unlimited heap
   * fill with garbage long before it collects, so each worker would take
   * hundreds of MiB whatever the pages; a limit keeps memory flat. A page too
   * big for it is processed by `fallback` instead. Default: V8's own.
   */
  heapLimitMb?: number;
  /**
   * The young generation's size in MiB, with `heapLimitMb`. Left out, V8
   * derives a small one from the heap limit, and short-lived garbage is
   * promoted and collected the expensive way (measured: 8% more CPU).
   */
  youngGenerationMb?: number;
}

/** A worker's heap gave out: the page it held is handed to the fallback. */
const OUT_OF_MEMORY = 'ERR_WORKER_OUT_OF_MEMORY';

/**
 * Runs the per-page pipeline on worker threads. Each worker takes the next
 * page when it is free (pages differ a lot in cost). Each result goes to
 * `onResult` with its source's index as it arrives, and is not kept here:
 * the caller decides what stays in memory, and output does not depend on
 * which thread did what. A page that runs its worker out of memory goes to
 * `fallback` (the main thread, whose heap is not limited) and a fresh worker
 * takes over the rest.
 */
export async function processPagesInParallel(
  sources: readonly SourceFile[],
  context: PageContext,
  options: PoolOptions,
  onResult: (index: number, result: PageResult) => void,
  fallback?: (index: number) => Promise<PageResult>,
): Promise<void> {
  const threads = Math.max(1, Math.min(options.threads ?? availableParallelism(), sources.length));
  const resourceLimits = options.heapLimitMb
    ? { maxOldGenerationSizeMb: options.heapLimitMb, maxYoungGenerationSizeMb: options.youngGenerationMb }
    : undefined;
  const live = new Set<Worker>();
  let next = 0;

  const run = (): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      const worker = new Worker(options.workerScript, { workerData: context, resourceLimits });
      live.add(worker);
      let current: number | undefined;
      let handedOver = false;
      const feed = () => {
        if (next >= sources.length) return resolve();
        current = next++;
        worker.postMessage({ index: current, source: sources[current]! } satisfies WorkerRequest);
      };
      worker.on('message', (reply: WorkerReply) => {
        if ('error' in reply) return reject(new Error(`${sources[reply.index]?.relativePath}: ${reply.error}`));
        current = undefined;
        onResult(reply.index, reply.result);
        feed();
      });
      worker.on('error', (error: Error & { code?: string }) => {
        const page = current;
        if (error.code !== OUT_OF_MEMORY || page === undefined || !fallback) return reject(error);
        handedOver = true;
        live.delete(worker);
        fallback(page)
          .then((result) => {
            onResult(page, result);
            return next < sources.length ? run() : undefined;
          })
          .then(resolve, reject);
      });
      worker.on('exit', (code) => {
        if (code !== 0 && !handedOver) reject(new Error(`A page worker stopped with code ${code}.`));
      });
      feed();
    });

  try {
    await Promise.all(Array.from({ length: threads }, run));
  } finally {
    await Promise.all([...live].map((w) => w.terminate()));
  }
}
