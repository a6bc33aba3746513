/**
 * Loads each key once and keeps the promise; a failed load is forgotten, so
 * the next call asks again (the route data's shards, the search index's).
 */
export function loadOnce<K, T>(cache: Map<K, Promise<T>>, key: K, load: () => Promise<T>): Promise<T> {
  let pending = cache.get(key);
  if (!pending) {
    cache.set(key, (pending = load()));
    pending.catch(() => cache.delete(key));
  }
  return pending;
}
