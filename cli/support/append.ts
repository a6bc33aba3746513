/**
 * Appends `items` to `target` in place. `target.push(...items)` passes every
 * item as an argument, and overflows the stack past about 100,000 (a page of
 * 125,000 links, a --previous of 150,000 stale paths).
 */
export function append<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}
