/**
 * What kind of URL a link holds, decided the same way in the build and in the
 * browser. Written once here: a link the checker calls external must be one
 * the viewer leaves alone.
 */

/** A URL with a scheme (`https:`, `mailto:`) or a protocol-relative one (`//host`): never a path of this site, never rewritten. */
export function isExternalUrl(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//');
}

/** An absolute http(s) URL (`https://…`): another web site, as a nav link, a version menu entry or a redirect target. */
export function isWebUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}

/** An http(s) scheme, with or without `//`: what the renderer opens in a new tab. */
export function hasWebScheme(url: string): boolean {
  return /^https?:/i.test(url);
}
