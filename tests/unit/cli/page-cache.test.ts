import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheKey, createPageCache } from '../../../cli/page-cache';
import type { PageContext } from '../../../cli/stages/page';
import { createPageTools, processPage } from '../../../cli/stages/page';
import { sourceFile } from '../../helpers/pages';

const context: PageContext = {
  constants: { LIMIT: '512KB', OTHER: 'x' },
  reportConstants: true,
  headerLevels: [2, 3],
  render: false,
  codeLanguages: [],
};
const page = sourceFile('guide.md', '# Guide\n\nUp to {{ $const.LIMIT }}.\n\n## Part\n');

describe('cli/page-cache', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'docsbuild-cache-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('returns what was stored for the same source, context and tool', async () => {
    const cache = createPageCache({ dir, toolVersion: 't1' });
    const summary = await processPage(page, context, createPageTools(new Set()));
    await cache.set(page, context, summary);
    expect(await cache.get(page, context)).toEqual(summary);
  });

  it('keys on the source, the values of the constants the page names, and the tool version', () => {
    const base = cacheKey(page, context, 't1');
    expect(cacheKey({ ...page, text: `${page.text} ` }, context, 't1')).not.toBe(base);
    expect(cacheKey(page, { ...context, constants: { ...context.constants, LIMIT: '1MB' } }, 't1')).not.toBe(base);
    // A constant the page does not name does not invalidate it.
    expect(cacheKey(page, { ...context, constants: { ...context.constants, OTHER: 'y' } }, 't1')).toBe(base);
    expect(cacheKey(page, context, 't2')).not.toBe(base);
    expect(cacheKey(page, { ...context, headerLevels: [2] }, 't1')).not.toBe(base);
  });

  it('ignores corrupt entries and entries of another key', async () => {
    const cache = createPageCache({ dir, toolVersion: 'corrupt' });
    const key = cacheKey(page, context, 'corrupt');
    const file = path.join(dir, 'pages', key.slice(0, 2), `${key}.json`);
    await cache.set(page, context, await processPage(page, context, createPageTools(new Set())));
    for (const bad of ['{not json', JSON.stringify({ format: 1, key: 'other', summary: {} }), JSON.stringify({ format: 99, key })]) {
      await writeFile(file, bad);
      expect(await cache.get(page, context)).toBeUndefined();
    }
  });

  it('does not give a build an entry a check left without HTML', async () => {
    const cache = createPageCache({ dir, toolVersion: 'modes' });
    await cache.set(page, context, await processPage(page, context, createPageTools(new Set())));
    expect(await cache.get(page, context)).toBeDefined();
    expect(await cache.get(page, { ...context, render: true })).toBeUndefined();
  });

  it('writes nothing but entry files (no temp leftovers)', async () => {
    const shards = await readdir(path.join(dir, 'pages'));
    for (const shard of shards) for (const f of await readdir(path.join(dir, 'pages', shard))) expect(f).toMatch(/^[0-9a-f]{64}\.json$/);
  });
});
