/**
 * A map read as `base` with one entry set (replaced in place, or added at
 * the end), without copying `base`: the same answers, in the same order,
 * as `new Map(base).set(key, value)`. The dev server's quick edit of a
 * page's title or headings replaced one entry of the site index's maps:
 * copied, that was two maps of every page per edit (10,000 at that size).
 */
export class ReplacedMap<K, V> implements ReadonlyMap<K, V> {
  constructor(
    private readonly base: ReadonlyMap<K, V>,
    private readonly key: K,
    private readonly value: V,
  ) {}

  get size(): number {
    return this.base.size + (this.base.has(this.key) ? 0 : 1);
  }

  get(key: K): V | undefined {
    return key === this.key ? this.value : this.base.get(key);
  }

  has(key: K): boolean {
    return key === this.key || this.base.has(key);
  }

  *entries(): MapIterator<[K, V]> {
    for (const [key, value] of this.base) yield [key, key === this.key ? this.value : value];
    if (!this.base.has(this.key)) yield [this.key, this.value];
  }

  *keys(): MapIterator<K> {
    for (const [key] of this.entries()) yield key;
  }

  *values(): MapIterator<V> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }

  forEach(callback: (value: V, key: K, map: ReadonlyMap<K, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }
}
