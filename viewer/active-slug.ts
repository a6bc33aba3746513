import { useSyncExternalStore } from 'react';

/**
 * The header in view (the scroll spy's result), as a small store rather than
 * a prop: the sidebar tree is hydrated only once pages.json arrives, and a
 * prop that changed while it waited (the reader scrolled) would make React
 * throw its server HTML away and render it again. Components read it with
 * useActiveSlug, which sees `undefined` while hydrating, as the server did.
 */
export interface ActiveSlug {
  get(): string | undefined;
  set(slug: string | undefined): void;
  subscribe(listener: () => void): () => void;
}

export function createActiveSlug(): ActiveSlug {
  let slug: string | undefined;
  const listeners = new Set<() => void>();
  return {
    get: () => slug,
    set(next) {
      if (next === slug) return;
      slug = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const none = () => undefined;
const noSubscription = () => () => {};

/** The active slug; always undefined without a store (prerendering). */
export function useActiveSlug(store: ActiveSlug | undefined): string | undefined {
  return useSyncExternalStore(store?.subscribe ?? noSubscription, store?.get ?? none, none);
}
