/** What a request path asks for, decided before anything is read. */
export type RequestTarget =
  /** Malformed or hostile: encoded slashes or backslashes, NUL, `.`/`..` segments, bad escapes. */
  | { kind: 'bad' }
  /** Outside the base: the 404 page. */
  | { kind: 'outside' }
  /** `/docs` → `/docs/`, as static hosts do for a folder. */
  | { kind: 'redirect'; location: string }
  /** Output names to try in order, the way static hosts map a path to files. */
  | { kind: 'files'; names: string[] };

/**
 * Maps a request URL to output file names under `base`, like nginx's
 * `try_files $uri $uri/index.html $uri.html`: `/docs/x/` → `x/index.html`;
 * `/docs/x` → `x`, `x/index.html`, `x.html`. Every check runs on the raw
 * and on the decoded path, so `%2e%2e`, `%2f` and `%00` cannot slip through;
 * the names returned never contain `..`, `.`, empty segments, `\` or NUL.
 */
export function requestTarget(url: string, base: string): RequestTarget {
  const raw = url.split(/[?#]/, 1)[0] ?? '';
  const query = url.slice(raw.length).split('#', 1)[0] ?? '';
  if (!raw.startsWith('/') || /%(?:2f|5c|00)/i.test(raw)) return { kind: 'bad' };
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return { kind: 'bad' };
  }
  if (/[\0\\]/.test(decoded)) return { kind: 'bad' };
  // Repeated slashes collapse, as nginx's merge_slashes does.
  const path = decoded.replace(/\/{2,}/g, '/');
  const segments = path.split('/');
  if (segments.some((s) => s === '.' || s === '..')) return { kind: 'bad' };
  if (base !== '/' && path === base.slice(0, -1)) return { kind: 'redirect', location: `${base}${query}` };
  if (!path.startsWith(base)) return { kind: 'outside' };
  const rel = path.slice(base.length);
  if (rel === '' || rel.endsWith('/')) return { kind: 'files', names: [`${rel}index.html`] };
  return { kind: 'files', names: [rel, `${rel}/index.html`, `${rel}.html`] };
}
