import { readFile } from 'node:fs/promises';
import { createFramedFileWriter, readFramedFile, type FramedFileWriter } from '../support/framed-file';
import { textHash } from '../support/hash';
import { decodeUtf8 } from './load';
import type { FileStat, KnownFiles } from './unchanged-files';

/** Names the store's format: bumped when a record's frames change. */
const HEADER = JSON.stringify({ format: 3, of: 'content files' });

/**
 * The content files the last CLI build read, kept in the page cache's folder
 * (one framed file, support/framed-file.ts: a path, a stat stamp, the
 * bytes and the hash of the decoded text per file), so that the next build reads that one file instead of
 * every page, and from the tree only the files whose stat changed (as
 * UnchangedFiles does in memory for the dev server, and with its racy rule).
 *
 * The new store is written as the files are read, never held: a cold build
 * keeps only each file's stamp, not its bytes (at 10,000 pages the bytes
 * held to the end, then serialized whole, raised the load stage from 219 to
 * 322 MiB). A build that finds every file as stored writes nothing. The
 * text's hash stands for the text in the page cache's keys (page/cache.ts):
 * an unchanged file's is not worked out again.
 */
export class StoredSources implements KnownFiles {
  /** What the store held; each bytes a view into the one file read, let go after `save`. */
  private stored: Map<string, { stamp: string; bytes: Buffer; hash: string }>;
  /** Unchanged files met before the first change, not written yet (views of the store). */
  private pending: [path: string, stamp: string, bytes: Buffer, hash: string][] = [];
  /** Files read now and to be stored, waiting for their text's hash (textHash). */
  private readonly unhashed = new Map<string, { stamp: string; bytes: Buffer }>();
  private writer?: FramedFileWriter;
  private readonly seen = new Set<string>();

  private constructor(
    private readonly file: string,
    private readonly keep: (absolute: string) => boolean,
    stored: Map<string, { stamp: string; bytes: Buffer; hash: string }> | undefined,
  ) {
    this.stored = stored ?? new Map();
    // Nothing stored (a first build, a damaged store): every file read is new, so the store is written from the start.
    if (!stored) this.changed();
  }

  /** The store `file` holds (trusted whole or not at all); `keep` says which files to store (the pages and the site config). */
  static async open(file: string, keep: (absolute: string) => boolean): Promise<StoredSources> {
    const frames = await readFramedFile(file, HEADER);
    let stored: Map<string, { stamp: string; bytes: Buffer; hash: string }> | undefined;
    if (frames && frames.length % 4 === 0) {
      stored = new Map();
      for (let i = 0; i < frames.length; i += 4) {
        stored.set(frames[i]!.toString('utf8'), { stamp: frames[i + 1]!.toString('utf8'), bytes: frames[i + 2]!, hash: frames[i + 3]!.toString('latin1') });
      }
    }
    return new StoredSources(file, keep, stored);
  }

  /** The file's bytes: the stored ones when its stat is as when they were read, else read now. */
  async read(absolute: string, known: FileStat): Promise<Buffer> {
    const last = this.stored.get(absolute);
    if (last?.stamp === known.stamp) {
      this.remember(absolute, known.stamp, last.bytes, last.hash);
      return last.bytes;
    }
    const bytes = await readFile(absolute);
    if (known.settled && this.keep(absolute)) {
      this.changed();
      // Stored once its text's hash is known (textHash, or settle).
      this.seen.add(absolute);
      this.unhashed.set(absolute, { stamp: known.stamp, bytes });
    } else if (last) this.changed();
    return bytes;
  }

  /** The stored hash of an unchanged file's text; a file read now is stored with the hash made. */
  textHash(absolute: string, made: () => string): string | undefined {
    const waiting = this.unhashed.get(absolute);
    if (waiting) {
      this.unhashed.delete(absolute);
      const hash = made();
      this.remember(absolute, waiting.stamp, waiting.bytes, hash);
      return hash;
    }
    const last = this.stored.get(absolute);
    return last && this.seen.has(absolute) ? last.hash : undefined;
  }

  /** After every file was read: a stored file the build did not read (deleted or renamed since) changes the store too. */
  settle(): void {
    // Files read now whose hash nobody asked for: hashed here, as loadSources would (one not UTF-8 text is not stored).
    for (const [absolute, { stamp, bytes }] of this.unhashed) {
      const text = decodeUtf8(bytes);
      if (text !== undefined) this.remember(absolute, stamp, bytes, textHash(text));
    }
    this.unhashed.clear();
    for (const file of this.stored.keys()) {
      if (this.seen.has(file)) continue;
      this.changed();
      break;
    }
  }

  /** Puts the new store in place when anything changed; a store that cannot be written only costs time. Lets go of the old one. */
  async save(): Promise<void> {
    this.stored = new Map();
    this.pending = [];
    this.unhashed.clear();
    await this.writer?.commit();
    this.writer = undefined;
  }

  /** Leaves the store as it was (a build that failed while reading). */
  async abort(): Promise<void> {
    this.stored = new Map();
    this.pending = [];
    this.unhashed.clear();
    await this.writer?.abort();
    this.writer = undefined;
  }

  private remember(absolute: string, stamp: string, bytes: Buffer, hash: string): void {
    // A file read twice is stored twice: the later record wins when the store is read.
    this.seen.add(absolute);
    if (this.writer) this.writer.add(absolute, stamp, bytes, hash);
    else this.pending.push([absolute, stamp, bytes, hash]);
  }

  /** From the first change on, the new store is written as files come. */
  private changed(): void {
    if (this.writer) return;
    this.writer = createFramedFileWriter(this.file, HEADER);
    for (const record of this.pending) this.writer.add(...record);
    this.pending = [];
  }
}
