import { mkdirSync, mkdtempSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../cli/build';
import { resolveConfig } from '../../cli/config';
import { PAGE_PARTS } from '../../cli/features/parts';
import { MemoryOutput } from '../../cli/output/sink';
import { createPagePipeline, type PagePipeline } from '../../cli/page/page-pipeline';
import { expectSameFiles } from '../helpers/same-files';

/** Folders of pages enough for several route shards (features/routes/route-shards.ts: at most 160 routes a shard). */
const FOLDERS = ['alpha', 'beta', 'gamma'];
const PAGES_PER_FOLDER = 120;

/**
 * After a one-page edit, the route shards the edit did not change are kept
 * from the last build with the gzip size stored with them: the files and the
 * size report must be a cold build's.
 */
describe('route shards by difference', () => {
  let root: string;
  let pipeline: PagePipeline;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'docsbuild-route-shards-'));
    const content = path.join(root, 'content');
    mkdirSync(content);
    writeFileSync(path.join(content, 'site.yaml'), 'title: Many\nbase: /docs/\nsidebar:\n  - /\n');
    writeFileSync(path.join(content, 'README.md'), '# Home\n\nWelcome.\n');
    for (const folder of FOLDERS) {
      mkdirSync(path.join(content, folder));
      for (let at = 0; at < PAGES_PER_FOLDER; at++) writeFileSync(path.join(content, folder, `page-${at}.md`), `# ${folder} ${at}\n\nText of page ${at}.\n`);
    }
    pipeline = createPagePipeline(PAGE_PARTS);
  });
  afterAll(() => {
    pipeline.dispose();
    rmSync(root, { recursive: true, force: true });
  });

  it('a one-page edit: the files and the download sizes equal a cold build', { timeout: 120_000 }, async () => {
    const config = () => resolveConfig(root, { config: false });
    const warm = async (previous?: MemoryOutput) => {
      const output = new MemoryOutput(previous);
      const result = await build({ ...config(), pages: { cache: { dir: path.join(root, 'cache'), toolVersion: 'test' } } }, { mode: 'build', output, pipeline });
      return { result, output };
    };
    const first = await warm();
    const shards = [...first.result.files.keys()].filter((name) => name.startsWith('assets/routes/routes-'));
    expect(shards.length).toBeGreaterThan(2);
    appendFileSync(path.join(root, 'content', 'beta', 'page-7.md'), '\nOne more paragraph.\n');
    const now = await warm(first.output);
    const cold = await build(config(), { mode: 'build', pipeline });
    expectSameFiles(now.result.files, cold.files);
    // Some shards were kept, one made again.
    const kept = [...now.result.files.keys()].filter((name) => name.startsWith('assets/routes/routes-') && first.result.files.has(name));
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(shards.length);
    expect(now.result.sizes).toEqual(cold.sizes);
  });

  it('sidebar pieces: kept after an edit that leaves the sidebar as it was, made again after a title edit, always as a cold build makes them', { timeout: 120_000 }, async () => {
    const config = () => resolveConfig(root, { config: false });
    const warm = async (previous?: MemoryOutput) => {
      const output = new MemoryOutput(previous);
      const result = await build({ ...config(), pages: { cache: { dir: path.join(root, 'cache'), toolVersion: 'test' } } }, { mode: 'build', output, pipeline });
      return { result, output };
    };
    const piecesOf = (files: Map<string, unknown>) => [...files.keys()].filter((name) => /\/sidebar-\d+\./.test(name));
    const sameAsCold = async (now: Awaited<ReturnType<typeof warm>>) => {
      const cold = await build(config(), { mode: 'build', pipeline });
      expectSameFiles(now.result.files, cold.files);
      expect(now.result.sizes).toEqual(cold.sizes);
    };
    // A group of each folder's pages: over LARGE_SIDEBAR_PAGES (200) in all, each group is a piece of its own.
    const groups = FOLDERS.map((folder) => `  - title: ${folder}\n    children:\n${Array.from({ length: PAGES_PER_FOLDER }, (_, at) => `      - /${folder}/page-${at}.html\n`).join('')}`);
    writeFileSync(path.join(root, 'content', 'site.yaml'), `title: Many\nbase: /docs/\nsidebar:\n  - /\n${groups.join('')}`);
    const first = await warm();
    expect(piecesOf(first.result.files).length).toBeGreaterThanOrEqual(FOLDERS.length);
    appendFileSync(path.join(root, 'content', 'alpha', 'page-3.md'), '\nA paragraph that leaves the sidebar alone.\n');
    const body = await warm(first.output);
    expect(piecesOf(body.result.files)).toEqual(piecesOf(first.result.files));
    await sameAsCold(body);
    const retitled = path.join(root, 'content', 'gamma', 'page-11.md');
    writeFileSync(retitled, '# gamma eleven, retitled\n\nText of page 11.\n');
    const title = await warm(body.output);
    expect(piecesOf(title.result.files)).not.toEqual(piecesOf(body.result.files));
    await sameAsCold(title);
  });
});
