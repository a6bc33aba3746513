import { getHeapStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { BODIES_WORTH_COLLECTING, collectGarbage, createHeapKeeper, shrinkYoungGeneration, STAGE_HEADROOM, YOUNG_GENERATION_WORTH_SHRINKING, youngGenerationSize } from '../../../../cli/support/memory';

const MiB = 2 ** 20;

describe('cli/memory', () => {
  it('collects only once the heap has grown 48 MiB since the last collection, whatever its size', () => {
    let heap = 300 * MiB;
    const collections: number[] = [];
    const keeper = createHeapKeeper(
      () => heap,
      () => {
        collections.push(heap);
        heap = 320 * MiB; // what was live
        return true;
      },
    );
    heap = 347 * MiB;
    keeper.maybeCollect();
    expect(collections).toEqual([]);
    heap = 348 * MiB;
    keeper.maybeCollect();
    expect(collections).toEqual([348 * MiB]);
    // The new baseline is what was live after it: 320 MiB, so the next is at 368.
    heap = 367 * MiB;
    keeper.maybeCollect();
    expect(collections).toHaveLength(1);
    heap = 368 * MiB;
    keeper.maybeCollect();
    expect(collections).toHaveLength(2);
  });

  it('for a small heap, the same headroom', () => {
    let heap = 20 * MiB;
    let collected = 0;
    const keeper = createHeapKeeper(() => heap, () => ++collected > 0);
    heap = 67 * MiB;
    keeper.maybeCollect();
    expect(collected).toBe(0);
    heap = 68 * MiB;
    keeper.maybeCollect();
    expect(collected).toBe(1);
  });

  it('between stages, a smaller headroom given by the caller', () => {
    let heap = 20 * MiB;
    let collected = 0;
    const keeper = createHeapKeeper(() => heap, () => ++collected > 0);
    heap = 35 * MiB;
    keeper.maybeCollect(STAGE_HEADROOM);
    expect(collected).toBe(0);
    heap = 36 * MiB;
    keeper.maybeCollect(STAGE_HEADROOM);
    expect(collected).toBe(1);
  });

  it('collects only once the work made garbage worth it (a build by difference reads too few bodies), and then settles', () => {
    let heap = 20 * MiB;
    let bodies = 1;
    let collected = 0;
    const keeper = createHeapKeeper(() => heap, () => ++collected > 0, () => bodies >= BODIES_WORTH_COLLECTING);
    heap = 200 * MiB;
    keeper.maybeCollect();
    keeper.maybeCollect(STAGE_HEADROOM);
    keeper.settle();
    expect(collected).toBe(0);
    bodies = BODIES_WORTH_COLLECTING;
    keeper.maybeCollect();
    expect(collected).toBe(1);
    keeper.settle();
    expect(collected).toBe(2);
  });

  it('settle: one more collection after the work, only when the work was large enough to need one while it ran', () => {
    let heap = 20 * MiB;
    let collected = 0;
    const small = createHeapKeeper(() => heap, () => ++collected > 0);
    heap = 60 * MiB;
    small.maybeCollect();
    small.settle();
    expect(collected).toBe(0);
    const large = createHeapKeeper(() => heap, () => ++collected > 0);
    heap = 120 * MiB;
    large.maybeCollect();
    expect(collected).toBe(1);
    large.settle();
    expect(collected).toBe(2);
  });

  it('really collects: garbage that reached the old generation is gone afterwards', () => {
    let junk: { i: number; s: string }[] | null = Array.from({ length: 1_000_000 }, (_, i) => ({ i, s: `item ${i}` }));
    expect(junk.length).toBe(1_000_000);
    const before = getHeapStatistics().used_heap_size;
    junk = null;
    expect(collectGarbage()).toBe(true);
    expect(getHeapStatistics().used_heap_size).toBeLessThan(before - 40 * MiB);
  });
  it('compacting gives back the heap a plain collection keeps when live objects sit among the garbage', () => {
    // Every fourth object stays: no page of the heap is left empty by a plain collection.
    const live: { i: number; s: string }[] = [];
    let junk: { i: number; s: string }[] | null = [];
    for (let i = 0; i < 800_000; i++) (i % 4 === 0 ? live : junk).push({ i, s: `item ${i}` });
    junk = null;
    collectGarbage();
    const plain = getHeapStatistics().total_heap_size;
    expect(collectGarbage({ compact: true })).toBe(true);
    expect(getHeapStatistics().total_heap_size).toBeLessThan(plain - 20 * MiB);
    expect(live).toHaveLength(200_000);
  });

  it('shrinks a young generation V8 grew (objects surviving a while) back below the size worth shrinking, and keeps what is live', async () => {
    // A window of objects that outlive a few scavenges: V8 grows the young generation to its most.
    let window: { i: number; s: string }[] = [];
    for (let i = 0; i < 3_000_000; i++) {
      window.push({ i, s: `item ${i}` });
      if (window.length > 200_000) window = [];
    }
    expect(youngGenerationSize()).toBeGreaterThan(YOUNG_GENERATION_WORTH_SHRINKING);
    expect(await shrinkYoungGeneration()).toBe(true);
    expect(youngGenerationSize()).toBeLessThan(YOUNG_GENERATION_WORTH_SHRINKING);
    expect(window.length).toBeGreaterThan(0);
  });

});
