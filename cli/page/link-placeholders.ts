import { resolveLink } from '../site/links';
import type { IndexedPage, SiteIndex } from '../site/site-index';

/**
 * A page is rendered before the rest of the site is known (in a worker, or
 * from the cache), so its internal links cannot be resolved yet: each URL
 * becomes a numbered placeholder, filled in once the site is known.
 */
export const PLACEHOLDER = /__docsbuild_link_(\d+)__/g;

export function placeholderFor(index: number): string {
  return `__docsbuild_link_${index}__`;
}

/** True for URLs with a scheme (`https:`, `mailto:`) or protocol-relative ones: those never change. */
export function isExternalUrl(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//');
}

/** Each link's final href (or the URL as written, when it leads nowhere): what fills the placeholders. */
export function resolveHrefs(urls: readonly string[], from: IndexedPage, index: SiteIndex): string[] {
  return urls.map((url) => {
    const target = resolveLink(url, from, index);
    return target.kind === 'page' || target.kind === 'asset' ? target.href : url;
  });
}

/** Replaces each placeholder with its href (resolveHrefs). */
export function fillHrefs(html: string, hrefs: readonly string[]): string {
  return html.replace(PLACEHOLDER, (_, n: string) => escapeAttribute(hrefs[Number(n)] ?? ''));
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
