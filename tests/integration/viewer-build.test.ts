import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../cli/build';
import { resolveConfig } from '../../cli/config';
import { htmlFileOf } from '../../cli/output/layout';
import { BUDGET, measureViewer } from '../../cli/output/sizes';
import { measureReaderBudgets, queriesFromTitles } from '../bench/reader-budgets';

const ROOT = path.resolve(__dirname, '../fixtures/viewer-site');
const run = () => build(resolveConfig(ROOT, { config: false }), { mode: 'build' });

describe('viewer output of a build', () => {
  it('adds a page per route, the 404 shell and the bundle; the same bytes on every build; within the size budget', async () => {
    const first = await run();
    expect(first.diagnostics).toEqual([]);
    const manifest = first.manifest!;
    for (const page of manifest.pages) expect(first.files.has(htmlFileOf(page.path)), page.path).toBe(true);
    expect(first.files.has('404.html')).toBe(true);
    expect(first.files.has('quickstart/create-new-workflow.html')).toBe(true);
    expect([...first.files.keys()].some((f) => /^assets\/main\.[A-Z0-9]+\.js$/.test(f))).toBe(true);

    const second = await run();
    expect([...second.files.keys()].sort()).toEqual([...first.files.keys()].sort());
    for (const [name, content] of first.files) {
      expect(Buffer.from(second.files.get(name)!).equals(Buffer.from(content)), name).toBe(true);
    }

    const sizes = measureViewer(first.files, manifest.site.base)!;
    expect(sizes.js).toBeGreaterThan(50 * 1024); // React is in it: the measure reads the right files
    expect(sizes.js).toBeLessThanOrEqual(BUDGET.js);
    expect(sizes.css).toBeLessThanOrEqual(BUDGET.css);
    expect(sizes.medianChunk).toBeGreaterThan(0);
    expect(sizes.medianChunk).toBeLessThan(sizes.navigation.median);
    // What the build reports as it writes is what its output measures.
    expect(first.sizes).toEqual(sizes);
    expect(sizes.firstVisit.median).toBeLessThanOrEqual(BUDGET.firstVisit);
    expect(sizes.navigation.median).toBeLessThanOrEqual(BUDGET.navigation);
    expect(sizes.html.max).toBeLessThanOrEqual(BUDGET.html);

    // The bench's reader budgets: the same sizes, plus what a search session fetches.
    const queries = queriesFromTitles(manifest.pages.map((page) => page.title));
    expect(queries.length).toBeGreaterThanOrEqual(4);
    const readers = await measureReaderBudgets(first.files, queries);
    expect(readers.sizes).toEqual(sizes);
    expect(readers.pages).toBe(manifest.pages.length);
    const search = readers.search!;
    expect(search.queries.map((q) => q.query)).toEqual(queries);
    for (const query of search.queries) expect(query.hits, query.query).toBeGreaterThan(0);
    // The panel and MiniSearch, not DocSearch's engine: several KB, less than the first query all in.
    expect(search.panelCode).toBeGreaterThan(5 * 1024);
    expect(search.firstQuery).toBeGreaterThan(search.panelCode);
    expect(search.firstQuery).toBe(search.queries[0]!.bytes);
    expect(search.laterQueryMedian).toBeLessThan(search.firstQuery);
    expect((await measureReaderBudgets(first.files, ['zzzqqqxxj'])).search!.queries).toEqual([{ query: 'zzzqqqxxj', hits: 0, bytes: expect.any(Number) }]);
  });
});
