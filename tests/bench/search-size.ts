/**
 * The search index's size in a built output folder, for the bench report:
 * `searchIndexStats(outDir)` after a build, `formatSearchIndexLine` for the
 * table or the notes. Issue 5's target: under 150 KB gzip at 500 pages.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { searchIndexName } from '../../cli/output/sizes';

export const SEARCH_INDEX_TARGET = { pages: 500, gzipBytes: 150 * 1024 } as const;

export interface SearchIndexStats {
  /** The index's root file, relative to the output folder (as routes.json names it); raw and gzip are of all its files. */
  file: string;
  raw: number;
  gzip: number;
}

/** Undefined when the build has no local index (search provider docsearch or none). Every file of the sharded index counts. */
export async function searchIndexStats(outDir: string): Promise<SearchIndexStats | undefined> {
  const routesJson = path.join(outDir, 'routes.json');
  if (!existsSync(routesJson)) return undefined;
  const file = searchIndexName(await readFile(routesJson, 'utf8'));
  if (file === undefined) return undefined;
  const root = await readFile(path.join(outDir, file));
  const { terms, docs } = JSON.parse(root.toString('utf8')) as { terms: [string, string][]; docs: string[] };
  let raw = root.length;
  let gzip = gzipSync(root).length;
  for (const name of [...terms.map(([, shard]) => shard), ...docs]) {
    const content = await readFile(path.join(outDir, name));
    raw += content.length;
    gzip += gzipSync(content).length;
  }
  return { file, raw, gzip };
}

/** One line, e.g. "- Search index at 500 pages: 125.6 KiB gzip (404.4 KiB raw), target < 150.0 KiB gzip: met." */
export function formatSearchIndexLine(pages: number, stats: SearchIndexStats | undefined): string {
  if (!stats) return `- Search index at ${pages.toLocaleString('en-US')} pages: none (no local search in this build).`;
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  const target =
    pages === SEARCH_INDEX_TARGET.pages
      ? `, target < ${kib(SEARCH_INDEX_TARGET.gzipBytes)} gzip: ${stats.gzip < SEARCH_INDEX_TARGET.gzipBytes ? 'met' : 'not met'}`
      : '';
  return `- Search index at ${pages.toLocaleString('en-US')} pages: ${kib(stats.gzip)} gzip (${kib(stats.raw)} raw)${target}.`;
}
