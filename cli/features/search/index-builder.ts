import type { PageRecord } from '../../../schema/manifest';
import { SEARCH_INDEX_VERSION, SearchIndexFileSchema, type SearchDoc, type SearchIndexFile } from '../../../schema/search-index';
import type { PageSection } from '../../../shared/search/sections';
import { PostingsBuilder } from './postings';

/** A rendered page: its record (title, headers, frontmatter) and its text by section (sectionsOf its chunk's HTML). */
export interface SearchablePage {
  record: Pick<PageRecord, 'path' | 'title' | 'description' | 'headers' | 'frontmatter'>;
  sections: readonly PageSection[];
}

export interface SearchIndexOptions {
  /** The docs version the index covers (`versions.current`). */
  docsVersion?: string;
}

export interface SearchIndex {
  /** The index file's JSON text: the same pages always give the same bytes. */
  content: string;
  pages: number;
  documents: number;
}

/**
 * The local search index: one document per page (title, description and the
 * text before its first header) and one per `##`/`###` section (heading, the
 * headings above it, text), so a hit leads to `/docs/<path>#<slug>`. Pages
 * with frontmatter `search: false` are left out. Besides the index, only
 * which page and header each document is: titles, headings and slugs are in
 * pages.json, which the viewer already has. No text either: a result's
 * snippet is cut by the viewer from the page's chunk, around the words that
 * matched, which is both better than a stored excerpt and no part of this
 * download.
 */
export function buildSearchIndex(pages: readonly SearchablePage[], options: SearchIndexOptions = {}): SearchIndex {
  const builder = createSearchIndexBuilder(options);
  for (const page of [...pages].sort((a, b) => compare(a.record.path, b.record.path))) builder.add(page);
  return builder.finish();
}

/** The index made one page at a time, so a build need not hold every page's text at once. */
export interface SearchIndexBuilder {
  /** Pages go in by path, each once (buildSearchIndex sorts them); a `search: false` page is skipped. */
  add(page: SearchablePage): void;
  finish(): SearchIndex;
}

export function createSearchIndexBuilder(options: SearchIndexOptions = {}): SearchIndexBuilder {
  const postings = new PostingsBuilder();
  const paths: string[] = [];
  const docs: SearchDoc[] = [];
  return {
    add({ record, sections: all }) {
      if (record.frontmatter.search === false) return;
      const last = paths[paths.length - 1];
      // The same pages in any order must give the same bytes.
      if (last !== undefined && compare(last, record.path) >= 0) throw new Error(`Search index: ${record.path} added after ${last}.`);
      const pageIndex = paths.push(record.path) - 1;
      const [intro, ...sections] = all;
      const introText = [record.description, intro?.text ?? ''].filter(Boolean).join(' ');
      postings.add({ title: record.title, heading: '', parents: '', text: introText });
      docs.push([pageIndex, -1]);
      sections.forEach((section, at) => {
        postings.add({ title: '', heading: section.heading, parents: parentsOf(sections, at, record.title), text: section.text });
        docs.push([pageIndex, record.headers.findIndex((h) => h.slug === section.slug)]);
      });
    },
    finish() {
      const file: SearchIndexFile = {
        version: SEARCH_INDEX_VERSION,
        docsVersion: options.docsVersion,
        pages: paths,
        docs,
        index: postings.finish(),
      };
      // Validate what we write, as for pages.json: a contract violation is our bug.
      SearchIndexFileSchema.parse(file);
      return { content: `${JSON.stringify(file)}\n`, pages: paths.length, documents: docs.length };
    },
  };
}

/** The page title, and for a `###` the heading of the section it sits in. */
function parentsOf(sections: readonly PageSection[], at: number, pageTitle: string): string {
  const section = sections[at]!;
  const above = sections.slice(0, at).reverse().find((s) => s.level < section.level);
  return above ? `${pageTitle} ${above.heading}` : pageTitle;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
