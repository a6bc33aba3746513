import type { Heading, Html, Nodes } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { eachNode } from '../markdown/walk';
import type { Header } from '../../schema/manifest';
import { rawImageUrls } from '../html/raw-images';
import { rawLinkUrls } from '../html/raw-links';
import { rawHtmlIds } from '../html/raw-ids';
import { createSlugger, type SlugRule, type Slugger } from '../markdown/slugs';
import { cleanHeaderText } from './title';
import type { PageTree } from './markdown';
import { isSpaceOrTab } from '../support/text-scan';
import { append } from '../support/append';

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
  /** Other anchors that land on a heading (`markdown.anchorAliases`, frontmatter `anchors:`), by its id. */
  aliases: Record<string, string[]>;
  links: LinkRef[];
}

export interface OutlineOptions {
  /** Heading levels that become headers; default `[2, 3]`. */
  headerLevels: readonly number[];
  /** How heading text becomes a slug; default `github`. */
  slugify?: SlugRule;
  /** Each heading also answers the other rule's slug, so links made under either rule land. */
  anchorAliases?: boolean;
  /** Old anchor → the current slug it stands for (frontmatter `anchors:`); targets that are no heading are left out. */
  previousAnchors?: Readonly<Record<string, string>>;
  /** Header titles as VuePress 1 makes them: from the heading's source line, cleaned (backslash escapes other than `*_\`!<` kept). */
  vuepressTitles?: boolean;
}

/**
 * Every heading's slug (one slugger per page, so duplicates count headings
 * of every level), the headers and the links. Reads the tree only: the
 * renderer gives headings their ids from `headingIds`.
 */
export function extractOutline(pageTree: PageTree, options: OutlineOptions): PageOutline {
  const rule = options.slugify ?? 'github';
  const slugger = createSlugger(rule);
  const otherSlugger = options.anchorAliases ? createSlugger(rule === 'github' ? 'vuepress' : 'github') : undefined;
  // Without a prototype: a heading's id may be `constructor` or `__proto__`.
  const aliases = Object.create(null) as Record<string, string[]>;
  const addAlias = (id: string, alias: string) => {
    if (alias === id || anchors.has(alias)) return;
    anchors.add(alias);
    (aliases[id] ??= []).push(alias);
  };
  const headers: Header[] = [];
  const anchors = new Set<string>();
  const links: LinkRef[] = [];
  const headingIds: string[] = [];
  let firstHeading: string | undefined;
  const bodyLines = options.vuepressTitles ? pageTree.page.body.split('\n') : undefined;
  let fileLines = bodyLines;
  const fileLine = (line: number) => (fileLines ??= pageTree.page.body.split('\n'))[line - pageTree.page.bodyLineOffset - 1];
  // Added once every heading's own slug is known: a heading's real slug wins over another's alias.
  const pendingAliases: [string, string][] = [];

  eachNode(pageTree.tree, (node) => {
    if (node.type === 'heading') {
      const title = headingText(node);
      const slug = headingSlug(slugger, rule, node, title);
      anchors.add(slug);
      headingIds.push(slug);
      const alias = otherSlugger && headingSlug(otherSlugger, rule === 'vuepress' ? 'github' : 'vuepress', node, title);
      if (node.depth === 1 && firstHeading === undefined) firstHeading = title;
      if (options.headerLevels.includes(node.depth)) {
        headers.push({ level: node.depth, title: (bodyLines && sourceHeadingText(bodyLines, pageTree.page.bodyLineOffset, node)) || title, slug });
      }
      if (alias !== undefined) pendingAliases.push([slug, alias]);
    } else if (node.type === 'link' || node.type === 'definition' || node.type === 'image') {
      links.push({
        kind: node.type === 'image' ? 'image' : 'link',
        url: node.url,
        line: node.position?.start.line ?? 1,
        column: node.position?.start.column ?? 1,
      });
    } else if (node.type === 'html') {
      // A raw <img src="./x.png"> is checked like a Markdown image, a raw <a href="./x.md"> like a Markdown link.
      append(links, rawHtmlLinks(node, fileLine));
      // A raw element's id is somewhere a link may point (`<span id="vmodel-ime-tip"></span>`).
      for (const id of rawHtmlIds(node.value)) anchors.add(id);
    }
  });
  for (const [id, alias] of pendingAliases) addAlias(id, alias);
  for (const [old, id] of Object.entries(options.previousAnchors ?? {})) if (headingIds.includes(id)) addAlias(id, old);
  return { firstHeading, headers, anchors, headingIds, aliases, links };
}

/** Where raw-images.ts and raw-links.ts would find a tag: `<img`, or `<a` before a blank, `/` or `>`, in any case. */
const URL_TAG = /<(?:img\b|a(?=[\s/>]))/i;

/**
 * The local images and links of a raw HTML node, at their tags. The node's
 * text lacks what a quote or a list item puts before its lines (`> `, the
 * item's indent), so a place on a later line is moved by what the file's
 * line holds before the node's. An included file's nodes all take the
 * include's place, which spans fewer lines than their text: each is
 * reported there.
 */
function rawHtmlLinks(node: Html, fileLine: (line: number) => string | undefined): LinkRef[] {
  // Most raw HTML nodes (a page's directive markers, components, <br>) hold neither tag: one cheap look, not two scans.
  if (!URL_TAG.test(node.value)) return [];
  const start = node.position?.start ?? { line: 1, column: 1 };
  const found: LinkRef[] = [
    ...rawImageUrls(node.value, start).map((image) => ({ kind: 'image' as const, ...image })),
    ...rawLinkUrls(node.value, start).map((link) => ({ kind: 'link' as const, ...link })),
  ];
  if (found.length === 0) return found;
  const lines = node.value.split('\n');
  if (lines.length - 1 > (node.position?.end.line ?? start.line) - start.line) return found.map((link) => ({ ...link, line: start.line, column: start.column }));
  return found.map((link) => {
    if (link.line === start.line) return link;
    const written = lines[link.line - start.line]!;
    const inFile = fileLine(link.line);
    return inFile?.endsWith(written) ? { ...link, column: link.column + inFile.length - written.length } : link;
  });
}

/** An ATX heading's text as written (`## a \\[b]` → `a \\[b]`), cleaned as VuePress 1 cleans it; undefined for other headings. */
function sourceHeadingText(bodyLines: readonly string[], bodyLineOffset: number, node: Heading): string | undefined {
  const line = node.position?.start.line;
  if (line === undefined) return undefined;
  const text = bodyLines[line - bodyLineOffset - 1];
  const written = text === undefined ? undefined : atxHeadingText(text);
  return written === undefined ? undefined : cleanHeaderText(written);
}

const ATX_OPEN = /^ {0,3}#{1,6}/;

/**
 * An ATX heading line's text without its marks and closing sequence, as
 * `/^ {0,3}#{1,6}(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/` reads it; undefined
 * when the line is none. By hand: that expression tries each length of the
 * text against each way of reading the blanks after it (cubic on a long run).
 */
export function atxHeadingText(line: string): string | undefined {
  const open = ATX_OPEN.exec(line);
  if (!open) return undefined;
  const rest = line.slice(open[0].length);
  let end = rest.length;
  while (end > 0 && isSpaceOrTab(rest.charCodeAt(end - 1))) end--;
  if (end === 0) return '';
  // Seven marks, or text right after the marks: no heading.
  if (!isSpaceOrTab(rest.charCodeAt(0))) return undefined;
  let start = 0;
  while (isSpaceOrTab(rest.charCodeAt(start))) start++;
  // A closing run of "#" after a blank ends the text; a run of "#" alone is the text.
  let hashes = end;
  while (hashes > start && rest[hashes - 1] === '#') hashes--;
  if (hashes > start && hashes < end && isSpaceOrTab(rest.charCodeAt(hashes - 1))) {
    let textEnd = hashes;
    while (isSpaceOrTab(rest.charCodeAt(textEnd - 1))) textEnd--;
    return rest.slice(start, textEnd);
  }
  return rest.slice(start, end);
}

/**
 * A heading's slug under a rule (never empty: see Slugger). GitHub:
 * github-slugger on the rendered text. VuePress 1: its slugify on the text
 * markdown-it-anchor reads (text and inline code; an emoji from a shortcode
 * is a token of its own and left out), else on the heading as written.
 */
function headingSlug(slugger: Slugger, rule: SlugRule, node: Heading, title: string): string {
  return rule === 'vuepress' ? slugger.slug(slugText(node, false), slugText(node, true)) : slugger.slug(title);
}

/**
 * What VuePress 1 slugs a heading from (markdown-it-anchor): its text and
 * inline code, no image alt text, no HTML (but the text between tags: a
 * `<Badge>POST</Badge>`'s POST, craftcms' `#post-entries-save-entry`);
 * emoji as their shortcodes or not at all.
 */
function slugText(node: Heading, shortcodes: boolean): string {
  const text = (n: Nodes): string => {
    if (n.type === 'emoji') return shortcodes ? `:${n.shortcode}:` : '';
    if (n.type === 'badge') return n.slot ? n.text : '';
    if ('value' in n) return n.type === 'html' ? '' : n.value;
    return 'children' in n ? n.children.map(text).join('') : '';
  };
  return text(node).trim();
}

/** Plain text of a heading: code and emphasis keep their text, links their label, HTML is dropped. */
export function headingText(node: Heading): string {
  return toString(node, { includeHtml: false, includeImageAlt: true }).replace(/\s+/g, ' ').trim();
}
