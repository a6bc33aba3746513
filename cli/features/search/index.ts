import type { SearchRoot } from '../../../schema/search-index';
import { searchDocShardNameOf } from '../../../shared/output-names';
import { byteLength, gzipSize, searchIndexSizesFrom, type FileSize } from '../../output/sizes';
import { partOf } from '../../page/types';
import type { EmitContext, EmitPage, Feature, FeatureRun } from '../types';
import { searchIndexKey, searchPageKey } from './file';
import { createSearchIndexBuilder, prepareSearchPage, type PreparedSearchPage, type SearchIndexFile } from './index-builder';
import { PART_NAME as NAME, type SearchBody, type SearchSummary } from './part';

/** The local search index (site.yaml `search.provider: local`), made as pages are written, or kept from the previous build. */
export const searchFeature: Feature = { name: NAME, start };

async function start({ model, pages, output, published, kept, stored }: EmitContext): Promise<FeatureRun> {
  const site = model.record;
  if (site.search.provider !== 'local') return {};
  const docsVersion = site.versions?.current;
  const recordOf = ({ page, indexed }: EmitPage) => ({
    path: page.route.path,
    title: indexed.title,
    description: page.description ?? '',
    headers: page.headers,
    frontmatter: page.frontmatter,
  });
  // `pages` are in path order: the order the index takes them.
  const keyed = pages.map((p) => ({ record: recordOf(p), sectionsKey: partOf<SearchSummary>(p.page.rendered?.parts, NAME)?.sectionsKey ?? '' }));
  const key = searchIndexKey(keyed, docsVersion);
  const reused = await reuseIndex(key, output);
  if (reused) {
    published.searchIndex = reused;
    return {};
  }

  const builder = createSearchIndexBuilder({ docsVersion });
  // The dev server keeps each page's counted words in memory; a CLI build stores them in the cache folder
  // (FeatureStates), one record a page, read back as views of one file and written again as the index takes them.
  const prepared = preparedPages(kept);
  let previous = !prepared && stored ? ((await stored.loadRecords(NAME)) ?? new Map<string, Buffer>()) : undefined;
  let records: ReturnType<NonNullable<typeof stored>['records']> | undefined;
  const used = new Set<string>();
  // Pages are written a few at once and may finish out of order; the index takes them in path order.
  const waiting = new Map<number, { record: ReturnType<typeof recordOf>; prepared: PreparedSearchPage | undefined; pageKey?: string; encoded?: Uint8Array }>();
  let next = 0;
  return {
    async page(page) {
      const record = recordOf(page);
      const pageKey = (prepared || previous) && searchPageKey(keyed[page.order]!);
      // A page whose record and sections are unchanged since an earlier build is neither read nor tokenized again.
      const earlier = pageKey === undefined ? undefined : previous?.get(pageKey);
      const documents =
        pageKey !== undefined && prepared?.has(pageKey)
          ? prepared.get(pageKey)
          : earlier
            ? (JSON.parse(earlier.toString('utf8')) as PreparedSearchPage | null) ?? undefined
            : prepareSearchPage({ record, sections: partOf<SearchBody>((await page.body()).parts, NAME) ?? [] });
      if (pageKey !== undefined) {
        prepared?.set(pageKey, documents);
        used.add(pageKey);
      }
      const encoded = previous && pageKey !== undefined ? (earlier ?? Buffer.from(JSON.stringify(documents ?? null))) : undefined;
      waiting.set(page.order, { record, prepared: documents, pageKey, encoded });
      for (let ready = waiting.get(next); ready; ready = waiting.get(next)) {
        waiting.delete(next++);
        builder.addPrepared(ready.record, ready.prepared);
        if (ready.encoded && ready.pageKey !== undefined) (records ??= stored!.records(NAME)).add(ready.pageKey, ready.encoded);
      }
    },
    async finish() {
      for (const pageKey of prepared?.keys() ?? []) if (!used.has(pageKey)) prepared!.delete(pageKey);
      // Pages no longer in the site are simply not written again.
      await records?.commit();
      previous = undefined;
      const index = builder.finish();
      // Each shard by its name (a hash of its content): one the output holds already is kept as it is, neither written
      // nor gzipped again (its gzip size is stored with it). The root carries the index's key, looked up at the start.
      const shards: FileSize[] = [];
      for (const file of index.shards) shards.push(await putShard(output, file));
      const root = { raw: byteLength(index.root.content), gzip: gzipSize(index.root.content) };
      if (!output.has(index.root.name)) await output.put(index.root.name, index.root.content, { key, meta: root.gzip });
      published.searchIndex = sizesFrom(index.root.name, root, index.shards.map((file) => file.name), shards);
    },
  };
}

type Sink = EmitContext['output'];

/**
 * Each page's documents with their words counted, by what the index takes
 * from the page (searchPageKey). Kept between the builds of the dev server,
 * or stored in the cache folder between CLI builds: after an edit the index
 * is made again without reading or tokenizing the other pages. Pages no
 * build asked for since are dropped.
 */
function preparedPages(kept: EmitContext['kept']): Map<string, PreparedSearchPage | undefined> | undefined {
  if (!kept) return undefined;
  const existing = kept.get(NAME) as Map<string, PreparedSearchPage | undefined> | undefined;
  if (existing) return existing;
  const made = new Map<string, PreparedSearchPage | undefined>();
  kept.set(NAME, made);
  return made;
}

/** The previous build's index, every file of it taken over; undefined (and the index made again) when any is missing. */
async function reuseIndex(key: string, output: Sink): Promise<EmitContext['published']['searchIndex']> {
  const reused = await output.reuse(key);
  const content = reused && (await output.read(reused.name));
  if (!reused || reused.meta === undefined || content === undefined) return undefined;
  const root = JSON.parse(text(content)) as Pick<SearchRoot, 'terms' | 'docs'>;
  const names = [...root.terms.map(([, name]) => name), ...Array.from({ length: root.docs.shards }, (_, at) => searchDocShardNameOf(at, root.docs.hash))];
  const sizes: FileSize[] = [];
  for (const name of names) {
    const shard = await output.reuse(shardKey(name));
    const bytes = shard && (await output.read(name));
    if (!shard || bytes === undefined) return undefined;
    sizes.push({ raw: byteLength(bytes), gzip: shard.meta ?? gzipSize(bytes) });
  }
  return sizesFrom(reused.name, { raw: byteLength(content), gzip: reused.meta }, names, sizes);
}

/** A shard is known by its name, which holds a hash of its content. */
function shardKey(name: string): string {
  return `search-shard:${name}`;
}

/** Keeps the previous output's file of that name (and its gzip size), or writes it with its gzip size. */
async function putShard(output: Sink, file: SearchIndexFile): Promise<FileSize> {
  const raw = byteLength(file.content);
  if (output.has(file.name)) return { raw, gzip: gzipSize(file.content) };
  const kept = await output.reuse(shardKey(file.name));
  if (kept) return { raw, gzip: kept.meta ?? gzipSize(file.content) };
  const gzip = gzipSize(file.content);
  await output.put(file.name, file.content, { key: shardKey(file.name), meta: gzip });
  return { raw, gzip };
}

/** The root's name, and the index's sizes (output/sizes.ts). */
function sizesFrom(name: string, root: FileSize, names: readonly string[], sizes: readonly FileSize[]) {
  const of = (kind: string) => sizes.filter((_, at) => names[at]!.includes(`/${kind}-`));
  return { name, ...searchIndexSizesFrom(root, of('terms'), of('docs')) };
}

function text(content: string | Uint8Array): string {
  return typeof content === 'string' ? content : new TextDecoder().decode(content);
}
