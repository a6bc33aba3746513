import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCodeHighlighter } from '../../../../cli/markdown/highlight';
import { cacheKey, createPageCache, readSummaries } from '../../../../cli/page/cache';
import { textHash } from '../../../../cli/support/hash';
import { SummaryIndex } from '../../../../cli/page/summary-index';
import type { PageContext } from '../../../../cli/page/types';
import { PAGE_PARTS } from '../../../../cli/features/parts';
import { createPageTools, processPage } from '../../../../cli/page/pipeline';
import { sourceFile } from '../../../helpers/pages';

const context: PageContext = {
  constants: { LIMIT: '512KB', OTHER: 'x' },
  reportConstants: true,
  headerLevels: [2, 3],
  render: false,
  codeLanguages: [],
};
const page = sourceFile('guide.md', '# Guide\n\nUp to {{ $const.LIMIT }}.\n\n## Part\n');

describe('cli/page/cache', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'docsbuild-cache-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('looks summaries up in the summaries file begun before the lookups (readSummaries), not in one read later', async () => {
    const own = await mkdtemp(path.join(dir, 'early-'));
    const first = createPageCache({ dir: own, toolVersion: 'early' });
    const result = await processPage(page, context, createPageTools(new Set(), PAGE_PARTS));
    await first.set(page, context, result);
    await first.flush();
    const early = readSummaries({ dir: own, toolVersion: 'early' });
    await early;
    // Gone from the disk once it was read, summary and entry: only the early read can still answer.
    await rm(own, { recursive: true, force: true });
    const cache = createPageCache({ dir: own, toolVersion: 'early', summaries: early });
    expect(await cache.get(page, context)).toEqual(result.summary);
    expect(await createPageCache({ dir: own, toolVersion: 'early' }).get(page, context)).toBeUndefined();
  });

  it('returns what was stored for the same source, context and tool', async () => {
    const cache = createPageCache({ dir, toolVersion: 't1' });
    const result = await processPage(page, context, createPageTools(new Set(), PAGE_PARTS));
    expect(await cache.set(page, context, result)).toBe(true);
    expect(await cache.get(page, context)).toEqual(result.summary);
  });

  it('stores a rendered page as its summary, then its body, and reads the body back only when asked', async () => {
    const cache = createPageCache({ dir, toolVersion: 'bodies' });
    const rendering = { ...context, render: true };
    const tools = createPageTools(new Set(), PAGE_PARTS, () => createCodeHighlighter([]));
    const result = await processPage(page, rendering, tools);
    expect(result.body?.html).toContain('512KB');
    expect((result.summary.page?.rendered?.parts.search as { sectionsKey: string }).sectionsKey).toMatch(/^[0-9a-f]{64}$/);
    await cache.set(page, rendering, result);

    const summary = await cache.get(page, rendering);
    expect(summary).toEqual(result.summary);
    // The summary holds none of the body's text.
    expect(JSON.stringify(summary)).not.toContain('<p>');
    expect(await cache.body(page, rendering)).toEqual(result.body);

    const key = cacheKey(page, rendering, 'bodies');
    const file = path.join(dir, 'pages', key.slice(0, 2), `${key}.json`);
    const [head, body] = (await readFile(file, 'utf8')).split('\n');
    // A damaged or missing body: the summary is still good, the body is refused (the page is processed again).
    for (const bad of [`${head}`, `${head}\n${body!.slice(0, -5)}`, `${head}\n{"html":1}`, `${head}\nnull`]) {
      await writeFile(file, bad);
      expect(await cache.body(page, rendering), bad.slice(-20)).toBeUndefined();
    }
    await rm(file);
    expect(await cache.body(page, rendering)).toBeUndefined();
  });

  it('reports a store it could not write, so the caller keeps the body', async () => {
    const blocked = path.join(dir, 'a-file');
    await writeFile(blocked, 'not a folder');
    const cache = createPageCache({ dir: blocked, toolVersion: 't1' });
    expect(await cache.set(page, context, await processPage(page, context, createPageTools(new Set(), PAGE_PARTS)))).toBe(false);
  });

  it('keys on the source, the values of the constants the page names, and the tool version', () => {
    const base = cacheKey(page, context, 't1');
    // The text's hash, when known from an earlier build, makes the same key: the same bytes, the same key.
    expect(cacheKey(page, context, 't1', textHash(page.text))).toBe(base);
    expect(cacheKey({ ...page, text: `${page.text} ` }, context, 't1')).not.toBe(base);
    expect(cacheKey(page, { ...context, constants: { ...context.constants, LIMIT: '1MB' } }, 't1')).not.toBe(base);
    // A constant the page does not name does not invalidate it.
    expect(cacheKey(page, { ...context, constants: { ...context.constants, OTHER: 'y' } }, 't1')).toBe(base);
    expect(cacheKey(page, context, 't2')).not.toBe(base);
    expect(cacheKey(page, { ...context, headerLevels: [2] }, 't1')).not.toBe(base);
  });

  it('takes a known text hash only for the very text it was kept for, once', () => {
    const keptFor = (text: string, hash: string) => ({ hash, isTextOf: (source: { text: string }) => source.text === text });
    const right = keptFor(page.text, textHash(page.text));
    const cache = createPageCache({ dir, toolVersion: 't1', textHashes: new Map([[page.relativePath, right]]) });
    expect(cache.keyOf(page, context)).toBe(cacheKey(page, context, 't1'));
    // A hash kept for other text (the page changed since) is not taken: the key is the new text's.
    const edited = { ...page, text: `${page.text}More.\n` };
    const stale = createPageCache({ dir, toolVersion: 't1', textHashes: new Map([[page.relativePath, keptFor(page.text, 'stale')]]) });
    expect(stale.keyOf(edited, context)).toBe(cacheKey(edited, context, 't1'));
    const used = new Map([[page.relativePath, keptFor(page.text, 'kept')]]);
    createPageCache({ dir, toolVersion: 't1', textHashes: used }).keyOf(page, context);
    expect(used.size).toBe(0);
  });

  it('keys on what the page includes, and the constants the included files name', () => {
    const including = { ...page, dependencies: { 'content/part.md': 'Uses {{ $const.OTHER }}.' } };
    const base = cacheKey(including, context, 't1');
    expect(base).not.toBe(cacheKey(page, context, 't1'));
    expect(cacheKey({ ...including, dependencies: { 'content/part.md': 'Edited.' } }, context, 't1')).not.toBe(base);
    expect(cacheKey(including, { ...context, constants: { ...context.constants, OTHER: 'y' } }, 't1')).not.toBe(base);
    expect(cacheKey(including, { ...context, markdown: { lineNumbers: true, containers: [], importRoot: '' } }, 't1')).not.toBe(base);
  });

  it('ignores corrupt entries and entries of another key', async () => {
    const cache = createPageCache({ dir, toolVersion: 'corrupt' });
    const key = cacheKey(page, context, 'corrupt');
    const file = path.join(dir, 'pages', key.slice(0, 2), `${key}.json`);
    await cache.set(page, context, await processPage(page, context, createPageTools(new Set(), PAGE_PARTS)));
    for (const bad of ['{not json', JSON.stringify({ format: 3, key: 'other', summary: {} }), JSON.stringify({ format: 2, key, summary: {} }), JSON.stringify({ format: 99, key })]) {
      await writeFile(file, bad);
      // A new cache, as the next build makes: its summaries file was never written (no flush), so the entry file is read.
      expect(await createPageCache({ dir, toolVersion: 'corrupt' }).get(page, context)).toBeUndefined();
    }
  });

  it('does not give a build an entry a check left without HTML', async () => {
    const cache = createPageCache({ dir, toolVersion: 'modes' });
    await cache.set(page, context, await processPage(page, context, createPageTools(new Set(), PAGE_PARTS)));
    expect(await cache.get(page, context)).toBeDefined();
    expect(await cache.get(page, { ...context, render: true })).toBeUndefined();
  });

  /** A cache folder of its own holding one page, its summaries file written. */
  const storedOnce = async (label: string) => {
    const own = await mkdtemp(path.join(dir, `${label}-`));
    const first = createPageCache({ dir: own, toolVersion: 'index' });
    const result = await processPage(page, context, createPageTools(new Set(), PAGE_PARTS));
    await first.set(page, context, result);
    await first.flush();
    return { own, first, result };
  };

  it('keeps every summary in one file, read once by the next build: no entry file is opened for a summary', async () => {
    const { own, result } = await storedOnce('index');
    expect(await readdir(own)).toContain(path.basename(SummaryIndex.fileIn(own)));
    // The entry file gone: the summary still comes from the index (its body would be made again when asked).
    await rm(path.join(own, 'pages'), { recursive: true });
    expect(await createPageCache({ dir: own, toolVersion: 'index' }).get(page, context)).toEqual(result.summary);
    // Another tool version never reads it.
    expect(await createPageCache({ dir: own, toolVersion: 'other' }).get(page, context)).toBeUndefined();
  });

  it('a damaged, truncated or unreadable summaries file is ignored whole, never a crash: the entry files are read instead', async () => {
    const { own, first, result } = await storedOnce('damaged');
    const file = SummaryIndex.fileIn(own);
    const good = await readFile(file);
    const flipped = Buffer.from(good);
    flipped[flipped.length - 3]! ^= 0xff;
    const damaged = [good.subarray(0, good.length - 10), flipped, Buffer.from('not an index'), Buffer.alloc(0)];
    for (const bad of damaged) {
      await writeFile(file, bad);
      // The entry file is still there: the summary comes from it.
      expect(await createPageCache({ dir: own, toolVersion: 'index' }).get(page, context)).toEqual(result.summary);
      await rm(path.join(own, 'pages'), { recursive: true, force: true });
      expect(await createPageCache({ dir: own, toolVersion: 'index' }).get(page, context)).toBeUndefined();
      await first.set(page, context, result);
    }
    // A folder where the file should be: unreadable, ignored.
    await rm(file);
    await mkdir(file);
    expect(await createPageCache({ dir: own, toolVersion: 'index' }).get(page, context)).toEqual(result.summary);
  });

  it('writes the summaries file only when something changed, and keeps only the summaries the build used', async () => {
    const own = await mkdtemp(path.join(dir, 'follow-'));
    const tools = createPageTools(new Set(), PAGE_PARTS);
    const other = { ...page, relativePath: 'other.md', file: 'content/other.md', text: '# Other\n' };
    const first = createPageCache({ dir: own, toolVersion: 'index' });
    await first.set(page, context, await processPage(page, context, tools));
    await first.set(other, context, await processPage(other, context, tools));
    await first.flush();
    const file = SummaryIndex.fileIn(own);
    const written = (await stat(file)).mtimeMs;

    const same = createPageCache({ dir: own, toolVersion: 'index' });
    expect(await same.get(page, context)).toBeDefined();
    expect(await same.get(other, context)).toBeDefined();
    await same.flush();
    expect((await stat(file)).mtimeMs).toBe(written);

    // `other` deleted: the next build asks only for `page`, and the file drops `other`.
    const fewer = createPageCache({ dir: own, toolVersion: 'index' });
    expect(await fewer.get(page, context)).toBeDefined();
    await fewer.flush();
    await rm(path.join(own, 'pages'), { recursive: true });
    const after = createPageCache({ dir: own, toolVersion: 'index' });
    expect(await after.get(page, context)).toBeDefined();
    expect(await after.get(other, context)).toBeUndefined();
  });

  it('writes nothing but entry files (no temp leftovers)', async () => {
    const shards = await readdir(path.join(dir, 'pages'));
    expect(shards.length).toBeGreaterThan(0);
    for (const shard of shards) for (const f of await readdir(path.join(dir, 'pages', shard))) expect(f).toMatch(/^[0-9a-f]{64}\.json$/);
  });
});
