import { ASSETS_DIR, HASH_SOURCE } from './layout';

/**
 * One caching rule for every host and for `docsbuild preview`: content-hashed
 * files under assets/ never change, so they are cached for a year; everything
 * else (HTML, pages.json, redirects.json, …) is revalidated on every use.
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** The pattern of a hashed file's name under assets/ (layout.ts names them), as a regular expression source (also used in nginx.conf). */
export const HASHED_NAME_SOURCE = String.raw`[^/]*\.${HASH_SOURCE}\.[A-Za-z0-9.]+`;
const HASHED_FILE = new RegExp(String.raw`^${ASSETS_DIR}/(?:[^/]+/)*${HASHED_NAME_SOURCE}$`);

/** Whether an output file (relative to the site root) is content-hashed. */
export function isHashedAsset(name: string): boolean {
  return HASHED_FILE.test(name);
}

export function cacheControlOf(name: string): string {
  return isHashedAsset(name) ? IMMUTABLE : REVALIDATE;
}
