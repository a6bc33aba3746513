import { isExternalUrl } from '../../shared/urls';
import { rawTagUrls, type RawUrl, type UrlTag } from './raw-tag-urls';

/** `<img>` and its `src`. */
const IMAGE: UrlTag = { open: /<img\b/gi, attribute: /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi };

/** Whether an image URL names a file of the site (not another site, a data: URL or a fragment). */
export function isLocalImageUrl(url: string): boolean {
  return url !== '' && !url.startsWith('#') && !isExternalUrl(url);
}

/**
 * The local image URLs of a raw HTML block, each at its tag's `<`: checked
 * like a Markdown image's (link/missing-file). Comments are skipped.
 */
export function rawImageUrls(html: string, start: { line: number; column: number }): RawUrl[] {
  return rawTagUrls(html, start, IMAGE).filter((image) => isLocalImageUrl(image.url));
}
