import type { PageSummary, SummarisedPage } from '../page/types';
import type { IndexedPage } from './site-index';

/** A page that made it through the per-page stages, with what the site-wide stages index it by. */
export interface SitePage {
  summary: PageSummary;
  page: SummarisedPage;
  indexed: IndexedPage;
  /** Its place among the sources (the order summaries come in), to fetch its body by. */
  at: number;
}

/** Every summarised page, in source order, with its index entry; files that are no page are left out. */
export function sitePagesOf(summaries: readonly PageSummary[]): SitePage[] {
  const pages: SitePage[] = [];
  summaries.forEach((summary, at) => {
    const page = summary.page;
    if (!page) return;
    const indexed: IndexedPage = {
      path: page.route.path,
      title: page.title || page.route.path,
      relativePath: summary.relativePath,
      file: summary.file,
      anchors: new Set(page.anchors),
    };
    pages.push({ summary, page, indexed, at });
  });
  return pages;
}
