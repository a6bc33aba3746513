/** Where the window should be once a navigation has rendered. */
export type ScrollTarget =
  | { kind: 'hash'; hash: string; fallbackY?: number }
  | { kind: 'position'; y: number }
  | { kind: 'top' }
  | { kind: 'keep' };

/** The element a URL hash points at (`#über-größe` arrives percent-encoded): by its id, else raw HTML's prefixed id or name. */
export function hashTarget(doc: Document, hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // a malformed escape: use the raw text
  }
  // Raw HTML's ids and names carry GitHub's `user-content-` prefix in the page (cli/html/clean.ts), as on GitHub, whose script finds them the same way.
  return doc.getElementById(id) ?? doc.getElementById(`user-content-${id}`) ?? doc.getElementsByName(`user-content-${id}`)[0] ?? null;
}

/** Nothing has the focus (it was on something that went away or was hidden: a search result, a drawer link, the old page's link). */
export function focusLost(doc: Document): boolean {
  return doc.activeElement === null || doc.activeElement === doc.body;
}

/**
 * Scrolls to the target; a hash that names nothing falls back to its
 * position or the top. Focus follows, so keyboard and screen reader users
 * land where the view did: a new page (`top`) focuses its `<h1>`; a section
 * (`hash`) its heading when `refocus` says the focus was lost on the way
 * (otherwise it stays on the link, as a browser leaves it); the skip link's
 * target always. `quiet` moves no focus.
 */
export function scrollToTarget(win: Window, target: ScrollTarget, refocus = false, quiet = false): void {
  const doc = win.document;
  if (target.kind === 'hash') {
    const el = hashTarget(doc, target.hash);
    if (el) {
      el.scrollIntoView({ block: 'start' });
      if (!quiet && (refocus || el.getAttribute('tabindex') === '-1')) focusWithoutScroll(el);
      return;
    }
    win.scrollTo(0, target.fallbackY ?? 0);
  } else if (target.kind !== 'keep') {
    win.scrollTo(0, target.kind === 'position' ? target.y : 0);
  }
  // `quiet`: the page a visit starts on (the 404 shell resolving its address) leaves the focus where a load leaves it.
  if (!quiet && (target.kind === 'top' || refocus)) {
    const main = doc.querySelector('main');
    const heading = main?.querySelector('h1');
    if (heading ?? main) focusWithoutScroll((heading ?? main)!);
  }
}

/** Focuses an element that may not take focus by itself (a heading), leaving the scroll position alone. */
export function focusWithoutScroll(el: HTMLElement): void {
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.focus({ preventScroll: true });
}
