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

/**
 * The URL the app navigates to for a click on a link, or undefined when the
 * browser should handle it: modified or non-primary clicks, other windows,
 * downloads, other origins, paths outside the base, and files (`.json`, `.svg`).
 */
export function interceptedUrl(anchor: AnchorInfo, click: ClickInfo, current: URL, base: string): URL | undefined {
  if (click.defaultPrevented || click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return undefined;
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
  if (/\.[a-z0-9]+$/i.test(last) && !/\.html$/i.test(last)) return undefined;
  return url;
}

/** The anchor an event happened in, if any (links in the page HTML included). */
export function closestAnchor(target: EventTarget | null): HTMLAnchorElement | undefined {
  const el = target instanceof Element ? target.closest('a[href]') : null;
  return el instanceof HTMLAnchorElement ? el : undefined;
}
