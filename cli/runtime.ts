import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SummariseOptions } from './summarise';

export interface RuntimeFlags {
  /** Worker threads for the per-page stages (0: none). */
  threads?: number;
  /** Where the page cache lives; false: no cache. */
  cache?: boolean;
  cacheDir?: string;
}

/** The default cache folder, where build tools keep theirs. */
export const DEFAULT_CACHE_DIR = path.join('node_modules', '.cache', 'docsbuild');

/**
 * Each page worker's heap limit (see PoolOptions.heapLimitMb). A worker's live
 * data is a few tens of MiB (the highlighter, one page); without a limit V8
 * let each grow to 250 MiB and more of garbage before collecting. A page that
 * needs more is processed on the main thread.
 */
export const WORKER_HEAP_LIMIT_MB = 128;

/**
 * How the compiled CLI runs the per-page stages: on workers (build/worker.js,
 * beside this bundle) and with the page cache, keyed by a hash of the CLI's
 * own code so that a changed tool never reads entries written by another.
 */
export function runtimeOptions(root: string, flags: RuntimeFlags): SummariseOptions {
  const here = fileURLToPath(import.meta.url);
  const workerScript = new URL('./worker.js', import.meta.url);
  const options: SummariseOptions = {};
  if (flags.threads !== 0 && existsSync(fileURLToPath(workerScript))) {
    options.parallel = { workerScript, threads: flags.threads, heapLimitMb: WORKER_HEAP_LIMIT_MB };
  }
  if (flags.cache !== false) {
    const hash = createHash('sha256').update(readFileSync(here));
    if (options.parallel) hash.update(readFileSync(fileURLToPath(workerScript)));
    options.cache = { dir: path.resolve(root, flags.cacheDir ?? DEFAULT_CACHE_DIR), toolVersion: hash.digest('hex') };
  }
  return options;
}
