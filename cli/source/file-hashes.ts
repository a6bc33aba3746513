import { hashFile } from '../support/hash';
import type { FileStat } from './unchanged-files';

/**
 * The hashes of files hashed before and not changed since, known by their
 * stat as UnchangedFiles knows their bytes: a long-lived process (the dev
 * server) hashes only the assets that changed, and holds 64 characters per
 * file instead of its bytes. A file changed within two seconds of its stat
 * is not remembered (the same "racy" rule).
 */
export class FileHashes {
  private remembered = new Map<string, { stamp: string; hash: string }>();
  private seen = new Set<string>();

  /** The file's sha256 (hex): the remembered one when its stat is as when it was hashed, else hashed now. */
  async hash(absolute: string, known: FileStat): Promise<string> {
    this.seen.add(absolute);
    const last = this.remembered.get(absolute);
    if (last?.stamp === known.stamp) return last.hash;
    const hash = await hashFile(absolute);
    if (known.settled) this.remembered.set(absolute, { stamp: known.stamp, hash });
    else this.remembered.delete(absolute);
    return hash;
  }

  /** After a build: forgets files it did not hash (deleted or renamed since). */
  settle(): void {
    for (const file of this.remembered.keys()) if (!this.seen.has(file)) this.remembered.delete(file);
    this.seen = new Set();
  }
}
