import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { statFile, UnchangedFiles } from '../../../../cli/source/unchanged-files';

describe('UnchangedFiles stored between CLI builds', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'docsbuild-unchanged-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const store = path.join(dir, 'cache', 'sources.bin');
  const keep = (absolute: string) => absolute.endsWith('.md');
  /** A stat as a build long after the write takes it (past the racy window). */
  const settled = async (file: string) => ({ ...(await statFile(file)), settled: true });

  it('a file whose stat is as stored is not read; a changed, unsettled or unkept one is; a damaged store is ignored', async () => {
    const page = path.join(dir, 'page.md');
    const other = path.join(dir, 'other.md');
    const image = path.join(dir, 'image.png');
    writeFileSync(page, '# Page\n');
    writeFileSync(other, '# Other\n');
    writeFileSync(image, 'png');

    const first = await UnchangedFiles.load(store, keep);
    const pageStat = await settled(page);
    expect((await first.read(page, pageStat)).toString()).toBe('# Page\n');
    const otherStat = await statFile(other);
    expect(otherStat.settled).toBe(false);
    await first.read(other, otherStat); // just written: unsettled, not stored
    await first.read(image, await settled(image)); // not a kind kept
    first.settle();
    await first.save(store);
    expect(existsSync(store)).toBe(true);

    // Gone from disk, yet its stat as stored: the stored bytes, so the disk was not read.
    rmSync(page);
    const second = await UnchangedFiles.load(store, keep);
    expect((await second.read(page, pageStat)).toString()).toBe('# Page\n');
    rmSync(other);
    await expect(second.read(other, otherStat)).rejects.toThrow(/ENOENT/);
    // Another stamp: read from disk.
    writeFileSync(page, '# Page, edited\n');
    expect((await second.read(page, await settled(page))).toString()).toBe('# Page, edited\n');
    second.settle();
    await second.save(store);

    // Nothing changed: the store is not written again.
    const written = statSync(store).mtimeMs;
    const third = await UnchangedFiles.load(store, keep);
    await third.read(page, await settled(page));
    third.settle();
    await third.save(store);
    expect(statSync(store).mtimeMs).toBe(written);

    // A damaged store is ignored whole.
    const bytes = readFileSync(store);
    bytes[bytes.length - 1]! ^= 0xff;
    writeFileSync(store, bytes);
    const fourth = await UnchangedFiles.load(store, keep);
    rmSync(page);
    await expect(fourth.read(page, pageStat)).rejects.toThrow(/ENOENT/);
  });
});
