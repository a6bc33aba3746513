import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planAssets, putAsset } from '../../../../cli/output/assets';
import { OutputFolder } from '../../../../cli/output/folder';
import { contentHash, MEDIA_DIR } from '../../../../cli/output/layout';
import { MemoryOutput } from '../../../../cli/output/sink';
import { FileHashes } from '../../../../cli/source/file-hashes';
import { loadSources, type AssetFile } from '../../../../cli/source/load';
import { UsageError } from '../../../../cli/support/errors';
import { hashFile } from '../../../../cli/support/hash';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('assets copied by file (cli/output/assets.ts, the sinks)', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'docsbuild-assets-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** A file under the test's folder with these bytes, as load would describe it. */
  const assetOf = (relativePath: string, bytes: Uint8Array): AssetFile => {
    const absolute = path.join(root, relativePath);
    mkdirSync(path.dirname(absolute), { recursive: true });
    writeFileSync(absolute, bytes);
    return { relativePath, file: `content/${relativePath}`, absolute, hash: sha256(bytes) };
  };

  it('hashes a file by pieces to the sha256 of its whole bytes (empty, one byte, several pieces and an odd rest)', async () => {
    for (const [name, bytes] of [
      ['empty.bin', new Uint8Array()],
      ['one.bin', Uint8Array.from([7])],
      ['big.bin', randomBytes(3 * 256 * 1024 + 12345)],
    ] as const) {
      writeFileSync(path.join(root, name), bytes);
      expect(await hashFile(path.join(root, name)), name).toBe(sha256(bytes));
    }
  });

  it('names a media file from its streamed hash exactly as from its bytes', () => {
    const bytes = randomBytes(1000);
    const plan = planAssets([assetOf('images/Flow Chart.PNG', bytes)]);
    expect([...plan.files.keys()]).toEqual([`${MEDIA_DIR}/flow-chart.${contentHash(bytes)}.png`]);
  });

  it('loads assets as their path and hash, never their bytes', async () => {
    const content = path.join(root, 'site', 'content');
    mkdirSync(path.join(content, 'public'), { recursive: true });
    const bytes = randomBytes(70_000);
    writeFileSync(path.join(content, 'public', 'shot.png'), bytes);
    writeFileSync(path.join(content, 'README.md'), '# Home\n');
    const { assets } = await loadSources({ root: path.join(root, 'site'), contentDir: content });
    expect(assets).toEqual([{ relativePath: 'public/shot.png', file: 'content/public/shot.png', absolute: path.join(content, 'public', 'shot.png'), hash: sha256(bytes) }]);
  });

  it('copies a large asset into an output folder byte for byte, and a second build takes it over from the first', async () => {
    const bytes = randomBytes(5 * 1024 * 1024 + 3);
    const asset = assetOf('big/video.bin', bytes);
    const out = path.join(root, 'copy-out', 'dist');
    const record = { file: path.join(root, 'copy-out', 'record.json'), toolVersion: 'v1' };
    const inodes: number[] = [];
    for (let build = 0; build < 2; build++) {
      const folder = await OutputFolder.open(out, { record });
      await putAsset(folder, 'video.bin', asset);
      await folder.commit();
      expect(readFileSync(path.join(out, 'video.bin')).equals(bytes)).toBe(true);
      inodes.push(statSync(path.join(out, 'video.bin')).ino);
    }
    // Taken over: hard-linked from the first build's output, not copied again.
    expect(inodes[1]).toBe(inodes[0]);
  });

  it('fails the commit of a folder build whose asset changed after it was hashed, and leaves the previous output as it was', async () => {
    const asset = assetOf('changing/logo.svg', Buffer.from('<svg>first</svg>'));
    const out = path.join(root, 'changed-out', 'dist');
    const first = await OutputFolder.open(out);
    await first.put('index.html', 'before');
    await first.commit();

    const folder = await OutputFolder.open(out);
    writeFileSync(asset.absolute, '<svg>second, longer</svg>');
    await putAsset(folder, 'logo.svg', asset);
    const failed = await folder.commit().then(() => undefined, (error: unknown) => error);
    expect(failed).toBeInstanceOf(UsageError);
    expect((failed as Error).message).toContain('content/changing/logo.svg changed while the build ran');
    expect(readdirSync(out).filter((n) => n !== '.docsbuild-output')).toEqual(['index.html']);
    expect(readdirSync(path.dirname(out)).sort()).toEqual(['dist']);
  });

  it('reports an asset deleted after it was hashed the same way, in a folder and in memory', async () => {
    const asset = assetOf('gone/manual.pdf', randomBytes(100));
    rmSync(asset.absolute);
    const folder = await OutputFolder.open(path.join(root, 'gone-out', 'dist'));
    await putAsset(folder, 'manual.pdf', asset);
    await expect(folder.commit()).rejects.toThrow(/content\/gone\/manual\.pdf changed while the build ran/);
    await expect(putAsset(new MemoryOutput(), 'manual.pdf', asset)).rejects.toBeInstanceOf(UsageError);
  });

  it('gives a memory sink the asset bytes, and refuses bytes that are no longer the ones hashed', async () => {
    const bytes = randomBytes(10_000);
    const asset = assetOf('mem/a.bin', bytes);
    const output = new MemoryOutput();
    await putAsset(output, 'a.bin', asset);
    expect(Buffer.from(output.files.get('a.bin') as Uint8Array).equals(bytes)).toBe(true);
    writeFileSync(asset.absolute, randomBytes(10_000));
    await expect(putAsset(output, 'b.bin', asset)).rejects.toThrow(/content\/mem\/a\.bin changed while the build ran/);
    expect(output.has('b.bin')).toBe(false);
  });

  it('remembers a hash by the stat it was taken with (FileHashes), and hashes again when the stat changes', async () => {
    const asset = assetOf('memo/x.bin', Buffer.from('one'));
    const hashes = new FileHashes();
    const stat = { size: 3, stamp: 'stamp-1', settled: true };
    expect(await hashes.hash(asset.absolute, stat)).toBe(sha256(Buffer.from('one')));
    writeFileSync(asset.absolute, 'two');
    // Same stat, same answer: the file is not read again.
    expect(await hashes.hash(asset.absolute, stat)).toBe(sha256(Buffer.from('one')));
    expect(await hashes.hash(asset.absolute, { ...stat, stamp: 'stamp-2' })).toBe(sha256(Buffer.from('two')));
    // A stat too recent to trust is never remembered.
    writeFileSync(asset.absolute, 'three');
    expect(await hashes.hash(asset.absolute, { ...stat, stamp: 'stamp-3', settled: false })).toBe(sha256(Buffer.from('three')));
    writeFileSync(asset.absolute, 'four');
    expect(await hashes.hash(asset.absolute, { ...stat, stamp: 'stamp-3', settled: false })).toBe(sha256(Buffer.from('four')));
    // Forgotten once a build did not ask for it.
    hashes.settle();
    hashes.settle();
    expect(await hashes.hash(asset.absolute, stat)).toBe(sha256(Buffer.from('four')));
    expect(existsSync(asset.absolute)).toBe(true);
  });
});
