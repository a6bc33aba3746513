import { isExternalUrl } from '../../shared/urls';
import { rawTagUrls, type RawUrl, type UrlTag } from './raw-tag-urls';

/** `<a>` (not `<abbr>` or `<a-card>`) and its `href`. */
const LINK: UrlTag = { open: /<a(?=[\s/>])/gi, attribute: /\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi };

/** Whether a link URL is checked: a page, file or anchor of this site (not another site, a mailto: or an empty href). */
export function isLocalLinkUrl(url: string): boolean {
  return url !== '' && !isExternalUrl(url);
}

/**
 * Whether a raw link's URL is rewritten to where it leads (render.ts): a
 * local one with a path. A bare `#anchor` needs no base and stays as written,
 * as do the `#` links the pipeline makes itself (heading anchors, the table
 * of contents), which the renderer cannot tell from a writer's.
 */
export function isRewrittenLinkUrl(url: string): boolean {
  return isLocalLinkUrl(url) && !url.startsWith('#');
}

/**
 * The local link URLs of raw HTML (`<a href="./setup.md">`), each at its
 * tag's `<` as raw images are: checked like a Markdown link's (link/dead,
 * link/dead-anchor…), bare `#anchors` included. Comments are skipped.
 */
export function rawLinkUrls(html: string, start: { line: number; column: number }): RawUrl[] {
  return rawTagUrls(html, start, LINK).filter((link) => isLocalLinkUrl(link.url));
}
