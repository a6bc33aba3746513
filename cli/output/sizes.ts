import { gzipSync } from 'node:zlib';
import type { OutputFiles } from './folder';
import type { RoutesRoot } from '../../schema/routes';
import { shardOf } from '../../shared/prefix-shards';
import { searchDocShardNameOf } from '../../shared/output-names';
import type { SearchRoot } from '../../schema/search-index';
import { NOT_FOUND_FILE, ROUTES_FILE } from './layout';

/**
 * Issue 4's budgets, in bytes of gzip. JavaScript was 75 KB; issue 7's fault
 * handling (a chunk's shape checked before rendering, the `outdated` state,
 * recovering from a new deploy's renamed chunks) adds about 0.3 KB that a
 * lazy chunk cannot save (see bundle.ts), hence 75.5 KB. Issue 22 adds about
 * 1.5 KB (75.2 → 76.7 KB on the real site), all of it needed at first paint
 * or first keystroke: hydrating without waiting for the route table (the
 * boot data's shell site, the sidebar's Suspense boundary, the store for the
 * header in view), focus management (drawer, menus, search results,
 * headings), the theme toggle's state, the copy buttons and the page and
 * site footers; hence 77.5 KB. Issue 19's route data client (a path's
 * shard, sidebar pieces fetched as groups open: +0.7 KB) and issue 15's
 * page layouts (`sidebar: auto|false`, `navbar: false`, `metaTitle` on
 * navigation: +0.4 KB) make 77.7 KB, after the code groups' script went to a
 * lazy chunk; hence 78 KB. Printing with every `<details>` open (print-details.ts,
 * a `beforeprint` listener that must be there before any print, so not lazy:
 * +75 bytes) left no room under it (77.98 KB); hence 78.3 KB. A dropdown's
 * groups (VuePress 1's nested nav items, shown titled in the top bar and the
 * drawer) cost 25 bytes once the drawer and the top bar shared one renderer and
 * the head's two tag makers became one, leaving none; hence 78.4 KB. Issue 19's budgets hold at any size of
 * site: a first visit all in (HTML, JS, CSS, routes.json, the page's route
 * shard and sidebar pieces) 100 KB, a client-side navigation (chunk and route
 * shard) 10 KB median, a page's HTML 20 KB. The navigation budget replaces
 * issue 4's 3 KB for the median chunk alone: a chunk is its page's text,
 * which the site's writers decide (the real site's median page grew to
 * 3.5 KB gzip), so the median chunk is reported, not held to a budget.
 */
export const BUDGET = { js: 78.4 * 1024, css: 12 * 1024, firstVisit: 100 * 1024, navigation: 10 * 1024, html: 20 * 1024 } as const;

export interface ViewerSizes {
  /** gzip bytes of the JavaScript a first visit loads (entry + modulepreloads). */
  js: number;
  /** gzip bytes of the first visit's stylesheets. */
  css: number;
  /** gzip bytes of the median page chunk. */
  medianChunk: number;
  chunkCount: number;
  /** gzip bytes of routes.json, fetched once per visit. */
  routesRoot: number;
  /** Per page, gzip: its HTML; a first visit to it (HTML, JS, CSS, routes.json, its route shard and sidebar pieces); a navigation to it (chunk and route shard). */
  html: Spread;
  firstVisit: Spread;
  navigation: Spread;
  /** The local search index, fetched shard by shard as the reader searches. */
  searchIndex?: SearchIndexSizes;
}

export interface SearchIndexSizes {
  /** Every file of it, raw and gzip. */
  raw: number;
  gzip: number;
  /** gzip of its root, and of the median term shard and document shard. */
  root: number;
  termShard: number;
  docShard: number;
}

/** The median and the largest of a figure over the site's pages. */
export interface Spread {
  median: number;
  max: number;
}

export const gzipSize = (content: string | Uint8Array) => gzipSync(content).length;

/**
 * gzipSize of site-wide files, remembered by content: the dev server makes
 * the build's size report after every edit, and gzipping the viewer bundle
 * and every search shard again took more than the edit itself. Not for page
 * chunks (there are as many as pages: a cold build must not hold them all).
 */
const keptSizes = new Map<string | Uint8Array, number>();
const KEPT_SIZES = 4096;
export function keptGzipSize(content: string | Uint8Array): number {
  let size = keptSizes.get(content);
  if (size === undefined) {
    if (keptSizes.size >= KEPT_SIZES) keptSizes.clear();
    keptSizes.set(content, (size = gzipSize(content)));
  }
  return size;
}

/** One page's gzip bytes, besides the site-wide files. */
export interface PageSizes {
  html: number;
  chunk: number;
  /** Its route shard. */
  shard: number;
  /** The sidebar pieces of its branch. */
  sidebar: number;
}

/** What a build knows as it writes: the first load's files, each page's sizes, routes.json, the index. */
export interface SizeInputs {
  firstLoad: { js: readonly (string | Uint8Array)[]; css: readonly (string | Uint8Array)[] };
  pages: readonly PageSizes[];
  routesRoot: number;
  searchIndex?: SearchIndexSizes;
}

/** The same figures as measureViewer, from what the build made (so it need not read its output back). */
export function sizesOf(inputs: SizeInputs): ViewerSizes {
  const total = (contents: readonly (string | Uint8Array)[]) => contents.reduce((sum, content) => sum + keptGzipSize(content), 0);
  const js = total(inputs.firstLoad.js);
  const css = total(inputs.firstLoad.css);
  const spread = (of: (page: PageSizes) => number): Spread => {
    const values = inputs.pages.map(of).sort((a, b) => a - b);
    return { median: median(values), max: values.at(-1) ?? 0 };
  };
  return {
    js,
    css,
    medianChunk: spread((p) => p.chunk).median,
    chunkCount: inputs.pages.length,
    routesRoot: inputs.routesRoot,
    html: spread((p) => p.html),
    firstVisit: spread((p) => p.html + js + css + inputs.routesRoot + p.shard + p.sidebar),
    navigation: spread((p) => p.chunk + p.shard),
    searchIndex: inputs.searchIndex,
  };
}

/**
 * Measures the same from the output alone: the scripts and stylesheets the
 * home page's HTML (or the 404 shell) references, and for each page's HTML
 * the chunk, route shard and sidebar pieces it leads to (its boot data and
 * routes.json say which).
 */
export function measureViewer(files: OutputFiles, base: string): ViewerSizes | undefined {
  const textOf = (name: string) => {
    const content = files.get(name);
    return content === undefined ? undefined : typeof content === 'string' ? content : new TextDecoder().decode(content);
  };
  const home = textOf('index.html') ?? textOf(NOT_FOUND_FILE);
  if (home === undefined) return undefined;
  const referenced = (pattern: RegExp) =>
    [...home.matchAll(pattern)].map((m) => m[1]!).filter((href) => href.startsWith(base)).map((href) => href.slice(base.length));
  const contents = (names: string[]) => names.map((name) => files.get(name) ?? '');
  const sizeOf = (name: string | undefined) => (name === undefined || !files.has(name) ? 0 : gzipSize(files.get(name)!));
  const rootText = textOf(ROUTES_FILE);
  const root = rootText === undefined ? undefined : (JSON.parse(rootText) as RoutesRoot);
  const prefixes = root?.shards.map(([prefix]) => prefix) ?? [];
  const pages: PageSizes[] = [];
  for (const [name] of files) {
    if (!name.endsWith('.html')) continue;
    const page = bootPageOf(textOf(name)!);
    if (!page) continue;
    pages.push({
      html: sizeOf(name),
      chunk: sizeOf(page.chunk),
      shard: root ? sizeOf(root.shards[shardOf(page.path, prefixes)]?.[1]) : 0,
      sidebar: (page.sidebar ?? []).reduce((sum, piece) => sum + sizeOf(piece), 0),
    });
  }
  return sizesOf({
    firstLoad: {
      js: contents([...referenced(/<script type="module" src="([^"]+)"/g), ...referenced(/<link rel="modulepreload" href="([^"]+)"/g)]),
      css: contents(referenced(/<link rel="stylesheet" href="([^"]+)"/g)),
    },
    pages,
    routesRoot: sizeOf(ROUTES_FILE),
    searchIndex: measureSearchIndex(files),
  });
}

/** The page a prerendered HTML file carries in its boot data; undefined for the 404 shell and redirect stubs. */
function bootPageOf(html: string): { path: string; chunk: string; sidebar?: string[] } | undefined {
  const found = /<script type="application\/json" id="docsbuild-boot">([^<]*)<\/script>/.exec(html);
  if (!found) return undefined;
  return (JSON.parse(found[1]!) as { page?: { path: string; chunk: string; sidebar?: string[] } }).page;
}

/** The sizes of the search index that routes.json names, if it names one: every file of it, and its median shards. */
export function measureSearchIndex(files: OutputFiles): SearchIndexSizes | undefined {
  const rootsFile = files.get(ROUTES_FILE);
  const name = rootsFile === undefined ? undefined : searchIndexName(typeof rootsFile === 'string' ? rootsFile : new TextDecoder().decode(rootsFile));
  const root = name === undefined ? undefined : files.get(name);
  if (name === undefined || root === undefined) return undefined;
  const parsed = JSON.parse(typeof root === 'string' ? root : new TextDecoder().decode(root)) as Pick<SearchRoot, 'terms' | 'docs'>;
  return searchIndexSizesOf(
    root,
    parsed.terms.map(([, file]) => files.get(file) ?? ''),
    Array.from({ length: parsed.docs.shards }, (_, at) => files.get(searchDocShardNameOf(at, parsed.docs.hash)) ?? ''),
  );
}

/** The sizes of a search index from its files' contents: the build (as it writes them) and measureSearchIndex (reading them back). */
export function searchIndexSizesOf(root: string | Uint8Array, termShards: readonly (string | Uint8Array)[], docShards: readonly (string | Uint8Array)[]): SearchIndexSizes {
  const measured = (content: string | Uint8Array): FileSize => ({ raw: byteLength(content), gzip: keptGzipSize(content) });
  return searchIndexSizesFrom(measured(root), termShards.map(measured), docShards.map(measured));
}

/** One file's bytes, raw and gzip. */
export interface FileSize {
  raw: number;
  gzip: number;
}

/** The sizes of a search index from its files' sizes (a build that kept a file knows its gzip size from the output record). */
export function searchIndexSizesFrom(root: FileSize, termShards: readonly FileSize[], docShards: readonly FileSize[]): SearchIndexSizes {
  const all = [root, ...termShards, ...docShards];
  const medianGzip = (files: readonly FileSize[]) => median(files.map((f) => f.gzip).sort((a, b) => a - b));
  return {
    raw: all.reduce((sum, file) => sum + file.raw, 0),
    gzip: all.reduce((sum, file) => sum + file.gzip, 0),
    root: root.gzip,
    termShard: medianGzip(termShards),
    docShard: medianGzip(docShards),
  };
}

export function byteLength(content: string | Uint8Array): number {
  return typeof content === 'string' ? Buffer.byteLength(content) : content.length;
}

export function median(sorted: readonly number[]): number {
  if (sorted.length === 0) return 0;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

/** One line per figure, each against its budget. */
export function formatSizes(sizes: ViewerSizes): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const over = (bytes: number, budget: number) => (bytes > budget ? ', OVER BUDGET' : '');
  const line = (label: string, bytes: number, budget?: number) =>
    `  ${label.padEnd(26)} ${kb(bytes).padStart(9)} gzip${budget === undefined ? '' : `  (budget ${kb(budget)}${over(bytes, budget)})`}`;
  const spread = (label: string, figure: Spread, budget: number, held: keyof Spread) =>
    `  ${label.padEnd(26)} ${kb(figure.median).padStart(9)} gzip median, ${kb(figure.max)} largest  (budget ${kb(budget)}${held === 'median' ? ' median' : ''}${over(figure[held], budget)})`;
  return [
    'Viewer download sizes:',
    line('first-load JavaScript', sizes.js, BUDGET.js),
    line('first-load CSS', sizes.css, BUDGET.css),
    line(`median page chunk (${sizes.chunkCount})`, sizes.medianChunk),
    line('routes.json (every visit)', sizes.routesRoot),
    spread('page HTML', sizes.html, BUDGET.html, 'max'),
    // A first visit and a navigation are held to their budgets at the median page: the longest pages are longer by their text.
    spread('first visit, all in', sizes.firstVisit, BUDGET.firstVisit, 'median'),
    spread('navigation (chunk, shard)', sizes.navigation, BUDGET.navigation, 'median'),
    ...(sizes.searchIndex
      ? [
          `${line('search index, all shards', sizes.searchIndex.gzip)}  (${kb(sizes.searchIndex.raw)} raw)`,
          `  ${'a query fetches'.padEnd(26)} ${kb(sizes.searchIndex.root).padStart(9)} gzip root, then ${kb(sizes.searchIndex.termShard)} a term shard, ${kb(sizes.searchIndex.docShard)} a document shard (median)`,
        ]
      : []),
  ].join('\n');
}

/** The index file named in routes.json (or pages.json's site record), if any: for the size report and the bench. */
export function searchIndexName(jsonText: string): string | undefined {
  const data = JSON.parse(jsonText) as { search?: unknown; site?: { search?: { index?: string } } };
  return typeof data.search === 'string' ? data.search : data.site?.search?.index;
}
