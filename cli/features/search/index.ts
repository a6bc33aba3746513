import { searchIndexSizesOf } from '../../output/sizes';
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
      // The key was looked up at the start (so the pages' text is read only when the index is made): store it now,
      // on every file, numbered, and the number of shards on the root.
      for (const [at, file] of index.shards.entries()) if (!output.has(file.name)) await output.put(file.name, file.content, { key: `${key}#${at}` });
      if (!output.has(index.root.name)) await output.put(index.root.name, index.root.content, { key, meta: index.shards.length });
      published.searchIndex = sizesOf(index.root, index.shards);
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
  const root = await output.reuse(key);
  if (!root || root.meta === undefined) return undefined;
  const shards: SearchIndexFile[] = [];
  for (let at = 0; at < root.meta; at++) {
    const shard = await output.reuse(`${key}#${at}`);
    const content = shard && (await output.read(shard.name));
    if (!shard || content === undefined) return undefined;
    shards.push({ name: shard.name, content: text(content) });
  }
  return sizesOf({ name: root.name, content: text((await output.read(root.name)) ?? '') }, shards);
}

/** The root's name, and the index's sizes (output/sizes.ts). */
function sizesOf(root: SearchIndexFile, shards: readonly SearchIndexFile[]) {
  const of = (kind: string) => shards.filter((s) => s.name.includes(`/${kind}-`)).map((s) => s.content);
  return { name: root.name, ...searchIndexSizesOf(root.content, of('terms'), of('docs')) };
}

function text(content: string | Uint8Array): string {
  return typeof content === 'string' ? content : new TextDecoder().decode(content);
}
