import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earlyPool, rememberLanguages, startEarlyWorker } from '../../../../cli/page/early-worker';
import { decodeBody } from '../../../../cli/page/body-bytes';
import { processPagesInParallel, type PoolOptions } from '../../../../cli/page/pool';
import { poolFor } from '../../../../cli/page/summarise';
import type { PageContext, PageResult } from '../../../../cli/page/types';
import { sourceFile } from '../../../helpers/pages';

const WORKER = path.resolve(__dirname, '../../../../build/worker.js');
const POOL: PoolOptions = { workerScript: pathToFileURL(WORKER), heapLimitMb: 128, youngGenerationMb: 24 };
const context = (codeLanguages: string[]): PageContext => ({ constants: {}, reportConstants: true, headerLevels: [2, 3], render: true, codeLanguages });
const page = sourceFile('guide.md', '# Guide\n\n```js\nconst x = 1;\n```\n\n```python\ndef f():\n    return 2\n```\n');

/** The page through a pool: the early worker's when `pool` adopts one. */
async function processed(pool: PoolOptions, pageContext: PageContext): Promise<PageResult> {
  let result: PageResult | undefined;
  await processPagesInParallel([page], pageContext, poolFor(pageContext, pool, 1), (_, r) => (result = { summary: r.summary, body: decodeBody(r.body!) }));
  return result!;
}

/** The pool, counting the workers it adopted from the early start. */
function countingAdoptions(pool: PoolOptions): { pool: PoolOptions; adopted(): number } {
  let adopted = 0;
  const adopt: PoolOptions['adopt'] = (limits, c) => {
    const worker = pool.adopt!(limits, c);
    if (worker) adopted++;
    return worker;
  };
  return { pool: { ...pool, adopt }, adopted: () => adopted };
}

describe('cli/page/early-worker', () => {
  let dir: string;
  beforeAll(() => {
    expect(existsSync(WORKER), 'build/worker.js missing: run npm run compile').toBe(true);
    dir = mkdtempSync(path.join(tmpdir(), 'docsbuild-early-worker-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('starts nothing before a build of this tool left its languages, nor from a damaged or other tool\'s file', async () => {
    const fresh = mkdtempSync(path.join(dir, 'fresh-'));
    expect(await startEarlyWorker(fresh, 'tool-1', POOL)).toBeUndefined();
    await rememberLanguages(fresh, 'tool-1', ['js']);
    expect(await startEarlyWorker(fresh, 'tool-2', POOL)).toBeUndefined();
    writeFileSync(path.join(fresh, 'worker-languages.json'), '{"format":1,"tool":"tool-1","languages":[1]}');
    expect(await startEarlyWorker(fresh, 'tool-1', POOL)).toBeUndefined();
  });

  it('the pool takes the early worker, and a page comes out as from a worker started with its context, whether the languages were guessed right or not', { timeout: 60_000 }, async () => {
    const expected = await processed(POOL, context(['js', 'python']));
    expect(expected.body?.html).toMatch(/def<\/span>/);
    // Guessed right, and guessed short of a language the pages have now (python): its highlighter is made again.
    for (const guess of [['js', 'python'], ['js']]) {
      await rememberLanguages(dir, 'tool', guess);
      const early = await earlyPool(dir, 'tool', POOL);
      const counting = countingAdoptions(early.pool);
      expect(await processed(counting.pool, context(['js', 'python'])), `guessed ${guess.join(', ')}`).toEqual(expected);
      expect(counting.adopted()).toBe(1);
      await early.done(['js', 'python']);
    }
  });

  it("a check's early worker starts without any languages kept (a first check, as in CI), and its pool takes it", { timeout: 60_000 }, async () => {
    const fresh = mkdtempSync(path.join(dir, 'check-'));
    const checking: PageContext = { ...context(['js', 'python']), render: false };
    const expected = await processed(POOL, checking);
    expect(expected.body).toBeUndefined();
    // No languages kept: a build's early worker starts nothing, a check's starts.
    expect(await startEarlyWorker(fresh, 'tool', POOL)).toBeUndefined();
    const early = await earlyPool(fresh, 'tool', POOL, 'check');
    const counting = countingAdoptions(early.pool);
    expect(await processed(counting.pool, checking)).toEqual(expected);
    expect(counting.adopted()).toBe(1);
    // The check keeps its pages' languages for the build after it.
    await early.done(['js', 'python']);
    const build = await earlyPool(fresh, 'tool', POOL);
    expect(build.pool.adopt).toBeDefined();
    await build.done();
  });

  it('a pool with other limits (a large build\'s) starts its own workers; the early one is stopped', { timeout: 30_000 }, async () => {
    await rememberLanguages(dir, 'tool', ['js']);
    const early = await startEarlyWorker(dir, 'tool', POOL);
    expect(early!.adopt({ maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 24 }, context(['js']))).toBeUndefined();
    // Taken once: a second thread of the pool starts its own.
    expect(early!.adopt({ maxOldGenerationSizeMb: 1024, maxYoungGenerationSizeMb: 24 }, context(['js']))).toBeUndefined();
  });

  it('keeps the languages only when they changed', async () => {
    const fresh = mkdtempSync(path.join(dir, 'keep-'));
    const early = await earlyPool(fresh, 'tool', POOL);
    expect(early.pool.adopt).toBeUndefined();
    await early.done(['js']);
    const next = await earlyPool(fresh, 'tool', POOL);
    expect(next.pool.adopt).toBeDefined();
    await next.done();
  });
});
