import { diagnostic } from '../diagnostics/diagnostic';
import type { SourceFile } from '../source/load';
import type { PageSummary } from './types';

/** How much one page may cost on its worker; past it the worker is stopped and the page reported. */
export interface PageBudget {
  /** Wall-clock time for one page, in milliseconds. */
  timeMs: number;
  /** The worker's old-generation heap while it holds the page alone, in MiB. */
  heapMb: number;
}

/**
 * The default budget: the real site's slowest page takes a fraction of a
 * second; a page built to be slow (emphasis markers by the ten thousand) took
 * minutes, and one of 520,000 short lines 2.3 GB.
 */
export const DEFAULT_PAGE_BUDGET: PageBudget = { timeMs: 10_000, heapMb: 1024 };

/** The result for a page that ran past its budget: no page, one fixed error at its first line. Never cached (the budget is the machine's, not the page's). */
export function tooComplexResult(source: SourceFile, over: 'time' | 'memory', budget: PageBudget): { summary: PageSummary } {
  const limit = over === 'time' ? `${(budget.timeMs / 1000).toFixed(budget.timeMs < 1000 ? 1 : 0)} s` : `${budget.heapMb} MiB of memory`;
  return {
    summary: {
      relativePath: source.relativePath,
      file: source.file,
      diagnostics: [
        diagnostic('file/too-complex', { file: source.file }, `${source.relativePath} takes more than ${limit} to process, so it was stopped; the rest of the site was processed.`),
      ],
    },
  };
}

export function isTooComplex(result: { summary: PageSummary }): boolean {
  return result.summary.diagnostics.some((d) => d.code === 'file/too-complex');
}
