import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { readCheckedFile, writeCheckedFile } from '../support/checked-file';
import type { PageSummary } from './types';

/** Bumped when the file's shape changes. */
const INDEX_FORMAT = 1;

/**
 * Every page's summary by its cache key, in one file the build reads once
 * and writes once (only when something changed): at 10,000 pages, reading
 * a file per page cost more than all else of a warm build's per-page stage.
 * The entries' bodies stay in their own files (page/cache.ts), read only
 * when a page is written.
 *
 * The file is checked (support/checked-file.ts), the v8-serialized entries
 * behind a SHA-256: a truncated, damaged or hand-edited file is ignored
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
    const body = await readCheckedFile(index.file);
    try {
      const data = body && (deserialize(body) as { format?: unknown; tool?: unknown; entries?: unknown });
      if (data && data.format === INDEX_FORMAT && data.tool === toolVersion && data.entries instanceof Map) index.entries = data.entries as Map<string, PageSummary>;
    } catch {
      // Not an index of ours: an empty one, filled by this build.
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
   * follows the site, not its history. A file that cannot be written only
   * costs time.
   */
  async save(): Promise<void> {
    if (!this.changed && this.used.size === this.entries.size) return;
    const kept = new Map([...this.entries].filter(([key]) => this.used.has(key)));
    if (!(await writeCheckedFile(this.file, serialize({ format: INDEX_FORMAT, tool: this.toolVersion, entries: kept })))) return;
    this.entries = kept;
    this.changed = false;
    this.used = new Set();
  }
}
