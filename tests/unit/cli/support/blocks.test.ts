import { describe, expect, it } from 'vitest';
import { inBlocks, spansOf } from '../../../../cli/support/blocks';

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

describe('cli/support/blocks: spansOf', () => {
  const spans = async (last: Uint8Array | undefined, parts: Uint8Array[]) => {
    const out: Uint8Array[] = [];
    for await (const part of spansOf(last, parts)) out.push(part);
    return out;
  };
  // A file of its own, as one read whole is (a small Buffer.from shares Node's pool with the pieces made in the test).
  const last = Buffer.from(new Uint8Array(Buffer.from('# Site\n[one]{A}[two]{B}[three]{C}')).buffer);
  const view = (text: string) => last.subarray(last.indexOf(text), last.indexOf(text) + text.length);

  it('gives a file made of the last one, its pieces and the same small pieces between them, as one view into it', async () => {
    const parts = [Buffer.from('# Site\n'), Buffer.from('[one]'), view('{A}'), Buffer.from('[two]'), view('{B}'), Buffer.from('[three]'), view('{C}')];
    const out = await spans(last, parts);
    expect(out).toHaveLength(1);
    expect(out[0]!.buffer).toBe(last.buffer);
    expect(Buffer.from(out[0]!).equals(last)).toBe(true);
  });

  it('around a changed piece: the runs before and after it as views, the new bytes as they came, all in order', async () => {
    const changed = Buffer.from('{b, longer}');
    const parts = [Buffer.from('# Site\n'), Buffer.from('[one]'), view('{A}'), Buffer.from('[two]'), changed, Buffer.from('[three]'), view('{C}')];
    const out = await spans(last, parts);
    expect(Buffer.concat(out).toString()).toBe('# Site\n[one]{A}[two]{b, longer}[three]{C}');
    expect(out.map((part) => part.buffer === last.buffer)).toEqual([true, false, false, true]);
    // A piece made again that differs from the bytes where the run would go on is not taken from the file.
    const retitled = await spans(last, [Buffer.from('# Other\n'), view('[one]{A}')]);
    expect(retitled.map(String)).toEqual(['# Other\n', '[one]{A}']);
  });

  it('compares a long piece made again whole (a page unchanged but read again), and takes it from the file when equal', async () => {
    const long = Buffer.from(new Uint8Array(Buffer.from(`[a]${'x'.repeat(2000)}[b]${'y'.repeat(2000)}`)).buffer);
    const same = await spans(long, [Buffer.from('[a]'), Buffer.from('x'.repeat(2000)), Buffer.from('[b]'), Buffer.from('y'.repeat(2000))]);
    expect(same).toHaveLength(1);
    expect(same[0]!.buffer).toBe(long.buffer);
    const other = await spans(long, [Buffer.from('[a]'), Buffer.from(`${'x'.repeat(1999)}z`), Buffer.from('[b]')]);
    expect(other.map((part) => part.buffer === long.buffer)).toEqual([true, false, false]);
    expect(Buffer.concat(other).toString()).toBe(`[a]${'x'.repeat(1999)}z[b]`);
  });

  it('passes the parts on as they are without a last file, and leaves out empty ones', async () => {
    const parts = [Buffer.from('a'), Buffer.alloc(0), Buffer.from('b')];
    expect((await spans(undefined, parts)).map(String)).toEqual(['a', '', 'b']);
    expect((await spans(last, [Buffer.alloc(0), Buffer.from('zz')])).map(String)).toEqual(['zz']);
  });
});
