import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { BuiltSite } from '../build';
import type { ResolvedConfig } from '../config';
import { hasErrors } from '../diagnostics/diagnostic';
import type { EmitPage, FeatureRun } from '../features/types';
import { viewerFeature } from '../features/viewer';
import { fenceLanguages } from '../markdown/fences';
import { importsOf } from '../markdown/directives';
import { CHUNK_DIR } from '../output/layout';
import type { OutputContent } from '../output/sink';
import { cacheKey } from '../page/cache';
import type { PageMemory } from '../page/page-memory';
import type { PagePipeline } from '../page/page-pipeline';
import { memoryKeyFor } from '../page/summarise';
import type { PageSummary } from '../page/types';
import { decodeUtf8, MAX_TEXT_BYTES, PUBLIC_DIR, type SourceFile } from '../source/load';
import { PART_NAME as SEARCH_PART } from '../features/search/part';
import { PART_NAME as COPY_PART } from '../features/markdown-copy/part';
import { sitePagesOf } from '../site/pages';
import { withPageEdited, type SiteIndex } from '../site/site-index';
import { stableStringify } from '../support/json';
import { QuickOutput } from './quick-output';

/** One page's edit as the screen needs it at once: the page's new chunk and static HTML, made against the site model of the last build. */
export interface QuickEdit {
  /** The page's path (`/limits/`). */
  path: string;
  chunk: { name: string; content: string };
  /**
   * Every file made (the chunk, then the page's HTML), by output name: the chunk comes first, and the screen needs only it.
   * Of an edit that changes the model, the chunk alone: the page's HTML shows the sidebar, which the full build makes again.
   */
  files: Promise<Map<string, OutputContent>>;
  /** The edit changed the page's title, headers, anchors or links (`QuickEditInput.modelEdit`). */
  changesModel: boolean;
}

/** The viewer feature started once per built site, writing into an output that takes any number of edits. */
export interface QuickViewer {
  run: FeatureRun;
  output: QuickOutput;
  /** The run's own copy of the site model: an edit that changes a page's index entry gives it the index with that entry (see quickEdit). */
  model: { index: SiteIndex };
  /** Settles when the last edit's page is made: the run and its output take one page at a time. */
  turn: Promise<void>;
}

/** Starts the viewer against a built site (its bundle, code stylesheet and page document), off the edit's path. */
export async function startQuickViewer(site: BuiltSite): Promise<QuickViewer> {
  const output = new QuickOutput();
  const published = { ...site.emit.published, chunks: new Map(), htmlGzip: new Map() };
  const model = { ...site.emit.model };
  const run = await viewerFeature.start({ ...site.emit, model, output, published });
  output.take();
  return { run, output, model, turn: Promise.resolve() };
}

export interface QuickEditInput {
  config: ResolvedConfig;
  site: BuiltSite;
  viewer: QuickViewer;
  pipeline: PagePipeline;
  memory: PageMemory;
  /** The file that changed, absolute. */
  file: string;
  /**
   * Also take an edit of the page's title, headers, anchors or links (its
   * path, the rest of its frontmatter and its code classes as they were):
   * only when it is the one change since the last build, since it is made
   * against that build's model with this page's index entry replaced.
   */
  modelEdit?: boolean;
}

/**
 * An edit that leaves the site model as it was: the page's title,
 * frontmatter, headers, anchors, links and code classes the same, only its
 * text changed. Its chunk and HTML are then all that changes on screen, and
 * are made alone, against the last build's model (the site-wide files that
 * follow page text, such as the search index, are the full build's, after).
 * With `modelEdit`, also an edit of its title, headers, anchors or links
 * (routeShapeOf): its chunk is made against the index with its own entry
 * replaced, which is what its chunk reads of the model; the rest (other
 * pages' sidebars and prev/next titles, the checks) is the full build's.
 * Undefined when the edit is anything else (a new, deleted or included file,
 * a page whose path changed, a page with errors): the full build handles it.
 * The result is stored in `memory`, so the full build does not make the page again.
 */
export async function quickEdit(input: QuickEditInput): Promise<QuickEdit | undefined> {
  const { config, site, memory, file } = input;
  const relativePath = path.relative(config.contentDir, file).split(path.sep).join('/');
  if (!relativePath.endsWith('.md') || relativePath.startsWith('../') || relativePath.startsWith(`${PUBLIC_DIR}/`)) return undefined;
  const before = site.emit.pages.find((p) => p.indexed.relativePath === relativePath);
  const old = before && site.sources[before.at];
  if (!before || !old || old.dependencies || site.partials.has(old.file) || site.importedFiles.includes(file)) return undefined;
  const text = readPage(file);
  const { context } = site;
  if (text === undefined || importsOf(text).length > 0) return undefined;
  // A language no page had before: the full build loads it into the highlighter.
  if (!fenceLanguages([text]).every((lang) => context.codeLanguages.includes(lang))) return undefined;
  const source: SourceFile = { relativePath, file: old.file, text };
  const { summary, body } = await input.pipeline.process(source, context);
  if (!body || !summary.page || hasErrors(summary.diagnostics)) return undefined;
  const changesModel = modelShapeOf(summary) !== modelShapeOf(before.summary);
  if (changesModel && (!input.modelEdit || routeShapeOf(summary) !== routeShapeOf(before.summary))) return undefined;
  memory.set(memoryKeyFor(cacheKey(source, context, config.pages.cache?.toolVersion ?? ''), context), summary, body);

  const { indexed } = sitePagesOf([summary])[0]!;
  const page: EmitPage = { ...before, summary, page: summary.page, indexed, inputKey: undefined, body: async () => body };
  const { viewer } = input;
  const { output, model } = viewer;
  // The page before this one (an edit of another page, or of this one a moment ago) is made first: `take` ends its files.
  const previous = viewer.turn;
  let done = () => {};
  viewer.turn = new Promise((resolve) => (done = resolve));
  await previous;
  // Its own links (to its own anchors too) and its title as the full build will see them.
  model.index = changesModel ? withPageEdited(site.emit.model.index, indexed) : site.emit.model.index;
  const made = output.when((name) => name.startsWith(`${CHUNK_DIR}/`));
  const all = viewer.run.page!(page).then(() => output.take());
  all.then(done, done);
  const chunk = await Promise.race([made, all.then(() => undefined)]);
  if (typeof chunk?.content !== 'string') return undefined;
  const files = changesModel ? all.then((made) => new Map([...made].filter(([name]) => name === chunk.name))) : all;
  return { path: summary.page.route.path, chunk: { name: chunk.name, content: chunk.content }, files, changesModel };
}

/**
 * The page's text as the build reads it (source/load.ts); undefined for what
 * the build would report instead. Read at once, in this thread: the edit
 * waits for nothing else, and the promise-based calls went through libuv's
 * thread pool five times (stat, open, fstat, read, close), each behind
 * whatever the pool had queued.
 */
function readPage(file: string): string | undefined {
  try {
    if (statSync(file).size > MAX_TEXT_BYTES) return undefined;
    return decodeUtf8(readFileSync(file));
  } catch {
    return undefined;
  }
}

/**
 * What the site-wide half reads of a page besides its text: equal shapes,
 * equal site model, navigation, route data, checks and other pages' output.
 * Positions (a line added above a link moves it) and the search sections'
 * key (the index follows text) are left out; the diagnostics that carry
 * them come from the full build.
 */
export function modelShapeOf(summary: PageSummary): string {
  return shapeOf(summary, false);
}

/**
 * What a page's edit must leave as it was to be made alone even though it
 * changes the model: its path (so routes, redirects and the reading order
 * stay), its frontmatter besides the title (prev/next, sidebar, layout), its
 * code classes (the code stylesheet) and the other features' parts besides
 * its link URLs. Its title, headers, anchors, links and description may
 * change: its chunk is made from those and the index (see withPageEdited).
 */
export function routeShapeOf(summary: PageSummary): string {
  return shapeOf(summary, true);
}

function shapeOf(summary: PageSummary, routeOnly: boolean): string {
  const page = summary.page;
  if (!page) return '';
  const { keyPositions: _k, bodyStartLine: _b, suppressions: _s, links, rendered, ...rest } = page;
  const parts = rendered && Object.fromEntries(Object.entries(rendered.parts).filter(([name]) => name !== SEARCH_PART && !(routeOnly && name === COPY_PART)));
  if (routeOnly) {
    const { title: _t, ...frontmatter } = rest.frontmatter;
    return stableStringify({ route: rest.route, frontmatter, parts });
  }
  return stableStringify({
    ...rest,
    links: links.map(({ kind, url }) => [kind, url]),
    rendered: rendered && { linkUrls: rendered.linkUrls, parts },
  });
}
