import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SummariseOptions } from './page/summarise';

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
 * needs more is processed on the main thread. Measured cold at 2,000 pages:
 * peak RSS 528 -> 372 MiB, for about 6% more CPU (more collections).
 */
export const WORKER_HEAP_LIMIT_MB = 128;
/** See PoolOptions.youngGenerationMb: 48 MiB was as small in RSS as V8's derived size and cheaper in CPU (2,000 pages: 38.4 s vs 41.6 s). */
export const WORKER_YOUNG_GENERATION_MB = 48;

/** The compiled code: the CLI, the worker and the chunks they share (compile.mjs splits the bundle). */
const COMPILED = /^(?:cli|worker|chunk-[\w-]+)\.js$/;

/** A hash of every compiled file beside `cliFile`, so a rebuilt tool never trusts another's cache entries. */
export function toolVersionOf(cliFile: string): string {
  const folder = path.dirname(cliFile);
  const hash = createHash('sha256');
  const files = readdirSync(folder).filter((name) => COMPILED.test(name)).sort();
  for (const name of files.length > 0 ? files : [path.basename(cliFile)]) hash.update(name).update(readFileSync(path.join(folder, name)));
  return hash.digest('hex');
}

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
    options.parallel = { workerScript, threads: flags.threads, heapLimitMb: WORKER_HEAP_LIMIT_MB, youngGenerationMb: WORKER_YOUNG_GENERATION_MB };
  }
  if (flags.cache !== false) {
    options.cache = { dir: path.resolve(root, flags.cacheDir ?? DEFAULT_CACHE_DIR), toolVersion: toolVersionOf(here) };
  }
  return options;
}
