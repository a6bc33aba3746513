import type { Header } from '../../schema/manifest';
import type { Frontmatter } from '../../schema/frontmatter';
import type { Diagnostic } from '../diagnostics/diagnostic';
import type { Suppression } from '../diagnostics/suppressions';
import type { HtmlPolicy } from '../html/policy';
import type { SlugRule } from '../markdown/slugs';
import type { SourceFile } from '../source/load';
import type { PageTree } from './markdown';
import type { LinkRef, PageOutline } from './outline';
import type { PageRoute } from './route';
import type { CodeBlockPlaces } from './stored-code-blocks';

/** What every page needs from the site config: small, serialisable, part of the cache key. */
export interface PageContext {
  /** The values of the constants (only those a page uses enter its cache key). */
  constants: Record<string, string | number>;
  /** False when the site config is broken: unknown constants are then not reported. */
  reportConstants: boolean;
  headerLevels: number[];
  /** Render HTML too (build), or only check (check). */
  render: boolean;
  /** Code block languages of the whole site, loaded into every highlighter up front (not part of a page's cache key). */
  codeLanguages: string[];
  /** What raw HTML may keep (site.yaml `markdown.allowIframeOrigins`); default: GitHub's rules, no iframes. */
  html?: HtmlPolicy;
  /** The rest of site.yaml `markdown:` a page's Markdown reads; default: none of it. */
  markdown?: PageMarkdownOptions;
  /** A VuePress 1 tree (it has a `.vuepress/` folder): titles inferred as VuePress infers them, a missing one only a warning. */
  vuepress?: boolean;
  /** site.yaml `markdown.slugify`; default `github`. */
  slugify?: SlugRule;
  /** site.yaml `markdown.anchorAliases`: headings also answer the other rule's slug. */
  anchorAliases?: boolean;
  /** The site's title, for a VuePress home page's hero. */
  siteTitle?: string;
  /** The tagline of a home page without one of its own (VuePress's $description): the site's description, by locale folder ('/' the root's). */
  homeTaglines?: Readonly<Record<string, string>>;
}

/** site.yaml `markdown:` settings the page stages read. */
export interface PageMarkdownOptions {
  /** Number every code block's lines unless its fence opts out. */
  lineNumbers: boolean;
  /** The site's own container types, with their default titles (and those of pages under a locale's folder). */
  containers: { type: string; title?: string; localeTitles?: Readonly<Record<string, string>> }[];
  /** Where `@/` in includes and snippet imports points, from the project root ('' the root). */
  importRoot: string;
  /** The content folder from the project root (`../docs` when it lies outside): imports may reach into it. */
  contentFolder?: string;
}

/**
 * Everything the site-wide stages need to know about one page: plain data,
 * so it can cross a worker boundary and be cached. Small on purpose: a build
 * holds every page's summary at once, but only a few pages' bodies.
 */
export interface PageSummary {
  relativePath: string;
  file: string;
  diagnostics: Diagnostic[];
  /** Absent when the file is not a page at all (empty). */
  page?: SummarisedPage;
}

export interface SummarisedPage {
  route: PageRoute;
  title?: string;
  description?: string;
  frontmatter: Frontmatter;
  /** Where frontmatter keys that hold paths are, for site-wide diagnostics. */
  keyPositions: Partial<Record<'prev' | 'next' | 'permalink', { line: number; column: number }>>;
  bodyStartLine: number;
  headers: Header[];
  anchors: string[];
  links: LinkRef[];
  constantsUsed: string[];
  /** Its inline suppressions (`<!-- docsbuild-ignore … -->`), applied once every diagnostic of the site is known. */
  suppressions: Suppression[];
  /** With `render`: what the site-wide stages need of the rendered page; the body itself travels apart (PageBody). */
  rendered?: {
    /** The URLs behind the HTML's link placeholders: what the page's HTML depends on besides itself. */
    linkUrls: string[];
    /** Each output feature's small part of the page (PagePart.perPage's `summary`), by feature name. */
    parts: Record<string, unknown>;
  };
}

/**
 * A rendered page's bulk: stored beside its summary, read back only while
 * the page is written, then dropped.
 */
export interface PageBody {
  /** The body HTML, internal links as placeholders (the URLs behind them are in the summary). */
  html: string;
  /** Each output feature's bulky part of the page (PagePart.perPage's `body`), by feature name. */
  parts: Record<string, unknown>;
  /** Where each code block sits in `html` (page/stored-code-blocks.ts): the build after an edit of the page writes them again from here. */
  codeBlocks?: CodeBlockPlaces;
}

/** One page through the per-page stages: its summary, and with `render` its body. */
export interface PageResult {
  summary: PageSummary;
  body?: PageBody;
  /** How many code blocks were written as the last build stored them (not kept: for the build's figures). */
  reusedBlocks?: number;
}

/** A body as the UTF-8 bytes of its JSON (page/body-bytes.ts): how it crosses from a worker and waits to be written. */
export type PageBodyBytes = Uint8Array<ArrayBuffer>;

/**
 * A page's result as a worker sends it: the body already bytes, so the main
 * thread stores it without deserializing and serializing it again: those
 * bodies were most of what the main thread allocated while the workers ran
 * (~150 KB a page, now ~30 KB), which kept its young generation at its largest.
 */
export interface EncodedPageResult {
  summary: PageSummary;
  body?: PageBodyBytes;
  reusedBlocks?: number;
}

/** A rendered page, as an output feature sees it in the page pipeline. Read-only: a feature derives, never changes. */
export interface RenderedPageInput {
  source: SourceFile;
  tree: PageTree;
  outline: PageOutline;
  /** The page's title, or its path when it has none. */
  title: string;
  /** The body HTML, links as placeholders. */
  html: string;
  context: PageContext;
}

/**
 * What an output feature keeps of each page, made where the page is
 * rendered (a worker) and cached with it: `summary` is held for every page
 * at once, so keep it small; `body` is read back only while the page is
 * written. Both must be plain JSON.
 */
export interface PagePart<Summary = unknown, Body = unknown> {
  /** The feature's name: its key in `rendered.parts` and `PageBody.parts`. */
  name: string;
  perPage(page: RenderedPageInput): { summary?: Summary; body?: Body };
}

/** One feature's part of a summarised or rendered page, typed by the feature that made it. */
export function partOf<T>(parts: Record<string, unknown> | undefined, name: string): T | undefined {
  return parts?.[name] as T | undefined;
}
