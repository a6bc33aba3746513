import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES } from '../helpers/build-fixture';
import { expectSameFiles } from '../helpers/same-files';

const BIN = path.resolve(__dirname, '../../build/bin.js');

/** Runs the compiled CLI (npm test compiles it first) in a folder. */
function docsbuild(args: string[], cwd: string) {
  const run = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { status: run.status, all: run.stdout + run.stderr };
}

/** Every file under `dir` with its bytes and inode, by name. */
function snapshot(dir: string) {
  const files = new Map<string, { bytes: Buffer; ino: number }>();
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort()) {
    const file = path.join(dir, name);
    const stat = statSync(file);
    // The marker every output holds is written fresh by each build (folder-safety.test.ts checks it).
    if (stat.isFile() && name !== '.docsbuild-output') files.set(name.split(path.sep).join('/'), { bytes: readFileSync(file), ino: stat.ino });
  }
  return files;
}

const bytesOf = (files: ReturnType<typeof snapshot>) => new Map([...files].map(([name, { bytes }]) => [name, bytes]));

/**
 * `docsbuild build` across runs: an unchanged output file is hard-linked from
 * the previous output rather than written again, and an output file changed
 * on disk since is never trusted.
 */
describe('output folder reuse across builds', () => {
  let site: string;
  beforeAll(() => {
    expect(existsSync(BIN), 'build/bin.js missing: run npm run compile').toBe(true);
    site = mkdtempSync(path.join(tmpdir(), 'docsbuild-output-reuse-'));
    cpSync(path.join(FIXTURES, 'basic', 'content'), path.join(site, 'content'), { recursive: true });
  });
  afterAll(() => rmSync(site, { recursive: true, force: true }));

  it('a warm build keeps dist/ byte for byte, and a tampered output file is made again', () => {
    const dist = path.join(site, 'dist');
    const build = () => {
      const run = docsbuild(['build', '--cache-dir', 'cache'], site);
      expect(run.status, run.all).toBe(0);
      return snapshot(dist);
    };

    const cold = build();
    expect(cold.has('guide/setup.html')).toBe(true);
    expect(cold.has('pages.json')).toBe(true);
    const chunk = [...cold.keys()].find((name) => name.startsWith('assets/pages/guide-setup.'));
    expect(chunk).toBeDefined();
    expect(readdirSync(path.join(site, 'cache', 'outputs'))).toHaveLength(1);

    // Nothing changed: the same files, the same bytes, every one linked from the cold build
    // (the cold build's files were still there while the warm one was made, so a fresh file cannot have their inode).
    const warm = build();
    expectSameFiles(bytesOf(warm), bytesOf(cold));
    for (const [name, { ino }] of warm) expect(ino, name).toBe(cold.get(name)!.ino);
    expect(readdirSync(site).sort()).toEqual(['cache', 'content', 'dist']);

    // Tamper with a page's HTML (taken over by key), its chunk (by key) and pages.json (by content hash).
    for (const name of ['guide/setup.html', chunk!, 'pages.json']) appendFileSync(path.join(dist, name), '<!-- tampered -->');
    const third = build();
    expectSameFiles(bytesOf(third), bytesOf(cold));
    for (const name of ['guide/setup.html', chunk!, 'pages.json']) {
      expect(third.get(name)!.bytes.toString('utf8'), name).not.toContain('tampered');
      expect(third.get(name)!.ino, name).not.toBe(warm.get(name)!.ino);
    }
    // The files nobody touched are still linked.
    for (const [name, { ino }] of third) {
      if (!['guide/setup.html', chunk!, 'pages.json'].includes(name)) expect(ino, name).toBe(cold.get(name)!.ino);
    }
  });

  it('after each kind of edit, a build reusing the previous output equals a cold build, and reads only the bodies it needs', { timeout: 90_000 }, () => {
    const edited = mkdtempSync(path.join(tmpdir(), 'docsbuild-output-edits-'));
    try {
      cpSync(path.join(FIXTURES, 'basic', 'content'), path.join(edited, 'content'), { recursive: true });
      const file = (relative: string) => path.join(edited, 'content', relative);
      const change = (relative: string, from: string, to: string) => {
        const text = readFileSync(file(relative), 'utf8');
        expect(text, `${relative} has ${from}`).toContain(from);
        writeFileSync(file(relative), text.replace(from, to));
      };
      /** A build on top of the previous output and cache: its files, and how many page bodies it read. */
      const warm = () => {
        const run = spawnSync(process.execPath, [BIN, 'build', '--cache-dir', 'cache'], {
          cwd: edited,
          encoding: 'utf8',
          env: { ...process.env, NO_COLOR: '1', DOCSBUILD_TIMINGS: '1' },
        });
        expect(run.status, run.stderr).toBe(0);
        const read = /bodies read (\d+)/.exec(run.stderr);
        expect(read, run.stderr).not.toBeNull();
        return { files: bytesOf(snapshot(path.join(edited, 'dist'))), bodiesRead: Number(read![1]) };
      };
      /** From nothing: another output folder, another cache. */
      const cold = () => {
        rmSync(path.join(edited, 'cold'), { recursive: true, force: true });
        const run = docsbuild(['build', '--cache-dir', 'cold/cache', '--out', 'cold/dist'], edited);
        expect(run.status, run.all).toBe(0);
        return bytesOf(snapshot(path.join(edited, 'cold', 'dist')));
      };

      expect(warm().bodiesRead).toBe(4);
      // Nothing changed: no page's output is made again, so no body is read.
      expect(warm().bodiesRead).toBe(0);

      // A redirect that no page's links or neighbours touch: still nothing to read.
      change('site.yaml', '/old-setup: /guide/setup.html', '/old-setup: /guide/setup.html\n  /newer: /guide/');
      const afterRedirect = warm();
      expectSameFiles(afterRedirect.files, cold());
      expect(afterRedirect.bodiesRead).toBe(0);

      // The setup page moves: the home page links to it, so its chunk and .md copy must follow.
      change('guide/setup.md', 'next: /', 'next: /\npermalink: /guide/installing.html');
      change('site.yaml', '/old-setup: /guide/setup.html', '/old-setup: /guide/installing.html');
      change('site.yaml', '/older-setup/: /guide/setup.html', '/older-setup/: /guide/installing.html');
      change('site.yaml', '      - /guide/setup.html', '      - /guide/installing.html');
      change('api/ref.md', '/docs/guide/setup.html#install', '/docs/guide/installing.html#install');
      const afterMove = warm();
      expectSameFiles(afterMove.files, cold());
      expect(afterMove.files.get('index.md')!.toString('utf8')).toContain('/docs/guide/installing.html#install');

      // A title its neighbours show as prev/next.
      change('guide/README.md', 'title: The Guide', 'title: Our Guide');
      expectSameFiles(warm().files, cold());

      // A code block in a language no page had: the page worker started early with the last build's languages (page/early-worker.ts) makes its highlighter again.
      writeFileSync(file('guide/setup.md'), `${readFileSync(file('guide/setup.md'), 'utf8')}\n\`\`\`python\ndef f():\n    return 1\n\`\`\`\n`);
      const afterLanguage = warm();
      expectSameFiles(afterLanguage.files, cold());
      expect([...afterLanguage.files].some(([name, bytes]) => name.endsWith('.json') && /def<\/span>/.test(bytes.toString('utf8')))).toBe(true);
    } finally {
      rmSync(edited, { recursive: true, force: true });
    }
  });
  it('a check on an empty cache, then builds: the second build takes every unchanged page from the cache', () => {
    const fresh = mkdtempSync(path.join(tmpdir(), 'docsbuild-check-first-'));
    try {
      cpSync(path.join(FIXTURES, 'basic', 'content'), path.join(fresh, 'content'), { recursive: true });
      expect(docsbuild(['check', '--cache-dir', 'cache'], fresh).status).toBe(0);
      const fromCache = () => {
        // Sources changed within two seconds are read again whatever their stamps say (git's racy case): these must be settled.
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2100);
        const run = spawnSync(process.execPath, [BIN, 'build', '--cache-dir', 'cache'], { cwd: fresh, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', DOCSBUILD_TIMINGS: '1' } });
        expect(run.status, run.stderr).toBe(0);
        return Number(/from the cache (\d+)/.exec(run.stderr)?.[1]);
      };
      // The check stored summaries without a render: the first build renders every page under the same keys.
      expect(fromCache()).toBe(0);
      // Those renders must replace the check's summaries in the summaries file, or every later build renders every page again.
      appendFileSync(path.join(fresh, 'content', 'guide', 'setup.md'), '\nOne more line.\n');
      expect(fromCache()).toBe(3);
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });
});
