import path from 'node:path';
import type { Manifest } from '../schema/manifest';
import type { Rules } from '../schema/site-config';
import type { ResolvedConfig } from './config';
import { matchBaseline, type BaselineReport } from './diagnostics/baseline';
import { hasErrors, sortDiagnostics, type Diagnostic } from './diagnostics/diagnostic';
import { applyRules } from './diagnostics/severity-rules';
import { applySuppressions } from './diagnostics/suppressions';
import { FEATURES } from './features';
import { ANALYTICS_INIT_FILE } from './features/analytics';
import { documentsAsideFor } from './features/viewer/documents-aside';
import { PAGE_PARTS } from './features/parts';
import type { EmitContext, EmitPage, FeatureRun, Published } from './features/types';
import { htmlPolicyOf } from './html/policy';
import { planAssets } from './output/assets';
import { checkOutputClaims } from './output/claims';
import { FeatureStates } from './output/feature-states';
import { OutputFolder } from './output/folder';
import { outputRecordFile } from './output/record';
import { MemoryOutput, type OutputSink } from './output/sink';
import { UpToDate } from './output/up-to-date';
import { sizesOf, type ViewerSizes } from './output/sizes';
import { earlyPool, type EarlyPool } from './page/early-worker';
import { readSummaries } from './page/cache';
import { createPagePipeline, type PagePipeline } from './page/page-pipeline';
import type { PageMemory } from './page/page-memory';
import { summarisePages } from './page/summarise';
import { isTooComplex } from './page/too-complex';
import type { PageContext } from './page/types';
import { checkSite } from './site/checks';
import type { PageCheckMemory } from './site/checks/page-check-memory';
import { dropDuplicatePaths } from './site/checks/duplicate-paths';
import { buildSiteModel } from './site/model';
import { sitePagesOf, type SitePage } from './site/pages';
import { loadStoredChecks, saveStoredChecks } from './site/checks/stored-checks';
import { parseSiteConfig } from './site/site-config';
import { parseStoredSiteConfig } from './site/stored-site-config';
import { parseVuepressSiteConfig, VUEPRESS_DEFAULT_TITLE } from './site/vuepress-site';
import { loadSources, readPageText, type ListedTree, type LoadedSources, type SourceFile } from './source/load';
import { placeIncludedProblems } from './diagnostics/included-text';
import { contentFolderOf, importRootOf, readImports } from './source/imports';
import { BODIES_WORTH_COLLECTING, createHeapKeeper, STAGE_HEADROOM, type HeapKeeper } from './support/memory';
import { esbuildVersion } from './support/esbuild';
import { createStageTimer, type StageTimer } from './support/timings';
import { append } from './support/append';
import { textHash } from './support/hash';
import { readLastUpdated } from './source/last-updated';
import { homeTaglinesOf } from './markdown/home';
import { StoredSources } from './source/stored-sources';
import { factsOf, siteLanguages } from './source/text-facts';
import { readFromDisk } from './source/stored-text';

export interface BuildOptions {
  /** `check` runs every check but renders and writes nothing. */
  mode: 'build' | 'check';
  /** Where the files go as they are made; by default memory, returned as `files`. */
  output?: OutputSink;
  /** Records how long each stage takes (DOCSBUILD_TIMINGS). */
  timer?: StageTimer;
  /** A page pipeline kept across builds (the dev server's: one warm highlighter for its life); without, one is made and disposed for this build. */
  pipeline?: PagePipeline;
  /** Page results kept across builds of one process (the dev server's): an unchanged page is neither processed nor read from the cache. */
  memory?: PageMemory;
  /** Stops a build a newer change has made stale (the dev server's): it rejects with the signal's reason between stages and batches of pages. */
  signal?: AbortSignal;
  /**
   * Full collections while pages are written, whenever the garbage has grown by a set amount (support/memory.ts); on by default.
   * The dev server turns them off once it holds a built site: each one then marks all it holds (2-3 s at 10,000 pages, load 13)
   * for the little garbage a build by difference leaves, and V8's own marking runs beside the thread.
   */
  collectWhileWriting?: boolean;
  /**
   * The link checks of the last builds (the dev server's): only the pages an edit can affect are checked again (site/checks/page-check-memory.ts).
   * Without, a build with a page cache and no `memory` (the CLI's) keeps them in the cache (site/checks/stored-checks.ts).
   */
  checks?: PageCheckMemory;
  /**
   * False: no download sizes in the result (the dev server shows none), and
   * page files are not compressed to measure them: a site.yaml change makes
   * every page's HTML again, and gzip was an eighth of that at 2,000 pages.
   */
  sizes?: boolean;
  /** The content tree as listed and stamped just before (the CLI's up-to-date check): loaded from it, not walked and stated again. */
  listed?: ListedTree;
  /** The CLI's early page worker, started already (buildIntoFolder, once it knows pages will be processed); taken over by the build, which stops it. */
  early?: EarlyPool;
  /** Given, at the end of a build that wrote the site, what an edit of one page needs of it (the dev server's quick path, serve/quick-edit.ts). */
  keep?: (site: BuiltSite) => void;
}

/** A written site as the dev server keeps it between builds: the pages' context, the site model and what the features published. */
export interface BuiltSite {
  context: PageContext;
  /** The page sources (with what they import), in the order EmitPage.at counts. */
  sources: readonly SourceFile[];
  /** Pages other pages include, and every imported file (absolute): an edit of one is no single page's. */
  partials: ReadonlySet<string>;
  importedFiles: readonly string[];
  emit: EmitContext;
}

export interface BuildResult {
  /** With no `output` given, the output files by path relative to the output folder, sorted; empty for `check` or when there are errors. */
  files: Map<string, string | Uint8Array>;
  /** How many files the build wrote. */
  fileCount: number;
  /** Download sizes of the viewer and the site's data, for the build's report. */
  sizes?: ViewerSizes;
  manifest?: Manifest;
  /** Sorted by file, line and column; with a baseline, each marked `baselined`. */
  diagnostics: Diagnostic[];
  /** With a baseline: how many problems it knew, in how many files, and its entries that no problem matched any more. */
  baseline?: BaselineReport;
  pageCount: number;
  /** Pages whose summary came from the cache. */
  pagesFromCache: number;
  /** Pages whose body was read to make output; the others' output was all reused from the previous build. */
  bodiesRead: number;
  /** Code blocks of the pages processed that were written as the last build wrote them, without highlighting (page/stored-code-blocks.ts). */
  codeBlocksReused?: number;
  /** Pages whose links were checked; with a memory of the last build's checks, the others' problems were kept. */
  pagesChecked?: number;
  /** Every file pages include or import snippets from, absolute: `dev` watches those outside the content folder too. */
  importedFiles: string[];
  /**
   * After a build that wrote output: what it read besides the content tree
   * (files, absolute; whether it asked git for "last updated" times), for
   * the CLI's up-to-date record. Undefined when that cannot be known: a
   * VuePress tree's config file runs code, which may read anything.
   */
  inputs?: { files: string[]; git: boolean; texts?: Readonly<Record<string, string>> };
}

/** Pages written at once: their file operations overlap, and only a few pages' output is in memory at a time. */
const PAGES_AT_ONCE = 16;

/**
 * The pipeline, step by step: load → per-page stages (page/, from the cache
 * or on workers) → the site model and its checks (site/) → the output
 * features (features/), page by page and then site-wide, into the output
 * sink (output/). Each page's body is read only while that page is written.
 * It never prints or exits; the CLI decides what to do with the result.
 */
export async function build(config: ResolvedConfig, options: BuildOptions): Promise<BuildResult> {
  // What the build leaves outside memory until it is over (bodies waiting in a temporary file), removed however it ends.
  const cleanups: (() => Promise<void>)[] = [];
  const pipeline = options.pipeline ?? createPagePipeline(PAGE_PARTS);
  // Started when pages are written (what is live then is its baseline), settled once the build's own state is garbage.
  let heap: HeapKeeper | undefined;
  const keepHeap = (bodiesRead: () => number) =>
    (heap = options.collectWhileWriting === false ? { maybeCollect: () => {}, settle: () => {} } : createHeapKeeper(undefined, undefined, () => bodiesRead() >= BODIES_WORTH_COLLECTING));
  try {
    return await buildWith(config, options, pipeline, cleanups, keepHeap);
  } finally {
    await Promise.all(cleanups.map((cleanup) => cleanup()));
    if (!options.pipeline) pipeline.dispose();
    heap?.settle();
  }
}

async function buildWith(
  config: ResolvedConfig,
  options: BuildOptions,
  pipeline: PagePipeline,
  cleanups: (() => Promise<void>)[],
  keepHeap: (bodiesRead: () => number) => HeapKeeper,
): Promise<BuildResult> {
  const diagnostics: Diagnostic[] = [];
  const timer = options.timer ?? createStageTimer(false);
  const { signal } = options;
  const cache = config.pages.cache;
  // The CLI's link checks by difference: the last build's, from the cache, read while the pages are.
  const storedChecks = !options.checks && cache && !options.memory ? loadStoredChecks(cache.dir, cache.toolVersion) : undefined;
  // The CLI's page summaries, likewise: unpacked while the sources load waits for the disk.
  const storedSummaries = cache && !options.memory ? readSummaries(cache) : undefined;
  // The CLI's page worker, started now (a build's with the last build's code languages): it gets ready while the sources load (page/early-worker.ts).
  const early = options.early ?? (cache && !options.memory && config.pages.parallel ? await earlyPool(cache.dir, cache.toolVersion, config.pages.parallel, options.mode) : undefined);
  if (early) cleanups.push(() => early.done());
  const sources = options.memory ? await loadSources(config, options.memory.files, options.memory.assetHashes) : await loadWithStoredSources(config, options.listed);
  signal?.throwIfAborted();
  append(diagnostics, sources.diagnostics);
  const siteSource = sources.siteConfig;
  // Kept by the load when site.yaml is as the last build read it: its text need not be decoded to know it.
  const siteTextHash = siteSource && sources.textHashes?.get(siteSource.relativePath)?.hash;
  const site = siteSource
    ? (options.memory?.once('site config', `${siteSource.file}\0${siteSource.text}`, () => parseSiteConfig(siteSource)) ??
      (cache ? await parseStoredSiteConfig(siteSource, cache.dir, cache.toolVersion, siteTextHash) : parseSiteConfig(siteSource)))
    : sources.vuepress && parseVuepressSiteConfig(sources.vuepress, VUEPRESS_DEFAULT_TITLE);
  if (site) append(diagnostics, site.diagnostics);
  const siteConfig = site?.config;
  const importRoot = siteConfig && importRootOf(siteConfig.markdown.importRoot, config);
  const imports = await readImports(sources.pages, config, importRoot);
  const context: PageContext = {
    constants: siteConfig?.constants ?? {},
    reportConstants: siteConfig !== undefined,
    headerLevels: siteConfig?.markdown.headers ?? [2, 3],
    render: options.mode === 'build' && siteConfig !== undefined,
    codeLanguages: siteLanguages(sources.pages),
    html: htmlPolicyOf(siteConfig),
    markdown: siteConfig && {
      lineNumbers: siteConfig.markdown.lineNumbers,
      containers: siteConfig.markdown.containers,
      importRoot: importRoot ?? '',
      contentFolder: contentFolderOf(config),
    },
    vuepress: sources.vuepress !== undefined,
    slugify: siteConfig?.markdown.slugify ?? (sources.vuepress ? 'vuepress' : 'github'),
    anchorAliases: siteConfig?.markdown.anchorAliases ?? false,
    // Only a home page shows it: without one, a new site title leaves every page's cache key as it was.
    siteTitle: sources.pages.some((p) => factsOf(p).home) ? siteConfig?.title : undefined,
    homeTaglines: sources.pages.some((p) => factsOf(p).home) && siteConfig ? homeTaglinesOf(siteConfig) : undefined,
  };
  timer.lap('load sources');

  const summarising = summarisePages(imports.pages, context, {
    ...config.pages,
    cache: config.pages.cache && { ...config.pages.cache, textHashes: sources.textHashes, previousTextHashes: sources.previousTextHashes, summaries: storedSummaries },
    parallel: early?.pool ?? config.pages.parallel,
    parts: PAGE_PARTS,
    pipeline,
    memory: options.memory,
    reread: (source) => readPageText(config.contentDir, source.relativePath),
    // With the worker started early: the pages read from disk go to it while the others are looked up in the cache.
    likelyMissing: early && readFromDisk(sources.pages),
  });
  // With the pages on the early worker, this thread mostly waits: the output looks at what the last build left meanwhile (OutputSink.prepare).
  if (early) {
    await new Promise((resolve) => setImmediate(resolve));
    options.output?.prepare?.();
  }
  const { summaries, fromCache, bodies, inputKeys, reusedBlocks } = await summarising;
  cleanups.push(() => bodies.release());
  await early?.done(context.codeLanguages);
  for (const summary of summaries) append(diagnostics, summary.diagnostics);
  timer.lap('per-page stages');
  signal?.throwIfAborted();

  const result: BuildResult = {
    files: new Map(),
    fileCount: 0,
    diagnostics: [],
    pageCount: sources.pages.length,
    pagesFromCache: fromCache,
    bodiesRead: 0,
    ...(reusedBlocks > 0 ? { codeBlocksReused: reusedBlocks } : {}),
    importedFiles: imports.files,
  };
  const allPages = sitePagesOf(summaries);
  const suppressions = allPages.flatMap((p) => p.page.suppressions);
  if (!site || !siteConfig) {
    // No site config: the pages' own problems, and duplicate paths, are all that can be checked.
    append(diagnostics, dropDuplicatePaths(allPages).diagnostics);
    Object.assign(result, settle(placeIncludedProblems(withoutPartialProblems(diagnostics, imports.partials), imports.includeLines), config, suppressions, {}));
    return result;
  }
  // What the output features stored last time, read while the site is checked (a CLI build's, with a cache).
  const stored = options.mode === 'build' && cache && !options.memory ? new FeatureStates(cache.dir, cache.toolVersion) : undefined;
  if (stored) cleanups.push(() => stored.abandon());
  stored?.readEarly(FEATURES.flatMap((feature) => feature.readsEarly ?? []));
  const assets = planAssets(sources.assets);
  const { model, diagnostics: modelDiagnostics } = buildSiteModel({
    site: { ...site, config: siteConfig },
    pages: allPages,
    assets: assets.bySitePath,
    contentFolders: config.contentDir.split(path.sep).filter((name) => name !== ''),
    // Without a site.yaml, a VuePress tree's redirects are its html-redirect plugin's file, which made a page for a redirect to another site as for any other.
    allowExternalRedirects: config.allowExternalRedirects || (!siteSource && sources.vuepress !== undefined),
    analyticsScript: ANALYTICS_INIT_FILE,
    docsearchApiKey: config.docsearchApiKey,
  });
  append(diagnostics, modelDiagnostics);
  const checks = options.checks ?? (await storedChecks);
  // Kept between processes, the memory knows site.yaml by a hash of its text and every setting, and each page by its cache key (a VuePress
  // config is code: checked whole). A page stopped for its budget has none: its summary is not all its key makes, and may differ next time.
  const identityOf = (page: SitePage) => (isTooComplex({ summary: page.summary }) ? undefined : inputKeys[page.at]);
  const remembered = storedChecks && siteSource && { site: textHash(`${settingsOf(config)}\0${siteTextHash ?? textHash(siteSource.text)}`), identityOf };
  append(diagnostics, checkSite({ model, site, allPages, previous: config.previous, memory: checks, remembered: remembered || undefined }));
  if (storedChecks && cache) cleanups.push(() => saveStoredChecks(cache.dir, cache.toolVersion, checks!));
  result.pagesChecked = checks ? checks.lastChecked : model.pages.length;
  // Redirects from site.yaml that are written (the table adds index.html twins of its own).
  const configured = model.redirects.filter((r) => Object.hasOwn(siteConfig.redirects, r.from));
  append(
    diagnostics,
    checkOutputClaims({
      pages: model.pages,
      redirects: configured.map(({ from }) => ({ from, at: site.locate(['redirects'], from) })),
      assets,
      outDir: config.outDir,
    }),
  );
  Object.assign(result, settle(placeIncludedProblems(withoutPartialProblems(diagnostics, imports.partials), imports.includeLines), config, suppressions, siteConfig.rules));
  timer.lap('site-wide checks');
  signal?.throwIfAborted();
  // Only new errors stop the build: with nothing but warnings and baselined problems the site is written.
  if (options.mode === 'check' || hasErrors(result.diagnostics)) return result;

  const output = options.output ?? new MemoryOutput();
  const unrendered = model.pages.find((p) => p.page.rendered === undefined);
  if (unrendered) throw new Error(`${unrendered.indexed.relativePath} was not rendered.`);
  // Pages are written in path order (the order the search index takes them).
  // A page's body is shared by its features while it is written, then let go: held to the end, the bodies of
  // 10,000 pages were the largest thing a build kept (about 28 KB each: HTML, the `.md` copy, search text).
  const releaseBody: (() => void)[] = [];
  const pages: EmitPage[] = [...model.pages]
    .sort((a, b) => compare(a.page.route.path, b.page.route.path))
    .map((page, order) => {
      let body: ReturnType<EmitPage['body']> | undefined;
      releaseBody[order] = () => (body = undefined);
      return {
        ...page,
        order,
        inputKey: inputKeys[page.at],
        body: () =>
          (body ??= (async () => {
            result.bodiesRead++;
            const taken = await bodies.take(page.at);
            if (!taken) throw new Error(`${page.indexed.relativePath} has no rendered body.`);
            return taken;
          })()),
      };
    });
  const published: Published = { chunks: new Map(), copies: new Map(), records: new Map(), htmlGzip: new Map() };
  // Page footer: "Last updated" of every page from one `git log` over the content folder (only when site.yaml asks for it).
  const lastUpdated = siteConfig.lastUpdated === false ? undefined : await readLastUpdated(config.contentDir);
  const documentsAside = documentsAsideFor(config.pages.parallel?.workerScript);
  if (documentsAside) cleanups.push(() => documentsAside.close());
  const emit: EmitContext = { model, pages, assets, output, published, timer, lastUpdated, kept: options.memory?.features, stored, sizes: options.sizes, documentsAside };
  const runs: (FeatureRun | undefined)[] = [];
  for (const feature of FEATURES) runs.push(await feature.start(emit));
  stored?.dropEarly();
  timer.lap('viewer bundle and site-wide inputs');

  const heap = keepHeap(() => result.bodiesRead);
  for (let from = 0; from < pages.length; from += PAGES_AT_ONCE) {
    await Promise.all(pages.slice(from, from + PAGES_AT_ONCE).map(async (page) => {
      for (const run of runs) await run?.page?.(page);
      releaseBody[page.order]!();
    }));
    heap.maybeCollect();
    // A stale build gives way to the edit that made it stale (the dev server runs both in this thread).
    if (signal) await yieldTo(signal);
  }
  timer.lap('chunks and page HTML');
  // The last pages' garbage is collected before the site-wide files are made on top of it.
  heap.maybeCollect(STAGE_HEADROOM);
  for (let at = 0; at < runs.length; at++) {
    await runs[at]?.finish?.();
    // Let go of what the feature kept for its site-wide files (the search index's postings: tens of MiB at 10,000 pages)
    // before the features after it make theirs.
    runs[at] = undefined;
    heap.maybeCollect(STAGE_HEADROOM);
    if (signal) await yieldTo(signal);
  }
  timer.lap('site-wide files');

  // By name: pages are written a few at once, so the order they finish in varies from run to run.
  if (output instanceof MemoryOutput) result.files = new Map([...output.files].sort(([a], [b]) => compare(a, b)));
  result.fileCount = output.names().length;
  result.manifest = published.manifest;
  if (!sources.vuepress) result.inputs = { files: [...imports.files, ...(published.viewerInputs ?? [])], git: lastUpdated !== undefined, texts: sources.unsettledTexts };
  result.sizes = options.sizes === false ? undefined : sizesOf({
    firstLoad: published.firstLoad ?? { js: [], css: [] },
    pages: model.pages.flatMap((p) => {
      const path = p.page.route.path;
      // A page at /404.html has no HTML of its own (the shell is there): it is no first visit.
      if (!published.htmlGzip.has(path)) return [];
      const route = published.routeData?.byPage.get(path);
      return [{ html: published.htmlGzip.get(path)!, chunk: published.chunks.get(path)?.gzip ?? 0, shard: route?.shard ?? 0, sidebar: route?.sidebar ?? 0 }];
    }),
    routesRoot: published.routeData?.root ?? 0,
    searchIndex: published.searchIndex && (({ name: _name, ...sizes }) => sizes)(published.searchIndex),
  });
  options.keep?.({ context, sources: imports.pages, partials: imports.partials, importedFiles: imports.files, emit });
  return result;
}

/** A build into the output folder, as the CLI runs it: reported, then committed or aborted. */
export interface FolderBuild {
  result: BuildResult;
  /** Nothing the build reads changed and the output is as the last good build left it: `result` is that build's, and nothing is written. */
  upToDate: boolean;
  output: OutputFolder;
  /** Puts the new output in place (nothing to do when up to date) and records what it was made from for the next build. */
  commit(): Promise<void>;
  /** Leaves the output folder as it was. */
  abort(): Promise<void>;
}

export interface FolderBuildOptions extends Pick<BuildOptions, 'timer'> {
  /** For tests: when the inputs count as stamped (a file changed within two seconds before it is not trusted); now by default. */
  stampedAt?: bigint;
}

/** What a build reports, kept in the up-to-date record (output/up-to-date.ts) and replayed by a build that finds nothing changed. */
type RecordedResult = Pick<BuildResult, 'diagnostics' | 'baseline' | 'pageCount' | 'fileCount' | 'sizes'>;

/**
 * The CLI's build: locks the output folder, and when every input (settings,
 * the content tree, the files pages import, the viewer's sources, git's
 * history when the site shows "last updated") and the output folder are as
 * the last good build's record says, returns that build's result without
 * reading or writing anything. Otherwise the record is dropped first, the
 * site built, and a new record saved once the output is committed. Without
 * a page cache (its folder holds the record) it always builds.
 */
export async function buildIntoFolder(config: ResolvedConfig, options: FolderBuildOptions = {}): Promise<FolderBuild> {
  const cache = config.pages.cache;
  // Stamped before anything is read: a file changed while the build reads it then differs from its stamp next time.
  const { timings: _timings, ...settings } = config;
  const record = cache && (await UpToDate.take<RecordedResult>({ cacheDir: cache.dir, outDir: config.outDir, contentDir: config.contentDir }, { settings, esbuildVersion }, cache.toolVersion, options.stampedAt));
  // Pages will be processed: the page worker starts loading its modules and highlighter now, beside the output folder's opening
  // (after an edit at 10,000 pages it was ready last, 0.4 s after the sources had loaded). Not before the check: an up-to-date build would share its cores with it.
  let early = cache && config.pages.parallel && (await record?.mustBuild()) ? await earlyPool(cache.dir, cache.toolVersion, config.pages.parallel) : undefined;
  let output: OutputFolder;
  try {
    output = await OutputFolder.open(config.outDir, { record: cache && { file: outputRecordFile(cache.dir, config.outDir), toolVersion: cache.toolVersion } });
  } catch (error) {
    await early?.done();
    throw error;
  }
  try {
    const recorded = await record?.result(config.outDir, output.previousRecord);
    if (recorded) {
      await output.abort();
      options.timer?.lap('up to date');
      const result: BuildResult = { ...recorded, files: new Map(), pagesFromCache: 0, bodiesRead: 0, importedFiles: [] };
      return { result, upToDate: true, output, commit: async () => {}, abort: async () => {} };
    }
    await record?.forget();
    const taken = early;
    early = undefined;
    const result = await build(config, { mode: 'build', output, timer: options.timer, listed: record?.contentTree(), early: taken });
    const commit = async () => {
      await output.commit();
      const { diagnostics, baseline, pageCount, fileCount, sizes } = result;
      if (record && result.inputs) await record.save(result.inputs, config.outDir, output.names(), { diagnostics, baseline, pageCount, fileCount, sizes });
    };
    return { result, upToDate: false, output, commit, abort: () => output.abort() };
  } catch (error) {
    await output.abort();
    throw error;
  } finally {
    // Not taken by a build (the output was up to date after all, or the build never began).
    await early?.done();
  }
}

/**
 * A build without process memory (the CLI's): with a page cache, the pages
 * and site config the last build read are taken from the store it left
 * (source/stored-sources.ts) where their stat is unchanged, so only the
 * files changed since are read; the store is updated at once and let go.
 */
async function loadWithStoredSources(config: ResolvedConfig, listed: ListedTree | undefined): Promise<LoadedSources> {
  const cache = config.pages.cache;
  if (!cache) return loadSources(config, undefined, undefined, listed);
  const files = await StoredSources.open(path.join(cache.dir, 'sources.bin'), (absolute) => /\.(?:md|ya?ml)$/.test(absolute), cache.toolVersion);
  try {
    const sources = await loadSources(config, files, undefined, listed);
    await files.save();
    return sources;
  } catch (error) {
    await files.abort();
    throw error;
  }
}

/** Every setting of a run, as one string (the timings flag aside: it changes no output). */
function settingsOf(config: ResolvedConfig): string {
  const { timings: _timings, ...settings } = config;
  return JSON.stringify(settings);
}

/** Lets events waiting in the loop (a watcher's) run, then stops if they made this build stale. */
async function yieldTo(signal: AbortSignal): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  signal.throwIfAborted();
}

/**
 * The problems as a run reports them: inline suppressions applied, then
 * site.yaml's rules (severities, "off"), sorted, then compared with the
 * baseline, which marks the known ones.
 */
function settle(
  found: readonly Diagnostic[],
  config: ResolvedConfig,
  suppressions: Parameters<typeof applySuppressions>[1],
  rules: Rules,
): Pick<BuildResult, 'diagnostics' | 'baseline'> {
  const contentFolder = path.relative(config.root, config.contentDir).split(path.sep).join('/');
  const contentPathOf = (file: string) =>
    contentFolder === '' ? file : file.startsWith(`${contentFolder}/`) ? file.slice(contentFolder.length + 1) : undefined;
  const diagnostics = sortDiagnostics(applyRules(applySuppressions(found, suppressions), rules, contentPathOf));
  const known = config.baseline?.known;
  if (!known) return { diagnostics };
  const match = matchBaseline(diagnostics, known);
  return { diagnostics: match.diagnostics, baseline: { file: config.baseline.file, known: match.known, files: match.files, stale: match.stale } };
}

/**
 * A page other pages include is a part of them first: like VuePress, it is
 * still built, but it need not have a title or a sidebar entry of its own.
 */
const PARTIAL_CODES = new Set(['page/no-title', 'page/not-in-sidebar']);
function withoutPartialProblems(diagnostics: Diagnostic[], partials: ReadonlySet<string>): Diagnostic[] {
  return partials.size === 0 ? diagnostics : diagnostics.filter((d) => !(PARTIAL_CODES.has(d.code) && partials.has(d.file)));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
