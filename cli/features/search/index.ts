import type { SearchRoot } from '../../../schema/search-index';
import { searchDocShardNameOf } from '../../../shared/output-names';
import { byteLength, gzipSize, searchIndexSizesFrom, type FileSize } from '../../output/sizes';
import { isTooComplex } from '../../page/too-complex';
import { partOf } from '../../page/types';
import { collectGarbage } from '../../support/memory';
import type { EmitContext, EmitPage, Feature, FeatureRun } from '../types';
import { SEARCH_FIELDS } from '../../../shared/search/terms';
import { searchIndexKeyOf, searchPageKey } from './file';
import {
  createSearchIndexBuilder,
  prepareSearchPage,
  type PreparedSearchPage,
  type SearchablePage,
  type SearchIndexFile,
  type SearchIndexOptions,
} from './index-builder';
import {
  addSums,
  pageValue,
  recordsOf,
  settingsOf,
  storedIndexOf,
  storedTailOf,
  tailRecordsOf,
  updateIndex,
  type IndexPage,
  type KeptFile,
  type StoredIndex,
} from './stored-index';
import { PART_NAME as NAME, type SearchBody, type SearchSummary } from './part';

/** Where a CLI build keeps its index between builds (FeatureStates records, stored-index.ts). */
const STORED_INDEX = 'search-index';
/** Where docsbuild 0.1 before the stored index kept each page's search words (87 MB at 10,000 pages): removed once the index is stored. */
const RETIRED_STATE = 'search';

/** The local search index (site.yaml `search.provider: local`), made as pages are written, or kept from the previous build. */
export const searchFeature: Feature = { name: NAME, start, readsEarly: [STORED_INDEX] };

async function start(context: EmitContext): Promise<FeatureRun> {
  const { model, pages, output, published, kept, stored } = context;
  const site = model.record;
  if (site.search.provider !== 'local') return {};
  const docsVersion = site.versions?.current;
  // A reader searches their own locale's pages (SearchRoot.locales).
  const locales = Object.keys(model.config.locales).filter((folder) => folder !== '/').sort();
  // `pages` are in path order: the order the index takes them.
  const pageKeys = pages.map(!kept && stored ? storedPageKey : contentKeyOf);
  const key = searchIndexKeyOf(pageKeys, docsVersion, locales);
  const reused = await reuseIndex(key, output);
  if (reused) {
    published.searchIndex = reused;
    return {};
  }
  // A CLI build updates the index the last one stored in the cache folder (stored-index.ts), or makes it whole and stores it.
  if (!kept && stored) {
    const records = await stored.loadRecords(STORED_INDEX);
    const previous = records && storedIndexOf(records);
    const options = { docsVersion, locales };
    if (previous?.meta.settings === settingsOf(options) && updatesByDifference(pageKeys.filter((k) => !previous.pages.has(k)).length, pageKeys.length)) {
      return updatedIndexRun(context, key, pageKeys, previous, options);
    }
    return wholeIndexRun(context, key, pageKeys, options);
  }

  const builder = createSearchIndexBuilder({ docsVersion, locales });
  // The dev server keeps each page's counted words in memory.
  const prepared = preparedPages(kept);
  const used = new Set<string>();
  const inOrder = inPathOrder((ready: { record: SearchablePage['record']; prepared: PreparedSearchPage | undefined }) => builder.addPrepared(ready.record, ready.prepared));
  return {
    async page(page) {
      const record = recordOf(page);
      const pageKey = pageKeys[page.order]!;
      // A page whose record and sections are unchanged since an earlier build is neither read nor tokenized again.
      const documents = prepared?.has(pageKey) ? prepared.get(pageKey) : await preparedFromBody(page);
      prepared?.set(pageKey, documents);
      used.add(pageKey);
      inOrder(page.order, { record, prepared: documents });
    },
    async finish() {
      for (const pageKey of prepared?.keys() ?? []) if (!used.has(pageKey)) prepared!.delete(pageKey);
      const index = builder.finish();
      published.searchIndex = await writeIndex(output, key, index.root, index.shards);
    },
  };
}

/**
 * Whether the stored index is updated (each changed page's documents held
 * until the end) rather than made whole (streamed, never held): only for a
 * few changed pages. With every page of 10,000 changed (a constant all of
 * them use, a global edit), updating held them all: 995 MiB at its peak,
 * against a cold build's 388. The share is the stored sources' log's.
 */
export function updatesByDifference(changed: number, pages: number): boolean {
  return changed <= Math.max(UPDATE_AT_MOST, pages / 8);
}
const UPDATE_AT_MOST = 64;

/** What the index takes from a page (its record and sections), as one key. */
const contentKeyOf = (page: EmitPage): string => searchPageKey({ record: recordOf(page), sectionsKey: partOf<SearchSummary>(page.page.rendered?.parts, NAME)?.sectionsKey ?? '' });

/**
 * A page's key in a CLI build's stored index: its input key (everything its
 * summary and body are made from, so all the index takes from it) where it
 * has one that holds, else contentKeyOf. Keyed by what the index takes, a
 * one-edit build at 10,000 pages made every page's record and headers into
 * JSON and hashed it (start: 120-145 ms of CPU, now 70-80), and the stored
 * index kept them all (29.0 MB, now 23.8).
 */
function storedPageKey(page: EmitPage): string {
  // A page stopped for its budget: its summary is not all its input key makes, and may differ next time.
  return page.inputKey !== undefined && !isTooComplex({ summary: page.summary }) ? `input:${page.inputKey}` : contentKeyOf(page);
}

const recordOf = ({ page, indexed }: EmitPage): SearchablePage['record'] => ({
  path: page.route.path,
  title: indexed.title,
  description: page.description ?? '',
  headers: page.headers,
  frontmatter: page.frontmatter,
});

async function preparedFromBody(page: EmitPage): Promise<PreparedSearchPage | undefined> {
  return prepareSearchPage({ record: recordOf(page), sections: partOf<SearchBody>((await page.body()).parts, NAME) ?? [] });
}

/** Takes what pages give, which may finish out of order (they are written a few at once), in path order. */
function inPathOrder<T>(take: (value: T) => void): (order: number, value: T) => void {
  const waiting = new Map<number, T>();
  let next = 0;
  return (order, value) => {
    waiting.set(order, value);
    for (let ready = waiting.get(next); ready !== undefined; ready = waiting.get(next)) {
      waiting.delete(next++);
      take(ready);
    }
  };
}

/**
 * A CLI build with no usable stored index: every page's documents made from
 * its body, and stored as it comes (never held for the whole site), then
 * the index's terms and postings.
 */
function wholeIndexRun({ output, published, stored }: EmitContext, key: string, pageKeys: readonly string[], options: SearchIndexOptions): FeatureRun {
  const builder = createSearchIndexBuilder(options);
  const records = stored!.records(STORED_INDEX);
  const totals = SEARCH_FIELDS.map(() => 0);
  const inOrder = inPathOrder((ready: { record: SearchablePage['record']; prepared: PreparedSearchPage | undefined; pageKey: string }) => {
    builder.addPrepared(ready.record, ready.prepared);
    records.add(ready.pageKey, Buffer.from(pageValue(ready.record, ready.prepared)));
    addSums(totals, ready.prepared);
  });
  return {
    async page(page) {
      inOrder(page.order, { record: recordOf(page), prepared: await preparedFromBody(page), pageKey: pageKeys[page.order]! });
    },
    async finish() {
      // The garbage the page writing left is freed first: the index is made beside the postings' blocks, and on top of that garbage
      // it was the cold build's peak.
      collectGarbage();
      // And between the postings and the shards: the postings' blocks (34 MiB at 10,000 pages) are let go once their strings are
      // made, and collected before the shards are made on top (a cold 10,000-page build's peak 398-401 -> 382-384 MiB).
      const index = builder.finish(() => collectGarbage());
      // The postings' blocks (34 MiB at 10,000 pages, let go by finish) and the garbage of making the shards are freed before
      // the stored tail and the shards' writes are made on top: left to V8, they were all held at once, the build's peak.
      collectGarbage();
      for (const [name, value] of tailRecordsOf(storedTailOf(index, options, totals))) records.add(name, Buffer.from(value));
      if (await records.commit()) await stored!.forget(RETIRED_STATE);
      published.searchIndex = await writeIndex(output, key, index.root, index.shards);
    },
  };
}

/**
 * A CLI build with the last build's stored index: only pages whose key it
 * does not hold are read and tokenized; the index is updated for them
 * (stored-index.ts), its unchanged shards kept as the output holds them,
 * and stored again.
 */
function updatedIndexRun({ pages, output, published, stored }: EmitContext, key: string, pageKeys: readonly string[], storedIndex: StoredIndex, options: SearchIndexOptions): FeatureRun {
  const changed = new Map<number, PreparedSearchPage | undefined>();
  // Let go once updated: the site-wide files that follow need the room.
  let previous: StoredIndex | undefined = storedIndex;
  return {
    async page(page) {
      if (!previous!.pages.has(pageKeys[page.order]!)) changed.set(page.order, await preparedFromBody(page));
    },
    async finish() {
      if (!previous) return;
      const last = previous;
      previous = undefined;
      const input: IndexPage[] = pages.map((page, order) => {
        const pageKey = pageKeys[order]!;
        const value = last.pages.get(pageKey);
        return value ? { key: pageKey, stored: value } : { key: pageKey, record: recordOf(page), prepared: changed.get(order) };
      });
      const updated = updateIndex(last, input, options);
      published.searchIndex = await writeIndex(output, key, updated.root, updated.shards);
      const records = stored!.records(STORED_INDEX);
      for (const [name, value] of recordsOf(updated.stored)) records.add(name, typeof value === 'string' ? Buffer.from(value) : value);
      await records.commit();
    },
  };
}

/** Puts the index's files in the output (each shard kept or written, see putShard) and gives its sizes. */
async function writeIndex(output: Sink, key: string, rootFile: SearchIndexFile, files: readonly (SearchIndexFile | KeptFile)[]): Promise<NonNullable<EmitContext['published']['searchIndex']>> {
  // Each shard by its name (a hash of its content): one the output holds already is kept as it is, neither written
  // nor gzipped again (its gzip size is stored with it). The root carries the index's key, looked up at the start.
  const shards: FileSize[] = [];
  for (const file of files) shards.push(await putShard(output, file));
  const root = { raw: byteLength(rootFile.content), gzip: gzipSize(rootFile.content) };
  if (!output.has(rootFile.name)) await output.put(rootFile.name, rootFile.content, { key, meta: root.gzip });
  return sizesFrom(rootFile.name, root, files.map((file) => file.name), shards);
}

type Sink = EmitContext['output'];

/**
 * Each page's documents with their words counted, by what the index takes
 * from the page (searchPageKey), kept between the builds of the dev server:
 * after an edit the index is made again without reading or tokenizing the
 * other pages. Pages no build asked for since are dropped.
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
async function putShard(output: Sink, file: SearchIndexFile | KeptFile): Promise<FileSize> {
  const contentOf = () => ('raw' in file ? file.content() : file.content);
  const rawOf = () => ('raw' in file ? file.raw : byteLength(file.content));
  if (output.has(file.name)) return { raw: rawOf(), gzip: gzipSize(contentOf()) };
  const kept = await output.reuse(shardKey(file.name));
  if (kept) return { raw: rawOf(), gzip: kept.meta ?? gzipSize(contentOf()) };
  const content = contentOf();
  const gzip = gzipSize(content);
  await output.put(file.name, content, { key: shardKey(file.name), meta: gzip });
  return { raw: byteLength(content), gzip };
}

/** The root's name, and the index's sizes (output/sizes.ts). */
function sizesFrom(name: string, root: FileSize, names: readonly string[], sizes: readonly FileSize[]) {
  const of = (kind: string) => sizes.filter((_, at) => names[at]!.includes(`/${kind}-`));
  return { name, ...searchIndexSizesFrom(root, of('terms'), of('docs')) };
}

function text(content: string | Uint8Array): string {
  return typeof content === 'string' ? content : new TextDecoder().decode(content);
}
