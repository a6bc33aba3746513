import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { build } from '../../cli/build';
import { resolveConfig } from '../../cli/config';
import { DOCUMENTS_BEFORE_WORKER } from '../../cli/features/viewer/documents-aside';
import { tempSite } from '../helpers/temp-site';
import { expectSameFiles } from '../helpers/same-files';

const WORKER = path.resolve(__dirname, '../../build/worker.js');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('page HTML rendered on a worker of its own (features/viewer/documents-aside.ts)', () => {
  it('a build whose documents go to the worker writes the same files, with the same sizes, as one that renders them all in this thread', async () => {
    expect(existsSync(WORKER), 'build/worker.js missing: run npm run compile').toBe(true);
    const pages = DOCUMENTS_BEFORE_WORKER * 3;
    const files: Record<string, string> = {
      'site.yaml': `title: Test\nsidebar:\n  - /\n  - title: Guides\n    children:\n${Array.from({ length: pages }, (_, i) => `      - /g/p${i}.html\n`).join('')}`,
      'README.md': '# Home\n\nStart [here](./g/p0.md).\n',
    };
    for (let i = 0; i < pages; i++) files[`g/p${i}.md`] = `# Page ${i}\n\n## Part ${i}\n\n${'Some words of the page. '.repeat(i + 1)}\n\n[next](./p${(i + 1) % pages}.md)\n`;
    const site = tempSite(files);
    try {
      const here = await build(resolveConfig(site.root, { config: false, threads: 0 }), { mode: 'build' });
      const config = resolveConfig(site.root, { config: false, threads: 0 });
      // The worker runs only well below the process's peak so far (a CLI build's per-page stage on its page workers makes that room): made so here.
      const usage = process.resourceUsage();
      vi.spyOn(process, 'resourceUsage').mockReturnValue({ ...usage, maxRSS: usage.maxRSS + 2 ** 30 });
      // As the compiled CLI resolves it: the page worker, and the document worker beside it. The pages themselves stay in this thread (fewer than the pool's threshold).
      const aside = await build({ ...config, pages: { ...config.pages, parallel: { workerScript: pathToFileURL(WORKER) } } }, { mode: 'build' });
      expect(here.diagnostics).toEqual([]);
      expectSameFiles(aside.files, here.files);
      expect(aside.sizes).toEqual(here.sizes);
    } finally {
      site.remove();
    }
  }, 60_000);
});
