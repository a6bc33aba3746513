import { useEffect } from 'react';

let markHydrated = () => {};

/**
 * Resolves once the layout's last Suspense boundary has hydrated. React
 * hydrates the layout after the root, in slices, so the root's effects run
 * while the page is still server HTML: a node added to it then (by a test,
 * a reader's browser extension) made React throw the whole page away and
 * render it anew (error #418 under 4-8× CPU throttling).
 */
export const layoutHydrated = new Promise<void>((resolve) => (markHydrated = resolve));

/** Placed in the innermost boundary, which hydrates last: its effect says the layout is hydrated. */
export function HydratedMark() {
  useEffect(() => markHydrated(), []);
  return null;
}
