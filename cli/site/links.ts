import path from 'node:path';
import type { Diagnostic } from '../diagnostics/diagnostic';
import { diagnostic } from '../diagnostics/diagnostic';
import { didYouMean } from '../diagnostics/suggest';
import type { LinkRef } from '../page/outline';
import { findPage, findRedirect, type IndexedPage, type SiteIndex } from './site-index';

/** What a link as written resolves to. */
export type LinkTarget =
  | { kind: 'external' }
  | { kind: 'asset'; href: string }
  | { kind: 'missing-file'; tried: string }
  | { kind: 'page'; page: IndexedPage; hash: string; href: string; via?: string }
  | { kind: 'dead'; tried: string; hash: string };

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Resolves a link written on page `from`: site paths (with or without the
 * base), relative paths and `.md` files, each with an optional `#hash`.
 * `href` is the rewritten URL under the base.
 */
export function resolveLink(url: string, from: IndexedPage, index: SiteIndex): LinkTarget {
  // As a browser reads it: "java\tscript:" and " javascript:" have a scheme (and the sanitizer reports them).
  const browserUrl = url.replace(/^[\u0000-\u0020]+/, '').replace(/[\t\n\r]/g, '');
  if (SCHEME.test(browserUrl) || browserUrl.startsWith('//')) return { kind: 'external' };
  const hashAt = url.indexOf('#');
  const rawPath = (hashAt === -1 ? url : url.slice(0, hashAt)).replace(/\?.*$/, '');
  const hash = hashAt === -1 ? '' : safeDecode(url.slice(hashAt + 1));
  const withHash = (p: string) => `${index.base}${p.slice(1)}${hash ? `#${encodeHash(hash)}` : ''}`;

  if (rawPath === '') return { kind: 'page', page: from, hash, href: hash ? `#${encodeHash(hash)}` : withHash(from.path) };

  const decoded = safeDecode(rawPath);
  const baseless = index.base.slice(0, -1);
  const absolute = decoded === baseless ? '/' : decoded.startsWith(index.base) ? `/${decoded.slice(index.base.length)}` : decoded;
  // posix join/normalize keep a trailing slash and clamp ".." at the root.
  const sitePath = absolute.startsWith('/')
    ? path.posix.normalize(absolute)
    : path.posix.join('/', path.posix.dirname(from.relativePath), decoded);

  if (/\.md$/i.test(sitePath)) {
    const page = index.byRelativePath.get(sitePath.slice(1));
    return page ? { kind: 'page', page, hash, href: withHash(page.path) } : { kind: 'dead', tried: sitePath, hash };
  }
  const page = findPage(index, sitePath);
  if (page) return { kind: 'page', page, hash, href: withHash(page.path) };
  const redirect = findRedirect(index.redirects, sitePath);
  if (redirect) {
    const target = index.pages.get(redirect.to);
    if (target) return { kind: 'page', page: target, hash, href: withHash(target.path), via: redirect.from };
  }
  const asset = index.assets.get(sitePath);
  if (asset !== undefined) return { kind: 'asset', href: `${index.base}${asset}${hash ? `#${encodeHash(hash)}` : ''}` };
  if (/\.[a-z0-9]+$/i.test(sitePath) && !/\.html?$/i.test(sitePath)) return { kind: 'missing-file', tried: sitePath };
  return { kind: 'dead', tried: sitePath, hash };
}

/** Checks every link of one page against the site; returns one diagnostic per problem. */
export function checkPageLinks(from: IndexedPage, links: readonly LinkRef[], index: SiteIndex): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const link of links) {
    const at = { file: from.file, line: link.line, column: link.column };
    const target = resolveLink(link.url, from, index);
    if (target.kind === 'missing-file' || (link.kind === 'image' && (target.kind === 'dead' || target.kind === 'page'))) {
      const tried = target.kind === 'missing-file' || target.kind === 'dead' ? target.tried : link.url;
      diagnostics.push(
        diagnostic(
          'link/missing-file',
          at,
          `${link.kind === 'image' ? 'Image' : 'Link'} "${link.url}" points to no file in the content folder.`,
          didYouMean(tried, index.assets.keys(), 'Add the file to the content folder (or content/public/), or fix the path.'),
        ),
      );
      continue;
    }
    if (target.kind === 'dead') {
      diagnostics.push(
        diagnostic(
          'link/dead',
          at,
          `Link "${link.url}" points to no page.`,
          didYouMean(target.tried, index.pages.keys(), 'Link to an existing page path, such as "/guide/", or a relative .md file.'),
        ),
      );
      continue;
    }
    if (target.kind !== 'page') continue;
    if (target.via !== undefined) {
      diagnostics.push(
        diagnostic(
          'link/through-redirect',
          at,
          `Link "${link.url}" goes through the redirect "${target.via}" → "${target.page.path}".`,
          `Link straight to "${target.page.path}${target.hash ? `#${target.hash}` : ''}".`,
        ),
      );
    }
    if (target.hash && !target.page.anchors.has(target.hash)) {
      const where = target.page === from ? 'this page' : target.page.path;
      diagnostics.push(
        diagnostic(
          'link/dead-anchor',
          at,
          `Link "${link.url}" points to "#${target.hash}", which is no heading on ${where}.`,
          didYouMean(target.hash, target.page.anchors, `Headings on ${where}: ${[...target.page.anchors].slice(0, 8).join(', ') || 'none'}.`),
        ),
      );
    }
  }
  return diagnostics;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function encodeHash(hash: string): string {
  return encodeURIComponent(hash).replace(/%2F/g, '/');
}
