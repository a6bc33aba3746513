/**
 * Issue 19's reader budgets, measured from a built output folder as a reader
 * would download it: the build's own size report (measureViewer: first
 * visit, navigation, page HTML) plus what search costs. For search the
 * viewer's own engine runs here in Node over the folder's index files,
 * counting the gzip bytes of every file it asks for: the first query pays
 * for the panel's code, the index root and the shards its words touch; each
 * later query in the same session pays only for shards not loaded yet.
 * Snippets come from page chunks (shared with navigation) and are not counted.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { OutputFiles } from '../../cli/output/folder';
import { BUDGET, measureViewer, median, type ViewerSizes } from '../../cli/output/sizes';
import type { SearchRoot } from '../../schema/search-index';
import { loadLocalSearch } from '../../viewer/search/local-engine';

/** Issue 19: the first query all in at 10,000 pages, and each later query (median). */
export const SEARCH_BUDGET = { firstQuery: 150 * 1024, laterQuery: 30 * 1024 } as const;

export interface QueryCost {
  query: string;
  hits: number;
  /** gzip bytes fetched for this query (the first also counts the panel code). */
  bytes: number;
}

export interface ReaderBudgets {
  pages: number;
  sizes: ViewerSizes;
  /** Undefined when the build has no local search index. */
  search?: { panelCode: number; queries: QueryCost[]; firstQuery: number; laterQueryMedian: number };
}

/** Every file of an output folder, by its path relative to the folder (with `/`). */
export async function readOutputFolder(outDir: string): Promise<Map<string, Uint8Array>> {
  const names = (await readdir(outDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(outDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
  const files = new Map<string, Uint8Array>();
  for (const name of names) files.set(name, await readFile(path.join(outDir, name)));
  return files;
}

/**
 * Measures a build's files (a build's own, or readOutputFolder's). `queries`
 * run in order in one session; one that finds nothing is reported as such
 * (its cost would be that of a failed search).
 */
export async function measureReaderBudgets(files: OutputFiles, queries: readonly string[]): Promise<ReaderBudgets> {
  const text = (name: string) => {
    const content = files.get(name);
    return typeof content === 'string' ? content : new TextDecoder().decode(content);
  };
  const manifest = JSON.parse(text('pages.json')) as { site: { base: string }; pages: unknown[] };
  const base = manifest.site.base;
  const sizes = measureViewer(files, base);
  if (!sizes) throw new Error('the output has no index.html or 404.html to measure.');
  const routes = JSON.parse(text('routes.json')) as { search?: string };
  if (routes.search === undefined) return { pages: manifest.pages.length, sizes };

  const gzip = (name: string) => {
    const content = files.get(name);
    if (content === undefined) throw new Error(`the search index names ${name}, which the output does not have.`);
    return gzipSync(content).length;
  };
  const panelCode = searchPanelCode(files, base).reduce((sum, name) => sum + gzip(name), 0);
  let fetched = gzip(routes.search);
  const root = JSON.parse(text(routes.search)) as SearchRoot;
  const search = loadLocalSearch(
    root,
    async <T>(name: string) => {
      fetched += gzip(name);
      return JSON.parse(text(name)) as T;
    },
    base,
  );
  const costs: QueryCost[] = [];
  for (const query of queries) {
    const before = fetched;
    const hits = await search.search(query);
    costs.push({ query, hits: hits.length, bytes: fetched - before + (costs.length === 0 ? panelCode + before : 0) });
  }
  const later = costs.slice(1).map((cost) => cost.bytes).sort((a, b) => a - b);
  return { pages: manifest.pages.length, sizes, search: { panelCode, queries: costs, firstQuery: costs[0]?.bytes ?? 0, laterQueryMedian: median(later) } };
}

/**
 * The scripts a local search loads: the panel (the first-load script imports
 * it by URL), its static imports, and its lazy engine chunks except
 * DocSearch's (the one that talks to Algolia).
 */
function searchPanelCode(files: OutputFiles, base: string): string[] {
  const panel = [...files.keys()].find((name) => /^assets\/search-panel\.[^/]+\.js$/.test(name));
  if (panel === undefined) throw new Error('the output has a search index but no search panel script.');
  const seen = new Set<string>();
  const visit = (name: string, lazy: boolean) => {
    if (seen.has(name)) return;
    const content = files.get(name)!;
    const code = typeof content === 'string' ? content : new TextDecoder().decode(content);
    if (lazy && /algolia/i.test(code)) return;
    seen.add(name);
    for (const match of code.matchAll(/(import\(|from ?)"([^"]+\.js)"/g)) {
      const target = match[2]!.startsWith(base) ? match[2]!.slice(base.length) : undefined;
      if (target !== undefined && files.has(target)) visit(target, match[1] === 'import(');
    }
  };
  visit(panel, false);
  return [...seen].sort();
}

/**
 * Queries drawn from the tree, so they find something at any size: whole
 * words from page titles spread over the site, one typed as far as its first
 * four letters, one with a typo in its last letter (a typo is matched within
 * the index shard of the word as typed, so an early typo may find nothing,
 * by design), one of two words.
 */
export function queriesFromTitles(titles: readonly string[], count = 8): string[] {
  const words: string[] = [];
  for (let i = 0; i < count && titles.length > 0; i++) {
    const title = titles[Math.floor(((i + 0.5) * titles.length) / count)]!;
    const longest = title
      .split(/[^\p{L}]+/u)
      .filter((word) => word.length >= 5)
      .sort((a, b) => b.length - a.length || (a < b ? -1 : 1))[0];
    if (longest !== undefined && !words.includes(longest.toLowerCase())) words.push(longest.toLowerCase());
  }
  return words.map((word, i) => {
    if (i === 2) return word.slice(0, 4);
    if (i === 3) return `${word.slice(0, -1)}${word.endsWith('q') ? 'x' : 'q'}`;
    if (i === 4 && words[i + 1] !== undefined) return `${word} ${words[i + 1]}`;
    return word;
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const verdict = (bytes: number, budget: number) => (bytes <= budget ? 'met' : 'NOT met');

/** The report's table: one row per size, every figure against its budget. */
export function formatReaderBudgets(results: readonly (ReaderBudgets & { label: string })[]): string {
  const lines = [
    'Reader budgets (issue 19), gzip, as `docsbuild preview` serves them:',
    '',
    `| Site | Pages | First visit, median (≤ ${kb(BUDGET.firstVisit)}) | Navigation, median (≤ ${kb(BUDGET.navigation)}) | Page HTML, largest (≤ ${kb(BUDGET.html)}) | JS + CSS | routes.json | Search index, all | First query (≤ ${kb(SEARCH_BUDGET.firstQuery)}) | Later query, median (≤ ${kb(SEARCH_BUDGET.laterQuery)}) |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const { label, pages, sizes, search } of results) {
    lines.push(
      `| ${label} | ${pages.toLocaleString('en-US')} | ${kb(sizes.firstVisit.median)} (largest ${kb(sizes.firstVisit.max)}): ${verdict(sizes.firstVisit.median, BUDGET.firstVisit)} | ${kb(sizes.navigation.median)}: ${verdict(sizes.navigation.median, BUDGET.navigation)} | ${kb(sizes.html.max)}: ${verdict(sizes.html.max, BUDGET.html)} | ${kb(sizes.js)} + ${kb(sizes.css)} | ${kb(sizes.routesRoot)} | ${sizes.searchIndex ? kb(sizes.searchIndex.gzip) : 'none'} | ${search ? `${kb(search.firstQuery)} (code ${kb(search.panelCode)}): ${verdict(search.firstQuery, SEARCH_BUDGET.firstQuery)}` : 'no local search'} | ${search ? `${kb(search.laterQueryMedian)}: ${verdict(search.laterQueryMedian, SEARCH_BUDGET.laterQuery)}` : ''} |`,
    );
  }
  lines.push('');
  for (const { label, search } of results) {
    if (search) lines.push(`- ${label}, queries in one session: ${search.queries.map((q) => `"${q.query}" ${q.hits === 0 ? 'FOUND NOTHING' : `${q.hits} hits`}, ${kb(q.bytes)}`).join('; ')}.`);
  }
  lines.push('');
  return lines.join('\n');
}
