import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { PoolOptions } from './pool';
import { DEFAULT_PAGE_BUDGET } from './too-complex';
import type { PageContext } from './types';

/** Bumped when the file's shape changes. */
const FORMAT = 1;

/** A page worker's start before its context exists: the code languages the last build's highlighter loaded, a guess at this one's. */
export interface EarlyStart {
  /** null: no highlighter (a check's worker). */
  early: { languages: readonly string[] | null };
}

/** The context a worker started early is sent before anything else (page/protocol.ts). */
export interface EarlyContext {
  context: PageContext;
}

/**
 * A page worker started before the sources are loaded (the CLI's build
 * after an edit): its context (every page's code languages, the site title)
 * exists only once they are, and a worker started then spent most of a
 * one-edit build's per-page stage loading its modules and compiling the
 * highlighter's grammars (1.9 s at 10,000 pages), after the 2 s of loading.
 * Started early, it does that beside the loading, with the last build's
 * languages; given other ones, it makes its highlighter again.
 */
export interface EarlyWorker {
  /**
   * The worker for a pool's first thread, once, when it was started with
   * these limits (else it is stopped and undefined): it is sent `context`
   * and then says it is ready, like a worker started with it.
   */
  adopt(limits: ResourceLimits, context: PageContext): Worker | undefined;
  /** Stops the worker when no pool took it (not waiting for it: the build goes on). */
  dispose(): void;
}

/**
 * Starts the worker a build of few pages would start (poolFor: one thread,
 * the budget's heap), when the last build of this tool left its languages
 * in the cache folder; undefined otherwise (a first build has many pages to
 * process, and starts its workers with their own limits). A check's worker
 * starts always: it needs no languages, and each of a check's workers has
 * the same limits. Started beside the sources' loading, it made a first check
 * of the real site about 0.2 s faster (2.63-2.87 s before, 2.50-2.64 s
 * after, 4 runs and 5; CI's check has no cache to start from).
 */
export async function startEarlyWorker(cacheDir: string, toolVersion: string, pool: PoolOptions, mode: 'build' | 'check' = 'build'): Promise<EarlyWorker | undefined> {
  // A check renders nothing: its worker needs no highlighter, and takes the limits poolFor gives a check's.
  const languages = mode === 'check' ? null : await storedLanguages(cacheDir, toolVersion);
  if (languages === undefined) return undefined;
  const limits = earlyLimits(mode === 'check' ? { ...pool, youngGenerationMb: undefined } : pool);
  const worker = new Worker(pool.workerScript, { workerData: { early: { languages } } satisfies EarlyStart, resourceLimits: limits });
  let taken = false;
  let gone = false;
  // Unheard, a worker's error would end the process; the pool that adopts it listens for its own.
  worker.on('error', () => (gone = true));
  worker.on('exit', () => (gone = true));
  return {
    adopt(wanted, context) {
      if (taken || gone) return undefined;
      taken = true;
      if (wanted.maxOldGenerationSizeMb !== limits.maxOldGenerationSizeMb || wanted.maxYoungGenerationSizeMb !== limits.maxYoungGenerationSizeMb) {
        void worker.terminate();
        return undefined;
      }
      worker.postMessage({ context } satisfies EarlyContext);
      return worker;
    },
    dispose() {
      if (taken) return;
      taken = true;
      void worker.terminate();
    },
  };
}

/**
 * The CLI build's pool: its first worker the one started early, when there
 * is one. `done`, once the pages are processed (or the build failed), stops
 * it if no pool took it, and keeps the build's languages, when given, for the next.
 */
export interface EarlyPool {
  pool: PoolOptions;
  done(languages?: readonly string[]): Promise<void>;
}

export async function earlyPool(cacheDir: string, toolVersion: string, pool: PoolOptions, mode: 'build' | 'check' = 'build'): Promise<EarlyPool> {
  const early = await startEarlyWorker(cacheDir, toolVersion, pool, mode);
  return {
    pool: early ? { ...pool, adopt: early.adopt } : pool,
    done: async (languages) => {
      early?.dispose();
      if (languages) await rememberLanguages(cacheDir, toolVersion, languages);
    },
  };
}

/** The limits processPagesInParallel gives the one worker of a build of few pages (page/summarise.ts poolFor). */
function earlyLimits(pool: PoolOptions): ResourceLimits {
  return { maxOldGenerationSizeMb: (pool.budget ?? DEFAULT_PAGE_BUDGET).heapMb, maxYoungGenerationSizeMb: pool.youngGenerationMb };
}

/** Keeps the build's code languages for the next build's early worker, when they differ from what is kept. */
export async function rememberLanguages(cacheDir: string, toolVersion: string, languages: readonly string[]): Promise<void> {
  const known = await storedLanguages(cacheDir, toolVersion);
  if (known && known.join('\n') === languages.join('\n')) return;
  await writeFile(fileIn(cacheDir), JSON.stringify({ format: FORMAT, tool: toolVersion, languages })).catch(() => undefined);
}

async function storedLanguages(cacheDir: string, toolVersion: string): Promise<string[] | undefined> {
  try {
    const data = JSON.parse(await readFile(fileIn(cacheDir), 'utf8')) as { format?: unknown; tool?: unknown; languages?: unknown };
    const { languages } = data;
    if (data.format !== FORMAT || data.tool !== toolVersion || !Array.isArray(languages) || !languages.every((l) => typeof l === 'string')) return undefined;
    return languages as string[];
  } catch {
    return undefined;
  }
}

function fileIn(cacheDir: string): string {
  return path.join(cacheDir, 'worker-languages.json');
}
