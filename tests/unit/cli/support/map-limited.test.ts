import { describe, expect, it } from 'vitest';
import { mapLimited } from '../../../../cli/support/map-limited';

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
});
