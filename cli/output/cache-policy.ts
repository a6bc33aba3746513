/**
 * One caching rule for every host and for `docsbuild preview`: content-hashed
 * files under assets/ never change, so they are cached for a year; everything
 * else (HTML, pages.json, redirects.json, …) is revalidated on every use.
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/**
 * The two hash forms the build writes: esbuild's 8 base32 characters
 * (`main.7B7VPI2U.js`, `main.7B7VPI2U.js.LEGAL.txt`) and the pipeline's 10 hex
 * digits (`limits.c1cd0c0e33.json`, `flow.0a1b2c3d4e.png`).
 */
const HASH = String.raw`(?:[0-9a-f]{10}|[A-Z2-7]{8})`;

/** The pattern of a hashed file's name under assets/, as a regular expression source (also used in nginx.conf). */
export const HASHED_NAME_SOURCE = String.raw`[^/]*\.${HASH}\.[A-Za-z0-9.]+`;
const HASHED_FILE = new RegExp(String.raw`^assets/(?:[^/]+/)*${HASHED_NAME_SOURCE}$`);

/** Whether an output file (relative to the site root) is content-hashed. */
export function isHashedAsset(name: string): boolean {
  return HASHED_FILE.test(name);
}

export function cacheControlOf(name: string): string {
  return isHashedAsset(name) ? IMMUTABLE : REVALIDATE;
}
