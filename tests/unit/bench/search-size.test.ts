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
  const outDir = async (index?: string) => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'search-size-'));
    dirs.push(dir);
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'pages.json'), JSON.stringify({ site: { search: index ? { provider: 'local', index } : { provider: 'none' } } }));
    if (index) await writeFile(path.join(dir, index), '{"index":"x"}'.repeat(50));
    return dir;
  };

  it('measures the index pages.json names, raw and gzip', async () => {
    const stats = await searchIndexStats(await outDir('assets/search.0123456789.json'));
    const content = '{"index":"x"}'.repeat(50);
    expect(stats).toEqual({ file: 'assets/search.0123456789.json', raw: content.length, gzip: gzipSync(content).length });
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
