import type { Highlighter } from '../markdown/highlight';
import type { SourceFile } from '../source/load';
import type { PageTools } from './pipeline';
import type { PageContext, PagePart, PageResult } from './types';

/**
 * The page pipeline in this thread, with its parser and highlighter kept
 * between pages and, for the dev server, between builds: shiki's highlighter
 * is the costly part (grammars compiled, a WebAssembly heap), so one is made
 * per set of languages and the previous one disposed. A highlighter made per
 * rebuild and never disposed grew the dev server by 7–23 MB a rebuild until
 * it failed (issue 18).
 */
export interface PagePipeline {
  process(source: SourceFile, context: PageContext): Promise<PageResult>;
  /** Frees the highlighter; a later `process` makes a new one. */
  dispose(): void;
}

export interface PagePipelineOptions {
  /** Highlighted code blocks remembered by content (markdown/highlight-memo.ts); 0 (default): none, each block is highlighted. */
  rememberBlocks?: number;
}

/**
 * Loaded the first time a page is processed: a build whose pages all come
 * from the cache (or go to workers) never loads the Markdown parser or
 * shiki, a fifth of a warm build's time.
 */
export function createPagePipeline(parts: readonly PagePart[], options: PagePipelineOptions = {}): PagePipeline {
  let loaded: Promise<{ tools: PageTools; processPage: typeof import('./pipeline').processPage }> | undefined;
  // The languages of the build being processed: a highlighter loads them all up front (see markdown/highlight.ts).
  let languages: readonly string[] = [];
  let current: { key: string; highlighter: Promise<Highlighter> } | undefined;
  const release = () => {
    current?.highlighter.then((h) => h.dispose(), () => undefined);
    current = undefined;
  };
  const load = async () => {
    const [{ createCodeHighlighter, knownLanguageNames }, { rememberHighlights }, { createPageTools, processPage }] = await Promise.all([
      import('../markdown/highlight'),
      import('../markdown/highlight-memo'),
      import('./pipeline'),
    ]);
    const remembered = options.rememberBlocks ?? 0;
    const highlighter = () => {
      const key = languages.join('\n');
      if (current?.key !== key) {
        release();
        const made = createCodeHighlighter(languages);
        current = { key, highlighter: remembered > 0 ? made.then((h) => rememberHighlights(h, remembered)) : made };
      }
      return current.highlighter;
    };
    return { tools: createPageTools(await knownLanguageNames(), parts, highlighter), processPage };
  };
  return {
    async process(source, context) {
      const { tools, processPage } = await (loaded ??= load());
      languages = context.codeLanguages;
      return processPage(source, context, tools);
    },
    dispose: release,
  };
}
