import { sitePathOf } from './router';

export interface ClickInfo {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  defaultPrevented: boolean;
}

export interface AnchorInfo {
  /** The `href` attribute as written. */
  href: string | null;
  target: string;
  download: boolean;
}

/** A plain primary click; modified clicks (new tab, new window, download) stay the browser's. */
export function isPlainClick(click: ClickInfo): boolean {
  return !click.defaultPrevented && click.button === 0 && !click.metaKey && !click.ctrlKey && !click.shiftKey && !click.altKey;
}

/**
 * The URL the app navigates to for a link, or undefined when the browser
 * should follow it: other windows, downloads, other origins, paths outside
 * the base, and files (`.json`, `.svg`; `.html` pages are ours).
 */
export function internalUrl(anchor: AnchorInfo, current: URL, base: string): URL | undefined {
  if (anchor.href === null || anchor.download || (anchor.target !== '' && anchor.target !== '_self')) return undefined;
  let url: URL;
  try {
    url = new URL(anchor.href, current);
  } catch {
    return undefined;
  }
  if (url.origin !== current.origin) return undefined;
  const sitePath = sitePathOf(url.pathname, base);
  if (sitePath === undefined) return undefined;
  const last = sitePath.slice(sitePath.lastIndexOf('/') + 1);
  return /\.[a-z0-9]+$/i.test(last) && !/\.html$/i.test(last) ? undefined : url;
}

/** The in-app URL of the link an event happened in (links in the page HTML included), if any. */
export function linkUrl(target: EventTarget | null, current: URL, base: string): URL | undefined {
  const anchor = target instanceof Element ? target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement)) return undefined;
  return internalUrl({ href: anchor.getAttribute('href'), target: anchor.target, download: anchor.hasAttribute('download') }, current, base);
}
