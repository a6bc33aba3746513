import { availableParallelism } from 'node:os';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { SourceFile } from '../source/load';
import { DEFAULT_PAGE_BUDGET, tooComplexResult, type PageBudget } from './too-complex';
import type { EncodedPageResult, PageContext } from './types';
import type { WorkerReply, WorkerRequest } from './protocol';

export interface PoolOptions {
  /** The compiled worker module (build/worker.js). */
  workerScript: URL;
  /** How many threads; defaults to the cores available. */
  threads?: number;
  /**
   * Each worker's old-generation heap limit in MiB, below the budget's: a page
   * too big for it is tried again alone with the budget's heap. Default: the
   * budget's heap, which the CLI keeps (config.ts: since bodies leave the
   * workers as bytes their heaps stay small, and a low limit only made V8
   * collect all the time).
   */
  heapLimitMb?: number;
  /**
   * The young generation's size in MiB. Left out, V8
   * derives a small one from the heap limit, and short-lived garbage is
   * promoted and collected the expensive way (measured: 8% more CPU).
   */
  youngGenerationMb?: number;
  /** Each page's time and memory; default DEFAULT_PAGE_BUDGET. */
  budget?: PageBudget;
  /** A worker started before the context existed (page/early-worker.ts), taken instead of a new one when its limits are these. */
  adopt?: (limits: ResourceLimits, context: PageContext) => Worker | undefined;
}

/** A worker's heap gave out. */
const OUT_OF_MEMORY = 'ERR_WORKER_OUT_OF_MEMORY';

/** Pages a worker takes, one at a time: the run's shared feed, or one page alone. */
interface Feed {
  take(): number | undefined;
  more(): boolean;
}

/**
 * Runs the per-page pipeline on worker threads. Each worker takes the next
 * page when it is free (pages differ a lot in cost). Each result goes to
 * `onResult` with its source's index as it arrives, its body as the bytes
 * the worker made (page/body-bytes.ts), and is not kept here:
 * the caller decides what stays in memory, and output does not depend on
 * which thread did what. Every page has a budget (too-complex.ts): a page
 * still running when its time is up has its worker stopped; one that runs
 * its worker out of heap is tried again alone, with the budget's whole heap.
 * A page over either is reported `file/too-complex`, and a fresh worker
 * takes over the rest.
 */
export async function processPagesInParallel(
  sources: readonly SourceFile[],
  context: PageContext,
  options: PoolOptions,
  onResult: (index: number, result: EncodedPageResult) => void,
  // Each page as it is handed to a worker: a caller that let go of the texts reads them again here. Its failure fails the run.
  load: (index: number) => SourceFile | Promise<SourceFile> = (index) => sources[index]!,
): Promise<void> {
  const budget = options.budget ?? DEFAULT_PAGE_BUDGET;
  const threads = Math.max(1, Math.min(options.threads ?? availableParallelism(), sources.length));
  const heap = (mb: number) => ({ maxOldGenerationSizeMb: mb, maxYoungGenerationSizeMb: options.youngGenerationMb });
  const usualHeap = Math.min(options.heapLimitMb ?? budget.heapMb, budget.heapMb);
  const live = new Set<Worker>();
  let next = 0;
  const shared: Feed = { take: () => (next < sources.length ? next++ : undefined), more: () => next < sources.length };
  const alone = (page: number): Feed => {
    let given = false;
    return { take: () => (given ? undefined : ((given = true), page)), more: () => !given };
  };
  const tooComplex = (page: number, over: 'time' | 'memory') => onResult(page, tooComplexResult(sources[page]!, over, budget));

  const run = (feed: Feed, heapMb: number): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      const worker = options.adopt?.(heap(heapMb), context) ?? new Worker(options.workerScript, { workerData: context, resourceLimits: heap(heapMb) });
      live.add(worker);
      let current: number | undefined;
      let timer: NodeJS.Timeout | undefined;
      let over = false;
      // This worker is done with: stop it, then settle with what follows (a fresh worker for the rest, if any).
      const end = (then?: () => Promise<void> | void) => {
        over = true;
        clearTimeout(timer);
        live.delete(worker);
        void worker.terminate();
        Promise.resolve(then?.()).then(resolve, reject);
      };
      const rest = () => (feed.more() ? run(feed, heapMb) : undefined);
      const give = async () => {
        current = feed.take();
        if (current === undefined) return end();
        const page = current;
        let source: SourceFile;
        try {
          source = await load(page);
        } catch (error) {
          return end(() => Promise.reject(error as Error));
        }
        if (over) return;
        timer = setTimeout(() => {
          tooComplex(page, 'time');
          end(rest);
        }, budget.timeMs);
        worker.postMessage({ index: page, source } satisfies WorkerRequest);
      };
      worker.on('message', (reply: WorkerReply) => {
        if (over) return;
        if ('ready' in reply) return void give();
        clearTimeout(timer);
        if ('error' in reply) return end(() => Promise.reject(new Error(`${sources[reply.index]?.relativePath}: ${reply.error}`)));
        current = undefined;
        onResult(reply.index, reply.result);
        void give();
      });
      worker.on('error', (error: Error & { code?: string }) => {
        if (over) return;
        const page = current;
        if (error.code !== OUT_OF_MEMORY || page === undefined) return end(() => Promise.reject(error));
        end(async () => {
          if (heapMb < budget.heapMb) await run(alone(page), budget.heapMb);
          else tooComplex(page, 'memory');
          await rest();
        });
      });
      worker.on('exit', (code) => {
        if (!over && code !== 0) end(() => Promise.reject(new Error(`A page worker stopped with code ${code}.`)));
      });
    });

  try {
    await Promise.all(Array.from({ length: threads }, () => run(shared, usualHeap)));
  } finally {
    await Promise.all([...live].map((w) => w.terminate()));
  }
}
