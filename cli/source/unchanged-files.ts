import { readFile, stat } from 'node:fs/promises';
import { deserialize, serialize } from 'node:v8';
import { readCheckedFile, writeCheckedFile } from '../support/checked-file';

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
 * Files read before and not changed since, known by their stat (size, times,
 * inode), as git's index knows a file is clean without reading it: a
 * long-lived process (the dev server, rebuilding after each edit) then reads
 * only what changed. A file changed within two seconds of its stat is not
 * remembered: a second write in the same tick of the file system's clock
 * would leave the same stat behind (git's "racy" case).
 */
export class UnchangedFiles {
  private remembered = new Map<string, { stamp: string; bytes: Buffer }>();
  private seen = new Set<string>();
  private changed = false;

  /**
   * @param keep Which files to remember (all by default). A CLI build stores
   * what it remembers (`load`, `save`): only the pages and the site config,
   * whose bytes are small and read every build.
   */
  constructor(private readonly keep: (absolute: string) => boolean = () => true) {}

  /**
   * The files the last CLI build stored in `file` (a checked file of the
   * page cache, trusted whole or not at all): the next build reads one file
   * instead of every page, and only the pages whose stat changed.
   */
  static async load(file: string, keep?: (absolute: string) => boolean): Promise<UnchangedFiles> {
    const files = new UnchangedFiles(keep);
    const body = await readCheckedFile(file);
    try {
      const data = body && (deserialize(body) as { format?: unknown; files?: unknown });
      if (data && data.format === STORE_FORMAT && data.files instanceof Map) files.remembered = data.files as UnchangedFiles['remembered'];
    } catch {
      // Not a store of ours: every file is read.
    }
    return files;
  }

  /** Stores what is remembered, after `settle`, when it changed; a store that cannot be written only costs time. */
  async save(file: string): Promise<void> {
    if (this.changed) await writeCheckedFile(file, serialize({ format: STORE_FORMAT, files: this.remembered }));
    this.changed = false;
  }

  /** The file's bytes: the remembered ones when its stat is as when they were read, else read now. */
  async read(absolute: string, known: FileStat): Promise<Buffer> {
    this.seen.add(absolute);
    const last = this.remembered.get(absolute);
    if (last?.stamp === known.stamp) return last.bytes;
    const bytes = await readFile(absolute);
    if (known.settled && this.keep(absolute)) this.remembered.set(absolute, { stamp: known.stamp, bytes });
    else if (!this.remembered.delete(absolute)) return bytes;
    this.changed = true;
    return bytes;
  }

  /** After a build: forgets files it did not read (deleted or renamed since). */
  settle(): void {
    for (const file of this.remembered.keys()) {
      if (this.seen.has(file)) continue;
      this.remembered.delete(file);
      this.changed = true;
    }
    this.seen = new Set();
  }
}

/** Bumped when the stored files' shape changes. */
const STORE_FORMAT = 1;
