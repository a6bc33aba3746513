/** Where the window should be once a navigation has rendered. */
export type ScrollTarget =
  | { kind: 'hash'; hash: string; fallbackY?: number }
  | { kind: 'position'; y: number }
  | { kind: 'top' }
  | { kind: 'keep' };

/** The element a URL hash points at (`#über-größe` arrives percent-encoded). */
export function hashTarget(doc: Document, hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // a malformed escape: use the raw text
  }
  return doc.getElementById(id);
}

/** Scrolls to the target; a hash that names nothing falls back to its position or the top. */
export function scrollToTarget(win: Window, target: ScrollTarget): void {
  if (target.kind === 'keep') return;
  if (target.kind === 'hash') {
    const el = hashTarget(win.document, target.hash);
    if (el) {
      el.scrollIntoView({ block: 'start' });
      // The skip link: move focus with the view, as a browser does for a real fragment.
      if (el.getAttribute('tabindex') === '-1') el.focus({ preventScroll: true });
      return;
    }
    win.scrollTo(0, target.fallbackY ?? 0);
    return;
  }
  win.scrollTo(0, target.kind === 'position' ? target.y : 0);
}
