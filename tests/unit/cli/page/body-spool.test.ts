import { mkdtemp, open, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBody } from '../../../../cli/page/body-bytes';
import { BodySpool } from '../../../../cli/page/body-spool';
import type { PageBody } from '../../../../cli/page/types';

const bodyOf = (n: number): PageBody => ({ html: `<p>Page ${n} ${'é'.repeat(n)}</p>`, parts: { search: [{ anchor: `a${n}`, text: `text ${n}` }], copy: { markdown: `# ${n}` } } });

describe('cli/page/body-spool: bodies wait in a temporary file, read back once', () => {
  let parent: string;
  beforeAll(async () => {
    parent = await mkdtemp(path.join(tmpdir(), 'docsbuild-spool-test-'));
  });
  afterAll(() => rm(parent, { recursive: true, force: true }));

  it('gives back each body equal to what was stored, once, whatever order the writes finish in', async () => {
    const spool = (await BodySpool.open(parent))!;
    expect(await Promise.all([0, 1, 2, 3].map((n) => spool.put(n, bodyOf(n))))).toEqual([true, true, true, true]);
    expect(spool.has(2)).toBe(true);
    expect(await spool.take(2)).toEqual(bodyOf(2));
    expect(spool.has(2)).toBe(false);
    expect(await spool.take(2)).toBeUndefined();
    expect(await spool.take(0)).toEqual(bodyOf(0));
    expect(await spool.take(3)).toEqual(bodyOf(3));
    expect(await spool.take(9)).toBeUndefined();
    await spool.close();
    expect(await readdir(parent)).toEqual([]);
  });

  it('stores a body that comes as bytes (from a worker) as it is, and gives it back as the body', async () => {
    const spool = (await BodySpool.open(parent))!;
    expect(await spool.put(5, encodeBody(bodyOf(5)))).toBe(true);
    expect(await spool.put(6, bodyOf(6))).toBe(true);
    expect(await spool.take(5)).toEqual(bodyOf(5));
    expect(await spool.take(6)).toEqual(bodyOf(6));
    await spool.close();
  });

  it('reports a body it cannot read back whole (the file damaged) as missing, never throws', async () => {
    const spool = (await BodySpool.open(parent))!;
    await spool.put(0, bodyOf(0));
    await spool.put(1, bodyOf(1));
    const [dir] = await readdir(parent);
    const file = path.join(parent, dir!, 'bodies.bin');
    // The first body overwritten with bytes that are no serialized value; the second cut short.
    const handle = await open(file, 'r+');
    await handle.write(Buffer.alloc(8, 0xff), 0, 8, 0);
    const { size } = await handle.stat();
    await handle.truncate(size - 4);
    await handle.close();
    expect(await spool.take(0)).toBeUndefined();
    expect(await spool.take(1)).toBeUndefined();
    await spool.close();
  });

  it('is not made where no folder can be (bodies then stay in memory)', async () => {
    const notAFolder = path.join(parent, 'file');
    await writeFile(notAFolder, '');
    expect(await BodySpool.open(notAFolder)).toBeUndefined();
  });
});
