/**
 * A page is rendered before the rest of the site is known (in a worker, or
 * from the cache), so its internal links cannot be resolved yet: each URL
 * becomes a numbered placeholder, filled in once the site is known.
 */
export const PLACEHOLDER = /__docsbuild_link_(\d+)__/g;

export function placeholderFor(index: number): string {
  return `__docsbuild_link_${index}__`;
}

/** Replaces each placeholder with its href (site/links.ts resolveHrefs). */
export function fillHrefs(html: string, hrefs: readonly string[]): string {
  return html.replace(PLACEHOLDER, (_, n: string) => escapeAttribute(hrefs[Number(n)] ?? ''));
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
