import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createCodeHighlighter, knownLanguageNames } from '../../../../cli/markdown/highlight';
import { processPagesInParallel } from '../../../../cli/parallel/pool';
import { createPageTools, processPage, type PageContext } from '../../../../cli/stages/page';
import { sourceFile } from '../../../helpers/pages';

const WORKER = path.resolve(__dirname, '../../../../build/worker.js');
const context: PageContext = { constants: { N: '14' }, reportConstants: true, headerLevels: [2, 3], render: true, codeLanguages: ['js'] };
const sources = Array.from({ length: 12 }, (_, i) =>
  sourceFile(
    `p${i}.md`,
    `# Page ${i}\n\n## Part {{ $const.N }}\n\n[next](./p${(i + 1) % 12}.md)\n\n\`\`\`js\nconst x = ${i};\n\`\`\`\n\n::: tip\nHi\n:::\n`,
  ),
);

describe('cli/parallel/pool', () => {
  it('gives the same summaries, in source order, as the in-process pipeline', async () => {
    expect(existsSync(WORKER), 'build/worker.js missing: run npm run compile').toBe(true);
    const parallel = await processPagesInParallel(sources, context, { workerScript: pathToFileURL(WORKER), threads: 2 });
    const tools = createPageTools(await knownLanguageNames());
    const highlighter = createCodeHighlighter(context.codeLanguages);
    const serial = [];
    for (const source of sources) serial.push(await processPage(source, context, { ...tools, highlighter: () => highlighter }));
    expect(parallel).toEqual(serial);
    expect(parallel.map((s) => s.relativePath)).toEqual(sources.map((s) => s.relativePath));
    expect(parallel[3]?.page?.html).toContain('shiki');
  });

  it('reports a page that makes a worker fail instead of hanging', async () => {
    const bad = { relativePath: 'x.md', file: 'content/x.md', text: undefined as unknown as string };
    await expect(processPagesInParallel([bad], context, { workerScript: pathToFileURL(WORKER), threads: 1 })).rejects.toThrow(/x\.md/);
  });
});
