import { diagnostic } from '../diagnostics/diagnostic';
import type { Highlighter } from '../markdown/highlight';
import type { SourceFile } from '../source/load';
import { positionOf } from '../support/yaml';
import { parseFrontmatter } from './frontmatter';
import { createMarkdownParser, parseMarkdown, type MarkdownParser } from './markdown';
import { extractOutline } from './outline';
import { NEEDS_HIGHLIGHTER, renderPage } from './render';
import { findSuppressions } from './suppressions';
import { routeOf } from './route';
import { inferTitle } from './title';
import type { PageBody, PageContext, PagePart, PageResult, PageSummary, SummarisedPage } from './types';
import { validateFrontmatter } from './validate';
import { append } from '../support/append';

/** Per-run (or per-worker) tools the page pipeline reuses: a parser, the highlighter, known languages, the features' parts. */
export interface PageTools {
  parse: MarkdownParser;
  languages: ReadonlySet<string>;
  highlighter?: () => Promise<Highlighter>;
  /** What each output feature keeps of a rendered page (features/parts.ts). */
  parts: readonly PagePart[];
}

export function createPageTools(languages: ReadonlySet<string>, parts: readonly PagePart[], highlighter?: () => Promise<Highlighter>): PageTools {
  return { parse: createMarkdownParser(), languages, highlighter, parts };
}

/**
 * frontmatter → validate → markdown → outline (→ render → the features'
 * parts): one page, no knowledge of the rest of the site. Each step takes
 * the previous one's value and returns its own; none changes another's.
 */
export async function processPage(source: SourceFile, context: PageContext, tools: PageTools): Promise<PageResult> {
  const summary: PageSummary = { relativePath: source.relativePath, file: source.file, diagnostics: [] };
  const parsed = parseFrontmatter(source);
  const vuepress = context.vuepress === true;
  const empty = parsed.diagnostics.some((d) => d.code === 'file/empty');
  // VuePress builds an empty page, and links to it work: in a VuePress tree it is worth a warning, not a failed build.
  append(summary.diagnostics, empty && vuepress ? parsed.diagnostics.map((d) => ({ ...d, severity: 'warning' as const })) : parsed.diagnostics);
  if (!parsed.page || (empty && !vuepress)) return { summary };
  const valid = validateFrontmatter(parsed.page, { vuepress: context.vuepress });
  append(summary.diagnostics, valid.diagnostics);

  const constants = { values: context.constants, used: new Set<string>(), report: context.reportConstants };
  const tree = parseMarkdown(valid.page, {
    parse: tools.parse,
    constants,
    languages: tools.languages,
    html: context.html,
    containers: context.markdown?.containers,
    importRoot: context.markdown?.importRoot,
    contentFolder: context.markdown?.contentFolder,
    siteTitle: context.siteTitle,
    homeTaglines: context.homeTaglines,
    vuepress: context.vuepress,
  });
  append(summary.diagnostics, tree.diagnostics);
  const outline = extractOutline(tree, {
    headerLevels: context.headerLevels,
    slugify: context.slugify,
    anchorAliases: context.anchorAliases,
    previousAnchors: valid.page.frontmatter.anchors,
    vuepressTitles: context.vuepress,
  });
  const { suppressions, diagnostics: suppressionProblems } = findSuppressions(tree);
  summary.diagnostics.push(...suppressionProblems);
  const { frontmatter, yaml } = valid.page;
  const route = routeOf(source.relativePath, frontmatter.permalink);
  const title = inferTitle({ frontmatterTitle: tree.title, home: frontmatter.home, firstHeading: outline.firstHeading, body: valid.page.body, vuepress });
  if ((title === undefined || title === '') && !empty) {
    const noTitle = diagnostic('page/no-title', { file: source.file, line: parsed.page.bodyLineOffset + 1 }, `${source.relativePath} has no title.`);
    // VuePress builds such a page (its title is then the site's): in a VuePress tree it is worth a warning, not a failed build.
    summary.diagnostics.push(vuepress ? { ...noTitle, severity: 'warning' } : noTitle);
  }
  const keyPositions: SummarisedPage['keyPositions'] = {};
  for (const key of ['prev', 'next', 'permalink'] as const) {
    if (yaml && frontmatter[key] !== undefined) keyPositions[key] = positionOf(yaml, [key]);
  }

  let body: PageBody | undefined;
  let rendered: SummarisedPage['rendered'];
  let reusedBlocks: number | undefined;
  if (context.render && tools.highlighter) {
    const render = (highlighter: Highlighter | undefined) =>
      renderPage(tree, outline, { highlighter, storedBlocks: source.storedBlocks, html: context.html, lineNumbers: context.markdown?.lineNumbers });
    let written: ReturnType<typeof renderPage> | undefined;
    // With the page's blocks stored, the highlighter is made only if a block is not among them (shiki's start is most of a small one-edit build).
    if (source.storedBlocks && source.storedBlocks.size > 0) {
      try {
        written = render(undefined);
      } catch (error) {
        if (error !== NEEDS_HIGHLIGHTER) throw error;
      }
    }
    written ??= render(await tools.highlighter());
    const { html, linkUrls, codeBlocks } = written;
    reusedBlocks = written.reusedBlocks;
    const input = { source, tree, outline, title: title || route.path, html, context };
    body = { html, parts: {}, ...(codeBlocks ? { codeBlocks } : {}) };
    rendered = { linkUrls, parts: {} };
    for (const part of tools.parts) {
      const made = part.perPage(input);
      if (made.summary !== undefined) rendered.parts[part.name] = made.summary;
      if (made.body !== undefined) body.parts[part.name] = made.body;
    }
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
    suppressions,
    rendered,
  };
  return reusedBlocks ? { summary, body, reusedBlocks } : { summary, body };
}
