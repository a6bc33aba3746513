import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIntoFolder } from '../../cli/build';
import { resolveConfig, type ConfigFlags } from '../../cli/config';
import type { ConfigEnv } from '../../cli/config';
import { buildRecordFile, UpToDate } from '../../cli/output/up-to-date';
import { BASELINE_VERSION } from '../../schema/baseline';
import { nowNs } from '../../cli/source/input-stamps';

/** Stamps taken "three seconds from now": the files this test just wrote count as settled (the racy case has tests of its own). */
const later = () => nowNs() + 3_000_000_000n;

/** Every output file with its bytes and inode. */
function snapshot(dir: string) {
  const files = new Map<string, string>();
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    const stat = statSync(path.join(dir, name));
    if (stat.isFile()) files.set(name, `${stat.ino}:${readFileSync(path.join(dir, name), 'base64')}`);
  }
  return files;
}

/**
 * The CLI's up-to-date path (build.ts buildIntoFolder, output/up-to-date.ts):
 * with nothing changed, the last good build's result and nothing written;
 * any change to an input or to the output folder, a real build.
 */
describe('up-to-date builds', () => {
  let project: string;
  let flags: ConfigFlags;
  let env: ConfigEnv;
  const content = (...parts: string[]) => path.join(project, 'content', ...parts);
  const out = () => path.join(project, 'dist');

  const run = async (at = later()) => {
    const config = resolveConfig(project, { ...flags, cache: true, config: false }, env);
    const folder = await buildIntoFolder(config, { stampedAt: at });
    await folder.commit();
    return folder;
  };
  /** Builds until one finds everything as the last left it (at most a real build, then that one). */
  const settle = async () => {
    const now = await run();
    if (now.upToDate) return now;
    const again = await run();
    expect(again.upToDate).toBe(true);
    return again;
  };

  /** When beforeAll wrote the project's files. */
  let written = 0;
  beforeAll(() => {
    written = Date.now();
    project = mkdtempSync(path.join(tmpdir(), 'docsbuild-up-to-date-'));
    mkdirSync(content('guide'), { recursive: true });
    mkdirSync(path.join(project, 'snippets'));
    writeFileSync(content('site.yaml'), 'title: Stamps\nsidebar:\n  - /\n  - /guide/a.html\nconstants:\n  UNUSED: 1\n');
    writeFileSync(content('README.md'), '# Home\n\nSee [A](./guide/a.md).\n');
    writeFileSync(content('guide', 'a.md'), '# A\n\n<<< @/snippets/code.js\n');
    writeFileSync(path.join(project, 'snippets', 'code.js'), 'export const a = 1;\n');
    flags = {};
    env = {};
  });
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it('nothing changed: the same diagnostics, counts and sizes, and no file written', async () => {
    const first = await run();
    expect(first.upToDate).toBe(false);
    // The unused constant: a warning, which a build that does nothing must still report.
    expect(first.result.diagnostics.map((d) => d.code)).toContain('constant/unused');
    const before = snapshot(out());
    const again = await run();
    expect(again.upToDate).toBe(true);
    expect(again.result.diagnostics).toEqual(first.result.diagnostics);
    expect(again.result.fileCount).toBe(first.result.fileCount);
    expect(again.result.pageCount).toBe(first.result.pageCount);
    expect(again.result.sizes).toEqual(first.result.sizes);
    expect(snapshot(out())).toEqual(before);
  });

  it('stamps taken within two seconds of a change are not trusted: the next build is a real one', async () => {
    // Only the page edited here may be within the window: the files beforeAll wrote (the imported snippet has no text hash kept) are past it.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, written + 2_100 - Date.now())));
    await settle();
    writeFileSync(content('guide', 'a.md'), '# A\n\nRacy.\n\n<<< @/snippets/code.js\n');
    // Stamped now: the edit is inside the racy window, so its stamp is unsettled ...
    expect((await run(nowNs())).upToDate).toBe(false);
    // ... and a build right after does not trust it either.
    expect((await run(nowNs())).upToDate).toBe(false);
    // Once the window has passed, the page's text hashes as the build read it: nothing to do.
    expect((await run(later())).upToDate).toBe(true);
  });

  it('a page saved just before a build, then edited again: the next build is a real one', async () => {
    await settle();
    writeFileSync(content('guide', 'a.md'), '# A\n\nSaved.\n\n<<< @/snippets/code.js\n');
    expect((await run(nowNs())).upToDate).toBe(false);
    writeFileSync(content('guide', 'a.md'), '# A\n\nSaved again.\n\n<<< @/snippets/code.js\n');
    const next = await run(later());
    expect(next.upToDate).toBe(false);
    expect(readFileSync(path.join(out(), 'guide', 'a.html'), 'utf8')).toContain('Saved again.');
  });

  const changes: Array<[string, () => void]> = [
    ['a page edited', () => appendFileSync(content('guide', 'a.md'), '\nMore.\n')],
    ['a page added', () => writeFileSync(content('guide', 'b.md'), '# B\n')],
    ['a page renamed', () => renameSync(content('guide', 'b.md'), content('guide', 'c.md'))],
    ['a page deleted', () => rmSync(content('guide', 'c.md'))],
    ['an asset added', () => writeFileSync(content('guide', 'pic.png'), 'not really a png')],
    ['site.yaml edited', () => appendFileSync(content('site.yaml'), 'description: Now with one.\n')],
    ['an imported file outside the content folder edited', () => writeFileSync(path.join(project, 'snippets', 'code.js'), 'export const a = 2;\n')],
    ['the docsearch key in the environment', () => (env = { DOCSBUILD_DOCSEARCH_API_KEY: '0f2c8e1bd26a8f8b6d2a9c3e4f5a6b7c' })],
    ['a --previous pages.json', () => {
      writeFileSync(path.join(project, 'previous.json'), JSON.stringify({ pages: [{ path: '/' }] }));
      flags = { ...flags, previous: 'previous.json' };
    }],
    ['the --previous file edited', () => writeFileSync(path.join(project, 'previous.json'), JSON.stringify({ pages: [{ path: '/' }, { path: '/guide/a.html' }] }))],
    ['a baseline file appears', () => writeFileSync(path.join(project, 'docsbuild-baseline.json'), JSON.stringify({ version: BASELINE_VERSION, problems: [] }))],
    ['an output file edited', () => appendFileSync(path.join(out(), 'index.html'), '<!-- mine -->')],
    ['an output file deleted', () => rmSync(path.join(out(), 'pages.json'))],
    ['a file added to the output', () => writeFileSync(path.join(out(), 'guide', 'extra.txt'), 'someone else\'s')],
    ['the output marker deleted', () => rmSync(path.join(out(), '.docsbuild-output'))],
    ['the record damaged', () => {
      const config = resolveConfig(project, { ...flags, cache: true, config: false }, env);
      const file = buildRecordFile(config.pages.cache!.dir, config.outDir);
      writeFileSync(file, readFileSync(file, 'utf8').slice(0, -20));
    }],
  ];
  for (const [what, change] of changes) {
    it(`${what}: a real build`, async () => {
      await settle();
      change();
      const changed = await run();
      expect(changed.upToDate).toBe(false);
      // A build changes only what it made (the output record says what): a file someone added stays.
      const extra = path.join(out(), 'guide', 'extra.txt');
      expect(existsSync(extra)).toBe(what === 'a file added to the output');
      // Settled again afterwards: the change was taken in.
      expect((await run()).upToDate).toBe(true);
      rmSync(extra, { force: true });
    });
  }

  it('a new commit, when the site shows "last updated": a real build', async () => {
    appendFileSync(content('site.yaml'), 'lastUpdated: true\n');
    const git = (args: string[]) => execFileSync('git', args, { cwd: project, env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } });
    git(['init', '-q']);
    git(['add', 'content']);
    git(['commit', '-qm', 'one']);
    await settle();
    git(['commit', '-q', '--allow-empty', '-m', 'two']);
    expect((await run()).upToDate).toBe(false);
  });

  it('a build without the page cache never takes the path (the record lives in the cache), and writes the same files', async () => {
    await settle();
    const config = resolveConfig(project, { ...flags, out: 'dist-cold', cache: false, config: false }, env);
    const folder = await buildIntoFolder(config, { stampedAt: later() });
    expect(folder.upToDate).toBe(false);
    await folder.commit();
    const bytes = (dir: string) => new Map([...snapshot(dir)].map(([name, value]) => [name, value.slice(value.indexOf(':') + 1)]));
    expect(bytes(path.join(project, 'dist-cold'))).toEqual(bytes(out()));
  });

  it('knows before the output folder is opened that a content edit, a new setting or no record means a real build (mustBuild)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docsbuild-must-build-'));
    try {
      const page = path.join(dir, 'content', 'README.md');
      mkdirSync(path.dirname(page));
      writeFileSync(page, '# Home\n');
      const where = { cacheDir: path.join(dir, 'cache'), outDir: path.join(dir, 'dist'), contentDir: path.join(dir, 'content') };
      const take = (settings: unknown) => UpToDate.take(where, settings, 'tool', later());
      expect(await (await take({ a: 1 })).mustBuild()).toBe(true);
      await (await take({ a: 1 })).save({ files: [], git: false }, where.outDir, [], {});
      expect(await (await take({ a: 1 })).mustBuild()).toBe(false);
      expect(await (await take({ a: 2 })).mustBuild()).toBe(true);
      appendFileSync(page, 'A line more.\n');
      expect(await (await take({ a: 1 })).mustBuild()).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
