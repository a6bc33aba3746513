import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { SourceFile } from '../stages/load';
import type { PageContext, PageSummary } from '../stages/page';
import type { WorkerReply, WorkerRequest } from './protocol';

export interface PoolOptions {
  /** The compiled worker module (build/worker.js). */
  workerScript: URL;
  /** How many threads; defaults to the cores available. */
  threads?: number;
}

/**
 * Runs the per-page pipeline on worker threads. Each worker takes the next
 * page when it is free (pages differ a lot in cost); results are put back in
 * source order, so output does not depend on which thread did what.
 */
export async function processPagesInParallel(
  sources: readonly SourceFile[],
  context: PageContext,
  options: PoolOptions,
  /** Called with each summary as it arrives (the cache stores it then, not all at the end). */
  onResult?: (index: number, summary: PageSummary) => void,
): Promise<PageSummary[]> {
  const threads = Math.max(1, Math.min(options.threads ?? availableParallelism(), sources.length));
  const results = new Array<PageSummary>(sources.length);
  let next = 0;
  const workers = Array.from({ length: threads }, () => new Worker(options.workerScript, { workerData: context }));
  try {
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const feed = () => {
              if (next >= sources.length) return resolve();
              const index = next++;
              worker.postMessage({ index, source: sources[index]! } satisfies WorkerRequest);
            };
            worker.on('message', (reply: WorkerReply) => {
              if ('error' in reply) return reject(new Error(`${sources[reply.index]?.relativePath}: ${reply.error}`));
              results[reply.index] = reply.summary;
              onResult?.(reply.index, reply.summary);
              feed();
            });
            worker.on('error', reject);
            worker.on('exit', (code) => {
              if (code !== 0) reject(new Error(`A page worker stopped with code ${code}.`));
            });
            feed();
          }),
      ),
    );
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return results;
}
