import { lstatSync, readdirSync, statSync, type BigIntStats } from 'node:fs';
import path from 'node:path';
import { VUEPRESS_DIR, type ListedTree } from './load';
import { RACY_NS, type FileStat } from './unchanged-files';
import { isOutputFolder } from './output-in-content';
import { isReadFolder } from './content-folders';

/**
 * Stat stamps of a build's inputs, as git's index keeps them: size, change
 * and modification times in nanoseconds, inode, device and mode. Equal
 * stamps, equal contents, for a file that was settled when stamped.
 *
 * A file changed within RACY_NS of its stamp could be written again in the
 * same tick of the file system's clock and keep the same stamp (git's "racy"
 * case): its stamp is marked unsettled, and an unsettled stamp never equals
 * a fresh one, so the next build looks at the file again.
 */
export type Stamps = Record<string, string>;

/** Marks a stamp that must not be trusted (see above). */
const UNSETTLED = '?';
/** The stamp of a path that is not there. */
const MISSING = '-';

/**
 * The stamp of one path; a symbolic link is stamped with its target's too.
 * `since` is when reading could have begun (now for a stamp taken before
 * the read; the build's start for one taken after it): a file changed
 * later than RACY_NS before that is unsettled.
 */
export function stampPath(absolute: string, since: bigint = nowNs()): string {
  return stampWithStat(absolute, since).stamp;
}

/** stampPath's stamp, with the file type bits of the path's own mode and the stat statFile would take (a link's its target's; none for a link to nothing). */
function stampWithStat(absolute: string, since: bigint): { stamp: string; listed?: Listed } {
  const own = statOrUndefined(() => lstatSync(absolute, { bigint: true }));
  if (!own) return { stamp: MISSING };
  const target = own.isSymbolicLink() ? statOrUndefined(() => statSync(absolute, { bigint: true })) : undefined;
  const ownStat = statStampOf(own);
  const targetStat = target && statStampOf(target);
  const stamp = targetStat ? `${ownStat}:${own.mode}>${targetStat}:${target!.mode}` : `${ownStat}:${own.mode}`;
  const newest = target && target.ctimeNs > own.ctimeNs ? target.ctimeNs : own.ctimeNs;
  const settled = since - newest > RACY_NS;
  const kind = Number(own.mode) & S_IFMT;
  const followed = kind === S_IFLNK ? target : own;
  const stat = followed && { size: Number(followed.size), stamp: kind === S_IFLNK ? targetStat! : ownStat, settled };
  return { stamp: settled ? stamp : `${UNSETTLED}${stamp}`, listed: { kind, stat } };
}

/** Stamps of absolute paths (files a build read besides the content tree). */
export function stampPaths(paths: Iterable<string>, since?: bigint): Stamps {
  const stamps: Stamps = {};
  for (const file of [...paths].sort()) stamps[file] = stampPath(file, since);
  return stamps;
}

/**
 * Every entry of the content tree the build walks (no dot files, the
 * folders isReadFolder takes: `.vuepress/`, nothing under node_modules, not
 * the output folder `skipped`), by path relative to the content root,
 * with its stamp. A file added, deleted or renamed changes the set of keys;
 * an edit changes a stamp. Folders are listed (not stamped): an empty one
 * is no input, but a file in it is.
 */
export function stampContentTree(contentDir: string, since: bigint = nowNs(), skipped?: string): Stamps {
  const stamps: Stamps = {};
  const listings = new Map<string, Listed>();
  LISTINGS.set(stamps, listings);
  const walk = (relative: string) => {
    const entries = readdirSync(path.join(contentDir, relative), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) {
        // A `.vuepress/` folder is read (its appearance alone changes the build); node_modules is not (with the pages at the project's root it is where the cache appears).
        if (!isReadFolder(child, skipped)) continue;
        stamps[`${child}/`] = 'dir';
        walk(child);
      } else {
        // Dot files are not read (a link named `.vuepress` is stamped as the folder would be).
        if ((entry.name.startsWith('.') && child !== VUEPRESS_DIR) || (skipped !== undefined && isOutputFolder(child, skipped))) continue;
        const { stamp, listed } = stampWithStat(path.join(contentDir, child), since);
        stamps[child] = stamp;
        if (listed) listings.set(child, listed);
      }
    }
  };
  walk('');
  return stamps;
}

/**
 * What loadSources would find walking the tree these stamps were taken of
 * (stampContentTree): its files and symbolic links (none under a dot
 * folder: the walk skips `.vuepress/`, read on its own), each with the
 * stat statFile would take, a link's its target's (a link to nothing has none).
 */
export function listedTree(stamps: Stamps): ListedTree {
  const files: string[] = [];
  const symlinks: string[] = [];
  const stats = new Map<string, FileStat>();
  // Stamps this process took carry what they were made from; others (read back, copied) are parsed.
  const listings = LISTINGS.get(stamps);
  for (const [relativePath, stamp] of Object.entries(stamps)) {
    // A path gone by the time it was stamped is not in the tree the build reads.
    if (stamp === 'dir' || stamp === MISSING || DOT_SEGMENT.test(relativePath)) continue;
    const { kind, stat } = listings?.get(relativePath) ?? parseListed(stamp);
    if (kind === S_IFLNK) symlinks.push(relativePath);
    else if (kind === S_IFREG) files.push(relativePath);
    if (stat) stats.set(relativePath, stat);
  }
  return { files, symlinks, statOf: (relativePath) => stats.get(relativePath) };
}

/** A listed path's file type bits and stat, as stampWithStat makes them. */
interface Listed {
  kind: number;
  stat?: FileStat;
}

/**
 * What stampContentTree made each stamp of: listedTree takes it instead of
 * parsing the stamps again (at 10,000 pages the parse was 20-30 ms of a one-edit build).
 */
const LISTINGS = new WeakMap<Stamps, ReadonlyMap<string, Listed>>();

/** A path with a segment that starts with a dot. */
const DOT_SEGMENT = /(?:^|\/)\./;

function parseListed(stamp: string): Listed {
  const settled = !stamp.startsWith(UNSETTLED);
  const [own, target] = (settled ? stamp : stamp.slice(UNSETTLED.length)).split('>') as [string, string | undefined];
  const kind = Number(own.slice(own.lastIndexOf(':') + 1)) & S_IFMT;
  // The stat's own stamp is statFile's: the same fields, without the mode.
  const followed = kind === S_IFLNK ? target : own;
  return { kind, stat: followed ? { size: Number(followed.slice(0, followed.indexOf(':'))), stamp: followed.slice(0, followed.lastIndexOf(':')), settled } : undefined };
}

/** The file type bits of a stat's mode: a regular file, a symbolic link. */
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFLNK = 0o120000;

/**
 * Whether two sets of stamps are equal and all settled: the inputs they were
 * taken of are as they were. A recorded stamp that was unsettled but carries
 * the hash of the text the build read (withTextHashes) is equal when the
 * path's stamp is that stamp now, settled, and its text still hashes the
 * same (`textHashOf`): a page saved just before a build need not make the
 * next build a real one.
 */
export function sameStamps(recorded: Stamps, now: Stamps, textHashOf?: (relativePath: string) => string | undefined): boolean {
  const keys = Object.keys(recorded);
  if (keys.length !== Object.keys(now).length) return false;
  for (const key of keys) {
    const stamp = recorded[key]!;
    if (!stamp.startsWith(UNSETTLED)) {
      if (now[key] !== stamp) return false;
      continue;
    }
    const hashAt = stamp.lastIndexOf(TEXT_HASH);
    if (hashAt < 0 || textHashOf === undefined || now[key] !== stamp.slice(UNSETTLED.length, hashAt)) return false;
    if (textHashOf(key) !== stamp.slice(hashAt + TEXT_HASH.length)) return false;
  }
  return true;
}

/** Between an unsettled stamp and the hash of the text read (no stamp holds it). */
const TEXT_HASH = '#';

/** Stamps with, after each unsettled one of a page read, the hash of the text the build read (`texts`, by path). */
export function withTextHashes(stamps: Stamps, texts: Readonly<Record<string, string>>): Stamps {
  const out: Stamps = {};
  for (const [key, stamp] of Object.entries(stamps)) {
    const hash = texts[key];
    out[key] = stamp.startsWith(UNSETTLED) && hash !== undefined ? `${stamp}${TEXT_HASH}${hash}` : stamp;
  }
  return out;
}

export function nowNs(): bigint {
  return BigInt(Date.now()) * 1_000_000n;
}

/** A stat's stamp as statFile makes it (source/unchanged-files.ts): a path's stamp adds the mode. */
function statStampOf(s: BigIntStats): string {
  return `${s.size}:${s.mtimeNs}:${s.ctimeNs}:${s.ino}:${s.dev}`;
}

function statOrUndefined(take: () => BigIntStats | undefined): BigIntStats | undefined {
  try {
    return take();
  } catch {
    return undefined;
  }
}
