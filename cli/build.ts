import type { Manifest } from '../schema/manifest';
import type { ResolvedConfig } from './config';
import { diagnostic, sortDiagnostics, type Diagnostic, type Place } from './diagnostics/diagnostic';
import { closest, didYouMean } from './diagnostics/suggest';
import { htmlPolicyOf } from './html/policy';
import { fenceLanguages } from './markdown/fences';
import { summarisePages, type SummariseOptions } from './summarise';
import { planAssets } from './stages/assets';
import { checkPageLinks } from './stages/links';
import { loadSources } from './stages/load';
import { emitSite } from './stages/emit';
import { hostingFiles } from './stages/hosting';
import { readLastUpdated } from './last-updated';
import { buildSiteRecord } from './stages/manifest';
import { MemoryOutput, type OutputSink } from './stages/output';
import { resolveNavigation } from './stages/navigation';
import type { PageContext, PageSummary } from './stages/page';
import { buildRedirects } from './stages/redirects';
import { parseSiteConfig, type ParsedSiteConfig } from './stages/site-config';
import { createSiteIndex, findPage, findRedirect, type IndexedPage, type SiteIndex } from './stages/site-index';
import type { ViewerSizes } from './viewer-output/sizes';
import { createStageTimer, type StageTimer } from './timings';

export interface BuildOptions extends SummariseOptions {
  /** `check` runs every check but renders and emits nothing. */
  mode: 'build' | 'check';
  /** A pages.json published before: each of its paths must still be a page or a redirect. */
  previousManifest?: string;
  /** Allow redirects to other sites (refused by default: a typo there sends readers away). */
  allowExternalRedirects?: boolean;
  /** Where the files go as they are made; by default memory, returned as `files`. */
  output?: OutputSink;
  /** Records how long each stage takes (DOCSBUILD_TIMINGS). */
  timer?: StageTimer;
}

export interface BuildResult {
  /** With no `output` given, the output files by path relative to the output folder, sorted; empty for `check` or when there are errors. */
  files: Map<string, string | Uint8Array>;
  /** How many files the build wrote. */
  fileCount: number;
  /** Download sizes of the viewer and the site's data, for the build's report. */
  sizes?: ViewerSizes;
  manifest?: Manifest;
  /** Sorted by file, line and column. */
  diagnostics: Diagnostic[];
  pageCount: number;
  /** Pages whose summary came from the cache. */
  pagesFromCache: number;
  /** Pages whose body was read to make output; the others' output was all reused from the previous build. */
  bodiesRead: number;
}

/** A page after the per-page stages, with what the site-wide stages index it by. */
interface ProcessedPage {
  summary: PageSummary;
  page: NonNullable<PageSummary['page']>;
  indexed: IndexedPage;
  /** Its place among the sources, to fetch its body by. */
  at: number;
}

/**
 * Runs the pipeline: content/ in, diagnostics out, and the output files to
 * `options.output` (memory by default). Per-page stages run from the cache
 * or on workers (summarise.ts); the site-wide stages then work from the
 * pages' summaries alone, and each page's body is read only while that page
 * is written (emit.ts). It never prints or exits; the CLI decides what to do
 * with the result.
 */
export async function build(config: ResolvedConfig, options: BuildOptions): Promise<BuildResult> {
  const diagnostics: Diagnostic[] = [];
  const timer = options.timer ?? createStageTimer(false);
  const sources = await loadSources(config, { previousManifest: options.previousManifest });
  diagnostics.push(...sources.diagnostics);

  const site: ParsedSiteConfig | undefined = sources.siteConfig && parseSiteConfig(sources.siteConfig);
  if (site) diagnostics.push(...site.diagnostics);
  const siteConfig = site?.config;

  const context: PageContext = {
    constants: siteConfig?.constants ?? {},
    reportConstants: siteConfig !== undefined,
    headerLevels: siteConfig?.markdown.headers ?? [2, 3],
    render: options.mode === 'build' && siteConfig !== undefined,
    codeLanguages: fenceLanguages(sources.pages.map((p) => p.text)),
    html: htmlPolicyOf(siteConfig),
  };
  timer.lap('load sources');
  const { summaries, fromCache, bodies, inputKeys } = await summarisePages(sources.pages, context, options);
  timer.lap('per-page stages');
  const pages: ProcessedPage[] = [];
  for (const [at, summary] of summaries.entries()) {
    diagnostics.push(...summary.diagnostics);
    const page = summary.page;
    if (!page) continue;
    const indexed: IndexedPage = {
      path: page.route.path,
      title: page.title || page.route.path,
      relativePath: summary.relativePath,
      file: summary.file,
      anchors: new Set(page.anchors),
    };
    pages.push({ summary, page, indexed, at });
  }

  const unique = dropDuplicatePaths(pages, diagnostics);
  const result: BuildResult = { files: new Map(), fileCount: 0, diagnostics: [], pageCount: sources.pages.length, pagesFromCache: fromCache, bodiesRead: 0 };
  if (!siteConfig || !site) {
    result.diagnostics = sortDiagnostics(diagnostics);
    return result;
  }

  const pageMap = new Map(unique.map((p) => [p.indexed.path, p.indexed]));
  const redirectTable = buildRedirects(siteConfig.redirects, pageMap, (from) => site.locate(['redirects'], from), {
    allowExternal: options.allowExternalRedirects,
  });
  diagnostics.push(...redirectTable.diagnostics);
  const assets = planAssets(sources.assets);
  const index = createSiteIndex(
    siteConfig.base,
    unique.map((p) => p.indexed),
    new Map(redirectTable.redirects.map((r) => [r.from, r.to])),
    assets.bySitePath,
  );
  const navigation = resolveNavigation(siteConfig, index, (path) => site.locate(path));
  diagnostics.push(...navigation.diagnostics);
  for (const page of unique) {
    diagnostics.push(...checkPageLinks(page.indexed, page.page.links, index));
    diagnostics.push(...checkFrontmatterLinks(page, index));
  }
  if (sources.previousPaths) diagnostics.push(...checkPreviousPaths(sources.previousPaths, index, site.locate(['redirects'])));
  const used = new Set(pages.flatMap((p) => p.page.constantsUsed));
  for (const name of Object.keys(siteConfig.constants)) {
    if (!used.has(name)) {
      diagnostics.push(diagnostic('constant/unused', site.locate(['constants'], name), `Constant "${name}" is never used in a page.`));
    }
  }

  result.diagnostics = sortDiagnostics(diagnostics);
  timer.lap('site-wide checks');
  if (options.mode === 'check' || result.diagnostics.some((d) => d.severity === 'error')) return result;

  const output = options.output ?? new MemoryOutput();
  const unwritten = unique.find((p) => p.page.rendered === undefined);
  if (unwritten) throw new Error(`${unwritten.indexed.relativePath} was not rendered.`);
  const bodyOf = async ({ at, indexed }: ProcessedPage) => {
    result.bodiesRead++;
    const body = await bodies.take(at);
    if (!body) throw new Error(`${indexed.relativePath} has no rendered body.`);
    return body;
  };
  // PAGE FOOTER: "Last updated" of every page from one `git log` over the content folder (only when site.yaml asks for it).
  const lastUpdated = siteConfig.lastUpdated === false ? undefined : await readLastUpdated(config.contentDir);
  // VIEWER, SEARCH: the bundle, chunks, static HTML per route and the search index are written page by page here.
  const { manifest, sizes, copies } = await emitSite({
    site: buildSiteRecord(siteConfig, navigation),
    pages: unique.map((p) => ({ page: p.page, indexed: p.indexed, inputKey: inputKeys[p.at], body: () => bodyOf(p) })),
    order: navigation.order,
    index,
    redirects: redirectTable.redirects,
    assets,
    analytics: siteConfig.analytics !== undefined,
    docsearchApiKey: process.env.DOCSBUILD_DOCSEARCH_API_KEY,
    lastUpdated,
    output,
    timer,
  });
  // HOSTING: static-host outputs (redirect stubs, _redirects, sitemap, …) are added here; the pages' .md copies were written with the pages.
  for (const [name, content] of hostingFiles({ manifest, redirects: redirectTable.redirects, taken: output.names(), copies })) {
    await output.put(name, content);
  }
  timer.lap('hosting files');
  // By name: pages are written a few at once, so the order they finish in varies from run to run.
  if (output instanceof MemoryOutput) result.files = new Map([...output.files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  result.fileCount = output.names().length;
  result.sizes = sizes;
  result.manifest = manifest;
  return result;
}

/** Keeps the first page of each path (by file name) and reports the others. */
function dropDuplicatePaths(pages: ProcessedPage[], diagnostics: Diagnostic[]): ProcessedPage[] {
  const byPath = new Map<string, ProcessedPage>();
  for (const page of pages) {
    const first = byPath.get(page.indexed.path);
    if (!first) {
      byPath.set(page.indexed.path, page);
      continue;
    }
    diagnostics.push(
      diagnostic(
        'page/duplicate-path',
        permalinkPlace(page),
        `${page.indexed.relativePath} and ${first.indexed.relativePath} both claim the path ${page.indexed.path}.`,
      ),
    );
  }
  return [...byPath.values()];
}

/** `prev`/`next` in frontmatter are links too: check them at their key's line. */
function checkFrontmatterLinks({ page, indexed }: ProcessedPage, index: SiteIndex): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const key of ['prev', 'next'] as const) {
    const target = page.frontmatter[key];
    if (typeof target !== 'string' || findPage(index, target)) continue;
    found.push(
      diagnostic(
        'link/dead',
        { file: indexed.file, ...page.keyPositions[key] },
        `Frontmatter "${key}: ${target}" points to no page.`,
        didYouMean(target, index.pages.keys(), 'Use an existing page path, or false to hide the link.'),
      ),
    );
  }
  return found;
}

/** Every path published before must still lead somewhere: a page, or a redirect. */
function checkPreviousPaths(previous: { file: string; paths: string[] }, index: SiteIndex, at: Place): Diagnostic[] {
  return previous.paths
    .filter((p) => !findPage(index, p) && !findRedirect(index.redirects, p))
    .sort()
    .map((p) => {
      const near = closest(p, index.pages.keys());
      return diagnostic(
        'url/removed',
        at,
        `"${p}" was published (in ${previous.file}) but is now no page and no redirect: links to it will break.`,
        near ? `Add a redirect under "redirects:", such as ${p}: ${near}` : 'Add a redirect for it under "redirects:", or restore the page.',
      );
    });
}

/** The permalink key when the page has one (it is what claims the path), else the file's start. */
function permalinkPlace({ page, indexed }: ProcessedPage) {
  return { file: indexed.file, ...page.keyPositions.permalink };
}
