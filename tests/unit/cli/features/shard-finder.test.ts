import { describe, expect, it } from 'vitest';
import { shardFinder } from '../../../../cli/features/shard-finder';
import { shardOf, shardPrefixes } from '../../../../shared/prefix-shards';

describe('cli/features/shard-finder', () => {
  it('shardFinder gives shardOf\'s answer for every key: real splits, duplicate prefixes, no root prefix, keys shorter than every prefix', () => {
    let state = 7;
    const next = (below: number) => (state = (state * 1103515245 + 12345) % 2 ** 31) % below;
    const word = () => Array.from({ length: 1 + next(6) }, () => 'ab/c'[next(4)]).join('');
    for (let round = 0; round < 40; round++) {
      const keys = Array.from({ length: 200 }, () => `/${word()}/${word()}`);
      const split = shardPrefixes(keys, { maxKeys: 8 + next(20), minKeys: 2 + next(4), cutAfter: next(2) === 0 ? '/' : undefined });
      const odd = Array.from({ length: 1 + next(12) }, () => `/${word()}`);
      for (const prefixes of [split, [...odd, ...odd], odd.filter((p) => p.length > 2)]) {
        const find = shardFinder(prefixes);
        for (const key of [...keys, '', '/', ...odd]) expect(find(key), `${key} in ${prefixes.join(' ')}`).toBe(shardOf(key, prefixes));
      }
    }
  });
});
