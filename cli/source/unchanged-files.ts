import { readFile, stat } from 'node:fs/promises';
import type { TextFacts } from './text-facts';

/** What is kept of a file's text besides its bytes: its hash (textHash) and its facts. */
export interface KnownText {
  hash: string;
  facts: TextFacts;
}

export interface FileStat {
  size: number;
  /** Size, change and modification times in nanoseconds, inode and device: equal stamps, equal contents (for files settled when read). */
  stamp: string;
  /** When the stat was taken, the change time was old enough to trust the stamp. */
  settled: boolean;
}

/** A change time this close to the stat may be followed by another write in the same tick of the file system's clock. */
export const RACY_NS = 2_000_000_000n;

export async function statFile(absolute: string): Promise<FileStat> {
  const s = await stat(absolute, { bigint: true });
  const now = BigInt(Date.now()) * 1_000_000n;
  return { size: Number(s.size), stamp: `${s.size}:${s.mtimeNs}:${s.ctimeNs}:${s.ino}:${s.dev}`, settled: now - s.ctimeNs > RACY_NS };
}

/**
 * What loadSources reads the content tree through when files may be known
 * already: the file's bytes, given the stat taken just before; `settle` once
 * every file of the build was asked for.
 */
export interface KnownFiles {
  read(absolute: string, known: FileStat): Promise<Buffer>;
  /**
   * A file whose bytes `read` gave, once decoded: given a way to make the
   * hash of its text (sha256 hex) and its facts, those kept with it, if any
   * (a file known from before), else keeps the ones made for next time.
   * Without it, nothing is kept.
   */
  known?(absolute: string, made: () => KnownText): KnownText | undefined;
  /**
   * Asked before `read`: the hash and facts kept with a file whose stat is
   * as when they were made. The caller need not read it (its text, if
   * needed, is read then and checked against the hash). Undefined for a
   * file to read now.
   */
  storedText?(absolute: string, known: FileStat): KnownText | undefined;
  /** The hash of a file's text as the last build kept it, whatever the file holds now (the page cache's entry of its last version). */
  previousHash?(absolute: string): string | undefined;
  settle(): void;
}

/**
 * Files read before and not changed since, known by their stat (size, times,
 * inode), as git's index knows a file is clean without reading it: a
 * long-lived process (the dev server, rebuilding after each edit) then reads
 * only what changed. A file changed within two seconds of its stat is not
 * remembered: a second write in the same tick of the file system's clock
 * would leave the same stat behind (git's "racy" case). A CLI build, which
 * has no process memory, keeps them in the page cache instead
 * (source/stored-sources.ts).
 */
export class UnchangedFiles implements KnownFiles {
  private readonly byStat = new RememberedByStat<Buffer>();

  /** The file's bytes: the remembered ones when its stat is as when they were read, else read now. */
  read(absolute: string, known: FileStat): Promise<Buffer> {
    return this.byStat.get(absolute, known, () => readFile(absolute));
  }

  /** After a build: forgets files it did not read (deleted or renamed since). */
  settle(): void {
    this.byStat.settle();
  }
}

/** What was made from a file (its bytes, its hash), kept while its stat stays as it was and the stat was settled. */
export class RememberedByStat<T> {
  private remembered = new Map<string, { stamp: string; value: T }>();
  private seen = new Set<string>();

  async get(absolute: string, known: FileStat, make: () => Promise<T>): Promise<T> {
    this.seen.add(absolute);
    const last = this.remembered.get(absolute);
    if (last?.stamp === known.stamp) return last.value;
    const value = await make();
    if (known.settled) this.remembered.set(absolute, { stamp: known.stamp, value });
    else this.remembered.delete(absolute);
    return value;
  }

  /** Forgets files not asked for since the last settle (deleted or renamed since). */
  settle(): void {
    for (const file of this.remembered.keys()) if (!this.seen.has(file)) this.remembered.delete(file);
    this.seen = new Set();
  }
}
