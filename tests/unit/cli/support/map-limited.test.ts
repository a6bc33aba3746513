import { describe, expect, it } from 'vitest';
import { mapAhead, mapLimited } from '../../../../cli/support/map-limited';

describe('cli/support/map-limited', () => {
  it('keeps the items\' order and never runs more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const items = Array.from({ length: 50 }, (_, i) => i);
    const results = await mapLimited(items, 4, async (n, at) => {
      running++;
      most = Math.max(most, running);
      // Later items finish first: the order of results must not follow the order of finishing.
      await new Promise((resolve) => setTimeout(resolve, (50 - n) % 7));
      running--;
      return `${n}:${at}`;
    });
    expect(results).toEqual(items.map((n) => `${n}:${n}`));
    expect(most).toBe(4);
  });

  it('passes a failure on, and copes with no items', async () => {
    await expect(mapLimited([1, 2, 3], 2, async (n) => (n === 2 ? Promise.reject(new Error('two')) : n))).rejects.toThrow('two');
    expect(await mapLimited([], 8, async () => 1)).toEqual([]);
  });

  describe('mapAhead', () => {
    it('yields in the items\' order, with at most `ahead` tasks started beyond the one being taken', async () => {
      const started: number[] = [];
      const taken: string[] = [];
      const items = Array.from({ length: 20 }, (_, i) => i);
      for await (const [item, value] of mapAhead(items, 3, async (n) => {
        started.push(n);
        await new Promise((resolve) => setTimeout(resolve, (20 - n) % 5));
        return `v${n}`;
      })) {
        taken.push(value);
        expect(item).toBe(taken.length - 1);
        // Item k is taken once items up to k + 3 have started, and no more.
        expect(Math.max(...started)).toBe(Math.min(item + 3, 19));
      }
      expect(taken).toEqual(items.map((n) => `v${n}`));
    });

    it('throws a failure where its item is reached, and a failure started ahead of a stop is no unhandled rejection', async () => {
      const failing = mapAhead([1, 2, 3], 2, async (n) => (n === 2 ? Promise.reject(new Error('two')) : n));
      const seen: number[] = [];
      await expect(
        (async () => {
          for await (const [, value] of failing) seen.push(value);
        })(),
      ).rejects.toThrow('two');
      expect(seen).toEqual([1]);
      // The consumer stops at the first item while the failing second has already started.
      for await (const [item] of mapAhead([1, 2], 4, async (n) => (n === 2 ? Promise.reject(new Error('unseen')) : n))) if (item === 1) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
      for await (const _ of mapAhead([], 4, async () => 1)) throw new Error('no items, nothing yielded');
    });
  });
});
