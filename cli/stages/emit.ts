import { createHash } from 'node:crypto';
import { MANIFEST_VERSION, type Manifest, type PageChunk, type PageRecord, type SiteRecord } from '../../schema/manifest';
import { stableStringify } from '../json';
import { searchIndexFile, searchIndexKey, searchSetting } from '../search-output/emit';
import type { StageTimer } from '../timings';
import { emitViewer } from '../viewer-output/emit';
import { gzipSize, sizesOf, type ViewerSizes } from '../viewer-output/sizes';
import type { AssetPlan } from './assets';
import { fillLinks } from './link-placeholders';
import { ANALYTICS_INIT, ANALYTICS_INIT_FILE, buildManifest, chunkFile, manifestJsonSchema } from './manifest';
import type { OutputSink } from './output';
import type { PageSummary } from './page';
import { htmlFileOf, NOT_FOUND_FILE, notFoundDocument, pageDocument } from './prerender';
import type { Redirect } from '../hosting/redirect-rules';
import { findPage, type IndexedPage, type SiteIndex } from './site-index';

const PAGES_AT_ONCE = 16;

/** A page that passed the per-page and site-wide stages, ready to be written. */
export interface EmittedPage {
  page: NonNullable<PageSummary['page']>;
  indexed: IndexedPage;
}

export interface EmitInput {
  site: SiteRecord;
  pages: readonly EmittedPage[];
  /** The sidebar's reading order, for prev/next. */
  order: readonly string[];
  index: SiteIndex;
  redirects: readonly Redirect[];
  /** Files from content/public/. */
  assets: AssetPlan;
  analytics: boolean;
  docsearchApiKey?: string;
  output: OutputSink;
  timer: StageTimer;
}

export interface EmitResult {
  manifest: Manifest;
  sizes: ViewerSizes;
}

/**
 * Writes the site to `output` page by page: each page's chunk and static HTML
 * as soon as they are made, so no stage holds every page's output. What an
 * earlier build made from the same inputs (a page's HTML, the search index)
 * is reused through the sink rather than made again.
 */
export async function emitSite(input: EmitInput): Promise<EmitResult> {
  const { output, timer, site: configured } = input;
  const site: SiteRecord = { ...configured, search: searchSetting(configured.search, input.docsearchApiKey) };
  const viewer = await emitViewer(site, input.pages.flatMap((p) => p.page.codeClasses ?? []));
  for (const [name, content] of viewer.files) await output.put(name, content);
  timer.lap('viewer bundle');

  // Everything a page's HTML depends on besides its chunk (whose name hashes its content).
  const documentKey = createHash('sha256').update(stableStringify(viewer.document)).digest('hex');
  const position = new Map(input.order.map((path, at) => [path, at]));
  const emitPage = async ({ page, indexed }: EmittedPage) => {
    const chunk: PageChunk = {
      version: MANIFEST_VERSION,
      key: page.route.key,
      path: page.route.path,
      title: indexed.title,
      description: page.description ?? '',
      headers: page.headers,
      html: fillLinks(page.html ?? '', page.linkUrls ?? [], indexed, input.index),
      ...neighbours(page, input.order, position, input.index),
    };
    const file = chunkFile(chunk);
    const chunkKey = `chunk:${file.name}`;
    const reused = await output.reuse(chunkKey);
    let gzip = reused?.meta;
    if (gzip === undefined) gzip = gzipSize(file.content);
    if (!reused) await output.put(file.name, file.content, { key: chunkKey, meta: gzip });

    // A page at /404.html gets no HTML file of its own: that name is the shell's (below).
    const htmlName = htmlFileOf(chunk.path);
    const htmlKey = `html:${documentKey}:${file.name}`;
    if (htmlName !== NOT_FOUND_FILE && !(await output.reuse(htmlKey))) {
      await output.put(htmlName, pageDocument(viewer.document, chunk, file.name), { key: htmlKey });
    }
    const record: PageRecord = {
      title: indexed.title,
      description: page.description ?? '',
      frontmatter: page.frontmatter,
      regularPath: page.route.regularPath,
      relativePath: indexed.relativePath,
      key: page.route.key,
      path: page.route.path,
      headers: page.headers,
      chunk: file.name,
    };
    return { record, gzip };
  };
  const records: PageRecord[] = [];
  const chunkGzipSizes: number[] = [];
  // A few pages at a time: their file operations overlap, and only a few pages' output is in memory at once.
  for (let at = 0; at < input.pages.length; at += PAGES_AT_ONCE) {
    for (const { record, gzip } of await Promise.all(input.pages.slice(at, at + PAGES_AT_ONCE).map(emitPage))) {
      records.push(record);
      chunkGzipSizes.push(gzip);
    }
  }
  timer.lap('chunks and page HTML');

  await output.put(NOT_FOUND_FILE, notFoundDocument(viewer.document));
  const search = await emitSearchIndex(input, site, records);
  timer.lap('search index');

  const manifest = buildManifest(search.index ? { ...site, search: { ...site.search, index: search.index.name } } : site, records);
  const pagesJson = `${stableStringify(manifest)}\n`;
  const redirectsJson = `${stableStringify({ version: MANIFEST_VERSION, redirects: input.redirects })}\n`;
  await output.put('pages.json', pagesJson);
  await output.put('redirects.json', redirectsJson);
  await output.put('pages.schema.json', manifestJsonSchema());
  if (input.analytics) await output.put(ANALYTICS_INIT_FILE, ANALYTICS_INIT);
  for (const [name, bytes] of input.assets.files) await output.put(name, bytes);

  const fileOf = (name: string) => viewer.files.get(name) ?? '';
  const sizes = sizesOf({
    firstLoad: { js: [viewer.document.assets.script, ...viewer.document.assets.preloads].map(fileOf), css: viewer.document.assets.styles.map(fileOf) },
    chunkGzipSizes,
    routeTable: [pagesJson, redirectsJson],
    searchIndex: search.index && { raw: search.index.raw, gzip: search.index.gzip },
  });
  return { manifest, sizes };
}

/** The local index, made from the pages' cached sections, or kept from the previous build when nothing in it changed. */
async function emitSearchIndex(input: EmitInput, site: SiteRecord, records: readonly PageRecord[]) {
  if (site.search.provider !== 'local') return {};
  const pages = records.map((record, at) => ({ record, sections: input.pages[at]!.page.sections ?? [] }));
  const docsVersion = site.versions?.current;
  const key = searchIndexKey(pages, docsVersion);
  const reused = await input.output.reuse(key);
  if (reused) {
    const [raw, gzip] = unpackSizes(reused.meta ?? 0);
    return { index: { name: reused.name, raw, gzip } };
  }
  const file = searchIndexFile(pages, docsVersion);
  const raw = Buffer.byteLength(file.content);
  const gzip = gzipSize(file.content);
  await input.output.put(file.name, file.content, { key, meta: packSizes(raw, gzip) });
  return { index: { name: file.name, raw, gzip } };
}

/** Two sizes in one number (a record's meta): raw bytes × 2^26 + gzip bytes, exact below 2^53. */
const packSizes = (raw: number, gzip: number) => raw * 2 ** 26 + gzip;
const unpackSizes = (meta: number) => [Math.floor(meta / 2 ** 26), meta % 2 ** 26] as const;

/** Prev/next from frontmatter, else from the sidebar's reading order. */
function neighbours(page: EmittedPage['page'], order: readonly string[], position: ReadonlyMap<string, number>, index: SiteIndex) {
  const at = position.get(page.route.path) ?? -1;
  const pick = (override: string | false | undefined, fallback: string | undefined) => {
    if (override === false) return undefined;
    const target = override !== undefined ? findPage(index, override) : fallback ? index.pages.get(fallback) : undefined;
    return target && { path: target.path, title: target.title };
  };
  const fm = page.frontmatter;
  return {
    prev: pick(fm.prev, at > 0 ? order[at - 1] : undefined),
    next: pick(fm.next, at >= 0 && at < order.length - 1 ? order[at + 1] : undefined),
  };
}
