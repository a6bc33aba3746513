import { isExternalUrl } from '../../shared/urls';
import { lineLocator } from '../support/text-scan';

/** Where an `<img` tag starts. */
const IMG_OPEN = /<img\b/gi;
/** A `src` attribute, its URL in any of HTML's three quotings. */
const SRC_ATTRIBUTE = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;

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
  const locate = lineLocator(text);
  for (const { index, url } of imageSources(text)) {
    if (!isLocalImageUrl(url)) continue;
    const at = locate(index);
    found.push({ url, line: start.line + at.line, column: at.line === 0 ? start.column + index : at.column + 1 });
  }
  return found;
}

/**
 * The `src` attributes of `<img>` tags: what `/<img\b[^>]*?\ssrc\s*=\s*…/gi`
 * finds, the `src` before the tag's first `>`. Found by hand because that
 * expression scans from each `<img` to the next `>`, or to the end, again.
 * The next `src` after a place is kept while it is still ahead, and a tag
 * without one is passed whole: each character is looked at a few times.
 */
function* imageSources(text: string): Generator<{ index: number; url: string }> {
  let source: RegExpExecArray | null | undefined;
  let tagEnd = -1;
  IMG_OPEN.lastIndex = 0;
  for (let open = IMG_OPEN.exec(text); open; open = IMG_OPEN.exec(text)) {
    const from = open.index + open[0].length;
    if (source !== null && (source === undefined || source.index < from)) {
      SRC_ATTRIBUTE.lastIndex = from;
      source = SRC_ATTRIBUTE.exec(text);
    }
    if (source === null) return;
    if (tagEnd < from) {
      const close = text.indexOf('>', from);
      tagEnd = close === -1 ? text.length : close;
    }
    if (tagEnd < source.index) {
      // No `src` in this tag: nor in any `<img` before its `>`.
      IMG_OPEN.lastIndex = tagEnd;
      continue;
    }
    yield { index: open.index, url: source[1] ?? source[2] ?? source[3] ?? '' };
    IMG_OPEN.lastIndex = source.index + source[0].length;
  }
}
