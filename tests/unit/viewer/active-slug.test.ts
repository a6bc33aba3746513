import { describe, expect, it } from 'vitest';
import { createActiveSlug } from '../../../viewer/active-slug';

describe('viewer/active-slug', () => {
  it('tells its subscribers of each change, once, and stops when they unsubscribe', () => {
    const store = createActiveSlug();
    const seen: (string | undefined)[] = [];
    const unsubscribe = store.subscribe(() => seen.push(store.get()));
    expect(store.get()).toBeUndefined();
    store.set('a');
    store.set('a');
    store.set('b');
    store.set(undefined);
    unsubscribe();
    store.set('c');
    expect(seen).toEqual(['a', 'b', undefined]);
    expect(store.get()).toBe('c');
  });
});
