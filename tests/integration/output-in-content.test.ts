import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, buildIntoFolder } from '../../cli/build';
import { resolveConfig } from '../../cli/config';
import { nowNs } from '../../cli/source/input-stamps';

/** Stamps taken "three seconds from now": the files this test just wrote count as settled. */
const later = () => nowNs() + 3_000_000_000n;

/**
 * Pages at the project's root (a VuePress tree whose docs are the
 * repository) with the output folder among them: the default `dist/`, and
 * VuePress's own `.vuepress/dist`. A build never reads an earlier build's
 * output (it holds a `.md` copy of every page) as pages or inputs.
 */
describe('an output folder inside the content folder', () => {
  let project: string;
  const run = async (out: string) => {
    const config = resolveConfig(project, { content: '.', out, cache: true, config: false }, {});
    const folder = await buildIntoFolder(config, { stampedAt: later() });
    await folder.commit();
    return folder;
  };

  beforeAll(() => {
    project = mkdtempSync(path.join(tmpdir(), 'docsbuild-out-in-content-'));
    mkdirSync(path.join(project, 'guide'));
    writeFileSync(path.join(project, 'site.yaml'), 'title: Root\nsidebar:\n  - /\n  - /guide/a.html\n');
    writeFileSync(path.join(project, 'README.md'), '# Home\n\nSee [A](./guide/a.md).\n');
    writeFileSync(path.join(project, 'guide', 'a.md'), '# A\n\nText.\n');
  });
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it('builds into dist/ again and again, reading only the pages, and finds the second build up to date', async () => {
    const first = await run('dist');
    expect(first.result.diagnostics).toEqual([]);
    expect(first.result.pageCount).toBe(2);
    // The output holds the pages' `.md` copies: read as pages, they would be more pages, each out of the sidebar.
    expect(readdirSync(path.join(project, 'dist'), { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.md')).length).toBeGreaterThan(0);
    // Up to date: the output folder (and node_modules, where the cache appeared) are no inputs.
    expect((await run('dist')).upToDate).toBe(true);
    writeFileSync(path.join(project, 'guide', 'a.md'), '# A\n\nText, edited.\n');
    const edited = await run('dist');
    expect(edited.upToDate).toBe(false);
    expect(edited.result.diagnostics).toEqual([]);
    expect(edited.result.pageCount).toBe(2);
    rmSync(path.join(project, 'dist'), { recursive: true });
  });

  it("builds a VuePress tree into its .vuepress/dist again, reading only the pages", async () => {
    mkdirSync(path.join(project, '.vuepress'));
    for (let build = 0; build < 2; build++) {
      const done = await run('.vuepress/dist');
      expect(done.result.diagnostics).toEqual([]);
      expect(done.result.pageCount).toBe(2);
    }
    rmSync(path.join(project, '.vuepress'), { recursive: true });
  });

  it("skips what an interrupted build left beside the output (dist.old-*, dist.tmp-*), and `check` reads no output either", async () => {
    await run('dist');
    cpSync(path.join(project, 'dist'), path.join(project, 'dist.old-123-abc'), { recursive: true });
    cpSync(path.join(project, 'dist'), path.join(project, 'dist.tmp-124-abd'), { recursive: true });
    const config = resolveConfig(project, { content: '.', out: 'dist', config: false }, {});
    const checked = await build(config, { mode: 'check' });
    expect(checked.diagnostics).toEqual([]);
    expect(checked.pageCount).toBe(2);
    // A folder that only looks like a sibling is content like any other.
    mkdirSync(path.join(project, 'dist.notes'));
    writeFileSync(path.join(project, 'dist.notes', 'c.md'), '# C\n');
    const more = await build(config, { mode: 'check' });
    expect(more.pageCount).toBe(3);
    rmSync(path.join(project, 'dist.notes'), { recursive: true });
    rmSync(path.join(project, 'dist.old-123-abc'), { recursive: true, force: true });
    rmSync(path.join(project, 'dist.tmp-124-abd'), { recursive: true, force: true });
  });
});
