import type { Header } from '../../schema/manifest';
import type { Frontmatter } from '../../schema/frontmatter';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { diagnostic } from '../diagnostics/diagnostic';
import type { Highlighter } from '../markdown/highlight';
import type { HtmlPolicy } from '../html/policy';
import { prepareMarkdownCopy, type PreparedCopy } from '../features/markdown-copy/copy';
import { positionOf } from '../support/yaml';
import { codeClassesOf } from '../markdown/code-classes';
import { sectionsOf, type PageSection } from '../../shared/search/sections';
import { parseFrontmatter } from './frontmatter';
import type { SourceFile } from '../source/load';
import { createMarkdownParser, parseMarkdown, type MarkdownParser } from './markdown';
import { extractOutline, type LinkRef } from './outline';
import { renderPage } from './render';
import { routeOf, type PageRoute } from './route';
import { sectionsKey } from '../features/search/sections-key';
import { validateFrontmatter } from './validate';

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
  page?: {
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
    /** With `render`: what the site-wide stages need of the rendered page; the body itself travels apart (PageBody). */
    rendered?: {
      /** The highlighting classes the HTML uses, for the site's code stylesheet. */
      codeClasses: string[];
      /** A hash of the body's search sections: the search index is made again only when one changes. */
      sectionsKey: string;
      /** The URLs behind the HTML's link placeholders, and the links of the `.md` copy: what the page's output depends on besides itself. */
      linkUrls: string[];
      copyUrls: string[];
    };
  };
}

/**
 * A rendered page's bulk: stored beside its summary, read back only while
 * the page is written, then dropped.
 */
export interface PageBody {
  /** The body HTML, internal links as placeholders (the URLs behind them are in the summary). */
  html: string;
  /** The plain `.md` copy for tools that read docs, links still to resolve. */
  markdownCopy: PreparedCopy;
  /** The page's text by section, as the search index takes it (made here, so it is cached). */
  sections: PageSection[];
}

/** One page through the per-page stages: its summary, and with `render` its body. */
export interface PageResult {
  summary: PageSummary;
  body?: PageBody;
}

/** Per-run (or per-worker) tools the page pipeline reuses: a parser, the highlighter, known languages. */
export interface PageTools {
  parse: MarkdownParser;
  languages: ReadonlySet<string>;
  highlighter?: () => Promise<Highlighter>;
}

export function createPageTools(languages: ReadonlySet<string>, highlighter?: () => Promise<Highlighter>): PageTools {
  return { parse: createMarkdownParser(), languages, highlighter };
}

/** frontmatter → validate → markdown → outline (→ render): one page, no knowledge of the rest of the site. */
export async function processPage(source: SourceFile, context: PageContext, tools: PageTools): Promise<PageResult> {
  const summary: PageSummary = { relativePath: source.relativePath, file: source.file, diagnostics: [] };
  const parsed = parseFrontmatter(source);
  summary.diagnostics.push(...parsed.diagnostics);
  if (!parsed.page) return { summary };
  const valid = validateFrontmatter(parsed.page);
  summary.diagnostics.push(...valid.diagnostics);

  const constants = { values: context.constants, used: new Set<string>(), report: context.reportConstants };
  const tree = parseMarkdown(valid.page, { parse: tools.parse, constants, languages: tools.languages, html: context.html });
  summary.diagnostics.push(...tree.diagnostics);
  const outline = extractOutline(tree, { headerLevels: context.headerLevels });
  const { frontmatter, yaml } = valid.page;
  const route = routeOf(source.relativePath, frontmatter.permalink);
  const title = tree.title ?? outline.firstHeading;
  if (title === undefined || title === '') {
    summary.diagnostics.push(
      diagnostic('page/no-title', { file: source.file, line: parsed.page.bodyLineOffset + 1 }, `${source.relativePath} has no title.`),
    );
  }
  const keyPositions: NonNullable<PageSummary['page']>['keyPositions'] = {};
  for (const key of ['prev', 'next', 'permalink'] as const) {
    if (yaml && frontmatter[key] !== undefined) keyPositions[key] = positionOf(yaml, [key]);
  }

  let body: PageBody | undefined;
  let linkUrls: string[] = [];
  if (context.render && tools.highlighter) {
    // The copy first: rendering rewrites the tree's link URLs.
    const markdownCopy = prepareMarkdownCopy(tree, { title: title || route.path, constants: context.constants, links: outline.links });
    const rendered = renderPage(tree, outline, { highlighter: await tools.highlighter(), html: context.html });
    linkUrls = rendered.linkUrls;
    body = { html: rendered.html, markdownCopy, sections: sectionsOf(rendered.html, outline.headers) };
  }
  summary.page = {
    route,
    title: title || undefined,
    description: tree.description,
    frontmatter,
    keyPositions,
    bodyStartLine: parsed.page.bodyLineOffset + 1,
    headers: outline.headers,
    anchors: [...outline.anchors],
    links: outline.links,
    constantsUsed: [...constants.used].sort(),
    rendered: body && {
      codeClasses: codeClassesOf(body.html),
      sectionsKey: sectionsKey(body.sections),
      linkUrls,
      copyUrls: body.markdownCopy.urls,
    },
  };
  return { summary, body };
}
