import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../cli/build';
import { resolveConfig } from '../../cli/config';
import { SummaryIndex } from '../../cli/page/summary-index';
import { FIXTURES } from '../helpers/build-fixture';
import { expectSameFiles } from '../helpers/same-files';

/**
 * The page cache end to end: a cached build equals a cold one byte for byte,
 * and each kind of edit re-processes exactly the pages that depend on it.
 */
describe('page cache', () => {
  let root: string;
  let cacheDir: string;
  const run = (toolVersion = 'test') => {
    const config = resolveConfig(root, { config: false });
    return build({ ...config, pages: { cache: { dir: cacheDir, toolVersion } } }, { mode: 'build' });
  };
  const cold = () => build(resolveConfig(root, { config: false }), { mode: 'build' });
  const edit = (relative: string, change: (text: string) => string) => {
    const file = path.join(root, 'content', relative);
    writeFileSync(file, change(readFileSync(file, 'utf8')));
  };
  const same = (a: BuildResult, b: BuildResult) => {
    expectSameFiles(b.files, a.files);
  };

  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'docsbuild-cache-it-'));
    cacheDir = path.join(root, 'cache');
    cpSync(path.join(FIXTURES, 'basic', 'content'), path.join(root, 'content'), { recursive: true });
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('a warm build takes every page from the cache and equals a cold build byte for byte', async () => {
    const first = await run();
    expect(first.pagesFromCache).toBe(0);
    const warm = await run();
    expect(warm.pagesFromCache).toBe(4);
    same(warm, await cold());
  });

  it('an edited page is the only one processed again; its unchanged code block is written as the last build wrote it', async () => {
    edit('guide/setup.md', (t) => `${t}\nOne more line.\n`);
    const result = await run();
    expect(result.pagesFromCache).toBe(3);
    expect(result.codeBlocksReused).toBe(1);
    same(result, await cold());
    // Its code edited: highlighted again, and the same as a cold build.
    edit('guide/setup.md', (t) => t.replace(/```(\w*)\n/, '```$1\n// edited\n'));
    const recoloured = await run();
    expect(recoloured.codeBlocksReused).toBeUndefined();
    same(recoloured, await cold());
  });

  it('a changed constant re-processes the pages that use it, and only those', async () => {
    edit('site.yaml', (t) => t.replace('LIMIT: 512KB', 'LIMIT: 1MB'));
    const result = await run();
    // Only guide/README.md writes {{ $const.LIMIT }}.
    expect(result.pagesFromCache).toBe(3);
    const chunk = [...result.files].find(([name]) => name.startsWith('assets/pages/guide.'))![1] as string;
    expect(chunk).toContain('1MB');
    same(result, await cold());
  });

  it('an edit to an included file or snippet re-processes the pages that import it, and only those', async () => {
    mkdirSync(path.join(root, 'shared'), { recursive: true });
    writeFileSync(path.join(root, 'shared', 'step.md'), '## Included step\n\nFirst wording.\n');
    writeFileSync(path.join(root, 'shared', 'call.js'), 'call(1);\n');
    edit('guide/setup.md', (t) => `${t}\n<!--@include: @/shared/step.md-->\n\n<<< @/shared/call.js\n`);
    expect((await run()).pagesFromCache).toBe(3);
    writeFileSync(path.join(root, 'shared', 'step.md'), '## Included step\n\nSecond wording.\n');
    const included = await run();
    expect(included.pagesFromCache).toBe(3);
    const chunk = [...included.files].find(([name]) => name.startsWith('assets/pages/guide-setup.'))![1] as string;
    expect(chunk).toContain('Second wording.');
    expect(chunk).toContain('included-step');
    same(included, await cold());
    writeFileSync(path.join(root, 'shared', 'call.js'), 'call(2);\n');
    const snippet = await run();
    expect(snippet.pagesFromCache).toBe(3);
    expect(snippet.importedFiles).toEqual([path.join(root, 'shared', 'call.js'), path.join(root, 'shared', 'step.md')]);
    same(snippet, await cold());
  });

  it('redirects and the sidebar are site-wide: no page is processed again, the output still follows', async () => {
    edit('site.yaml', (t) => t.replace('/old-setup: /guide/setup.html', '/old-setup: /guide/setup.html\n  /newer: /guide/'));
    const afterRedirect = await run();
    expect(afterRedirect.pagesFromCache).toBe(4);
    expect(afterRedirect.files.get('redirects.json')).toContain('"/newer"');
    same(afterRedirect, await cold());

    edit('site.yaml', (t) => t.replace('      - /guide/setup.html\n      - /api/reference/', '      - /api/reference/\n      - /guide/setup.html'));
    const afterSidebar = await run();
    expect(afterSidebar.pagesFromCache).toBe(4);
    same(afterSidebar, await cold());
  });

  it('prunes, once a day, the entries no build has used for a week, and never one the build uses', async () => {
    const pages = path.join(cacheDir, 'pages');
    const entries = () => readdirSync(pages).flatMap((shard) => readdirSync(path.join(pages, shard)).map((f) => path.join(pages, shard, f)));
    const monthAgo = (Date.now() - 30 * 24 * 60 * 60 * 1000) / 1000;
    // Every entry so far a month old (used or not), one more that no page has, and the last prune two days ago.
    const dead = path.join(pages, 'ff', `ff${'0'.repeat(62)}.json`);
    mkdirSync(path.dirname(dead), { recursive: true });
    writeFileSync(dead, '{}');
    for (const entry of entries()) utimesSync(entry, monthAgo, monthAgo);
    utimesSync(path.join(cacheDir, 'last-pruned'), Date.now() / 1000 - 2 * 24 * 60 * 60, Date.now() / 1000 - 2 * 24 * 60 * 60);
    const before = entries().length;
    edit('guide/setup.md', (t) => `${t}\nA line for the prune.\n`);
    const result = await run();
    expect(result.pagesFromCache).toBe(3);
    // What the earlier edits left, the dead entry and the edited page's old entry went; the three other pages' stayed, a month
    // old as they are, beside the edited page's new one.
    expect(before).toBeGreaterThan(6);
    expect(existsSync(dead)).toBe(false);
    expect(entries().length).toBe(4);
    same(result, await cold());
    expect((await run()).pagesFromCache).toBe(4);
  });

  it('ignores corrupt entries and entries of another tool version', async () => {
    const shards = path.join(cacheDir, 'pages');
    for (const shard of readdirSync(shards)) for (const f of readdirSync(path.join(shards, shard))) writeFileSync(path.join(shards, shard, f), '{"format":1,');
    // Without the summaries file (page/summary-index.ts, tested on its own), whose summaries would stand in for the entries'.
    rmSync(SummaryIndex.fileIn(cacheDir), { force: true });
    const afterCorruption = await run();
    expect(afterCorruption.pagesFromCache).toBe(0);
    same(afterCorruption, await cold());
    expect((await run('another-version')).pagesFromCache).toBe(0);
  });

  it('ignores an entry whose key is valid but whose fields are damaged (it was exit 3 on every build)', async () => {
    await run();
    const shards = path.join(cacheDir, 'pages');
    for (const shard of readdirSync(shards)) {
      for (const f of readdirSync(path.join(shards, shard))) {
        const file = path.join(shards, shard, f);
        const [head, ...body] = readFileSync(file, 'utf8').split('\n');
        let entry: { summary: { page?: { headers: unknown; links: unknown } } };
        try {
          entry = JSON.parse(head!) as typeof entry;
        } catch {
          continue; // left corrupt by the test before
        }
        if (entry.summary.page) {
          entry.summary.page.headers = 'not a list';
          entry.summary.page.links = [{ kind: 'link', url: 7 }];
        }
        writeFileSync(file, [JSON.stringify(entry), ...body].join('\n'));
      }
    }
    rmSync(SummaryIndex.fileIn(cacheDir), { force: true });
    const damaged = await run();
    expect(damaged.pagesFromCache).toBe(0);
    same(damaged, await cold());
  });
});
