import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFramedFileWriter, readFramedFile } from '../../../../cli/support/framed-file';

const dir = mkdtempSync(path.join(tmpdir(), 'docsbuild-framed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('cli/support/framed-file', () => {
  it('gives back the frames written, strings as UTF-8, empty ones included; nothing for another header or a file cut short', async () => {
    const file = path.join(dir, 'a', 'records.bin');
    const writer = createFramedFileWriter(file, 'header v1');
    writer.add('ü', Buffer.alloc(0), Buffer.alloc(2 << 20, 3));
    writer.add('last');
    expect(await readFramedFile(file, 'header v1')).toBeUndefined();
    expect(await writer.commit()).toBe(true);
    const frames = await readFramedFile(file, 'header v1');
    expect(frames!.map((f) => f.length)).toEqual([2, 0, 2 << 20, 4]);
    expect(frames![0]!.toString()).toBe('ü');
    expect(frames![3]!.toString()).toBe('last');
    expect(await readFramedFile(file, 'header v2')).toBeUndefined();

    // A length that runs past the end, with a valid sum (rewritten as a writer would): refused, not read short.
    const cut = path.join(dir, 'cut.bin');
    const bad = createFramedFileWriter(cut, 'header v1');
    bad.add('x');
    await bad.commit();
    const bytes = readFileSync(cut);
    const body = Buffer.concat([bytes.subarray(32), Buffer.from([9, 0, 0, 0, 1])]);
    const { createHash } = await import('node:crypto');
    writeFileSync(cut, Buffer.concat([createHash('sha256').update(body).digest(), body]));
    expect(await readFramedFile(cut, 'header v1')).toBeUndefined();
  });
});
