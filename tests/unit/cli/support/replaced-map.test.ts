import { describe, expect, it } from 'vitest';
import { ReplacedMap } from '../../../../cli/support/replaced-map';

describe('cli/support/replaced-map', () => {
  const base = new Map([['a', 1], ['b', 2], ['c', 3]]);
  const same = (map: ReadonlyMap<string, number>, copy: Map<string, number>) => {
    expect([...map]).toEqual([...copy]);
    expect([...map.keys()]).toEqual([...copy.keys()]);
    expect([...map.values()]).toEqual([...copy.values()]);
    expect(map.size).toBe(copy.size);
    const seen: string[] = [];
    map.forEach((value, key) => seen.push(`${key}=${value}`));
    expect(seen).toEqual([...copy].map(([key, value]) => `${key}=${value}`));
    for (const key of ['a', 'b', 'c', 'd', 'e']) {
      expect(map.get(key), key).toBe(copy.get(key));
      expect(map.has(key), key).toBe(copy.has(key));
    }
  };

  it('answers as a copy with the entry replaced in place', () => {
    same(new ReplacedMap(base, 'b', 20), new Map(base).set('b', 20));
  });

  it('answers as a copy with the entry added at the end', () => {
    same(new ReplacedMap(base, 'd', 4), new Map(base).set('d', 4));
    expect(base.has('d')).toBe(false);
  });
});
