import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createCodeHighlighter, knownLanguageNames } from '../../../../cli/markdown/highlight';
import { processPagesInParallel } from '../../../../cli/page/pool';
import { PAGE_PARTS } from '../../../../cli/features/parts';
import { createPageTools, processPage } from '../../../../cli/page/pipeline';
import type { PageContext, PageResult } from '../../../../cli/page/types';
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
      parallel[i] = result;
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

  it('hands a page that runs its worker out of memory to the fallback, and a fresh worker takes the rest', async () => {
    const small = (i: number) => sourceFile(`s${i}.md`, `# Small ${i}\n\nText.\n`);
    // About 25,000 list items: far beyond a 32 MiB heap once parsed, easy for an unlimited one.
    const huge = sourceFile('huge.md', `# Huge\n\n${'- an item with [a link](./s0.md)\n'.repeat(25_000)}`);
    const pages = [small(0), huge, small(2), small(3)];
    const plain: PageContext = { ...context, render: false, codeLanguages: [] };
    const tools = createPageTools(await knownLanguageNames(), PAGE_PARTS);
    const results: PageResult[] = [];
    const fellBack: number[] = [];
    const fallback = async (i: number) => {
      fellBack.push(i);
      return processPage(pages[i]!, plain, tools);
    };
    await processPagesInParallel(pages, plain, { workerScript: pathToFileURL(WORKER), threads: 1, heapLimitMb: 32 }, (i, r) => {
      expect(results[i], `page ${i} given twice`).toBeUndefined();
      results[i] = r;
    }, fallback);
    expect(fellBack).toEqual([1]);
    expect(results.map((r) => r.summary.page?.title)).toEqual(['Small 0', 'Huge', 'Small 2', 'Small 3']);
    expect(results[1]!.summary.page?.links).toHaveLength(25_000);
  }, 60_000);

  it('without a fallback, a worker out of memory fails the run instead of hanging', async () => {
    const huge = sourceFile('huge.md', `# Huge\n\n${'- an item\n'.repeat(25_000)}`);
    const plain: PageContext = { ...context, render: false, codeLanguages: [] };
    await expect(
      processPagesInParallel([huge], plain, { workerScript: pathToFileURL(WORKER), threads: 1, heapLimitMb: 32 }, () => {}),
    ).rejects.toThrow(/memory/i);
  }, 60_000);
});
