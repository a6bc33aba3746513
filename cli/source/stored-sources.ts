import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { createFramedFileWriter, readFramedFile, type FramedFileWriter } from '../support/framed-file';
import { textHash } from '../support/hash';
import { decodeUtf8 } from './load';
import { parseTextFacts, serializeTextFacts, textFactsOf, type TextFacts } from './text-facts';
import type { FileStat, KnownFiles, KnownText } from './unchanged-files';

/** Names the store's format: bumped when a record's frames change. */
const HEADER = JSON.stringify({ format: 5, of: 'content files' });
/** Names the format of the store's log of changes (see below). */
const LOG_HEADER = JSON.stringify({ format: 5, of: 'content file changes' });
/** In the log, a record with this stamp says the file is no longer stored. */
const DROPPED = '';

/**
 * The log is written instead of the whole store up to this many changed
 * records, or this part of the stored files if more (as the summaries'
 * log, page/summary-index.ts): at 10,000 pages, 1,250 changed pages of
 * about 5 KB, a 6 MB log, against a 50 MB store.
 */
const LOG_AT_LEAST = 64;
const LOG_PART = 1 / 8;

/** Frames per record: path, stamp, bytes, the text's hash, its facts. */
const FRAMES = 5;

interface StoredFile {
  stamp: string;
  bytes: Buffer;
  hash: string;
  /** The text's facts as serializeTextFacts wrote them, read only when asked for. */
  facts: string;
}

/** A record of the new store: `whole` when it is the whole file's own, as read (the log need not name it). */
type NewRecord = [path: string, stamp: string, bytes: Buffer, hash: string, facts: string, whole: boolean];

/**
 * The content files the last CLI build read, kept in the page cache's folder
 * (one framed file, support/framed-file.ts: an id, then a path, a stat
 * stamp, the bytes, the hash of the decoded text and its facts,
 * source/text-facts.ts, per file), so that the
 * next build reads that one file instead of every page, and from the tree
 * only the files whose stat changed (as UnchangedFiles does in memory for
 * the dev server, and with its racy rule).
 *
 * A build that changes a few files does not write the whole store again
 * (50 MB at 10,000 bench pages: 0.3-0.45 s of a one-edit build): it writes
 * a log beside it, every record that differs from the whole file's (the
 * files changed since it was written, and those no longer stored), which
 * the next build applies as it reads. The log names the whole file it
 * applies to by that file's id, so a log left from before a whole write is
 * ignored; past LOG_AT_LEAST / LOG_PART changes the store is written whole
 * again and the log removed.
 *
 * A new whole store is written as the files are read, never held: a cold
 * build keeps only each file's stamp, not its bytes (at 10,000 pages the
 * bytes held to the end, then serialized whole, raised the load stage from
 * 219 to 322 MiB). A build that finds every file as stored writes nothing.
 * The text's hash stands for the text in the page cache's keys
 * (page/cache.ts), and its facts for the scans the build makes of every
 * page: an unchanged file's are not worked out again.
 */
export class StoredSources implements KnownFiles {
  /** What the store held (the whole file with its log applied); each bytes a view into a file read, let go after `save`. */
  private stored: Map<string, StoredFile>;
  /** The whole file's id and its records' paths, when there is one: what a log is written against. */
  private readonly whole?: { id: string; paths: ReadonlySet<string> };
  /** Paths whose stored record is the log's, not the whole file's. */
  private readonly logged: ReadonlySet<string>;
  /** Records of the new store not written yet (before a whole write starts, all of them: views of the store, or files read now). */
  private pending: NewRecord[] = [];
  /** Of `pending`, the records a log would have to hold. */
  private differing = 0;
  /** The store differs from what was read: the log or a whole file is written at `save`. */
  private dirty = false;
  /** Files read now and to be stored, waiting for their text's hash and facts (known). */
  private readonly unhashed = new Map<string, { stamp: string; bytes: Buffer }>();
  /** The new whole store, once the changes are too many for a log (or there was no store). */
  private writer?: FramedFileWriter;
  private readonly seen = new Set<string>();
  /** Stored facts by their text: most pages say the same (the 10,000 bench pages' parses were 10-25 ms of a build after an edit). */
  private readonly parsedFacts = new Map<string, TextFacts | undefined>();

  private constructor(
    private readonly file: string,
    private readonly keep: (absolute: string) => boolean,
    read: { whole: { id: string; paths: ReadonlySet<string> }; stored: Map<string, StoredFile>; logged: ReadonlySet<string> } | undefined,
  ) {
    this.stored = read?.stored ?? new Map();
    this.whole = read?.whole;
    this.logged = read?.logged ?? new Set();
    // Nothing stored (a first build, a damaged store): every file read is new, so the store is written whole from the start.
    if (!read) this.writeWhole();
  }

  /** The store `file` holds (trusted whole or not at all; its log likewise); `keep` says which files to store (the pages and the site config). */
  static async open(file: string, keep: (absolute: string) => boolean): Promise<StoredSources> {
    const frames = await readFramedFile(file, HEADER);
    if (!frames || frames.length % FRAMES !== 1) return new StoredSources(file, keep, undefined);
    const id = frames[0]!.toString('utf8');
    const stored = new Map<string, StoredFile>();
    for (let i = 1; i < frames.length; i += FRAMES) stored.set(frames[i]!.toString('utf8'), storedFileOf(frames, i));
    const whole = { id, paths: new Set(stored.keys()) };
    const logged = new Set<string>();
    const log = await readFramedFile(logFileOf(file), LOG_HEADER);
    if (log && log.length % FRAMES === 1 && log[0]!.toString('utf8') === id) {
      for (let i = 1; i < log.length; i += FRAMES) {
        const path = log[i]!.toString('utf8');
        const record = storedFileOf(log, i);
        if (record.stamp === DROPPED) stored.delete(path);
        else stored.set(path, record);
        logged.add(path);
      }
    }
    return new StoredSources(file, keep, { whole, stored, logged });
  }

  /** The file's bytes: the stored ones when its stat is as when they were read, else read now. */
  async read(absolute: string, known: FileStat): Promise<Buffer> {
    const last = this.stored.get(absolute);
    if (last?.stamp === known.stamp) {
      this.remember(absolute, known.stamp, last.bytes, last.hash, last.facts, !this.logged.has(absolute));
      return last.bytes;
    }
    const bytes = await readFile(absolute);
    if (known.settled && this.keep(absolute)) {
      this.dirty = true;
      // Stored once its text's hash and facts are known (known, or settle).
      this.seen.add(absolute);
      this.unhashed.set(absolute, { stamp: known.stamp, bytes });
    } else if (last) this.dirty = true;
    return bytes;
  }

  /** The hash and facts of a file `read` gave from the store; undefined for one read now, or facts that do not read back. */
  storedText(absolute: string): KnownText | undefined {
    const last = this.stored.get(absolute);
    if (!last || !this.seen.has(absolute) || this.unhashed.has(absolute)) return undefined;
    const facts = this.factsOf(last.facts);
    return facts && { hash: last.hash, facts };
  }

  /** The stored hash and facts of an unchanged file's text; a file read now is stored with those made. */
  known(absolute: string, made: () => KnownText): KnownText | undefined {
    const waiting = this.unhashed.get(absolute);
    if (waiting) {
      this.unhashed.delete(absolute);
      const text = made();
      this.remember(absolute, waiting.stamp, waiting.bytes, text.hash, serializeTextFacts(text.facts), false);
      return text;
    }
    const last = this.stored.get(absolute);
    if (!last || !this.seen.has(absolute)) return undefined;
    // Facts that do not read back (a damaged record: its sum is the framed file's, not theirs) are made again.
    const facts: TextFacts | undefined = this.factsOf(last.facts);
    return facts ? { hash: last.hash, facts } : made();
  }

  /** After every file was read: a stored file the build did not read (deleted or renamed since) changes the store too. */
  settle(): void {
    // Files read now whose hash nobody asked for: hashed here, as loadSources would (one not UTF-8 text is not stored).
    for (const [absolute, { stamp, bytes }] of this.unhashed) {
      const text = decodeUtf8(bytes);
      if (text !== undefined) this.remember(absolute, stamp, bytes, textHash(text), serializeTextFacts(textFactsOf(text)), false);
    }
    this.unhashed.clear();
    for (const file of this.stored.keys()) {
      if (this.seen.has(file)) continue;
      this.dirty = true;
      break;
    }
  }

  /**
   * Puts the new store in place when anything changed: the log of its
   * differences from the whole file, or the whole file (then the log is
   * removed). A store that cannot be written only costs time. Lets go of the old one.
   */
  async save(): Promise<void> {
    const whole = this.whole;
    if (!this.writer && this.dirty && whole) {
      const kept = new Set(this.pending.map(([path]) => path));
      const dropped = [...whole.paths].filter((path) => !kept.has(path));
      if (this.differing + dropped.length <= this.logLimit()) await this.writeLog(whole.id, dropped);
      else this.writeWhole();
    }
    this.stored = new Map();
    this.pending = [];
    this.unhashed.clear();
    if (this.writer && (await this.writer.commit())) await rm(logFileOf(this.file), { force: true }).catch(() => undefined);
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

  /** Facts as parseTextFacts reads them, each text parsed once; shared between pages, so frozen (nothing changes a page's facts). */
  private factsOf(text: string): TextFacts | undefined {
    if (this.parsedFacts.has(text)) return this.parsedFacts.get(text);
    const facts = parseTextFacts(text);
    if (facts) {
      Object.freeze(facts.languages);
      Object.freeze(facts.constants);
      Object.freeze(facts);
    }
    this.parsedFacts.set(text, facts);
    return facts;
  }

  private remember(absolute: string, stamp: string, bytes: Buffer, hash: string, facts: string, whole: boolean): void {
    // A file read twice is stored twice: the later record wins when the store is read.
    this.seen.add(absolute);
    if (this.writer) {
      this.writer.add(absolute, stamp, bytes, hash, facts);
      return;
    }
    this.pending.push([absolute, stamp, bytes, hash, facts, whole]);
    if (whole) return;
    // Too many changes for a log: the whole store is written from here on, as the files come.
    if (++this.differing > this.logLimit()) this.writeWhole();
  }

  private logLimit(): number {
    return Math.max(LOG_AT_LEAST, (this.whole?.paths.size ?? 0) * LOG_PART);
  }

  /** The records that differ from the whole file's, and those it holds that are no longer stored, against its id. */
  private async writeLog(id: string, dropped: readonly string[]): Promise<void> {
    const log = createFramedFileWriter(logFileOf(this.file), LOG_HEADER);
    log.add(id);
    for (const [path, stamp, bytes, hash, facts, whole] of this.pending) if (!whole) log.add(path, stamp, bytes, hash, facts);
    for (const path of dropped) log.add(path, DROPPED, '', '', '');
    await log.commit();
  }

  /** From here on the new store is written whole, with a new id, as files come. */
  private writeWhole(): void {
    if (this.writer) return;
    this.writer = createFramedFileWriter(this.file, HEADER);
    this.writer.add(randomUUID());
    for (const [path, stamp, bytes, hash, facts] of this.pending) this.writer.add(path, stamp, bytes, hash, facts);
    this.pending = [];
  }
}

/** Where the store's log of changes since it was written whole lives: `sources-log.bin` beside `sources.bin`. */
export function logFileOf(file: string): string {
  return `${file.replace(/\.bin$/, '')}-log.bin`;
}

/** The record whose path is frame `at` of a store or its log. */
function storedFileOf(frames: readonly Buffer[], at: number): StoredFile {
  return { stamp: frames[at + 1]!.toString('utf8'), bytes: frames[at + 2]!, hash: frames[at + 3]!.toString('latin1'), facts: frames[at + 4]!.toString('utf8') };
}
