import { randomUUID } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { createFramedFileWriter, readFramedFile, type FramedFileWriter } from '../support/framed-file';
import { textHash } from '../support/hash';
import { decodeUtf8 } from './load';
import { parseTextFacts, serializeTextFacts, textFactsOf, type TextFacts } from './text-facts';
import type { FileStat, KnownFiles, KnownText } from './unchanged-files';

/**
 * Names the store's format (bumped when a record's frames change) and the
 * tool that wrote it: the facts are the scans of that tool's code (which
 * languages, imports, constants a text has), so another version's are not
 * trusted; its first build reads every file again, as it renders every page.
 */
const headerOf = (tool: string) => JSON.stringify({ format: 6, of: 'content files', tool });
/** Names the format of the store's log of changes (see below). */
const logHeaderOf = (tool: string) => JSON.stringify({ format: 6, of: 'content file changes', tool });
/** In the log, a record with this stamp says the file is no longer stored. */
const DROPPED = '';
/**
 * The stamp of a file read within the racy window of a change: its stat may
 * not tell the next change, so storedText never trusts it (no stat's stamp is
 * this), but its hash still finds its page's last cache entry (previousHash).
 */
const UNSETTLED = 'unsettled';

/**
 * The log is written instead of the whole store up to this many changed
 * records, or this part of the stored files if more (as the summaries'
 * log, page/summary-index.ts).
 */
const LOG_AT_LEAST = 64;
const LOG_PART = 1 / 8;

/** Frames per record: path, stamp, the text's hash, its facts. */
const FRAMES = 4;

interface StoredFile {
  stamp: string;
  hash: string;
  /** The text's facts as serializeTextFacts wrote them, read only when asked for. */
  facts: string;
}

/** A record of the new store: `whole` when it is the whole file's own, as read (the log need not name it). */
type NewRecord = [path: string, stamp: string, hash: string, facts: string, whole: boolean];

/**
 * What the last CLI build knew of each content file it read, kept in the
 * page cache's folder (one framed file, support/framed-file.ts: an id, then
 * a path, a stat stamp, the hash of the decoded text and its facts,
 * source/text-facts.ts, per file): the next build takes a file whose stat
 * is unchanged as known (as UnchangedFiles does in memory for the dev
 * server, and with its racy rule) and reads from the tree only the files
 * whose stat changed. An unchanged file's text is read from the disk only
 * if the build asks for it (source/stored-text.ts), which after an edit it
 * does for few pages: the store once held every file's bytes too, 50 MB at
 * 10,000 bench pages, read and checksummed whole by every build (0.3 s).
 *
 * A build that changes a few files does not write the whole store again:
 * it writes a log beside it, every record that differs from the whole
 * file's (the files changed since it was written, and those no longer
 * stored), which the next build applies as it reads. The log names the
 * whole file it applies to by that file's id, so a log left from before a
 * whole write is ignored; past LOG_AT_LEAST / LOG_PART changes the store is
 * written whole again and the log removed. A new whole store is written as
 * the files are read. A build that finds every file as stored writes nothing.
 *
 * The text's hash stands for the text in the page cache's keys
 * (page/cache.ts), and its facts for the scans the build makes of every
 * page: an unchanged file's are not worked out again.
 */
export class StoredSources implements KnownFiles {
  /** What the store held (the whole file with its log applied), let go after `save`. */
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
    private readonly tool: string,
    read: { whole: { id: string; paths: ReadonlySet<string> }; stored: Map<string, StoredFile>; logged: ReadonlySet<string> } | undefined,
  ) {
    this.stored = read?.stored ?? new Map();
    this.whole = read?.whole;
    this.logged = read?.logged ?? new Set();
    // Nothing stored (a first build, a damaged store): every file read is new, so the store is written whole from the start.
    if (!read) this.writeWhole();
  }

  /** The store `file` holds (trusted whole or not at all; its log likewise); `keep` says which files to store (the pages and the site config). */
  static async open(file: string, keep: (absolute: string) => boolean, tool = ''): Promise<StoredSources> {
    const frames = await readFramedFile(file, headerOf(tool));
    if (!frames || frames.length % FRAMES !== 1) return new StoredSources(file, keep, tool, undefined);
    const id = frames[0]!.toString('utf8');
    const stored = new Map<string, StoredFile>();
    for (let i = 1; i < frames.length; i += FRAMES) stored.set(frames[i]!.toString('utf8'), storedFileOf(frames, i));
    const whole = { id, paths: new Set(stored.keys()) };
    const logged = new Set<string>();
    const log = await readFramedFile(logFileOf(file), logHeaderOf(tool));
    if (log && log.length % FRAMES === 1 && log[0]!.toString('utf8') === id) {
      for (let i = 1; i < log.length; i += FRAMES) {
        const path = log[i]!.toString('utf8');
        const record = storedFileOf(log, i);
        if (record.stamp === DROPPED) stored.delete(path);
        else stored.set(path, record);
        logged.add(path);
      }
    }
    return new StoredSources(file, keep, tool, { whole, stored, logged });
  }

  /**
   * The hash and facts of a file whose stat is as stored (its text as it was
   * when they were made), kept for the new store; undefined for a file to
   * read now (changed, new, or a record whose facts do not read back).
   */
  previousHash(absolute: string): string | undefined {
    return this.stored.get(absolute)?.hash;
  }

  storedText(absolute: string, known: FileStat): KnownText | undefined {
    const last = this.stored.get(absolute);
    if (last?.stamp !== known.stamp) return undefined;
    // Facts that do not read back (a damaged record: its sum is the framed file's, not theirs): the file is read and stored anew.
    const facts = this.factsOf(last.facts);
    if (!facts) return undefined;
    this.remember(absolute, known.stamp, last.hash, last.facts, !this.logged.has(absolute));
    return { hash: last.hash, facts };
  }

  /** A file storedText did not know, read now; stored once its text's hash and facts are known (`known`, or `settle`). */
  async read(absolute: string, known: FileStat): Promise<Buffer> {
    const bytes = await readFile(absolute);
    if (this.keep(absolute)) {
      this.dirty = true;
      this.seen.add(absolute);
      this.unhashed.set(absolute, { stamp: known.settled ? known.stamp : UNSETTLED, bytes });
    } else if (this.stored.has(absolute)) this.dirty = true;
    return bytes;
  }

  /** A file `read` gave, once decoded: stored with the hash and facts made of its text (kept ones are storedText's). */
  known(absolute: string, made: () => KnownText): KnownText | undefined {
    const waiting = this.unhashed.get(absolute);
    if (!waiting) return undefined;
    this.unhashed.delete(absolute);
    const text = made();
    this.remember(absolute, waiting.stamp, text.hash, serializeTextFacts(text.facts), false);
    return text;
  }

  /** After every file was read: a stored file the build did not read (deleted or renamed since) changes the store too. */
  settle(): void {
    // Files read now whose hash nobody asked for: hashed here, as loadSources would (one not UTF-8 text is not stored).
    for (const [absolute, { stamp, bytes }] of this.unhashed) {
      const text = decodeUtf8(bytes);
      if (text !== undefined) this.remember(absolute, stamp, textHash(text), serializeTextFacts(textFactsOf(text)), false);
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

  private remember(absolute: string, stamp: string, hash: string, facts: string, whole: boolean): void {
    // A file read twice is stored twice: the later record wins when the store is read.
    this.seen.add(absolute);
    if (this.writer) {
      this.writer.add(absolute, stamp, hash, facts);
      return;
    }
    this.pending.push([absolute, stamp, hash, facts, whole]);
    if (whole) return;
    // Too many changes for a log: the whole store is written from here on, as the files come.
    if (++this.differing > this.logLimit()) this.writeWhole();
  }

  private logLimit(): number {
    return Math.max(LOG_AT_LEAST, (this.whole?.paths.size ?? 0) * LOG_PART);
  }

  /** The records that differ from the whole file's, and those it holds that are no longer stored, against its id. */
  private async writeLog(id: string, dropped: readonly string[]): Promise<void> {
    const log = createFramedFileWriter(logFileOf(this.file), logHeaderOf(this.tool));
    log.add(id);
    for (const [path, stamp, hash, facts, whole] of this.pending) if (!whole) log.add(path, stamp, hash, facts);
    for (const path of dropped) log.add(path, DROPPED, '', '');
    await log.commit();
  }

  /** From here on the new store is written whole, with a new id, as files come. */
  private writeWhole(): void {
    if (this.writer) return;
    this.writer = createFramedFileWriter(this.file, headerOf(this.tool));
    this.writer.add(randomUUID());
    for (const [path, stamp, hash, facts] of this.pending) this.writer.add(path, stamp, hash, facts);
    this.pending = [];
  }
}

/** Where the store's log of changes since it was written whole lives: `sources-log.bin` beside `sources.bin`. */
export function logFileOf(file: string): string {
  return `${file.replace(/\.bin$/, '')}-log.bin`;
}

/** The record whose path is frame `at` of a store or its log. */
function storedFileOf(frames: readonly Buffer[], at: number): StoredFile {
  return { stamp: frames[at + 1]!.toString('utf8'), hash: frames[at + 2]!.toString('latin1'), facts: frames[at + 3]!.toString('utf8') };
}
