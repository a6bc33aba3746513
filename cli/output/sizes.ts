import { gzipSync } from 'node:zlib';
import type { OutputFiles } from './folder';
import { CHUNK_DIR, MANIFEST_FILE, REDIRECTS_FILE } from './layout';

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
 * site footers; hence 77.5 KB.
 */
export const BUDGET = { js: 77.5 * 1024, css: 12 * 1024, medianChunk: 3 * 1024 } as const;

export interface ViewerSizes {
  /** gzip bytes of the JavaScript a first visit loads (entry + modulepreloads). */
  js: number;
  /** gzip bytes of the first visit's stylesheets. */
  css: number;
  /** gzip bytes of the median page chunk. */
  medianChunk: number;
  chunkCount: number;
  /** gzip bytes of pages.json + redirects.json, fetched once per visit. */
  routeTable: number;
  /** The local search index, fetched when the reader first opens search: raw and gzip bytes. */
  searchIndex?: { raw: number; gzip: number };
}

export const gzipSize = (content: string | Uint8Array) => gzipSync(content).length;

/** What a build knows as it writes: the first load's files, each chunk's gzip size, the route table, the index. */
export interface SizeInputs {
  firstLoad: { js: readonly (string | Uint8Array)[]; css: readonly (string | Uint8Array)[] };
  chunkGzipSizes: readonly number[];
  routeTable: readonly (string | Uint8Array)[];
  searchIndex?: { raw: number; gzip: number };
}

/** The same figures as measureViewer, from what the build made (so it need not read its output back). */
export function sizesOf(inputs: SizeInputs): ViewerSizes {
  const total = (contents: readonly (string | Uint8Array)[]) => contents.reduce((sum, content) => sum + gzipSize(content), 0);
  return {
    js: total(inputs.firstLoad.js),
    css: total(inputs.firstLoad.css),
    medianChunk: median([...inputs.chunkGzipSizes].sort((a, b) => a - b)),
    chunkCount: inputs.chunkGzipSizes.length,
    routeTable: total(inputs.routeTable),
    searchIndex: inputs.searchIndex,
  };
}

/**
 * Measures the first load from what a page actually references: the
 * scripts and stylesheets named in the home page's HTML (or the 404 shell).
 */
export function measureViewer(files: OutputFiles, base: string): ViewerSizes | undefined {
  const html = files.get('index.html') ?? files.get('404.html');
  if (html === undefined) return undefined;
  const text = typeof html === 'string' ? html : new TextDecoder().decode(html);
  const referenced = (pattern: RegExp) =>
    [...text.matchAll(pattern)].map((m) => m[1]!).filter((href) => href.startsWith(base)).map((href) => href.slice(base.length));
  const contents = (names: string[]) => names.map((name) => files.get(name) ?? '');
  return sizesOf({
    firstLoad: {
      js: contents([...referenced(/<script type="module" src="([^"]+)"/g), ...referenced(/<link rel="modulepreload" href="([^"]+)"/g)]),
      css: contents(referenced(/<link rel="stylesheet" href="([^"]+)"/g)),
    },
    chunkGzipSizes: [...files].filter(([name]) => name.startsWith(`${CHUNK_DIR}/`)).map(([, content]) => gzipSize(content)),
    routeTable: contents(['pages.json', 'redirects.json']),
    searchIndex: measureSearchIndex(files),
  });
}

/** Raw and gzip bytes of the search index that pages.json names, if it names one. */
export function measureSearchIndex(files: OutputFiles): { raw: number; gzip: number } | undefined {
  const pages = files.get('pages.json');
  const name = pages === undefined ? undefined : searchIndexName(typeof pages === 'string' ? pages : new TextDecoder().decode(pages));
  const content = name === undefined ? undefined : files.get(name);
  if (content === undefined) return undefined;
  return { raw: typeof content === 'string' ? Buffer.byteLength(content) : content.length, gzip: gzipSize(content) };
}

export function median(sorted: readonly number[]): number {
  if (sorted.length === 0) return 0;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

/** One line per figure, each against its budget. */
export function formatSizes(sizes: ViewerSizes): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const line = (label: string, bytes: number, budget?: number) =>
    `  ${label.padEnd(26)} ${kb(bytes).padStart(9)} gzip${budget === undefined ? '' : `  (budget ${kb(budget)}${bytes > budget ? ', OVER BUDGET' : ''})`}`;
  return [
    'Viewer download sizes:',
    line('first-load JavaScript', sizes.js, BUDGET.js),
    line('first-load CSS', sizes.css, BUDGET.css),
    line(`median page chunk (${sizes.chunkCount})`, sizes.medianChunk, BUDGET.medianChunk),
    line('route table (once)', sizes.routeTable),
    ...(sizes.searchIndex ? [`${line('search index (on open)', sizes.searchIndex.gzip)}  (${kb(sizes.searchIndex.raw)} raw)`] : []),
  ].join('\n');
}

/** The index file named in pages.json, if any: for the size report and the bench. */
export function searchIndexName(pagesJsonText: string): string | undefined {
  const manifest = JSON.parse(pagesJsonText) as { site?: { search?: { index?: string } } };
  return manifest.site?.search?.index;
}
