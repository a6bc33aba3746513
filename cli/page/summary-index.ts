import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { readCheckedFile, writeCheckedFile } from '../support/checked-file';
import { packValues, unpackValues, type PackedValues } from '../support/packed-values';
import type { PageSummary } from './types';

/** Bumped when the file's shape changes. */
const INDEX_FORMAT = 3;

/**
 * Every page's summary by its cache key, in one file the build reads once
 * and writes only when something changed: at 10,000 pages, reading a file
 * per page cost more than all else of a warm build's per-page stage. The
 * entries' bodies stay in their own files (page/cache.ts), read only when a
 * page is written.
 *
 * A build that changes a few entries does not write the whole file again
 * (42 MB at 10,000 bench pages: about a second of a one-edit build on a loaded machine): it writes a log
 * beside it, the entries added since the file was written whole and the
 * keys dropped since, which the next build applies as it reads. The log
 * names the file it applies to (an id written into each), so a log left
 * from before a whole write is ignored; when it grows past a part of the
 * entries the file is written whole again and the log dropped.
 *
 * Both are checked files (support/checked-file.ts), v8-serialized behind a
 * sum: a truncated, damaged or hand-edited one is ignored whole (without
 * the file the pages are then looked up one file each; without the log, the
 * pages it held). One written by another tool version is ignored too.
 */
export class SummaryIndex {
  private entries = new Map<string, PageSummary>();
  private used = new Set<string>();
  private changed = false;
  /** The file written whole: its id and its keys (the others are the log's or this build's). */
  private whole?: { id: string; keys: ReadonlySet<string> };
  /**
   * Keys of the whole file given a new summary since it was written: the log
   * carries them too. Without them a `check`'s summary (no render) stayed in
   * the file under its key, and every later build rendered the page again.
   */
  private replaced = new Set<string>();

  private constructor(
    private readonly file: string,
    private readonly toolVersion: string,
  ) {}

  /** Where the index lives in the cache folder. */
  static fileIn(dir: string): string {
    return path.join(dir, 'summaries.bin');
  }

  /** Where its log of changes since it was written whole lives. */
  static logIn(dir: string): string {
    return path.join(dir, 'summaries-log.bin');
  }

  static async load(dir: string, toolVersion: string): Promise<SummaryIndex> {
    const index = new SummaryIndex(SummaryIndex.fileIn(dir), toolVersion);
    const whole = index.read(await readCheckedFile(index.file));
    const id = whole?.id;
    const entries = typeof id === 'string' ? unpackEntries(whole!.keys, whole!.summaries) : undefined;
    if (typeof id !== 'string' || !entries) return index;
    index.entries = entries;
    index.whole = { id, keys: new Set(index.entries.keys()) };
    const log = index.read(await readCheckedFile(SummaryIndex.logIn(dir)));
    if (log && log.of === id && Array.isArray(log.added) && Array.isArray(log.dropped)) {
      for (const key of log.dropped as string[]) index.entries.delete(key);
      for (const [key, summary] of log.added as [string, PageSummary][]) index.entries.set(key, summary);
    }
    return index;
  }

  get(key: string): PageSummary | undefined {
    const summary = this.entries.get(key);
    if (summary) this.used.add(key);
    return summary;
  }

  set(key: string, summary: PageSummary): void {
    if (this.whole?.keys.has(key)) this.replaced.add(key);
    this.entries.set(key, summary);
    this.used.add(key);
    this.changed = true;
  }

  /**
   * Writes the index if this build added to it or left entries unused (an
   * edited or deleted page's), keeping only the entries it used: the file
   * follows the site, not its history. A few changes go to the log; a file
   * that cannot be written only costs time.
   */
  async save(): Promise<void> {
    if (!this.changed && this.used.size === this.entries.size) return;
    const kept = new Map([...this.entries].filter(([key]) => this.used.has(key)));
    const whole = this.whole;
    if (whole) {
      const added = [...kept].filter(([key]) => !whole.keys.has(key) || this.replaced.has(key));
      const dropped = [...whole.keys].filter((key) => !kept.has(key));
      if (added.length + dropped.length <= Math.max(LOG_AT_LEAST, kept.size * LOG_PART)) {
        if (!(await writeCheckedFile(SummaryIndex.logIn(path.dirname(this.file)), this.serialize({ of: whole.id, added, dropped })))) return;
        this.settle(kept);
        return;
      }
    }
    const id = randomUUID();
    if (!(await writeCheckedFile(this.file, this.serialize({ id, keys: [...kept.keys()], summaries: packValues(kept.values()) })))) return;
    this.whole = { id, keys: new Set(kept.keys()) };
    this.replaced = new Set();
    // The log applies to the file before: it is ignored from now on, and removed.
    await rm(SummaryIndex.logIn(path.dirname(this.file)), { force: true }).catch(() => undefined);
    this.settle(kept);
  }

  private settle(kept: Map<string, PageSummary>): void {
    this.entries = kept;
    this.changed = false;
    this.used = new Set();
  }

  private serialize(data: Record<string, unknown>): Buffer {
    return serialize({ format: INDEX_FORMAT, tool: this.toolVersion, ...data });
  }

  /** A file's data, if it is one of ours by this tool. */
  private read(body: Buffer | undefined): Record<string, unknown> | undefined {
    try {
      const data = body && (deserialize(body) as Record<string, unknown>);
      return data && data.format === INDEX_FORMAT && data.tool === this.toolVersion ? data : undefined;
    } catch {
      return undefined;
    }
  }
}

/** The whole file's entries, when its keys and packed summaries read back as many as each other. */
function unpackEntries(keys: unknown, summaries: unknown): Map<string, PageSummary> | undefined {
  if (!Array.isArray(keys) || summaries === null || typeof summaries !== 'object') return undefined;
  try {
    const values = unpackValues(summaries as PackedValues);
    if (values.length !== keys.length) return undefined;
    return new Map(keys.map((key: string, i) => [key, values[i] as PageSummary]));
  } catch {
    return undefined;
  }
}

/** The log is written instead of the whole file up to this many changes, or this part of the entries if more. */
const LOG_AT_LEAST = 64;
const LOG_PART = 1 / 8;
