import path from 'node:path';
import { isExternalUrl } from '../../shared/urls';
import type { Href } from '../page/link-placeholders';
import { aliasedPath } from './aliases';
import { localeFallbackOf } from './locale-fallback';
import { findPage, findRedirect, type IndexedPage, type SiteIndex } from './site-index';
import { beforeAny } from '../support/text-scan';

/** What a link as written resolves to. */
export type LinkTarget =
  | { kind: 'external' }
  | { kind: 'asset'; href: string }
  | { kind: 'missing-file'; tried: string }
  | { kind: 'page'; page: IndexedPage; hash: string; href: string; via?: string }
  | { kind: 'dead'; tried: string; hash: string };


/**
 * Resolves a link written on page `from`: site paths (with or without the
 * base), relative paths and `.md` files, each with an optional `#hash`.
 * `href` is the rewritten URL under the base.
 */
export function resolveLink(url: string, from: IndexedPage, index: SiteIndex): LinkTarget {
  // A link to the page itself depends on the page; any other on the page's folder only.
  if (pathOf(url) === '') return resolveUncached(url, from, index);
  let resolved = resolvedBy.get(index);
  if (!resolved || resolved.size >= RESOLVED_AT_MOST) resolvedBy.set(index, (resolved = new Map()));
  // What stands before the file name decides the folder (path.posix.dirname's result): a cheaper key than the folder itself.
  const key = `${from.relativePath.slice(0, from.relativePath.lastIndexOf('/') + 1)}\0${url}`;
  let target = resolved.get(key);
  if (target === undefined) resolved.set(key, (target = resolveUncached(url, from, index)));
  return target;
}

/**
 * The latest resolutions made against a site index, by the linking page's
 * folder and the URL: a page's links are resolved once for its chunk's key
 * and again, right after, for its .md copy (and every link of a site four
 * times in all). An index is never changed once made (an edit makes a new
 * one, site-index.ts withPageEdited), so what it resolved stays true. Only
 * the latest few thousand are kept: held for the whole site, at 10,000
 * pages they kept about 50 MiB more heap to the end of a build (a one-edit
 * build's peak RSS 625-643 MB; 564-569 MB with the latest only).
 */
const resolvedBy = new WeakMap<SiteIndex, Map<string, LinkTarget>>();
const RESOLVED_AT_MOST = 4096;

/**
 * A relative path's site path from the page's folder: `..` is clamped at the
 * content root, unless the path climbs out of the content folder and back
 * into it by the folders' own names (`../../docs/about/x.png` from
 * docs/goal/), where it leads to that file.
 */
function relativeSitePath(folder: string, relative: string, contentFolders: readonly string[]): string {
  const joined = path.posix.join(folder, relative);
  if (joined.startsWith('../') && contentFolders.length > 0) {
    const parts = joined.split('/');
    const out = parts.findIndex((part) => part !== '..');
    const back = parts.slice(out, out + out);
    if (out > 0 && out <= contentFolders.length && back.join('/') === contentFolders.slice(-out).join('/')) return `/${parts.slice(out + out).join('/')}`;
  }
  return path.posix.join('/', joined);
}

function resolveUncached(url: string, from: IndexedPage, index: SiteIndex): LinkTarget {
  // As a browser reads it: "java\tscript:" and " javascript:" have a scheme (and the sanitizer reports them).
  const browserUrl = BROWSER_IGNORES.test(url) ? url.replace(/^[\u0000-\u0020]+/, '').replace(/[\t\n\r]/g, '') : url;
  if (isExternalUrl(browserUrl)) return { kind: 'external' };
  const hashAt = url.indexOf('#');
  const rawPath = pathOf(url);
  const written = hashAt === -1 ? '' : safeDecode(url.slice(hashAt + 1));
  let hash = written;
  const withHash = (p: string) => `${index.base}${p.slice(1)}${hash ? `#${encodeHash(hash)}` : ''}`;
  const onPage = (page: IndexedPage, href: () => string, via?: string): LinkTarget => {
    hash = anchorOf(page, written);
    return { kind: 'page', page, hash, href: href(), ...(via === undefined ? {} : { via }) };
  };

  if (rawPath === '') return onPage(from, () => (hash ? `#${encodeHash(hash)}` : withHash(from.path)));

  const decoded = safeDecode(rawPath);
  const baseless = index.base.slice(0, -1);
  const absolute = aliasedPath(decoded, index.aliases) ?? (decoded === baseless ? '/' : decoded.startsWith(index.base) ? `/${decoded.slice(index.base.length)}` : decoded);
  // posix join/normalize keep a trailing slash and clamp ".." at the root.
  const sitePath = absolute.startsWith('/')
    ? NOT_NORMAL.test(absolute)
      ? path.posix.normalize(absolute)
      : absolute
    : relativeSitePath(path.posix.dirname(from.relativePath), decoded, index.contentFolders);

  if (/\.md$/i.test(sitePath)) {
    const fileOf = (p: string) => index.byRelativePath.get(p.slice(1)) ?? folderPageOf(p, index);
    const page = fileOf(sitePath) ?? localeFallbackOf(sitePath, `/${from.relativePath}`, index.localeFallback, fileOf);
    return page ? onPage(page, () => withHash(page.path)) : { kind: 'dead', tried: sitePath, hash };
  }
  // Before the redirects: localeFallback's own redirects lead to the first locale, a link to its page's locale first.
  // The page's locale is its source's folder, as the resolutions are kept by folder (a permalink may lead out of it).
  const page = findPage(index, sitePath) ?? localeFallbackOf(sitePath, `/${from.relativePath}`, index.localeFallback, (p) => findPage(index, p));
  if (page) return onPage(page, () => withHash(page.path));
  const redirect = findRedirect(index.redirects, sitePath);
  if (redirect) {
    const target = index.pages.get(redirect.to);
    if (target) return onPage(target, () => withHash(target.path), redirect.from);
  }
  const asset = index.assets.get(sitePath);
  if (asset !== undefined) return { kind: 'asset', href: `${index.base}${asset}${hash ? `#${encodeHash(hash)}` : ''}` };
  if (/\.[a-z0-9]+$/i.test(sitePath) && !/\.html?$/i.test(sitePath)) return { kind: 'missing-file', tried: sitePath };
  return { kind: 'dead', tried: sitePath, hash };
}

/**
 * The last segment of a link's path as resolveLink reads it (decoded,
 * without `#hash` and `?query`): a link can lead to a file of the content
 * folder only when this is the file's name, or a `.`, `..` or nothing
 * that normalizing takes away. Testing it first spares resolving every
 * link of a site that has few files (referencedMedia).
 */
export function lastSegmentOf(url: string): string {
  const decoded = safeDecode(pathOf(url));
  return decoded.slice(decoded.lastIndexOf('/') + 1);
}

/** What a browser drops from a URL before reading it: leading spaces and controls, tabs and line breaks. */
const BROWSER_IGNORES = /^[\u0000-\u0020]|[\t\n\r]/;
/** What path.posix.normalize changes in an absolute path: `.` and `..` segments, and empty ones (`//`). */
const NOT_NORMAL = /\/\/|\/\.\.?(?:\/|$)/;

/** A link's path as written: without its `#hash` and `?query`. */
function pathOf(url: string): string {
  const hashAt = url.indexOf('#');
  const path = hashAt === -1 ? url : url.slice(0, hashAt);
  return beforeAny(path, '?');
}

/**
 * The page's anchor a link's `#hash` names: itself, else the one that is
 * the same text in another Unicode form, else in another case. VuePress 1's
 * slugs are NFKD (`ジ` becomes `シ` and a combining mark) while links are
 * typed composed, and slugs are lower case while links are often typed as
 * the heading is (`#publicPath`): they look right, and in a browser lead
 * nowhere. The link is written with the anchor as it is.
 */
function anchorOf(page: IndexedPage, hash: string): string {
  if (hash === '' || page.anchors.has(hash)) return hash;
  const wanted = hash.normalize('NFC');
  const folded = wanted.toLowerCase();
  let otherCase: string | undefined;
  for (const anchor of page.anchors) {
    const composed = anchor.normalize('NFC');
    if (composed === wanted) return anchor;
    if (otherCase === undefined && composed.toLowerCase() === folded) otherCase = anchor;
  }
  return otherCase ?? hash;
}

/**
 * `README.md` and `index.md` are both a folder's page (VuePress treats them
 * alike): a link to one finds the folder's page when it is the other.
 */
function folderPageOf(sitePath: string, index: SiteIndex): IndexedPage | undefined {
  if (!/^(readme|index)\.md$/i.test(path.posix.basename(sitePath))) return undefined;
  const folder = path.posix.dirname(sitePath);
  return index.pages.get(folder === '/' ? '/' : `${folder}/`);
}

/** Each link's final href, or the URL as written when it leads nowhere: what fills a rendered page's link placeholders. */
export function resolveHrefs(urls: readonly string[], from: IndexedPage, index: SiteIndex): Href[] {
  return urls.map((url): Href => {
    const target = resolveLink(url, from, index);
    if (target.kind === 'page' || target.kind === 'asset') return { kind: target.kind, href: target.href };
    // A URL with a scheme only a browser sees (" http:…") is another site's: kept as written.
    return target.kind === 'external' ? { kind: 'external', href: url } : { kind: 'none', written: url };
  });
}

/** Percent-escapes decoded (`%C3%BCber` → `über`); the text as written when it has none or a bad one. */
export function safeDecode(text: string): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function encodeHash(hash: string): string {
  return encodeURIComponent(hash).replace(/%2F/g, '/');
}
