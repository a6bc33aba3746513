import { createHash } from 'node:crypto';
import { MANIFEST_VERSION, type Manifest, type PageChunk, type PageRecord, type SiteRecord } from '../../schema/manifest';
import { stableStringify } from '../json';
import { OutputNames } from '../hosting/output-names';
import { createHeapKeeper } from '../memory';
import { searchIndexFileOf, searchIndexKey, searchSetting } from '../search-output/emit';
import type { StageTimer } from '../timings';
import { emitViewer } from '../viewer-output/emit';
import { gzipSize, sizesOf, type ViewerSizes } from '../viewer-output/sizes';
import type { AssetPlan } from './assets';
import { fillHrefs, resolveHrefs } from './link-placeholders';
import { ANALYTICS_INIT, ANALYTICS_INIT_FILE, buildManifest, chunkFile, manifestJsonSchema } from './manifest';
import type { OutputSink } from './output';
import { copyHrefs, markdownCopyFile } from './hosting';
import { markdownFileOf } from '../hosting/markdown-copy';
import type { PageBody, PageSummary } from './page';
import { createSearchIndexBuilder, type SearchIndexBuilder } from './search-index';
import { htmlFileOf, NOT_FOUND_FILE, notFoundDocument, pageDocument } from './prerender';
import type { Redirect } from '../hosting/redirect-rules';
import { findPage, type IndexedPage, type SiteIndex } from './site-index';

const PAGES_AT_ONCE = 16;

/** A page that passed the per-page and site-wide stages, ready to be written. */
export interface EmittedPage {
  page: NonNullable<PageSummary['page']>;
  indexed: IndexedPage;
  /** Its rendered body, fetched once, while the page is written, and only if some output must be made from it. */
  body: () => Promise<PageBody>;
  /** With a cache: a hash of everything the page's summary and body are made from (Summaries.inputKeys). */
  inputKey?: string;
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
  /** Page footer: each source's last commit time (ISO), by relativePath (cli/last-updated.ts); absent when site.yaml has lastUpdated off. */
  lastUpdated?: ReadonlyMap<string, string>;
  output: OutputSink;
  timer: StageTimer;
}

export interface EmitResult {
  manifest: Manifest;
  sizes: ViewerSizes;
  /** The `.md` copy written for each page, by page path (llms.txt lists them). */
  copies: Map<string, string>;
}

/**
 * Writes the site to `output` page by page: each page's body is fetched,
 * its chunk, static HTML and `.md` copy written and its text added to the
 * search index, then the body is dropped, so memory holds a few pages'
 * output at a time, never the site's. What an earlier build made from the
 * same inputs (a page's HTML, the search index) is reused through the sink
 * rather than made again.
 */
export async function emitSite(input: EmitInput): Promise<EmitResult> {
  const { output, timer, site: configured } = input;
  const site: SiteRecord = { ...configured, search: searchSetting(configured.search, input.docsearchApiKey) };
  const viewer = await emitViewer(site, input.pages.flatMap((p) => p.page.rendered?.codeClasses ?? []));
  for (const [name, content] of viewer.files) await output.put(name, content);
  for (const [name, bytes] of input.assets.files) await output.put(name, bytes);
  timer.lap('viewer bundle');

  // A .md copy never replaces a file of the site (a page's HTML, the viewer, content/public/).
  const names = new OutputNames([...output.names(), NOT_FOUND_FILE, ...input.pages.map((p) => htmlFileOf(p.page.route.path))]);
  const copies = new Map<string, string>();
  // Everything a page's HTML depends on besides its chunk (whose name hashes its content).
  const documentKey = createHash('sha256').update(stableStringify(viewer.document)).digest('hex');
  const position = new Map(input.order.map((path, at) => [path, at]));
  const search = await planSearchIndex(input, site);
  const emitPage = async ({ page, indexed, inputKey, body: bodyOf }: EmittedPage) => {
    // The body is read only if something must be made from it: a page whose outputs are all reused never reads it.
    let body: PageBody | undefined;
    const readBody = async () => (body ??= await bodyOf());
    const rendered = page.rendered!;
    const hrefs = resolveHrefs(rendered.linkUrls, indexed, input.index);
    const around = neighbours(page, input.order, position, input.index);
    // Page footer: "Edit this page" and "Last updated" (part of the chunk, and so of its reuse key below).
    const footer = {
      // Each path segment percent-encoded (a `#` or `?` in a file name stays part of the path); a function, so `$&` is not a pattern.
      editUrl: site.editLink?.pattern.replace(':path', () => indexed.relativePath.split('/').map(encodeURIComponent).join('/')),
      lastUpdated: input.lastUpdated?.get(indexed.relativePath),
    };
    const makeChunk = async (): Promise<PageChunk> => ({
      version: MANIFEST_VERSION,
      key: page.route.key,
      path: page.route.path,
      title: indexed.title,
      description: page.description ?? '',
      headers: page.headers,
      html: fillHrefs((await readBody()).html, hrefs),
      ...around,
      ...footer,
    });
    // With a cache, the chunk is keyed by what it is made from (the page's entry, where its links lead, its neighbours),
    // so an unchanged page is recognised without reading its body; without one, by its content.
    const chunkInput = inputKey && `chunk-from:${hashOf([inputKey, indexed.title, hrefs, around, footer])}`;
    const reusedChunk = chunkInput ? await output.reuse(chunkInput) : undefined;
    let chunk: PageChunk | undefined;
    let chunkName: string;
    let gzip: number;
    if (reusedChunk && reusedChunk.meta !== undefined) {
      chunkName = reusedChunk.name;
      gzip = reusedChunk.meta;
    } else {
      chunk = await makeChunk();
      const file = chunkFile(chunk);
      const key = chunkInput || `chunk:${file.name}`;
      const reused = chunkInput ? undefined : await output.reuse(key);
      gzip = reused?.meta ?? gzipSize(file.content);
      if (!reused) await output.put(file.name, file.content, { key, meta: gzip });
      chunkName = file.name;
    }

    // A page at /404.html gets no HTML file of its own: that name is the shell's (below).
    const htmlName = htmlFileOf(page.route.path);
    const htmlKey = `html:${documentKey}:${chunkName}`;
    if (htmlName !== NOT_FOUND_FILE && !(await output.reuse(htmlKey))) {
      await output.put(htmlName, pageDocument(viewer.document, chunk ?? (await makeChunk()), chunkName), { key: htmlKey });
    }
    const copyName = markdownFileOf(page.route.path);
    if (names.claim(copyName)) {
      const links = copyHrefs(rendered.copyUrls, indexed, input.index, site.host);
      const copyKey = inputKey && `md-from:${hashOf([inputKey, links])}`;
      if (!copyKey || !(await output.reuse(copyKey))) {
        const copy = markdownCopyFile((await readBody()).markdownCopy, indexed, links);
        await output.put(copy.name, copy.content, copyKey ? { key: copyKey } : {});
      }
      copies.set(page.route.path, copyName);
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
      chunk: chunkName,
    };
    // The search index needs the text only when it is made again.
    return { record, gzip, sections: search.builder ? (await readBody()).sections : [] };
  };

  // Pages are written in path order, the order the search index takes them; the manifest keeps source order.
  const byPath = input.pages.map((_, at) => at).sort((a, b) => compare(input.pages[a]!.page.route.path, input.pages[b]!.page.route.path));
  const heap = createHeapKeeper();
  const records = new Array<PageRecord>(input.pages.length);
  const chunkGzipSizes = new Array<number>(input.pages.length);
  // A few pages at a time: their file operations overlap, and only a few pages' output is in memory at once.
  for (let from = 0; from < byPath.length; from += PAGES_AT_ONCE) {
    const batch = byPath.slice(from, from + PAGES_AT_ONCE);
    const written = await Promise.all(batch.map((at) => emitPage(input.pages[at]!)));
    written.forEach(({ record, gzip, sections }, k) => {
      records[batch[k]!] = record;
      chunkGzipSizes[batch[k]!] = gzip;
      search.builder?.add({ record, sections });
    });
    heap.maybeCollect();
  }
  timer.lap('chunks and page HTML');

  await output.put(NOT_FOUND_FILE, notFoundDocument(viewer.document));
  const searchIndex = await search.finish();
  timer.lap('search index');

  const manifest = buildManifest(searchIndex ? { ...site, search: { ...site.search, index: searchIndex.name } } : site, records);
  const pagesJson = `${stableStringify(manifest)}\n`;
  const redirectsJson = `${stableStringify({ version: MANIFEST_VERSION, redirects: input.redirects })}\n`;
  await output.put('pages.json', pagesJson);
  await output.put('redirects.json', redirectsJson);
  await output.put('pages.schema.json', manifestJsonSchema());
  if (input.analytics) await output.put(ANALYTICS_INIT_FILE, ANALYTICS_INIT);

  const fileOf = (name: string) => viewer.files.get(name) ?? '';
  const sizes = sizesOf({
    firstLoad: { js: [viewer.document.assets.script, ...viewer.document.assets.preloads].map(fileOf), css: viewer.document.assets.styles.map(fileOf) },
    chunkGzipSizes,
    routeTable: [pagesJson, redirectsJson],
    searchIndex: searchIndex && { raw: searchIndex.raw, gzip: searchIndex.gzip },
  });
  return { manifest, sizes, copies };
}

interface SearchIndexPlan {
  /** Present when the index must be made: takes each page as it is written. */
  builder?: SearchIndexBuilder;
  finish(): Promise<{ name: string; raw: number; gzip: number } | undefined>;
}

/**
 * The local index, kept from the previous build when nothing in it changed
 * (its key comes from the pages' summaries), else made as the pages are
 * written, from each page's sections.
 */
async function planSearchIndex(input: EmitInput, site: SiteRecord): Promise<SearchIndexPlan> {
  if (site.search.provider !== 'local') return { finish: async () => undefined };
  const docsVersion = site.versions?.current;
  const keyed = input.pages.map(({ page, indexed }) => ({
    record: { path: page.route.path, title: indexed.title, description: page.description ?? '', headers: page.headers, frontmatter: page.frontmatter },
    sectionsKey: page.rendered?.sectionsKey ?? '',
  }));
  const key = searchIndexKey(keyed.sort((a, b) => compare(a.record.path, b.record.path)), docsVersion);
  const reused = await input.output.reuse(key);
  if (reused) {
    const [raw, gzip] = unpackSizes(reused.meta ?? 0);
    return { finish: async () => ({ name: reused.name, raw, gzip }) };
  }
  const builder = createSearchIndexBuilder({ docsVersion });
  return {
    builder,
    async finish() {
      const file = searchIndexFileOf(builder.finish());
      const raw = Buffer.byteLength(file.content);
      const gzip = gzipSize(file.content);
      await input.output.put(file.name, file.content, { key, meta: packSizes(raw, gzip) });
      return { name: file.name, raw, gzip };
    },
  };
}

function hashOf(value: unknown): string {
  return createHash('sha256').update(stableStringify(value)).digest('hex');
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
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
