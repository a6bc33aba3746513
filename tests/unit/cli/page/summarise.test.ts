import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { PAGE_PARTS } from '../../../../cli/features/parts';
import { createPageCache } from '../../../../cli/page/cache';
import { createPagePipeline } from '../../../../cli/page/page-pipeline';
import { poolFor, summarisePages } from '../../../../cli/page/summarise';
import { SummaryIndex } from '../../../../cli/page/summary-index';
import type { PageContext } from '../../../../cli/page/types';
import { textHash } from '../../../../cli/support/hash';
import { sourceFile } from '../../../helpers/pages';

const WORKER = path.resolve(__dirname, '../../../../build/worker.js');
const context: PageContext = { constants: {}, reportConstants: true, headerLevels: [2, 3], render: true, codeLanguages: ['js'] };
const sources = Array.from({ length: 3 }, (_, i) => sourceFile(`p${i}.md`, `# Page ${i}\n\nBody of page ${i}.\n\n\`\`\`js\nconst n = ${i};\n\`\`\`\n`));

/** Every entry file under the cache's pages/ folder. */
async function entries(dir: string): Promise<string[]> {
  const root = path.join(dir, 'pages');
  const shards = await readdir(root);
  return (await Promise.all(shards.map(async (s) => (await readdir(path.join(root, s))).map((f) => path.join(root, s, f))))).flat();
}

describe('cli/summarise: summaries in memory, bodies fetched one page at a time', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'docsbuild-summarise-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('without a cache, holds each body until it is taken, once', async () => {
    const { summaries, bodies } = await summarisePages(sources, context);
    expect(summaries.map((s) => s.page?.title)).toEqual(['Page 0', 'Page 1', 'Page 2']);
    expect(JSON.stringify(summaries)).not.toContain('Body of page');
    const body = await bodies.take(1);
    expect(body?.html).toContain('Body of page 1.');
    expect(body?.html).toContain('shiki');
    // Taken again, it is made again (nothing held it), and it is the same.
    expect(await bodies.take(1)).toEqual(body);
  });

  it('without a cache, in a large build (largeFrom), keeps the bodies in a temporary file: the same bodies, gone once released', async () => {
    // One highlighter for the three runs of this test.
    const pipeline = createPagePipeline([]);
    onTestFinished(() => pipeline.dispose());
    const inMemory = await summarisePages(sources, context, { pipeline });
    const spooled = await summarisePages(sources, context, { largeFrom: 1, pipeline });
    expect(spooled.summaries).toEqual(inMemory.summaries);
    const expected = await Promise.all([0, 1, 2].map((i) => inMemory.bodies.take(i)));
    expect(await spooled.bodies.take(2)).toEqual(expected[2]);
    expect(await spooled.bodies.take(0)).toEqual(expected[0]);
    await spooled.bodies.release();
    // Released (or taken before), a body is made again from its page, the same.
    expect(await spooled.bodies.take(1)).toEqual(expected[1]);
    expect(await spooled.bodies.take(2)).toEqual(expected[2]);
  });

  it('with a cache, reads each body back from its entry, and a warm run equals the cold one', async () => {
    const options = { cache: { dir, toolVersion: 'summarise' } };
    const cold = await summarisePages(sources, context, options);
    expect(cold.fromCache).toBe(0);
    expect(await entries(dir)).toHaveLength(3);
    const coldBodies = await Promise.all(sources.map((_, i) => cold.bodies.take(i)));

    const warm = await summarisePages(sources, context, options);
    expect(warm.fromCache).toBe(3);
    expect(warm.summaries).toEqual(cold.summaries);
    expect(await Promise.all(sources.map((_, i) => warm.bodies.take(i)))).toEqual(coldBodies);
  });

  it('processes a page again when its entry is gone by the time its body is wanted', async () => {
    const options = { cache: { dir, toolVersion: 'vanishing' } };
    const expected = (await (await summarisePages(sources, context)).bodies.take(2))!;
    const run = await summarisePages(sources, context, options);
    for (const file of await entries(dir)) await rm(file);
    expect(await run.bodies.take(2)).toEqual(expected);
  });

  it('with a cache and a way to read pages again, lets go of every text and reads one again only for a lost body', async () => {
    const copies = () => sources.map((source) => ({ ...source }));
    const onDisk = new Map(sources.map((source) => [source.relativePath, source.text]));
    const options = { cache: { dir, toolVersion: 'released' }, reread: async (source: { relativePath: string }) => onDisk.get(source.relativePath) };
    const expected = await Promise.all(sources.map(async (_, i) => (await summarisePages(copies(), context)).bodies.take(i)));

    const cold = copies();
    const run = await summarisePages(cold, context, options);
    expect(cold.map((source) => source.text)).toEqual(['', '', '']);
    // The keys are those of the texts, not of the emptied sources.
    expect(run.inputKeys).toEqual((await summarisePages(copies(), context, { cache: options.cache })).inputKeys);
    const warm = copies();
    const again = await summarisePages(warm, context, options);
    expect(again.fromCache).toBe(3);
    expect(warm.map((source) => source.text)).toEqual(['', '', '']);
    expect(await Promise.all(sources.map((_, i) => again.bodies.take(i)))).toEqual(expected);

    for (const file of await entries(dir)) await rm(file);
    expect(await run.bodies.take(2)).toEqual(expected[2]);
    // A page changed on disk since it was summarised: no body from other text, but a message that says what to do.
    onDisk.set('p1.md', '# Page 1\n\nEdited meanwhile.\n');
    await expect(run.bodies.take(1)).rejects.toThrow(/p1\.md changed while the build ran.*build again/);
  });

  it('in a large build on workers, lets go of the texts first and reads each again as it is handed to a worker', async () => {
    expect(existsSync(WORKER), 'build/worker.js missing: run npm run compile').toBe(true);
    const copies = () => sources.map((source) => ({ ...source }));
    const onDisk = new Map(sources.map((source) => [source.relativePath, source.text]));
    const reads: string[] = [];
    const texts: string[][] = [];
    const reread = async (source: { relativePath: string }) => {
      reads.push(source.relativePath);
      return onDisk.get(source.relativePath);
    };
    const parallel = { workerScript: pathToFileURL(WORKER), threads: 2 };
    // Workers import the features' parts themselves.
    const expected = await summarisePages(copies(), context, { parts: PAGE_PARTS });
    const early = copies();
    const run = await summarisePages(early, context, { cache: { dir, toolVersion: 'early' }, reread, parallel, largeFrom: 1 });
    texts.push(early.map((source) => source.text));
    expect(texts).toEqual([['', '', '']]);
    expect(reads.sort()).toEqual(['p0.md', 'p1.md', 'p2.md']);
    expect(run.summaries).toEqual(expected.summaries);
    expect(await run.bodies.take(1)).toEqual(await expected.bodies.take(1));

    // A page changed on disk between loading and processing: the build stops and says what to do.
    onDisk.set('p2.md', '# Page 2\n\nEdited meanwhile.\n');
    const changed = summarisePages(copies(), context, { cache: { dir, toolVersion: 'early-changed' }, reread, parallel, largeFrom: 1 });
    await expect(changed).rejects.toThrow(/p2\.md changed while the build ran.*build again/);
  });

  it('in a large build on workers (summaries held packed meanwhile), puts every stored page into the cache\'s summaries file', async () => {
    expect(existsSync(WORKER), 'build/worker.js missing: run npm run compile').toBe(true);
    const cache = { dir: path.join(dir, 'packed'), toolVersion: 'packed' };
    const run = await summarisePages(sources.map((source) => ({ ...source })), context, { cache, parallel: { workerScript: pathToFileURL(WORKER), threads: 2 }, largeFrom: 1 });
    const index = await SummaryIndex.load(cache.dir, cache.toolVersion);
    const keys = createPageCache(cache);
    expect(sources.map((source) => index.get(keys.keyOf(source, context)))).toEqual(run.summaries);
  });

  it('gives the same summaries and bodies on workers as on this thread, with and without a cache and a spool', async () => {
    expect(existsSync(WORKER), 'build/worker.js missing: run npm run compile').toBe(true);
    // Both renderers (raw HTML takes the general one), a page without code, a page whose frontmatter holds more than a title.
    const mixed = [
      ...sources,
      sourceFile('raw.md', '# Raw\n\n<div class="note">Kept <em>inline</em> HTML.</div>\n\n| a | b |\n| - | - |\n| 1 | 2 |\n'),
      sourceFile('plain.md', '---\ntitle: Plain\ndescription: No code here.\n---\n\nJust text, [a link](./raw.md) and **more**.\n'),
    ];
    const all = async (run: Awaited<ReturnType<typeof summarisePages>>) => JSON.stringify(await Promise.all(mixed.map((_, i) => run.bodies.take(i))));
    const here = await summarisePages(mixed, context, { parts: PAGE_PARTS });
    const expectedBodies = await all(here);
    const parallel = { workerScript: pathToFileURL(WORKER), threads: 2 };
    for (const options of [{ parallel }, { parallel, largeFrom: 1 }, { parallel, cache: { dir, toolVersion: 'threads-same' } }]) {
      const run = await summarisePages(mixed, context, options);
      expect(run.summaries).toEqual(here.summaries);
      expect(await all(run)).toBe(expectedBodies);
      await run.bodies.release?.();
    }
  });

  it('starts the pages likely to miss the cache on one worker before the lookups; it takes the other missing pages too, and a started page found cached is the cache\'s', async () => {
    expect(existsSync(WORKER), 'build/worker.js missing: run npm run compile').toBe(true);
    const cache = { dir: path.join(dir, 'likely'), toolVersion: 'likely' };
    const pages = [...sources, sourceFile('p3.md', '# Page 3\n\nFour.\n'), sourceFile('p4.md', '# Page 4\n\nFive.\n')];
    const pools: number[] = [];
    const parallel = { workerScript: pathToFileURL(WORKER), threads: 2, adopt: () => void pools.push(1) };
    await summarisePages(pages, context, { cache, parallel: { workerScript: pathToFileURL(WORKER), threads: 2 } });
    // p1 edited and expected to miss; p0 expected to miss but unchanged; p3 edited, not expected: the same worker takes it.
    const edited = pages.map((page) => (page.relativePath === 'p1.md' || page.relativePath === 'p3.md' ? { ...page, text: `${page.text}\nEdited.\n` } : { ...page }));
    const likely = new Set(['p0.md', 'p1.md']);
    const run = await summarisePages(edited, context, { cache, parallel, likelyMissing: (source) => likely.has(source.relativePath) });
    const expected = await summarisePages(edited, context, { parts: PAGE_PARTS });
    expect(run.fromCache).toBe(pages.length - 2);
    expect(run.summaries).toEqual(expected.summaries);
    for (const at of [0, 1, 3]) expect(await run.bodies.take(at)).toEqual(await expected.bodies.take(at));
    expect(pools).toHaveLength(1);
    // Stored as they came: a build after it finds every page in the cache.
    const again = await summarisePages(edited.map((page) => ({ ...page })), context, { cache, parallel, likelyMissing: (source) => likely.has(source.relativePath) });
    expect(again.fromCache).toBe(pages.length);
    expect(again.summaries).toEqual(expected.summaries);
  });

  it("writes a page processed again with its last version's code blocks, on this thread and on a worker: the same body, no block highlighted", async () => {
    expect(existsSync(WORKER), 'build/worker.js missing: run npm run compile').toBe(true);
    const parallel = { workerScript: pathToFileURL(WORKER), threads: 2 };
    for (const [name, options] of [['here', {}], ['worker', { parallel, likelyMissing: (source: { relativePath: string }) => source.relativePath === 'p1.md' }]] as const) {
      const cacheDir = path.join(dir, `blocks-${name}`);
      await summarisePages(sources.map((source) => ({ ...source })), context, { cache: { dir: cacheDir, toolVersion: 'blocks' }, parts: PAGE_PARTS, ...options });
      // p1's prose edited: its last text's hash (the stored sources' record) finds its last entry.
      const edited = sources.map((page) => (page.relativePath === 'p1.md' ? { ...page, text: page.text.replace('Body of page 1.', 'Body of page 1, edited.') } : { ...page }));
      const previousTextHashes = new Map([['p1.md', textHash(sources[1]!.text)]]);
      const run = await summarisePages(edited, context, { cache: { dir: cacheDir, toolVersion: 'blocks', previousTextHashes }, parts: PAGE_PARTS, ...options });
      expect(run.fromCache, name).toBe(2);
      expect(run.reusedBlocks, name).toBe(1);
      const expected = await summarisePages(edited, context, { parts: PAGE_PARTS });
      expect(run.summaries).toEqual(expected.summaries);
      expect(await run.bodies.take(1)).toEqual(await expected.bodies.take(1));
      // Without the last text's hash (a first build, another tool), the blocks are highlighted as ever.
      const unknown = await summarisePages(
        sources.map((page) => ({ ...page, text: page.relativePath === 'p1.md' ? page.text.replace('Body of page 1.', 'Body of page 1, edited twice.') : page.text })),
        context,
        { cache: { dir: cacheDir, toolVersion: 'blocks' }, parts: PAGE_PARTS, ...options },
      );
      expect(unknown.reusedBlocks).toBe(0);
    }
  });

  it('gives no body for a page a check left unrendered, or for a file that is no page', async () => {
    const { bodies } = await summarisePages([sourceFile('empty.md', ''), ...sources], { ...context, render: false });
    expect(await bodies.take(0)).toBeUndefined();
    expect(await bodies.take(1)).toBeUndefined();
  });

  it('limits the workers\' heap for a build, not for a check', () => {
    const pool = { workerScript: new URL('file:///w.js'), threads: 2, heapLimitMb: 128, youngGenerationMb: 48 };
    expect(poolFor(context, pool)).toEqual(pool);
    expect(poolFor({ ...context, render: false }, pool)).toEqual({ workerScript: pool.workerScript, threads: 2, heapLimitMb: undefined, youngGenerationMb: undefined });
    // A small site: one worker (so every page has its budget), without the many-page heap limit.
    expect(poolFor(context, pool, 135)).toEqual({ ...pool, threads: 1, heapLimitMb: undefined });
  });
});
