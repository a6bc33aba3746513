import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createCodeHighlighter, knownLanguageNames } from '../../../../cli/markdown/highlight';
import { processPagesInParallel } from '../../../../cli/page/pool';
import { PAGE_PARTS } from '../../../../cli/features/parts';
import { createPageTools, processPage } from '../../../../cli/page/pipeline';
import { decodeBody } from '../../../../cli/page/body-bytes';
import type { EncodedPageResult, PageContext, PageResult } from '../../../../cli/page/types';
import { sourceFile } from '../../../helpers/pages';

const WORKER = path.resolve(__dirname, '../../../../build/worker.js');
const context: PageContext = { constants: { N: '14' }, reportConstants: true, headerLevels: [2, 3], render: true, codeLanguages: ['js'] };
const sources = Array.from({ length: 12 }, (_, i) =>
  sourceFile(
    `p${i}.md`,
    `# Page ${i}\n\n## Part {{ $const.N }}\n\n[next](./p${(i + 1) % 12}.md)\n\n\`\`\`js\nconst x = ${i};\n\`\`\`\n\n::: tip\nHi\n:::\n`,
  ),
);

describe('cli/page/pool', () => {
  it('gives the same summaries, in source order, as the in-process pipeline', async () => {
    expect(existsSync(WORKER), 'build/worker.js missing: run npm run compile').toBe(true);
    const parallel: PageResult[] = [];
    await processPagesInParallel(sources, context, { workerScript: pathToFileURL(WORKER), threads: 2 }, (i, result) => {
      // The body comes as the bytes of its JSON, for the main thread to store without parsing it.
      expect(result.body).toBeInstanceOf(Uint8Array);
      parallel[i] = { summary: result.summary, body: decodeBody(result.body!) };
    });
    const tools = createPageTools(await knownLanguageNames(), PAGE_PARTS);
    const highlighter = createCodeHighlighter(context.codeLanguages);
    const serial = [];
    for (const source of sources) serial.push(await processPage(source, context, { ...tools, highlighter: () => highlighter }));
    expect(parallel).toEqual(serial);
    expect(parallel.map((r) => r.summary.relativePath)).toEqual(sources.map((s) => s.relativePath));
    expect(parallel[3]?.body?.html).toContain('shiki');
    expect((parallel[3]?.summary.page?.rendered?.parts.viewer as { codeClasses: string[] }).codeClasses.length).toBeGreaterThan(0);
  });

  it('reports a page that makes a worker fail instead of hanging', async () => {
    const bad = { relativePath: 'x.md', file: 'content/x.md', text: undefined as unknown as string };
    await expect(processPagesInParallel([bad], context, { workerScript: pathToFileURL(WORKER), threads: 1 }, () => {})).rejects.toThrow(/x\.md/);
  });

  it('tries a page that runs its worker out of heap again alone, with the budget\'s heap, and a fresh worker takes the rest', async () => {
    const small = (i: number) => sourceFile(`s${i}.md`, `# Small ${i}\n\nText.\n`);
    // 20,000 short lines: beyond a 24 MiB heap once parsed, easy for 256 MiB (and quick: list items with links took 30 s).
    const huge = sourceFile('huge.md', `# Huge\n\n[a link](./s0.md)\n${'a\n'.repeat(20_000)}`);
    const pages = [small(0), huge, small(2), small(3)];
    const plain: PageContext = { ...context, render: false, codeLanguages: [] };
    const results: EncodedPageResult[] = [];
    const budget = { timeMs: 60_000, heapMb: 256 };
    await processPagesInParallel(pages, plain, { workerScript: pathToFileURL(WORKER), threads: 1, heapLimitMb: 24, budget }, (i, r) => {
      expect(results[i], `page ${i} given twice`).toBeUndefined();
      results[i] = r;
    });
    expect(results.map((r) => r.summary.page?.title)).toEqual(['Small 0', 'Huge', 'Small 2', 'Small 3']);
    expect(results[1]!.summary.page?.links).toHaveLength(1);
  }, 60_000);

  it('a page over the memory budget is file/too-complex at its first line, and the other pages are processed', async () => {
    const huge = sourceFile('huge.md', `# Huge\n\n${'a\n'.repeat(20_000)}`);
    const plain: PageContext = { ...context, render: false, codeLanguages: [] };
    const results: EncodedPageResult[] = [];
    const budget = { timeMs: 60_000, heapMb: 24 };
    await processPagesInParallel([huge, sources[0]!], plain, { workerScript: pathToFileURL(WORKER), threads: 1, budget }, (i, r) => (results[i] = r));
    expect(results[0]!.summary.page).toBeUndefined();
    expect(results[0]!.summary.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.code}`)).toEqual(['content/huge.md:1:1 file/too-complex']);
    expect(results[0]!.summary.diagnostics[0]!.message).toMatch(/more than 24 MiB of memory/);
    expect(results[1]!.summary.page?.title).toBe('Page 0');
  }, 60_000);

  it('stops a page over its time budget (40,000 "*a": 16 s unbounded) and reports it, the others processed by a fresh worker', async () => {
    const slow = sourceFile('slow.md', `# Slow\n\n${'*a'.repeat(40_000)}\n`);
    const pages = [sources[0]!, slow, sources[1]!, sources[2]!];
    const plain: PageContext = { ...context, render: false, codeLanguages: [] };
    const results: EncodedPageResult[] = [];
    const started = Date.now();
    await processPagesInParallel(pages, plain, { workerScript: pathToFileURL(WORKER), threads: 1, budget: { timeMs: 1500, heapMb: 512 } }, (i, r) => (results[i] = r));
    expect(Date.now() - started).toBeLessThan(12_000);
    expect(results[1]!.summary.diagnostics.map((d) => `${d.line}:${d.column} ${d.code}`)).toEqual(['1:1 file/too-complex']);
    expect(results[1]!.summary.diagnostics[0]!.message).toMatch(/^slow\.md takes more than 2 s to process/);
    expect(results.map((r) => r.summary.page?.title)).toEqual(['Page 0', undefined, 'Page 1', 'Page 2']);
  }, 30_000);
});
