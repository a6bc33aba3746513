import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCheckedFileWriter, readCheckedFile, writeCheckedFile } from '../../../../cli/support/checked-file';
import { readWhole } from '../../../../cli/support/read-whole';

describe('cli/support/checked-file', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'docsbuild-checked-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('reads back what it wrote, and nothing from a file truncated, flipped or never written', async () => {
    const file = path.join(dir, 'deeper', 'record.bin');
    expect(await writeCheckedFile(file, Buffer.from('the body'))).toBe(true);
    expect((await readCheckedFile(file))?.toString()).toBe('the body');
    expect(await readdir(path.dirname(file))).toEqual(['record.bin']);

    const good = await readFile(file);
    const flipped = Buffer.from(good);
    flipped[flipped.length - 1]! ^= 0x01;
    // Its sum alone (a CRC-32's four bytes), with no body, is no file either.
    for (const bad of [good.subarray(0, good.length - 1), flipped, good.subarray(0, 4), Buffer.alloc(0)]) {
      await writeFile(file, bad);
      expect(await readCheckedFile(file)).toBeUndefined();
    }
    expect(await readCheckedFile(path.join(dir, 'missing.bin'))).toBeUndefined();
  });

  it('reads a file of many MiB whole in one request (readWhole), byte for byte, and an empty one; a missing one rejects, as readFile does', async () => {
    // Larger than fs/promises' 512 KiB parts, and not a multiple of them.
    const bytes = Buffer.alloc(5 * 2 ** 20 + 123);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) % 251;
    await writeFile(path.join(dir, 'big.bin'), bytes);
    expect((await readWhole(path.join(dir, 'big.bin'))).equals(bytes)).toBe(true);
    await writeFile(path.join(dir, 'empty.bin'), '');
    expect((await readWhole(path.join(dir, 'empty.bin'))).length).toBe(0);
    await expect(readWhole(path.join(dir, 'missing.bin'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('reports a file it could not write, and leaves no temp file', async () => {
    const blocked = path.join(dir, 'a-file');
    await writeFile(blocked, 'not a folder');
    expect(await writeCheckedFile(path.join(blocked, 'record.bin'), Buffer.from('x'))).toBe(false);
    expect((await readdir(dir)).filter((name) => name.includes('.tmp'))).toEqual([]);
  });

  it('writes a large piece as it is, never copied into one with the small pieces before it', async () => {
    const file = path.join(dir, 'pieces.bin');
    const large = Buffer.alloc(3 * 2 ** 20, 7);
    const concat = vi.spyOn(Buffer, 'concat');
    try {
      const writer = createCheckedFileWriter(file);
      writer.write(Buffer.from('head'));
      writer.write(large);
      writer.write(Buffer.from('tail'));
      expect(await writer.commit()).toBe(true);
      expect(concat.mock.calls.every(([pieces]) => !pieces.includes(large))).toBe(true);
    } finally {
      concat.mockRestore();
    }
    expect((await readCheckedFile(file))?.equals(Buffer.concat([Buffer.from('head'), large, Buffer.from('tail')]))).toBe(true);
  });
});
