import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES } from '../helpers/build-fixture';

const BIN = path.resolve(__dirname, '../../build/bin.js');

/** Starts a long-running command, resolves with its URL once printed, and stops it with SIGTERM. */
async function serve(args: string[], cwd: string): Promise<{ url: string; stop: () => Promise<number | null> }> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const found = /http:\/\/\S+/.exec(stderr);
      if (found) resolve(found[0]);
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code}: ${stderr}`)));
  });
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}

describe('docsbuild preview and dev (CLI)', () => {
  let dir: string;
  beforeAll(() => {
    expect(existsSync(BIN), 'build/bin.js missing: run npm run compile').toBe(true);
    dir = mkdtempSync(path.join(tmpdir(), 'docsbuild-serve-cli-'));
    cpSync(path.join(FIXTURES, 'basic', 'content'), path.join(dir, 'content'), { recursive: true });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('preview without a build says what to do and exits 2', () => {
    const run = spawnSync(process.execPath, [BIN, 'preview', '--port', '0'], { cwd: dir, encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('run "docsbuild build" first');
  });

  it('refuses a port that is not one, with exit 2', () => {
    const run = spawnSync(process.execPath, [BIN, 'preview', '--port', '70000'], { cwd: dir, encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('must be a port number');
  });

  it('preview serves the build on 127.0.0.1, prints the URL, and exits 0 on SIGTERM', async () => {
    expect(spawnSync(process.execPath, [BIN, 'build'], { cwd: dir, encoding: 'utf8' }).status).toBe(0);
    const server = await serve(['preview', '--port', '0'], dir);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/docs\/$/);
    const response = await fetch(server.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await server.stop()).toBe(0);
  });

  it('preview needs no content folder: it serves --out from a project whose pages are elsewhere', async () => {
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'docsbuild-serve-cli-pages-'));
    try {
      cpSync(path.join(FIXTURES, 'basic', 'content'), path.join(elsewhere, 'pages'), { recursive: true });
      expect(spawnSync(process.execPath, [BIN, 'build', '--content', 'pages', '--out', 'site'], { cwd: elsewhere, encoding: 'utf8' }).status).toBe(0);
      const server = await serve(['preview', '--out', 'site', '--port', '0'], elsewhere);
      expect((await fetch(server.url)).status).toBe(200);
      expect(await server.stop()).toBe(0);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('dev builds in memory (writing nothing), serves on 127.0.0.1 and exits 0 on SIGTERM', async () => {
    rmSync(path.join(dir, 'dist'), { recursive: true, force: true });
    const server = await serve(['dev', '--port', '0'], dir);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/docs\/$/);
    expect((await fetch(server.url)).status).toBe(200);
    expect(existsSync(path.join(dir, 'dist'))).toBe(false);
    expect(await server.stop()).toBe(0);
  });
});
