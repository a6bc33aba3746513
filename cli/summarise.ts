import { createCodeHighlighter, knownLanguageNames, type Highlighter } from './markdown/highlight';
import { createPageCache, type PageCacheOptions } from './page-cache';
import { processPagesInParallel, type PoolOptions } from './parallel/pool';
import type { SourceFile } from './stages/load';
import { createPageTools, processPage, type PageContext, type PageSummary } from './stages/page';

export interface SummariseOptions {
  /** Worker threads for the per-page stages; without, pages are processed in this thread. */
  parallel?: PoolOptions;
  /** The content-addressed page cache; without, every page is processed. */
  cache?: PageCacheOptions;
}

/** Below this many pages to process, starting workers costs more than it saves. */
export const PARALLEL_THRESHOLD = 48;

/**
 * Every page through the per-page stages (frontmatter → … → render), from the
 * cache where the page is unchanged, on worker threads when there are many.
 * The summaries come back in source order whatever ran where.
 */
export async function summarisePages(
  sources: readonly SourceFile[],
  context: PageContext,
  options: SummariseOptions = {},
): Promise<{ summaries: PageSummary[]; fromCache: number }> {
  const cache = options.cache && createPageCache(options.cache);
  const summaries = new Array<PageSummary>(sources.length);
  const cached = cache ? await Promise.all(sources.map((source) => cache.get(source, context))) : [];
  const missing: number[] = [];
  sources.forEach((_, i) => {
    const hit = cached[i];
    if (hit) summaries[i] = hit;
    else missing.push(i);
  });

  const todo = missing.map((i) => sources[i]!);
  // Each summary is stored as it arrives: serialising them all at the end would hold every entry's text at once.
  const stored: Promise<void>[] = [];
  const store = (k: number, summary: PageSummary) => {
    if (cache) stored.push(cache.set(todo[k]!, context, summary));
  };
  const computed =
    options.parallel && todo.length >= PARALLEL_THRESHOLD
      ? await processPagesInParallel(todo, context, options.parallel, store)
      : await processInThisThread(todo, context, store);
  missing.forEach((i, k) => {
    summaries[i] = computed[k]!;
  });
  await Promise.all(stored);
  return { summaries, fromCache: sources.length - missing.length };
}

async function processInThisThread(
  sources: readonly SourceFile[],
  context: PageContext,
  onResult: (index: number, summary: PageSummary) => void,
): Promise<PageSummary[]> {
  if (sources.length === 0) return [];
  let highlighter: Promise<Highlighter> | undefined;
  const tools = createPageTools(await knownLanguageNames(), () => (highlighter ??= createCodeHighlighter(context.codeLanguages)));
  const out: PageSummary[] = [];
  for (const source of sources) {
    const summary = await processPage(source, context, tools);
    onResult(out.length, summary);
    out.push(summary);
  }
  return out;
}
