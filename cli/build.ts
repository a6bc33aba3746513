import { MANIFEST_VERSION, type Manifest, type PageRecord } from '../schema/manifest';
import type { ResolvedConfig } from './config';
import { diagnostic, sortDiagnostics, type Diagnostic, type Place } from './diagnostics/diagnostic';
import { stableStringify } from './json';
import type { ConstantScope } from './markdown/constants';
import { createCodeHighlighter, knownLanguageNames } from './markdown/highlight';
import { parseFrontmatter } from './stages/frontmatter';
import { checkPageLinks } from './stages/links';
import { loadSources } from './stages/load';
import {
  ANALYTICS_INIT,
  ANALYTICS_INIT_FILE,
  buildManifest,
  buildSiteRecord,
  chunkFile,
  manifestJsonSchema,
} from './stages/manifest';
import { codeLanguages, createMarkdownParser, parseMarkdown, type PageTree } from './stages/markdown';
import { resolveNavigation } from './stages/navigation';
import { extractOutline, type PageOutline } from './stages/outline';
import { buildRedirects } from './stages/redirects';
import { renderPage } from './stages/render';
import { routeOf, type PageRoute } from './stages/routes';
import { parseSiteConfig, type ParsedSiteConfig } from './stages/site-config';
import { createSiteIndex, findPage, findRedirect, type IndexedPage, type SiteIndex } from './stages/site-index';
import { planAssets } from './stages/assets';
import { closest, didYouMean } from './diagnostics/suggest';
import { validateFrontmatter } from './stages/validate';
import { emitViewer } from './viewer-output/emit';
import { positionOf } from './yaml';

export interface BuildOptions {
  /** `check` runs every check but renders and emits nothing. */
  mode: 'build' | 'check';
  /** A pages.json published before: each of its paths must still be a page or a redirect. */
  previousManifest?: string;
  /** Allow redirects to other sites (refused by default: a typo there sends readers away). */
  allowExternalRedirects?: boolean;
}

export interface BuildResult {
  /** Output files by path relative to the output folder; empty for `check` or when there are errors. */
  files: Map<string, string | Uint8Array>;
  manifest?: Manifest;
  /** Sorted by file, line and column. */
  diagnostics: Diagnostic[];
  pageCount: number;
}

/** A page that made it through the per-page stages. */
interface ProcessedPage {
  tree: PageTree;
  outline: PageOutline;
  route: PageRoute;
  indexed: IndexedPage;
}

/**
 * Runs the pipeline in memory: content/ in, output files and diagnostics out.
 * It never writes, prints or exits; the CLI decides what to do with the result.
 */
export async function build(config: ResolvedConfig, options: BuildOptions): Promise<BuildResult> {
  const diagnostics: Diagnostic[] = [];
  const sources = await loadSources(config, { previousManifest: options.previousManifest });
  diagnostics.push(...sources.diagnostics);

  const site: ParsedSiteConfig | undefined = sources.siteConfig && parseSiteConfig(sources.siteConfig);
  if (site) diagnostics.push(...site.diagnostics);
  const siteConfig = site?.config;

  const constants: ConstantScope = { values: siteConfig?.constants ?? {}, used: new Set(), report: siteConfig !== undefined };
  const markdown = { parse: createMarkdownParser(), constants, languages: await knownLanguageNames() };
  const headerLevels = siteConfig?.markdown.headers ?? [2, 3];

  const pages: ProcessedPage[] = [];
  for (const source of sources.pages) {
    const parsed = parseFrontmatter(source);
    diagnostics.push(...parsed.diagnostics);
    if (!parsed.page) continue;
    const valid = validateFrontmatter(parsed.page);
    diagnostics.push(...valid.diagnostics);
    const tree = parseMarkdown(valid.page, markdown);
    diagnostics.push(...tree.diagnostics);
    const outline = extractOutline(tree, { headerLevels });
    const route = routeOf(source.relativePath, valid.page.frontmatter.permalink);
    const title = tree.title ?? outline.firstHeading;
    if (title === undefined || title === '') {
      diagnostics.push(diagnostic('page/no-title', { file: source.file, line: parsed.page.bodyLineOffset + 1 }, `${source.relativePath} has no title.`));
    }
    const indexed: IndexedPage = {
      path: route.path,
      title: title || route.path,
      relativePath: source.relativePath,
      file: source.file,
      anchors: outline.anchors,
    };
    pages.push({ tree, outline, route, indexed });
  }

  const unique = dropDuplicatePaths(pages, diagnostics);
  const result: BuildResult = { files: new Map(), diagnostics: [], pageCount: sources.pages.length };
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
    diagnostics.push(...checkPageLinks(page.indexed, page.outline.links, index));
    diagnostics.push(...checkFrontmatterLinks(page, index));
  }
  if (sources.previousPaths) diagnostics.push(...checkPreviousPaths(sources.previousPaths, index, site.locate(['redirects'])));
  for (const name of Object.keys(siteConfig.constants)) {
    if (!constants.used.has(name)) {
      diagnostics.push(diagnostic('constant/unused', site.locate(['constants'], name), `Constant "${name}" is never used in a page.`));
    }
  }

  result.diagnostics = sortDiagnostics(diagnostics);
  if (options.mode === 'check' || result.diagnostics.some((d) => d.severity === 'error')) return result;

  const languages = new Set<string>();
  for (const page of unique) for (const lang of codeLanguages(page.tree.tree)) languages.add(lang);
  const highlighter = await createCodeHighlighter(languages);
  const files = result.files;
  const records: PageRecord[] = [];
  for (const page of unique) {
    const html = renderPage(page.tree, page.outline, page.indexed, { highlighter, index });
    const { prev, next } = neighbours(page, navigation.order, index);
    const chunk = chunkFile({
      version: MANIFEST_VERSION,
      key: page.route.key,
      path: page.route.path,
      title: page.indexed.title,
      description: page.tree.description ?? '',
      headers: page.outline.headers,
      html,
      prev,
      next,
    });
    files.set(chunk.name, chunk.content);
    records.push({
      title: page.indexed.title,
      description: page.tree.description ?? '',
      frontmatter: page.tree.page.frontmatter,
      regularPath: page.route.regularPath,
      relativePath: page.indexed.relativePath,
      key: page.route.key,
      path: page.route.path,
      headers: page.outline.headers,
      chunk: chunk.name,
    });
  }
  const manifest = buildManifest(buildSiteRecord(siteConfig, navigation), records);
  files.set('pages.json', `${stableStringify(manifest)}\n`);
  files.set('redirects.json', `${stableStringify({ version: MANIFEST_VERSION, redirects: redirectTable.redirects })}\n`);
  files.set('pages.schema.json', manifestJsonSchema());
  if (siteConfig.analytics) files.set(ANALYTICS_INIT_FILE, ANALYTICS_INIT);
  for (const [name, bytes] of assets.files) files.set(name, bytes);
  // VIEWER: the viewer bundle and the static HTML per route are added to `files` here.
  for (const [name, content] of await emitViewer({ manifest, files })) files.set(name, content);
  // SEARCH: the search index files are added to `files` here.
  // HOSTING: static-host outputs (redirect stubs, _redirects, sitemap, …) are added to `files` here.
  result.manifest = manifest;
  return result;
}

/** Keeps the first page of each path (by file name) and reports the others. */
function dropDuplicatePaths(pages: ProcessedPage[], diagnostics: Diagnostic[]): ProcessedPage[] {
  const byPath = new Map<string, ProcessedPage>();
  for (const page of pages) {
    const first = byPath.get(page.route.path);
    if (!first) {
      byPath.set(page.route.path, page);
      continue;
    }
    diagnostics.push(
      diagnostic(
        'page/duplicate-path',
        permalinkPlace(page),
        `${page.indexed.relativePath} and ${first.indexed.relativePath} both claim the path ${page.route.path}.`,
      ),
    );
  }
  return [...byPath.values()];
}

/** `prev`/`next` in frontmatter are links too: check them at their key's line. */
function checkFrontmatterLinks(page: ProcessedPage, index: SiteIndex): Diagnostic[] {
  const { frontmatter, yaml, source } = page.tree.page;
  const found: Diagnostic[] = [];
  for (const key of ['prev', 'next'] as const) {
    const target = frontmatter[key];
    if (typeof target !== 'string' || findPage(index, target)) continue;
    const at = yaml ? { file: source.file, ...positionOf(yaml, [key]) } : { file: source.file };
    found.push(
      diagnostic(
        'link/dead',
        at,
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
function permalinkPlace(page: ProcessedPage) {
  const { yaml, source } = page.tree.page;
  if (!yaml || page.tree.page.frontmatter.permalink === undefined) return { file: source.file };
  return { file: source.file, ...positionOf(yaml, ['permalink']) };
}

/** Prev/next from frontmatter, else from the sidebar's reading order. */
function neighbours(page: ProcessedPage, order: readonly string[], index: SiteIndex) {
  const at = order.indexOf(page.route.path);
  const pick = (override: string | false | undefined, fallback: string | undefined) => {
    if (override === false) return undefined;
    const target = override !== undefined ? findPage(index, override) : fallback ? index.pages.get(fallback) : undefined;
    return target && { path: target.path, title: target.title };
  };
  const fm = page.tree.page.frontmatter;
  return {
    prev: pick(fm.prev, at > 0 ? order[at - 1] : undefined),
    next: pick(fm.next, at >= 0 && at < order.length - 1 ? order[at + 1] : undefined),
  };
}

