import { isExternalUrl } from '../../shared/urls';

/** `<img … src="…">` in raw HTML, its URL in any of HTML's three quotings. */
const IMG_SRC = /<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;

/** Whether an image URL names a file of the site (not another site, a data: URL or a fragment). */
export function isLocalImageUrl(url: string): boolean {
  return url !== '' && !url.startsWith('#') && !isExternalUrl(url);
}

/**
 * The local image URLs of a raw HTML block, with their line and column:
 * checked like a Markdown image's (link/missing-file). Comments are skipped,
 * keeping every other character's place.
 */
export function rawImageUrls(html: string, start: { line: number; column: number }): { url: string; line: number; column: number }[] {
  const text = html.replace(/<!--[\s\S]*?(?:-->|$)/g, (comment) => comment.replace(/[^\n]/g, ' '));
  const found: { url: string; line: number; column: number }[] = [];
  for (const match of text.matchAll(IMG_SRC)) {
    const url = match[1] ?? match[2] ?? match[3] ?? '';
    if (!isLocalImageUrl(url)) continue;
    const lines = text.slice(0, match.index).split('\n');
    found.push({ url, line: start.line + lines.length - 1, column: lines.length === 1 ? start.column + match.index : lines.at(-1)!.length + 1 });
  }
  return found;
}
