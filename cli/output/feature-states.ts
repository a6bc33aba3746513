import { rm } from 'node:fs/promises';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { readCheckedFile, writeCheckedFile } from '../support/checked-file';
import { createFramedFileWriter, framesOf, type FramedFileWriter } from '../support/framed-file';

/** Bumped when the files' shape changes. */
const STATE_FORMAT = 1;

/**
 * What output features keep between CLI builds, in the page cache's folder:
 * one checked file (support/checked-file.ts) per feature, v8-serialized, so
 * that after an edit a site-wide file (the search index, llms-full.txt) is
 * made again from what the last build kept of each page instead of from
 * every page's body. A file that is damaged, of another format or written by
 * another tool version is ignored whole: the feature then does the full work.
 * What a state holds must be keyed by everything it was made from; a state
 * that cannot be written only costs time.
 */
export class FeatureStates {
  /** Reads started early (readEarly), each taken by the first load of its state. */
  private readonly early = new Map<string, Promise<Buffer | undefined>>();
  /** Record writers neither committed nor aborted yet: each holds an open temp file. */
  private readonly writing = new Set<FramedFileWriter>();

  constructor(
    private readonly dir: string,
    private readonly toolVersion: string,
  ) {}

  /** Where a feature's state lives. */
  fileOf(feature: string): string {
    return path.join(this.dir, 'features', `${feature}.bin`);
  }

  /**
   * Starts reading these states now, so that their reads overlap the work
   * before the features load them (the site's checks) rather than each
   * holding up its feature's start in turn: at 10,000 pages the search
   * index's 24 MB and the link digests' 2.7 MB, read one at a time while
   * the thread waited. Each early read serves the first load of its state,
   * unless the state is written before.
   */
  readEarly(features: Iterable<string>): void {
    for (const feature of features) if (!this.early.has(feature)) this.early.set(feature, readCheckedFile(this.fileOf(feature)));
  }

  /** Lets go of early reads no load took (a feature that had no use for its state this time). */
  dropEarly(): void {
    this.early.clear();
  }

  /** The state's checked body: read early, or now. */
  private read(feature: string): Promise<Buffer | undefined> {
    const early = this.early.get(feature);
    this.early.delete(feature);
    return early ?? readCheckedFile(this.fileOf(feature));
  }

  async load<T>(feature: string): Promise<T | undefined> {
    const body = await this.read(feature);
    try {
      const data = body && (deserialize(body) as { format?: unknown; tool?: unknown; state?: unknown });
      if (data && data.format === STATE_FORMAT && data.tool === this.toolVersion) return data.state as T;
    } catch {
      // Not a state of ours.
    }
    return undefined;
  }

  async save(feature: string, state: unknown): Promise<void> {
    this.early.delete(feature);
    await writeCheckedFile(this.fileOf(feature), serialize({ format: STATE_FORMAT, tool: this.toolVersion, state }));
  }

  /**
   * A state of many records (a key and bytes each, such as one per page),
   * as `records()` wrote it: each value a view into the one file read, never
   * a copy. Undefined as for load().
   */
  async loadRecords(feature: string): Promise<Map<string, Buffer> | undefined> {
    const frames = framesOf(await this.read(feature), this.headerOf(feature));
    if (!frames || frames.length % 2 !== 0) return undefined;
    const records = new Map<string, Buffer>();
    for (let i = 0; i < frames.length; i += 2) records.set(frames[i]!.toString('utf8'), frames[i + 1]!);
    return records;
  }

  /**
   * Writes a state of records as they come, in the order given, so that a
   * state as large as the site (the search words of 10,000 pages: 87 MB) is
   * never held whole nor serialized at once. Nothing changes until commit().
   */
  records(feature: string): { add(key: string, value: Uint8Array): void; commit(): Promise<boolean>; abort(): Promise<void> } {
    this.early.delete(feature);
    const writer = createFramedFileWriter(this.fileOf(feature), this.headerOf(feature));
    this.writing.add(writer);
    const settled = <T>(result: Promise<T>) => result.finally(() => this.writing.delete(writer));
    return { add: (key, value) => writer.add(key, value), commit: () => settled(writer.commit()), abort: () => settled(writer.abort()) };
  }

  /**
   * Aborts the record writers still open: a build that failed (or was
   * stopped) after a feature began one never reaches its commit, and left
   * its temp file in the cache folder and its file descriptor to the GC.
   */
  async abandon(): Promise<void> {
    const open = [...this.writing];
    this.writing.clear();
    await Promise.all(open.map((writer) => writer.abort()));
  }

  /** Removes a state no feature reads any more (one of an older docsbuild's names): the cache holds only what is used. */
  async forget(feature: string): Promise<void> {
    this.early.delete(feature);
    await rm(this.fileOf(feature), { force: true }).catch(() => undefined);
  }

  private headerOf(feature: string): string {
    return JSON.stringify({ format: STATE_FORMAT, tool: this.toolVersion, feature, records: true });
  }
}
