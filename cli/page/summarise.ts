import { bodyObject } from './body-bytes';
import { BodySpool } from './body-spool';
import { cacheKey, createPageCache, type PageCacheOptions } from './cache';
import type { PageMemory } from './page-memory';
import { UsageError } from '../support/errors';
import { StringTable } from '../support/intern';
import { collectGarbage, shrinkYoungGeneration, YOUNG_GENERATION_WORTH_SHRINKING, youngGenerationSize } from '../support/memory';
import { mapLimited } from '../support/map-limited';
import { PackedSummaries } from './packed-summaries';
import { startLikelyMisses } from './likely-misses';
import { processPagesInParallel, type PoolOptions } from './pool';
import type { SourceFile } from '../source/load';
import { createPagePipeline, type PagePipeline } from './page-pipeline';
import { isTooComplex } from './too-complex';
import type { EncodedPageResult, PageBody, PageBodyBytes, PageContext, PagePart, PageResult, PageSummary } from './types';

export interface SummariseOptions {
  /** What each output feature keeps of a rendered page (features/parts.ts); workers import the same list themselves. */
  parts?: readonly PagePart[];
  /** Worker threads for the per-page stages; without, pages are processed in this thread. */
  parallel?: PoolOptions;
  /** The content-addressed page cache; without, every page is processed. */
  cache?: PageCacheOptions;
  /** The pipeline for pages processed in this thread; the caller disposes it. Without, one is made for this call. */
  pipeline?: PagePipeline;
  /** Results kept from earlier builds of this process (the dev server's), used before the cache and updated. */
  memory?: PageMemory;
  /**
   * Reads a page's text again (source/load.ts readPageText). Given, with a
   * cache and no memory, each page's text is let go once its summary is
   * settled and its body stored (at 10,000 pages the texts were 85 MB of
   * this thread's heap for the whole build), and read again only for a page
   * whose cached body turns out damaged when it is written.
   */
  reread?: (source: SourceFile) => Promise<string | undefined>;
  /**
   * From how many pages to process a build counts as large (default
   * PARALLEL_THRESHOLD: a small site's texts and bodies are little to hold).
   * A large one with workers, a cache and `reread` lets go of the texts before
   * processing and reads each again as it is handed to a worker; one without
   * a cache or memory keeps the bodies in a temporary file (page/body-spool.ts).
   */
  largeFrom?: number;
  /**
   * Pages all but sure to miss the cache (the CLI's: those read from disk,
   * not from the store of the last build's sources): with workers and the
   * cache, a few are started on a worker before the lookups (page/likely-misses.ts).
   */
  likelyMissing?: (source: SourceFile) => boolean;
}

/** Every page's summary in source order, and a way to fetch each one's body when it is written. */
export interface Summaries {
  summaries: PageSummary[];
  fromCache: number;
  bodies: PageBodies;
  /**
   * Per page, with a cache: its entry's key, a hash of everything its summary
   * and body are made from. Output made from a page can be keyed by it and
   * reused without reading the body.
   */
  inputKeys: (string | undefined)[];
  /** Code blocks of the pages processed that were written from the last build's (PageResult.reusedBlocks). */
  reusedBlocks: number;
}

/**
 * Where the rendered pages' bodies wait between the per-page stages and the
 * writing: in the page cache when there is one (read back one page at a
 * time), in memory otherwise or when the cache could not take one.
 */
export interface PageBodies {
  /** The body of the page from `sources[index]`; each is meant to be taken once (it is dropped from memory then). */
  take(index: number): Promise<PageBody | undefined>;
  /** Once the pages are written (or the build stopped): removes what bodies wait in outside memory. */
  release(): Promise<void>;
}

/**
 * Below this many pages to process, starting more than one worker costs more
 * than it saves: each worker starts its own highlighter and compiles every
 * grammar's rules again, and V8's own threads already keep a second core busy.
 * Measured cold on 2 cores: the real site (134 pages) 4.7 s in this thread,
 * 5.3 s on two workers; 500 generated pages 9.2 s and 8.7 s.
 */
export const PARALLEL_THRESHOLD = 300;

/** While workers run a large build, how often (in pages received) this thread looks whether its young generation is worth shrinking. */
const PAGES_BETWEEN_HEAP_LOOKS = 100;

/** Cache entries read at once: enough to keep the disk busy, few enough that memory does not grow with the site. */
const CACHE_READS_AT_ONCE = 64;

/**
 * Every page through the per-page stages (frontmatter → … → render), from the
 * cache where the page is unchanged, on worker threads when there are many.
 * The summaries come back in source order whatever ran where; the bodies
 * stay in the cache until `bodies.take` asks for them.
 */
export async function summarisePages(sources: readonly SourceFile[], context: PageContext, options: SummariseOptions = {}): Promise<Summaries> {
  const cache = options.cache && createPageCache(options.cache);
  const summaries = new Array<PageSummary>(sources.length);
  // A body from a worker is held as its bytes (half the room of the object), decoded when taken.
  const held = new Map<number, PageBody | PageBodyBytes>();
  const { memory } = options;
  // With memory and no cache, a key of the same material (the tool's version is this process's).
  const keyOf = (source: SourceFile) => cache?.keyOf(source, context) ?? (memory ? cacheKey(source, context, '') : undefined);
  const memoryKeyOf = (source: SourceFile) => memoryKeyFor(keyOf(source)!, context);
  const released = new Set<number>();
  const release = (i: number) => {
    if (!cache || memory || !options.reread) return;
    // Its key is kept (the cache remembers it by the source), so inputKeys and body lookups need no text.
    cache.keyOf(sources[i]!, context);
    (sources[i] as { text: string }).text = '';
    released.add(i);
  };
  const remembered = memory ? sources.map((source) => memory.get(memoryKeyOf(source))) : [];
  remembered.forEach((hit, i) => {
    if (hit?.body) held.set(i, hit.body);
  });
  // A page to process again gets its code blocks as the last build wrote them (stored-code-blocks.ts): written as they were,
  // with no highlighter made unless a block changed. Only for few pages (a build after edits): each costs its last entry's reading.
  const attached = new Set<number>();
  const withStoredBlocks = async (indices: readonly number[]) => {
    if (!cache || memory || !context.render || indices.length >= PARALLEL_THRESHOLD) return;
    await Promise.all(
      indices.map(async (i) => {
        if (attached.has(i)) return;
        attached.add(i);
        const blocks = await cache.storedBlocks(sources[i]!, context);
        if (blocks.size > 0) (sources[i] as { storedBlocks?: ReadonlyMap<string, string> }).storedBlocks = blocks;
      }),
    );
  };
  const likelyAt = cache && !memory && options.parallel && options.likelyMissing ? sources.flatMap((source, i) => (options.likelyMissing!(source) ? [i] : [])) : undefined;
  if (likelyAt) await withStoredBlocks(likelyAt);
  const likely = likelyAt && startLikelyMisses(sources, context, poolFor(context, options.parallel!, 1), likelyAt);
  const cached = await mapLimited(sources, CACHE_READS_AT_ONCE, async (source, i) => remembered[i]?.summary ?? (await cache?.get(source, context))).catch(
    async (error: unknown) => {
      await likely?.abandon();
      throw error;
    },
  );
  const missing: number[] = [];
  sources.forEach((_, i) => {
    const hit = cached[i];
    if (hit) {
      summaries[i] = hit;
      release(i);
    } else missing.push(i);
    if (hit && !remembered[i]) memory?.set(memoryKeyOf(sources[i]!), hit);
  });

  // Each page is stored as it arrives and only its summary kept: holding the bodies would grow with the site.
  // Its strings are shared with the other pages' (support/intern.ts): the summaries of a cold build at 10,000 pages took 93 MiB, 42 interned.
  // Summaries from the cache are left as they are: a one-edit build reads thousands and keeps them for moments.
  const strings = new StringTable();
  const stored: Promise<void>[] = [];
  // A worker's body comes as bytes, stored as they are: the cache and the spool keep bodies as those bytes.
  let received = 0;
  let reusedBlocks = 0;
  let shrinking: Promise<unknown> | undefined;
  const accept = (k: number, result: PageResult | EncodedPageResult) => acceptAt(queue[k]!, result);
  const acceptAt = (i: number, result: PageResult | EncodedPageResult) => {
    // While workers run a large build, this thread only receives and stores: its young generation is kept small (support/memory.ts).
    if (early && ++received % PAGES_BETWEEN_HEAP_LOOKS === 0 && !shrinking && youngGenerationSize() > YOUNG_GENERATION_WORTH_SHRINKING) {
      shrinking = shrinkYoungGeneration().finally(() => (shrinking = undefined));
    }
    const { body } = result;
    reusedBlocks += result.reusedBlocks ?? 0;
    // Packed, it is interned when unpacked (the table's own map was 8 MiB more at 10,000 pages).
    const summary = packed ? result.summary : strings.intern(result.summary);
    if (packed) packed.add(i, summary);
    else summaries[i] = summary;
    memory?.set(memoryKeyOf(sources[i]!), summary, cache || !body ? undefined : bodyObject(body));
    if (spool && body) {
      stored.push(spool.put(i, body).then((ok) => void (ok || held.set(i, body))));
      return;
    }
    if (!cache || isTooComplex(result)) {
      if (body) held.set(i, body);
      release(i);
      return;
    }
    stored.push(
      cache.set(sources[i]!, context, { summary, body }, { index: !packed }).then((ok) => {
        if (!ok && body) held.set(i, body);
        if (ok && packed) toIndex.add(i);
        release(i);
      }),
    );
  };
  // The page as it was summarised, or nothing: a body made from other text would not match its summary.
  const readAgain = async (source: SourceFile): Promise<SourceFile> => {
    const text = await options.reread!(source);
    // Its facts are scanned again from the text read: they were the first text's.
    const again = text === undefined ? undefined : { ...source, text, facts: undefined };
    if (!again || cache!.keyOf(again, context) !== keyOf(source)) {
      throw new UsageError(`${source.file} changed while the build ran (its text was read again to be processed or rendered): build again.`);
    }
    return again;
  };
  // The missing pages this thread hands to workers: those not started before the lookups, unless the worker that started those takes them.
  const takeRest = missing.length < (options.largeFrom ?? PARALLEL_THRESHOLD);
  if (takeRest) await withStoredBlocks(missing);
  const queue = likely ? likely.settle(missing, takeRest) : missing;
  const todo = queue.map((i) => sources[i]!);
  // A large cold build lets go of the texts of the pages to process now, and reads each again as it is handed to a worker: held until
  // their pages were done, the texts of 10,000 pages were most of this thread's heap while the workers grew (peak RSS at the stage's start).
  const large = todo.length >= (options.largeFrom ?? PARALLEL_THRESHOLD);
  const early = large && options.parallel !== undefined;
  // The CLI's large build holds the summaries packed while the workers run (page/packed-summaries.ts); a process memory keeps them as objects.
  const packed = early && !memory ? new PackedSummaries() : undefined;
  // Pages stored in the cache while packed: their summaries go into its summaries file once unpacked.
  const toIndex = new Set<number>();
  if (early) {
    for (const i of queue) release(i);
    // Compacted: the texts sat among what stays, and a plain collection left the heap at its size (see collectGarbage).
    if (released.size > 0) collectGarbage({ compact: true });
  }
  const load = (k: number) => (released.has(queue[k]!) ? readAgain(todo[k]!) : todo[k]!);
  const spool = !cache && !memory && context.render && large ? await BodySpool.open() : undefined;
  const local = options.pipeline ?? createPagePipeline(options.parts ?? []);
  const here = (k: number) => local.process(todo[k]!, context);
  // Where workers can run, every page runs on one, for its budget's sake (a worker can be stopped, this thread cannot); one worker does what this thread would.
  try {
    const started = likely?.deliver(acceptAt);
    if (options.parallel && todo.length > 0) await processPagesInParallel(todo, context, poolFor(context, options.parallel, todo.length), accept, load);
    else for (let k = 0; k < todo.length; k++) accept(k, await here(k));
    await started;
    await Promise.all(stored);
    await shrinking;
    if (packed) {
      for (const [i, summary] of packed.take()) {
        summaries[i] = strings.intern(summary);
        if (toIndex.has(i)) await cache!.index(sources[i]!, context, summaries[i]!);
      }
    }
    // `bodies` below shares this call's closure context, and with it the table, for the rest of the build (its map: ~8 MiB at 10,000 pages).
    strings.clear();
  } catch (error) {
    await spool?.close();
    throw error;
  }
  await cache?.flush();

  const bodies: PageBodies = {
    async take(index) {
      const inMemory = held.get(index);
      if (inMemory) {
        // Kept when the process's memory holds it: a later build may take it again.
        if (!memory) held.delete(index);
        const body = bodyObject(inMemory);
        if (body) return body;
      }
      if (!summaries[index]?.page?.rendered) return undefined;
      const spooled = spool?.has(index) ? await spool.take(index) : undefined;
      if (spooled) return spooled;
      const source = sources[index]!;
      // An entry removed or damaged since it was read: process the page again (the same input gives the same body).
      const cached = await cache?.body(source, context);
      if (cached) return cached;
      return (await local.process(released.has(index) ? await readAgain(source) : source, context)).body;
    },
    release: async () => spool?.close(),
  };
  const inputKeys = sources.map(keyOf);
  memory?.settle();
  return { summaries, fromCache: sources.length - missing.length, bodies, inputKeys, reusedBlocks };
}

/**
 * A page's key in PageMemory, from its cache key (cacheKey with the cache's
 * tool version, or '' without a cache): a summary made without rendering (no
 * site config yet) is no use to a build that renders.
 */
export function memoryKeyFor(key: string, context: PageContext): string {
  return `${context.render}:${key}`;
}

/**
 * The heap limit is for builds, whose workers hold the highlighter and make
 * HTML. A check's workers stay small anyway, and the limit's extra
 * collections made `check` 15% slower (2,000 pages: 9.3 s -> 10.8 s).
 * Below PARALLEL_THRESHOLD pages one worker does what this thread did, with
 * the budget's heap (when the workers' limit was 128 MiB, its many pages kept it collecting).
 */
export function poolFor(context: PageContext, pool: PoolOptions, pages = PARALLEL_THRESHOLD): PoolOptions {
  const sized = pages < PARALLEL_THRESHOLD ? { ...pool, threads: 1, heapLimitMb: undefined } : pool;
  return context.render ? sized : { ...sized, heapLimitMb: undefined, youngGenerationMb: undefined };
}
