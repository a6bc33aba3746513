import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { formatSearchIndexLine, searchIndexStats } from '../../bench/search-size';

describe('tests/bench/search-size', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });
  const SHARD = '{"terms":["x"],"postings":["0.1"]}'.repeat(20);
  const outDir = async (index?: string) => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'search-size-'));
    dirs.push(dir);
    await mkdir(path.join(dir, 'assets', 'search'), { recursive: true });
    await writeFile(path.join(dir, 'routes.json'), JSON.stringify({ version: 1, ...(index ? { search: index } : {}) }));
    if (index) {
      await writeFile(path.join(dir, index), JSON.stringify({ terms: [['', 'assets/search/terms-0.1.json']], docs: ['assets/search/docs-0.1.json'] }));
      await writeFile(path.join(dir, 'assets/search/terms-0.1.json'), SHARD);
      await writeFile(path.join(dir, 'assets/search/docs-0.1.json'), SHARD);
    }
    return dir;
  };

  it('measures every file of the index routes.json names, raw and gzip', async () => {
    const index = 'assets/search/index.0123456789.json';
    const stats = await searchIndexStats(await outDir(index));
    const root = JSON.stringify({ terms: [['', 'assets/search/terms-0.1.json']], docs: ['assets/search/docs-0.1.json'] });
    expect(stats).toEqual({ file: index, raw: root.length + 2 * SHARD.length, gzip: gzipSync(root).length + 2 * gzipSync(SHARD).length });
  });

  it('is undefined without a local index', async () => {
    expect(await searchIndexStats(await outDir())).toBeUndefined();
  });

  it('formats one line, with the target at 500 pages', () => {
    expect(formatSearchIndexLine(500, { file: 'f', raw: 400 * 1024, gzip: 120 * 1024 })).toBe(
      '- Search index at 500 pages: 120.0 KiB gzip (400.0 KiB raw), target < 150.0 KiB gzip: met.',
    );
    expect(formatSearchIndexLine(2000, { file: 'f', raw: 2048, gzip: 1024 })).toBe('- Search index at 2,000 pages: 1.0 KiB gzip (2.0 KiB raw).');
    expect(formatSearchIndexLine(100, undefined)).toBe('- Search index at 100 pages: none (no local search in this build).');
  });
});
