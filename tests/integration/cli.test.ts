import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES } from '../helpers/build-fixture';

const BIN = path.resolve(__dirname, '../../build/bin.js');

/** Runs the compiled CLI (npm test compiles it first) in a folder. */
function docsbuild(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  const run = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', ...env } });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr, all: run.stdout + run.stderr };
}

const STACK_TRACE = /\n\s+at .+:\d+:\d+/;

describe('docsbuild CLI', () => {
  let work: string;
  beforeAll(() => {
    expect(existsSync(BIN), 'build/bin.js missing: run npm run compile').toBe(true);
    work = mkdtempSync(path.join(tmpdir(), 'docsbuild-cli-'));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const copyFixture = (name: string) => {
    const dir = mkdtempSync(path.join(work, `${name}-`));
    cpSync(path.join(FIXTURES, name, 'content'), path.join(dir, 'content'), { recursive: true });
    return dir;
  };

  it('check exits 0 on clean content and prints a summary', () => {
    const run = docsbuild(['check'], copyFixture('basic'));
    expect(run.status).toBe(0);
    expect(run.stderr).toContain('No problems in 4 pages.');
  });

  it('check exits 1 on content errors, reports all of them, and shows no stack trace', () => {
    const run = docsbuild(['check'], copyFixture('redirect-loop'));
    expect(run.status).toBe(1);
    expect(run.stderr.match(/ error /g)).toHaveLength(5);
    expect(run.stderr).toContain('content/site.yaml:4:3 error redirect/loop');
    expect(run.stderr).toContain('5 errors, 0 warnings in 1 page.');
    expect(run.all).not.toMatch(STACK_TRACE);
  });

  it('--format json prints the documented shape on stdout', () => {
    const run = docsbuild(['check', '--format', 'json'], copyFixture('dead-anchor'));
    expect(run.status).toBe(1);
    const out = JSON.parse(run.stdout);
    expect(out.summary).toEqual({ errors: 2, warnings: 0, pages: 2, baselined: 0, fixed: 0 });
    expect(out.diagnostics[0]).toMatchObject({ code: 'link/dead-anchor', file: 'content/README.md', line: 5, column: 5 });
  });

  it('--format github prints workflow annotations', () => {
    const run = docsbuild(['check', '--format', 'github'], copyFixture('unknown-constant'));
    expect(run.stdout).toContain('::error file=content/README.md,line=3,col=14,title=constant/unknown::');
    expect(run.stdout).toContain('::warning file=content/site.yaml,line=4,col=3,title=constant/unused::');
  });

  it('--strict and --max-warnings turn warnings into a failure', () => {
    const dir = copyFixture('basic');
    writeFileSync(path.join(dir, 'content/extra.md'), '---\nsurprise: 1\n---\n\n# Extra\n');
    expect(docsbuild(['check'], dir).status).toBe(0);
    expect(docsbuild(['check', '--strict'], dir).status).toBe(1);
    expect(docsbuild(['check', '--max-warnings', '1'], dir).status).toBe(1);
    expect(docsbuild(['check', '--max-warnings', '5'], dir).status).toBe(0);
  });

  it('exits 2 on usage errors', () => {
    const dir = copyFixture('basic');
    expect(docsbuild(['check', '--format', 'xml'], dir).status).toBe(2);
    expect(docsbuild(['nonsense'], dir).status).toBe(2);
    const run = docsbuild(['build', '--out', 'content'], dir);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('would overwrite the content folder');
    expect(run.all).not.toMatch(STACK_TRACE);
  });

  it('build writes dist/, and a failed build leaves the previous dist/ untouched', () => {
    const dir = copyFixture('basic');
    expect(docsbuild(['build'], dir).status).toBe(0);
    const before = readdirSync(path.join(dir, 'dist'), { recursive: true }).sort();
    const manifest = readFileSync(path.join(dir, 'dist/pages.json'), 'utf8');
    expect(JSON.parse(manifest).pages).toHaveLength(4);

    writeFileSync(path.join(dir, 'content/broken.md'), '# Broken\n\n[dead](/nowhere/)\n');
    const failed = docsbuild(['build'], dir);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('Build failed: dist left as it was.');
    expect(readdirSync(path.join(dir, 'dist'), { recursive: true }).sort()).toEqual(before);
    expect(readFileSync(path.join(dir, 'dist/pages.json'), 'utf8')).toBe(manifest);
    expect(readdirSync(dir).filter((n) => n.includes('.tmp-') || n.includes('.old-'))).toEqual([]);
  });

  it('--content and --out are honoured, relative to the working directory', () => {
    const dir = copyFixture('basic');
    const run = docsbuild(['build', '--content', 'content', '--out', 'site-out'], dir);
    expect(run.status).toBe(0);
    expect(existsSync(path.join(dir, 'site-out/pages.json'))).toBe(true);
    expect(existsSync(path.join(dir, 'site-out/pages.schema.json'))).toBe(true);
  });

  it('a build with nothing changed prints the same warnings, sizes and file count, and writes nothing; --strict fails on the same warning; --threads is a run of its own', () => {
    const dir = copyFixture('basic');
    // A warning a successful build must print again when it does nothing.
    writeFileSync(path.join(dir, 'content/site.yaml'), `${readFileSync(path.join(dir, 'content/site.yaml'), 'utf8')}  UNUSED_HERE: "1"\n`);
    // Past the racy window (two seconds): stamps of files written just now are never trusted.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2100);
    const timed = (args: string[]) => docsbuild(['build', ...args], dir, { DOCSBUILD_TIMINGS: '1' });
    const shown = (stderr: string) => stderr.replace(/ in \d+ ms\./, ' in N ms.').replace(/\nTimings:[^]*$/, '');
    const first = timed([]);
    expect(first.status, first.all).toBe(0);
    expect(first.stderr).toContain('warning constant/unused');
    const inodes = () => readdirSync(path.join(dir, 'dist'), { recursive: true, encoding: 'utf8' }).sort().map((n) => `${n}:${statSync(path.join(dir, 'dist', n)).ino}:${statSync(path.join(dir, 'dist', n)).mtimeMs}`);
    const before = inodes();

    const again = timed([]);
    expect(again.status).toBe(0);
    expect(again.stderr).toContain('(up to date: nothing read or written)');
    expect(shown(again.stderr)).toBe(shown(first.stderr));
    expect(inodes()).toEqual(before);

    // Same result, stricter reading: fails on the warning, output left as it was.
    const strict = timed(['--strict']);
    expect(strict.status).toBe(1);
    expect(strict.stderr).toContain('Build failed: dist left as it was.');
    expect(inodes()).toEqual(before);

    const threads = timed(['--threads', '1']);
    expect(threads.status).toBe(0);
    expect(threads.stderr).not.toContain('up to date');
  });
});
