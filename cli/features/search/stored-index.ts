import type { SearchRoot } from '../../../schema/search-index';
import { searchDocShardNameOf } from '../../../shared/output-names';
import { shardOf } from '../../../shared/prefix-shards';
import { SEARCH_FIELDS } from '../../../shared/search/terms';
import {
  DOCS_PER_SHARD,
  docShardFilesOf,
  rootFileOf,
  TERM_SHARD_LIMITS,
  termShardFileOf,
  termShardsOf,
  type PreparedSearchPage,
  type SearchIndex,
  type SearchIndexFile,
  type SearchablePage,
  type SearchIndexOptions,
} from './index-builder';
import { AddedEntries, updatePostings, type DocumentRun } from './postings-update';

/**
 * What a CLI build keeps of its search index (in the cache folder, as the
 * records of a FeatureStates file) so that the next build updates it for
 * the pages that changed instead of making it again from every page: per
 * page (by searchPageKey, in path order) its document count, its documents
 * and the terms it holds; the index's terms and postings in their wire form;
 * and what the root says (field totals, shard prefixes and names, sizes).
 * After an edit the changed pages' old entries are taken out of the terms
 * they held and their new ones put in (postings-update.ts); a term shard
 * whose terms are all as they were keeps its name and file.
 */
export interface StoredIndex {
  meta: IndexMeta;
  /** Per page, by its searchPageKey, in path order: pageValue's encoding. */
  pages: ReadonlyMap<string, Uint8Array>;
  terms: readonly string[];
  postings: readonly string[];
}

export interface IndexMeta {
  /** What else the index was made with: another docs version or other shard sizes, another index. */
  settings: string;
  /** Per field (SEARCH_FIELDS order), the sum of every document's length in it. */
  totals: number[];
  documents: number;
  termShards: SearchRoot['terms'];
  /** Each term shard's raw size, in the order of termShards. */
  termRaw: number[];
  docs: SearchRoot['docs'];
  docRaw: number[];
}

/** A page going into the index: its key, and either what the stored index holds of it or its record and prepared documents. */
export type IndexPage = { key: string; stored: Uint8Array } | { key: string; record: SearchablePage['record']; prepared: PreparedSearchPage | undefined };

/** A shard whose bytes are those of the previous index: its file is taken over, made again (`content()`) only if it is gone. */
export interface KeptFile {
  name: string;
  raw: number;
  content(): string;
}

export interface UpdatedIndex {
  root: SearchIndexFile;
  shards: (SearchIndexFile | KeptFile)[];
  stored: StoredIndex;
}

const META = '\0meta';
const TERMS = '\0terms';
const POSTINGS = '\0postings';

/** What else an index is made with, as stored: a stored index made otherwise is not updated but made again. */
export function settingsOf(options: SearchIndexOptions): string {
  return JSON.stringify([options.docsVersion ?? null, options.locales ?? [], options.docsPerShard ?? DOCS_PER_SHARD, options.termLimits ?? TERM_SHARD_LIMITS]);
}

/**
 * A page's stored value, in lines: its document count; `[path, title, docs]`
 * as JSON (what the document shards take from it); its field sums as JSON;
 * then its terms, a line each (terms hold no whitespace). A `search: false`
 * page has no documents: `0`, `null`, `null`.
 */
export function pageValue(record: SearchablePage['record'], prepared: PreparedSearchPage | undefined): string {
  if (!prepared) return '0\nnull\nnull\n';
  const sums = SEARCH_FIELDS.map((_, field) => prepared.counted.reduce((sum, doc) => sum + (doc[field]?.[0] ?? 0), 0));
  const terms = new Set<string>();
  for (const doc of prepared.counted) for (const [, counts] of doc) for (const [term] of counts) terms.add(term);
  return `${prepared.docs.length}\n${JSON.stringify([record.path, record.title, prepared.docs])}\n${JSON.stringify(sums)}\n${[...terms].join('\n')}`;
}

/** The document count at the start of a stored page value, read without decoding the rest. */
function docCountOf(value: Uint8Array): number {
  let count = 0;
  for (let at = 0; value[at] !== 0x0a; at++) count = count * 10 + value[at]! - 0x30;
  return count;
}

/** A stored page value's lines: `head` is the `[path, title, docs]` line as stored. */
interface DecodedPage {
  head: string;
  sums: number[] | null;
  terms: string[];
}

function decodePage(value: Uint8Array): DecodedPage {
  const lines = text(value).split('\n');
  const terms = lines.slice(3);
  return { head: lines[1]!, sums: JSON.parse(lines[2]!) as number[] | null, terms: terms.length === 1 && terms[0] === '' ? [] : terms };
}

/** A page's `[path, title, docs]`, or null for a `search: false` page. */
function headOf(line: string): [path: string, title: string, docs: [slug: string, heading: string][]] | null {
  return JSON.parse(line) as [string, string, [string, string][]] | null;
}

function text(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
}

/**
 * The stored index from its records; undefined when they are not one (a
 * state of another shape is ignored whole). Its terms and postings are
 * split into lists only when first asked for: a build holds them from the
 * moment the index is updated, not while its pages are written.
 */
export function storedIndexOf(records: ReadonlyMap<string, Uint8Array>): StoredIndex | undefined {
  const meta = records.get(META);
  const terms = records.get(TERMS);
  const postings = records.get(POSTINGS);
  if (!meta || !terms || !postings || lineCount(terms) !== lineCount(postings)) return undefined;
  const pages = new Map<string, Uint8Array>();
  for (const [key, value] of records) if (!key.startsWith('\0')) pages.set(key, value);
  const lines = (bytes: Uint8Array) => (bytes.length === 0 ? [] : text(bytes).split('\n'));
  let lists: { terms: string[]; postings: string[] } | undefined;
  const listed = () => (lists ??= { terms: lines(terms), postings: lines(postings) });
  return {
    meta: JSON.parse(text(meta)) as IndexMeta,
    pages,
    get terms() {
      return listed().terms;
    },
    get postings() {
      return listed().postings;
    },
  };
}

/** The lines `split('\n')` would give (none for no bytes), counted without making them. */
function lineCount(bytes: Uint8Array): number {
  if (bytes.length === 0) return 0;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let count = 1;
  for (let at = buffer.indexOf(0x0a); at !== -1; at = buffer.indexOf(0x0a, at + 1)) count++;
  return count;
}

/** The records to store, pages first (in path order), in the order storedIndexOf reads them. */
export function* recordsOf(stored: StoredIndex): Generator<[string, Uint8Array | string]> {
  yield* stored.pages;
  yield* tailRecordsOf(stored);
}

/** The records after the pages' (a build that makes the index whole stores each page's as it comes). */
export function* tailRecordsOf({ meta, terms, postings }: Omit<StoredIndex, 'pages'>): Generator<[string, string]> {
  yield [META, JSON.stringify(meta)];
  yield [TERMS, terms.join('\n')];
  yield [POSTINGS, postings.join('\n')];
}

/** What to store of an index made whole (index-builder.ts), besides its pages' values: `totals` are the pages' field sums added up. */
export function storedTailOf(index: SearchIndex, options: SearchIndexOptions, totals: number[]): Omit<StoredIndex, 'pages'> {
  const raw = (file: SearchIndexFile) => Buffer.byteLength(file.content);
  const termCount = index.parts.termShards.length;
  return {
    meta: {
      settings: settingsOf(options),
      totals,
      documents: index.documents,
      termShards: index.parts.termShards,
      termRaw: index.shards.slice(0, termCount).map(raw),
      docs: index.parts.docs,
      docRaw: index.shards.slice(termCount).map(raw),
    },
    terms: index.parts.terms,
    postings: index.parts.postings,
  };
}

/** Adds a page's field sums (pageValue's) to `totals`. */
export function addSums(totals: number[], prepared: PreparedSearchPage | undefined): void {
  for (const doc of prepared?.counted ?? []) doc.forEach(([length], field) => (totals[field]! += length));
}

/**
 * The index for `pages` (path order), made from the stored one: the pages
 * whose key it holds are taken as they were, the others' documents go in
 * (prepared), and pages it holds that are not given go out. The files are
 * byte for byte those a build of the whole index would make.
 */
export function updateIndex(previous: StoredIndex, pages: readonly IndexPage[], options: SearchIndexOptions = {}): UpdatedIndex {
  const perShard = options.docsPerShard ?? DOCS_PER_SHARD;
  const { meta } = previous;
  // Old ids: each stored page's documents, in the stored order.
  const oldStart = new Map<string, number>();
  let oldDocuments = 0;
  for (const [key, value] of previous.pages) {
    oldStart.set(key, oldDocuments);
    oldDocuments += docCountOf(value);
  }
  const kept = new Map<string, number>();
  const added = new AddedEntries();
  const newValues = new Map<string, Uint8Array>();
  const totals = [...meta.totals];
  const addedHeads: string[] = [];
  let documents = 0;
  for (const page of pages) {
    if ('stored' in page) {
      kept.set(page.key, documents);
      newValues.set(page.key, page.stored);
      documents += docCountOf(page.stored);
      continue;
    }
    const value = Buffer.from(pageValue(page.record, page.prepared));
    newValues.set(page.key, value);
    addedHeads.push(decodePage(value).head);
    for (const doc of page.prepared?.counted ?? []) added.add(documents++, doc);
    addSums(totals, page.prepared);
  }
  const runs: DocumentRun[] = [];
  const removedHeads: string[] = [];
  let touched: Set<string> | undefined = new Set(added.byTerm.keys());
  for (const [key, value] of previous.pages) {
    const from = oldStart.get(key)!;
    const count = docCountOf(value);
    const to = kept.get(key);
    if (count > 0) runs.push({ from, to: from + count, shift: to === undefined ? undefined : to - from });
    if (to !== undefined) {
      if (to !== from) touched = undefined;
      continue;
    }
    const old = decodePage(value);
    removedHeads.push(old.head);
    old.sums?.forEach((sum, field) => (totals[field]! -= sum));
    for (const term of old.terms) touched?.add(term);
  }
  const updated = updatePostings(previous.terms, previous.postings, runs, added, touched);

  // Term shards: one whose terms and postings are all as they were keeps its name (and its file in the output).
  const { prefixes, members } = termShardsOf(updated.terms, updated.postings, options.termLimits);
  const dirty = new Set<number>();
  members.forEach((shard, at) => {
    if (shard.some((t) => updated.changed.has(t))) dirty.add(at);
  });
  for (const term of updated.removed) dirty.add(shardOf(term, prefixes));
  const sameShard = sameTermShards(prefixes, meta.termShards.map(([prefix]) => prefix));
  const termShards: SearchRoot['terms'] = [];
  const termRaw: number[] = [];
  const shards: (SearchIndexFile | KeptFile)[] = [];
  members.forEach((shard, at) => {
    const file = sameShard(at) && !dirty.has(at) ? keptFile(meta.termShards[at]![1], meta.termRaw[at]!, () => termShardFileOf(at, shard, updated.terms, updated.postings)) : termShardFileOf(at, shard, updated.terms, updated.postings);
    termShards.push([prefixes[at]!, file.name]);
    termRaw.push('raw' in file ? file.raw : Buffer.byteLength(file.content));
    shards.push(file);
  });

  // Document shards: the same pages with the same documents keep them all (their names share one hash).
  const sameDocs = removedHeads.length === addedHeads.length && [...removedHeads].sort().join('\n') === [...addedHeads].sort().join('\n');
  const docFiles = () => {
    const docs: [number, string, string][] = [];
    const table: [string, string][] = [];
    for (const value of newValues.values()) {
      const head = headOf(decodePage(value).head);
      if (!head) continue;
      const at = table.push([head[0], head[1]]) - 1;
      for (const [slug, heading] of head[2]) docs.push([at, slug, heading]);
    }
    return docShardFilesOf(docs, table, perShard);
  };
  let docs = meta.docs;
  let docRaw = meta.docRaw;
  if (sameDocs) {
    let made: ReturnType<typeof docFiles> | undefined;
    meta.docRaw.forEach((raw, at) => shards.push(keptFile(searchDocShardNameOf(at, meta.docs.hash), raw, () => (made ??= docFiles()).files[at]!)));
  } else {
    const made = docFiles();
    docs = made.root;
    docRaw = made.files.map((file) => Buffer.byteLength(file.content));
    shards.push(...made.files);
  }
  const averageFieldLength = totals.map((total) => (documents === 0 ? 0 : total / documents));
  const root = rootFileOf({ docsVersion: options.docsVersion, locales: options.locales, documents, averageFieldLength, terms: termShards, docs });
  return {
    root,
    shards,
    stored: { meta: { settings: meta.settings, totals, documents, termShards, termRaw, docs, docRaw }, pages: newValues, terms: updated.terms, postings: updated.postings },
  };
}

/**
 * Whether term shard `at` takes the same terms under the new prefixes as
 * under the old: its prefix is the old shard's at the same place, and so
 * are all the prefixes that extend it (a term goes to its longest prefix, so
 * only those could take a term from it). With the terms and postings it
 * holds unchanged, its file is then the old one. A change anywhere else in
 * the prefixes (an edit's few bytes of postings can split a busy shard anew)
 * no longer makes every shard again: at 10,000 pages that was all 330, each
 * validated, stringified and hashed, for the same names.
 */
function sameTermShards(prefixes: readonly string[], old: readonly string[]): (at: number) => boolean {
  return (at) => {
    const prefix = prefixes[at]!;
    if (old[at] !== prefix) return false;
    let next = at + 1;
    // Sorted: the prefixes that extend this one come right after it, in both lists.
    for (; next < prefixes.length && prefixes[next]!.startsWith(prefix); next++) if (old[next] !== prefixes[next]) return false;
    return !(next < old.length && old[next]!.startsWith(prefix));
  };
}

function keptFile(name: string, raw: number, make: () => SearchIndexFile): KeptFile {
  return { name, raw, content: () => make().content };
}

