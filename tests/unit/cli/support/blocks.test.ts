import { describe, expect, it } from 'vitest';
import { inBlocks } from '../../../../cli/support/blocks';

const collect = async (parts: Iterable<Uint8Array>, size: number) => {
  const blocks: Buffer[] = [];
  // Copied as they come: a consumer must be free to keep each block it was given.
  for await (const block of inBlocks(parts, size)) blocks.push(Buffer.from(block));
  return blocks;
};

describe('cli/support/blocks', () => {
  it('gathers small parts into blocks no larger than the size, the same bytes in the same order', async () => {
    const parts = Array.from({ length: 100 }, (_, i) => Buffer.from(`part ${i};`));
    const blocks = await collect(parts, 64);
    expect(Buffer.concat(blocks).toString()).toBe(parts.map(String).join(''));
    expect(blocks.every((b) => b.length <= 64)).toBe(true);
    // Each block but the last is full enough that the next part did not fit.
    expect(blocks.length).toBeLessThan(Buffer.concat(parts).length / 40);
  });

  it('passes a part as large as the size on whole, after what was gathered before it', async () => {
    const big = Buffer.alloc(100, 'b');
    const blocks = await collect([Buffer.from('aa'), big, Buffer.from('cc')], 50);
    expect(blocks.map(String)).toEqual(['aa', 'b'.repeat(100), 'cc']);
    expect(await collect([], 50)).toEqual([]);
    expect((await collect([Buffer.alloc(0), Buffer.from('x')], 50)).map(String)).toEqual(['x']);
  });
});
