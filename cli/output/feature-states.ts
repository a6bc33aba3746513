import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { createCheckedFileWriter, readCheckedFile, writeCheckedFile } from '../support/checked-file';

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
  constructor(
    private readonly dir: string,
    private readonly toolVersion: string,
  ) {}

  /** Where a feature's state lives. */
  fileOf(feature: string): string {
    return path.join(this.dir, 'features', `${feature}.bin`);
  }

  async load<T>(feature: string): Promise<T | undefined> {
    const body = await readCheckedFile(this.fileOf(feature));
    try {
      const data = body && (deserialize(body) as { format?: unknown; tool?: unknown; state?: unknown });
      if (data && data.format === STATE_FORMAT && data.tool === this.toolVersion) return data.state as T;
    } catch {
      // Not a state of ours.
    }
    return undefined;
  }

  async save(feature: string, state: unknown): Promise<void> {
    await writeCheckedFile(this.fileOf(feature), serialize({ format: STATE_FORMAT, tool: this.toolVersion, state }));
  }

  /**
   * A state of many records (a key and bytes each, such as one per page),
   * as `records()` wrote it: each value a view into the one file read, never
   * a copy. Undefined as for load().
   */
  async loadRecords(feature: string): Promise<Map<string, Buffer> | undefined> {
    const body = await readCheckedFile(this.fileOf(feature));
    if (!body) return undefined;
    const records = new Map<string, Buffer>();
    try {
      let at = 0;
      const next = () => {
        const length = body.readUInt32LE(at);
        const value = body.subarray(at + 4, at + 4 + length);
        if (value.length !== length) throw new RangeError('A record runs past the end.');
        at += 4 + length;
        return value;
      };
      if (next().toString('utf8') !== this.headerOf(feature)) return undefined;
      while (at < body.length) records.set(next().toString('utf8'), next());
    } catch {
      return undefined;
    }
    return records;
  }

  /**
   * Writes a state of records as they come, in the order given, so that a
   * state as large as the site (the search words of 10,000 pages: 87 MB) is
   * never held whole nor serialized at once. Nothing changes until commit().
   */
  records(feature: string): { add(key: string, value: Uint8Array): void; commit(): Promise<boolean>; abort(): Promise<void> } {
    const writer = createCheckedFileWriter(this.fileOf(feature));
    const frame = (bytes: Uint8Array) => {
      const length = Buffer.alloc(4);
      length.writeUInt32LE(bytes.length);
      writer.write(length);
      writer.write(bytes);
    };
    frame(Buffer.from(this.headerOf(feature)));
    return {
      add(key, value) {
        frame(Buffer.from(key));
        frame(value);
      },
      commit: () => writer.commit(),
      abort: () => writer.abort(),
    };
  }

  private headerOf(feature: string): string {
    return JSON.stringify({ format: STATE_FORMAT, tool: this.toolVersion, feature, records: true });
  }
}
