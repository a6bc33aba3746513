import { useEffect } from 'react';
import type { ActiveSlug } from './active-slug';
import { activeHeader, throttle } from './scroll-spy';

/** A header counts as reached once its top is this far from the viewport top: the top bar plus a margin. */
const SPY_OFFSET_PX = 120;

/**
 * Keeps `active` on the slug of the header in view, re-measured on scroll and
 * resize at most once per `throttleMs`. `slugs` changes with the page, which re-measures.
 */
export function useScrollSpy(slugs: readonly string[], throttleMs: number, active: ActiveSlug): void {
  useEffect(() => {
    const measure = () => {
      const positions = [];
      for (const slug of slugs) {
        const el = document.getElementById(slug);
        if (el) positions.push({ slug, top: el.getBoundingClientRect().top });
      }
      const root = document.documentElement;
      const atBottom = window.scrollY > 0 && window.innerHeight + window.scrollY >= root.scrollHeight - 2;
      active.set(activeHeader(positions, SPY_OFFSET_PX, atBottom));
    };
    const onScroll = throttle(measure, throttleMs);
    measure();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll, { passive: true });
    return () => {
      onScroll.cancel();
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [slugs, throttleMs, active]);
}
