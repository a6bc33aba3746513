import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { PageSummary } from './types';

/** Bumped when the file's shape changes. */
const INDEX_FORMAT = 1;
/** The length of the hash the file starts with. */
const SUM_BYTES = 32;

/**
 * Every page's summary by its cache key, in one file the build reads once
 * and writes once (only when something changed): at 10,000 pages, reading
 * a file per page cost more than all else of a warm build's per-page stage.
 * The entries' bodies stay in their own files (page/cache.ts), read only
 * when a page is written.
 *
 * The file is a SHA-256 of the rest, then the v8-serialized entries: a
 * truncated, damaged or hand-edited file fails the hash and is ignored
 * whole (the pages are then looked up one file each, as without it). One
 * written by another tool version is ignored too.
 */
export class SummaryIndex {
  private entries = new Map<string, PageSummary>();
  private used = new Set<string>();
  private changed = false;

  private constructor(
    private readonly file: string,
    private readonly toolVersion: string,
  ) {}

  /** Where the index lives in the cache folder. */
  static fileIn(dir: string): string {
    return path.join(dir, 'summaries.bin');
  }

  static async load(dir: string, toolVersion: string): Promise<SummaryIndex> {
    const index = new SummaryIndex(SummaryIndex.fileIn(dir), toolVersion);
    try {
      const bytes = await readFile(index.file);
      const body = bytes.subarray(SUM_BYTES);
      if (bytes.length > SUM_BYTES && createHash('sha256').update(body).digest().equals(bytes.subarray(0, SUM_BYTES))) {
        const data = deserialize(body) as { format?: unknown; tool?: unknown; entries?: unknown };
        if (data.format === INDEX_FORMAT && data.tool === toolVersion && data.entries instanceof Map) index.entries = data.entries as Map<string, PageSummary>;
      }
    } catch {
      // Missing or unreadable: an empty index, filled by this build.
    }
    return index;
  }

  get(key: string): PageSummary | undefined {
    const summary = this.entries.get(key);
    if (summary) this.used.add(key);
    return summary;
  }

  set(key: string, summary: PageSummary): void {
    this.entries.set(key, summary);
    this.used.add(key);
    this.changed = true;
  }

  /**
   * Writes the index if this build added to it or left entries unused (an
   * edited or deleted page's), keeping only the entries it used: the file
   * follows the site, not its history. Beside, then renamed over: a reader
   * never sees half of one. A file that cannot be written only costs time.
   */
  async save(): Promise<void> {
    if (!this.changed && this.used.size === this.entries.size) return;
    const kept = new Map([...this.entries].filter(([key]) => this.used.has(key)));
    const body = serialize({ format: INDEX_FORMAT, tool: this.toolVersion, entries: kept });
    const temp = `${this.file}.${process.pid}.tmp`;
    try {
      await mkdir(path.dirname(this.file), { recursive: true });
      await writeFile(temp, Buffer.concat([createHash('sha256').update(body).digest(), body]));
      await rename(temp, this.file);
      this.entries = kept;
      this.changed = false;
      this.used = new Set();
    } catch {
      await rm(temp, { force: true }).catch(() => undefined);
    }
  }
}
