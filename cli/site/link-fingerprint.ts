import { createHash } from 'node:crypto';
import type { SiteIndex } from './site-index';

/**
 * A hash of everything resolveLink (links.ts) reads of a site index: the
 * base, every page's path, source file and anchors (by path and by source
 * file), the redirects and the files links may lead to. Two indexes with
 * the same fingerprint resolve every link written on a page to the same
 * target, so what a build made from a page's resolved links holds in the
 * next while the page and the fingerprint are unchanged. Coarse on purpose:
 * one anchor added anywhere changes it, and every page's links are then
 * resolved again (as they are without it).
 */
export function linkFingerprintOf(index: SiteIndex): string {
  let fingerprint = fingerprints.get(index);
  if (fingerprint === undefined) fingerprints.set(index, (fingerprint = fingerprintOf(index)));
  return fingerprint;
}

/** One per index: the viewer and the `.md` copies both ask for it (an index is never changed once made, site-index.ts). */
const fingerprints = new WeakMap<SiteIndex, string>();

/** Pages hashed at once: one string each way, not one hash call per field (10,000 pages, about 25 fields each). */
const PAGES_PER_UPDATE = 512;

function fingerprintOf(index: SiteIndex): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify([FORMAT, index.base, index.pages.size, index.byRelativePath.size, index.contentFolders, index.localeFallback, index.aliases]));
  let batch: unknown[] = [];
  const flush = () => {
    hash.update(JSON.stringify(batch));
    batch = [];
  };
  for (const [path, page] of index.pages) {
    batch.push(path, page.path, page.relativePath, [...page.anchors]);
    if (batch.length >= PAGES_PER_UPDATE * 4) flush();
  }
  flush();
  for (const [relativePath, page] of index.byRelativePath) {
    batch.push(relativePath, page.path, [...page.anchors]);
    if (batch.length >= PAGES_PER_UPDATE * 3) flush();
  }
  flush();
  hash.update(JSON.stringify([[...index.redirects], [...index.assets]]));
  return hash.digest('hex');
}

/** Changed whenever what the fingerprint covers changes (a field resolveLink reads that it did not). */
const FORMAT = 3;
