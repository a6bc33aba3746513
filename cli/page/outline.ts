import GithubSlugger from 'github-slugger';
import type { Heading } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { visit } from 'unist-util-visit';
import type { Header } from '../../schema/manifest';
import type { PageTree } from './markdown';

/** A link or image as written in a page, with its position in the file. */
export interface LinkRef {
  kind: 'link' | 'image';
  url: string;
  line: number;
  column: number;
}

export interface PageOutline {
  /** Text of the first `#` heading, if any. */
  firstHeading?: string;
  /** Headers at the configured levels, in document order. */
  headers: Header[];
  /** Every heading slug on the page (all levels): the valid `#anchors`. */
  anchors: Set<string>;
  /** Each heading's slug, every level, in document order: the ids the renderer gives them (annotateTree). */
  headingIds: string[];
  links: LinkRef[];
}

export interface OutlineOptions {
  /** Heading levels that become headers; default `[2, 3]`. */
  headerLevels: readonly number[];
}

/**
 * Every heading's github-slugger slug (one slugger per page, so duplicates
 * count headings of every level), the headers and the links. Reads the tree
 * only: the renderer gives headings their ids from `headingIds`.
 */
export function extractOutline(pageTree: PageTree, options: OutlineOptions): PageOutline {
  const slugger = new GithubSlugger();
  const headers: Header[] = [];
  const anchors = new Set<string>();
  const links: LinkRef[] = [];
  const headingIds: string[] = [];
  let firstHeading: string | undefined;

  visit(pageTree.tree, (node) => {
    if (node.type === 'heading') {
      const title = headingText(node);
      const slug = slugger.slug(title);
      anchors.add(slug);
      headingIds.push(slug);
      if (node.depth === 1 && firstHeading === undefined) firstHeading = title;
      if (options.headerLevels.includes(node.depth)) headers.push({ level: node.depth, title, slug });
    } else if (node.type === 'link' || node.type === 'definition' || node.type === 'image') {
      links.push({
        kind: node.type === 'image' ? 'image' : 'link',
        url: node.url,
        line: node.position?.start.line ?? 1,
        column: node.position?.start.column ?? 1,
      });
    }
  });
  return { firstHeading, headers, anchors, headingIds, links };
}

/** Plain text of a heading: code and emphasis keep their text, links their label, HTML is dropped. */
export function headingText(node: Heading): string {
  return toString(node, { includeHtml: false, includeImageAlt: true }).replace(/\s+/g, ' ').trim();
}
