import { createHash } from 'node:crypto';
import { mkdir, open, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { KnownTextHash, SourceFile } from '../source/load';
import { constantsNamedIn, factsOf } from '../source/text-facts';
import { textHash } from '../support/hash';
import { pruneCache } from './cache-prune';
import { storedBlocksOf } from './stored-code-blocks';
import { SummaryIndex } from './summary-index';
import type { PageBody, PageContext, PageSummary } from './types';

/** Bumped when the shape of a cache entry changes. */
const ENTRY_FORMAT = 5;

/**
 * A content-addressed cache of processed pages. A page whose source, the
 * config values it reads and the tool itself are unchanged is not parsed or
 * rendered again. An entry that is unreadable, corrupt or of another format
 * is ignored, never trusted. Besides load and write, the only module that
 * touches the disk.
 *
 * An entry is two lines of JSON: the page's summary, then its body. The
 * summary is read for every page up front; the body only when the page is
 * written, so a build never holds every page's HTML at once.
 */
export interface PageCache {
  /** The entry's key: a hash of everything the page's summary and body are made from. */
  keyOf(source: SourceFile, context: PageContext): string;
  /** The page's summary, without its body. */
  get(source: SourceFile, context: PageContext): Promise<PageSummary | undefined>;
  /** The body of a stored page; undefined when the entry is gone or damaged (process the page again). */
  body(source: SourceFile, context: PageContext): Promise<PageBody | undefined>;
  /**
   * The code blocks of the page's last version (its entry for the text it
   * had at the last build, page/stored-code-blocks.ts), by key; empty when
   * there is none (a new page, a cold cache, another tool or setting).
   */
  storedBlocks(source: SourceFile, context: PageContext): Promise<Map<string, string>>;
  /**
   * Stores a processed page, its body an object or already the bytes of its JSON (page/body-bytes.ts); false when it could not be written (the caller keeps the body then).
   * With `index: false` its summary is not kept for the summaries file until given to `index` (a caller that holds the summaries packed meanwhile).
   */
  set(source: SourceFile, context: PageContext, result: { summary: PageSummary; body?: PageBody | Uint8Array }, options?: { index?: boolean }): Promise<boolean>;
  /** Keeps the summary of a page stored with `index: false` for the summaries file. */
  index(source: SourceFile, context: PageContext, summary: PageSummary): Promise<void>;
  /**
   * After the pages' summaries are all asked for and stored: writes the
   * summaries file (page/summary-index.ts) if it changed, and prunes entries
   * left unused for a week (page/cache-prune.ts).
   */
  flush(): Promise<void>;
}

export interface PageCacheOptions {
  dir: string;
  /** Identifies the code that produced an entry: a different tool, a different cache. */
  toolVersion: string;
  /**
   * Per page (relativePath), its text's hash as kept from an earlier build
   * (source/load.ts): the key takes it instead of hashing the text again,
   * when the page's text is the very text it was kept for. Each is used
   * once, then let go (it holds the text).
   */
  textHashes?: Map<string, KnownTextHash>;
  /** The summaries file, when the caller began reading it already (readSummaries); read on the first lookup otherwise. */
  summaries?: Promise<SummaryIndex>;
  /** Per page changed since the last build (relativePath), the hash of its text then: where storedBlocks finds its last entry. */
  previousTextHashes?: ReadonlyMap<string, string>;
}

/**
 * Begins reading the cache's summaries file (page/summary-index.ts), for
 * PageCacheOptions.summaries: begun with the build, it is read and unpacked
 * while the sources load waits for the disk (never rejects: a bad file is an empty index).
 */
export function readSummaries(cache: Pick<PageCacheOptions, 'dir' | 'toolVersion'>): Promise<SummaryIndex> {
  return SummaryIndex.load(cache.dir, cache.toolVersion);
}

export function createPageCache(options: PageCacheOptions): PageCache {
  // A source is looked up, then its body read back later: hash its text once.
  const keys = new WeakMap<SourceFile, string>();
  // Every key this run asked for: the entries pruneCache keeps whatever their age.
  const used = new Set<string>();
  const keyOf = (source: SourceFile, context: PageContext) => {
    let key = keys.get(source);
    if (key === undefined) {
      const known = options.textHashes?.get(source.relativePath);
      if (known) options.textHashes!.delete(source.relativePath);
      keys.set(source, (key = cacheKey(source, context, options.toolVersion, known?.isTextOf(source) ? known.hash : undefined)));
      used.add(key);
    }
    return key;
  };
  const fileOf = (key: string) => path.join(options.dir, 'pages', key.slice(0, 2), `${key}.json`);
  // Each of the 256 entry folders is made once a run (a recursive mkdir per entry was 2-3% of a cold one-thread build's
  // CPU), pages writing at the same time waiting for the same mkdir.
  const madeFolders = new Map<string, Promise<unknown>>();
  const makeFolder = (folder: string) => {
    const made = mkdir(folder, { recursive: true });
    madeFolders.set(folder, made);
    return made;
  };
  // Read once, on the first lookup: most builds find every summary there and open no entry file until a body is needed.
  let index: Promise<SummaryIndex> | undefined;
  const indexed = () => (index ??= options.summaries ?? readSummaries(options));
  // An entry by its key (this build's for the page, or storedBlocks' for its last text); undefined when unreadable.
  const readAt = async (key: string) => {
    try {
      return { key, ...splitEntry(await readFile(fileOf(key), 'utf8')) };
    } catch {
      return undefined;
    }
  };
  const read = (source: SourceFile, context: PageContext) => readAt(keyOf(source, context));
  return {
    keyOf,
    async get(source, context) {
      const key = keyOf(source, context);
      const summaries = await indexed();
      // The index is trusted whole (its hash held): the key is a hash of everything the summary is made from.
      let summary = summaries.get(key);
      if (summary?.relativePath !== source.relativePath) {
        let head: unknown;
        try {
          head = JSON.parse(await readFirstLine(fileOf(key)));
        } catch {
          return undefined;
        }
        summary = validEntry(head, key, source);
        if (summary) summaries.set(key, summary);
      }
      // A check leaves entries without a body: a build must render those pages.
      if (!summary || (context.render && summary.page !== undefined && summary.page.rendered === undefined)) return undefined;
      return summary;
    },
    async storedBlocks(source, context) {
      const previous = options.previousTextHashes?.get(source.relativePath);
      if (previous === undefined) return new Map();
      const entry = await readAt(cacheKey(source, context, options.toolVersion, previous));
      const body = entry?.body === undefined ? undefined : validBody(entry.body);
      // The entry stays for the pruning to judge: it is not this build's, so its age alone decides.
      return body && validEntry(entry!.head, entry!.key, source) ? storedBlocksOf(body.html, body.codeBlocks) : new Map();
    },
    async body(source, context) {
      const entry = await read(source, context);
      if (!entry || !validEntry(entry.head, entry.key, source) || entry.body === undefined) return undefined;
      return validBody(entry.body);
    },
    async set(source, context, { summary, body }, { index = true } = {}) {
      const key = keyOf(source, context);
      const file = fileOf(key);
      try {
        const folder = path.dirname(file);
        await (madeFolders.get(folder) ?? makeFolder(folder));
        // Write then rename: a reader never sees half an entry.
        const temp = `${file}.${process.pid}.tmp`;
        const head = JSON.stringify({ format: ENTRY_FORMAT, key, summary });
        // A worker's body comes as its JSON's bytes: written as they are, not parsed and serialized again.
        const entry = body === undefined ? head : body instanceof Uint8Array ? Buffer.concat([Buffer.from(`${head}\n`), body]) : `${head}\n${JSON.stringify(body)}`;
        // A folder removed since it was made (the cache cleared mid-run) is made again.
        await writeFile(temp, entry).catch(async (error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error;
          await makeFolder(folder);
          await writeFile(temp, entry);
        });
        await rename(temp, file);
        if (index) (await indexed()).set(key, summary);
        return true;
      } catch {
        // A cache that cannot be written only costs time on the next run.
        return false;
      }
    },
    async index(source, context, summary) {
      (await indexed()).set(keyOf(source, context), summary);
    },
    async flush() {
      if (index) await (await index).save();
      // At most once a day: entries no build has used for a week go (page/cache-prune.ts).
      await pruneCache(options.dir, used);
    },
  };
}

/** The summary line alone: the body, most of the entry, is not read until the page is written. */
async function readFirstLine(file: string): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const parts: Buffer[] = [];
    let position = 0;
    for (;;) {
      const buffer = Buffer.allocUnsafe(16 * 1024);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
      const end = buffer.subarray(0, bytesRead).indexOf(0x0a);
      parts.push(buffer.subarray(0, end >= 0 ? end : bytesRead));
      if (end >= 0 || bytesRead === 0) return Buffer.concat(parts).toString('utf8');
      position += bytesRead;
    }
  } finally {
    await handle.close();
  }
}

/** An entry's two lines (JSON.stringify never writes a raw newline), the summary's parsed. */
function splitEntry(text: string): { head: unknown; body?: string } {
  const end = text.indexOf('\n');
  return end < 0 ? { head: JSON.parse(text) } : { head: JSON.parse(text.slice(0, end)), body: text.slice(end + 1) };
}

/**
 * Source, the page's place, the values of the constants it names, the page
 * config, and the tool. The text goes in as its hash (textHash): `knownHash`
 * when the caller has it, else worked out here, the same either way.
 */
export function cacheKey(source: SourceFile, context: PageContext, toolVersion: string, knownHash?: string): string {
  // Included files use constants too: their values are part of the page. The page's own are in its facts (scanned once per text).
  const included = constantsNamedIn(Object.values(source.dependencies ?? {}).filter((t) => t !== null));
  const names = [...new Set([...factsOf(source).constants, ...included])].sort();
  const constants = names.map((name) => [name, context.constants[name] ?? null]);
  const material = JSON.stringify([
    ENTRY_FORMAT,
    toolVersion,
    source.relativePath,
    source.file,
    knownHash ?? textHash(source.text),
    // What it includes: an edit to an included file or snippet renders its includers again.
    source.dependencies ?? null,
    constants,
    settingsMaterial(context),
    // Only a home page shows them: a new site title or description leaves every other page's key as it was.
    factsOf(source).home ? [context.siteTitle ?? null, context.homeTaglines ?? null] : null,
  ]);
  return createHash('sha256').update(material).digest('hex');
}

const settingsMaterials = new WeakMap<PageContext, string>();

/**
 * The page settings every page's key holds, as JSON made once per context:
 * made again for each of 10,000 keys, the `markdown:` and HTML settings were
 * most of the 300 ms cacheKey took in a one-edit build.
 */
function settingsMaterial(context: PageContext): string {
  let material = settingsMaterials.get(context);
  if (material === undefined) {
    const { headerLevels, reportConstants, html, markdown, vuepress, slugify, anchorAliases } = context;
    material = JSON.stringify([headerLevels, reportConstants, html ?? null, markdown ?? null, vuepress ?? false, slugify ?? 'github', anchorAliases ?? false]);
    settingsMaterials.set(context, material);
  }
  return material;
}

/** A stored body, if it has the shape of one; a damaged entry fails JSON.parse or this. */
function validBody(text: string): PageBody | undefined {
  let body: Partial<PageBody>;
  try {
    body = JSON.parse(text) as Partial<PageBody>;
  } catch {
    return undefined;
  }
  if (body === null || typeof body !== 'object' || typeof body.html !== 'string') return undefined;
  // The features' parts are checked by shape only: a cache written by another tool version is never read (its key differs).
  if (body.parts === null || typeof body.parts !== 'object') return undefined;
  return body as PageBody;
}

function validEntry(entry: unknown, key: string, source: SourceFile): PageSummary | undefined {
  if (entry === null || typeof entry !== 'object') return undefined;
  const { format, key: storedKey, summary } = entry as { format?: unknown; key?: unknown; summary?: PageSummary };
  if (format !== ENTRY_FORMAT || storedKey !== key || !summary || typeof summary !== 'object') return undefined;
  if (summary.relativePath !== source.relativePath) return undefined;
  // A valid key with damaged fields (a disk error, a hand edit) is ignored like any corrupt entry: the page is processed again.
  return StoredSummary.safeParse(summary).success ? summary : undefined;
}

const Place = z.object({ line: z.number(), column: z.number() });
/** The shape of a stored PageSummary (page/types.ts), checked before the build trusts one. */
const StoredSummary = z.object({
  relativePath: z.string(),
  file: z.string(),
  diagnostics: z.array(z.object({ code: z.string(), severity: z.enum(['error', 'warning']), file: z.string(), message: z.string() })),
  page: z
    .object({
      route: z.object({ regularPath: z.string(), path: z.string(), key: z.string() }),
      title: z.string().optional(),
      description: z.string().optional(),
      frontmatter: z.record(z.string(), z.unknown()),
      keyPositions: z.record(z.string(), Place),
      bodyStartLine: z.number(),
      headers: z.array(z.object({ level: z.number(), title: z.string(), slug: z.string() })),
      anchors: z.array(z.string()),
      links: z.array(z.object({ kind: z.enum(['link', 'image']), url: z.string(), line: z.number(), column: z.number() })),
      constantsUsed: z.array(z.string()),
      suppressions: z.array(z.object({ file: z.string(), line: z.number(), column: z.number(), target: z.number(), codes: z.array(z.string()), reason: z.string() })),
      rendered: z.object({ linkUrls: z.array(z.string()), parts: z.record(z.string(), z.unknown()) }).optional(),
    })
    .optional(),
});
