import { hashFile } from '../support/hash';
import { RememberedByStat, type FileStat } from './unchanged-files';

/**
 * The hashes of files hashed before and not changed since, known by their
 * stat as UnchangedFiles knows their bytes: a long-lived process (the dev
 * server) hashes only the assets that changed, and holds 64 characters per
 * file instead of its bytes. A file changed within two seconds of its stat
 * is not remembered (the same "racy" rule).
 */
export class FileHashes {
  private readonly byStat = new RememberedByStat<string>();

  /** The file's sha256 (hex): the remembered one when its stat is as when it was hashed, else hashed now. */
  hash(absolute: string, known: FileStat): Promise<string> {
    return this.byStat.get(absolute, known, () => hashFile(absolute));
  }

  /** After a build: forgets files it did not hash (deleted or renamed since). */
  settle(): void {
    this.byStat.settle();
  }
}
