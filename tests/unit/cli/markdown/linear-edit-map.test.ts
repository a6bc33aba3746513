import { EditMap } from 'micromark-util-edit-map';
import type { Event } from 'micromark-util-types';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it, vi } from 'vitest';
import { consumeFromFirstEdit, upstreamConsume, useLinearEditMap } from '../../../../cli/markdown/linear-edit-map';
import { createRng } from '../../../bench/prng';

/** Events stand-ins: the edit map only moves them. */
const events = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i}` as unknown as Event);

describe('micromark EditMap, consumed from the first edit', () => {
  it('makes the same array as micromark for 2,000 random sets of edits (overlapping removals, additions before and after, edits past the end)', () => {
    const rng = createRng('linear-edit-map');
    for (let round = 0; round < 2000; round++) {
      const length = rng.int(0, 30);
      const base = events(length, 'e');
      const edits = Array.from({ length: rng.int(0, 6) }, (_, i) => ({
        at: rng.int(0, length + 2),
        remove: rng.chance(0.4) ? rng.int(0, 4) : 0,
        add: events(rng.int(0, 3), `a${i}.`),
        before: rng.chance(0.3),
      }));
      const apply = (consume: typeof upstreamConsume) => {
        const map = new EditMap();
        for (const edit of edits) (edit.before ? map.addBefore : map.add).call(map, edit.at, edit.remove, [...edit.add]);
        const list = [...base];
        consume.call(map, list);
        // Consumed maps are empty and reusable, as upstream leaves them.
        expect(map.map).toEqual([]);
        expect(map.index.size).toBe(0);
        return list;
      };
      expect(apply(consumeFromFirstEdit), JSON.stringify(edits)).toEqual(apply(upstreamConsume));
    }
  });

  it('reads nothing before the first edit: an edit near the end of a long array costs its tail', () => {
    const list = events(10_000, 'e');
    const read = new Set<number>();
    const watched = new Proxy(list, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) read.add(Number(key));
        return Reflect.get(target, key, receiver);
      },
    });
    const map = new EditMap();
    map.add(9_990, 0, events(3, 'x'));
    map.add(9_995, 2, []);
    consumeFromFirstEdit.call(map, watched);
    expect(Math.min(...read)).toBeGreaterThanOrEqual(9_990);
    expect(list).toHaveLength(10_001);
    expect(list.slice(9_988, 9_996)).toEqual(['e9988', 'e9989', 'x0', 'x1', 'x2', 'e9990', 'e9991', 'e9992']);
    expect(list.at(-1)).toBe('e9999');
  });

  it('is what micromark itself calls once installed, and the tree of a page of long lists is unchanged', () => {
    const page = Array.from({ length: 300 }, (_, i) => `* release ${i}\n  + fixed [issue ${i}](https://example.com/${i})\n  + added \`api${i}\`\n> quoted ${i}\n`).join('\n');
    const parse = () => unified().use(remarkParse).use(remarkGfm).parse(page);
    const original = EditMap.prototype.consume;
    try {
      EditMap.prototype.consume = upstreamConsume;
      const before = parse();
      useLinearEditMap();
      expect(EditMap.prototype.consume).toBe(consumeFromFirstEdit);
      const spy = vi.spyOn(EditMap.prototype, 'consume');
      const after = parse();
      // The document tokenizer's container exits go through it: one per list item and quote at least.
      expect(spy.mock.calls.length).toBeGreaterThan(600);
      expect(after).toEqual(before);
      spy.mockRestore();
    } finally {
      EditMap.prototype.consume = original;
    }
  });
});
