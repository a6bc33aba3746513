import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../cli/build';
import { resolveConfig } from '../../cli/config';
import { redirectRules } from '../../cli/features/hosting/redirect-rules';
import { writeOutput } from '../../cli/output/folder';
import type { Manifest, Redirects } from '../../schema/manifest';
import { browserMissing, CHROMIUM, CHROMIUM_ARGS, FIXTURE_CONTENT, skipBrowserTests, waitForApp } from './harness';

export const NGINX = '/usr/sbin/nginx';
const nginxMissing = !existsSync(NGINX);
// Like the browser tests: skipped with a message locally, a failure in CI.
const skip = nginxMissing && !process.env.CI;
if (skip) process.stderr.write(`Skipping the nginx test: ${NGINX} is missing. Install it with: apt-get install -y nginx\n`);

interface Answer {
  status: number;
  location?: string;
  body: string;
}

/** A raw GET: no redirects followed, so the test sees what nginx answered. */
function get(port: number, pathname: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: pathname }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (c: string) => (body += c));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, location: response.headers.location, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** dist/ served by a real nginx with the emitted snippet: every page, every redirect, the 404 page. */
describe.skipIf(skip)('dist/ on nginx', () => {
  let dir: string;
  let nginx: ChildProcess | undefined;
  let port: number;
  let manifest: Manifest;
  let redirects: Redirects;
  let browser: Browser | undefined;
  let context: BrowserContext;
  let stderr = '';

  beforeAll(async () => {
    if (nginxMissing) throw new Error(`${NGINX} is missing: install it with: apt-get install -y nginx`);
    dir = await mkdtemp(path.join(os.tmpdir(), 'docsbuild-nginx-'));
    // nginx workers may run as another user (nobody, when the test runs as root): let them read the site.
    await chmod(dir, 0o755);
    const www = path.join(dir, 'www');
    const result = await build(resolveConfig(dir, { content: FIXTURE_CONTENT, out: path.join(www, 'docs'), config: false }), { mode: 'build' });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    await writeOutput(result.files, path.join(www, 'docs'));
    manifest = result.manifest!;
    redirects = JSON.parse(result.files.get('redirects.json') as string) as Redirects;

    port = await freePort();
    await mkdir(path.join(dir, 'temp'));
    const conf = path.join(dir, 'nginx.conf');
    const temp = (name: string) => `${name}_temp_path ${path.join(dir, 'temp', name)};`;
    await writeFile(
      conf,
      [
        'daemon off;',
        'worker_processes 1;',
        `pid ${path.join(dir, 'nginx.pid')};`,
        `error_log ${path.join(dir, 'error.log')} warn;`,
        'events { worker_connections 128; }',
        'http {',
        '  include /etc/nginx/mime.types;',
        '  default_type application/octet-stream;',
        '  access_log off;',
        `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}`,
        '  server {',
        `    listen 127.0.0.1:${port};`,
        `    root ${www};`,
        `    include ${path.join(www, 'docs', 'nginx.conf')};`,
        '  }',
        '}',
        '',
      ].join('\n'),
    );
    nginx = spawn(NGINX, ['-p', dir, '-c', conf, '-e', path.join(dir, 'error.log')], { stdio: ['ignore', 'ignore', 'pipe'] });
    nginx.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (nginx.exitCode !== null) throw new Error(`nginx exited: ${stderr}${await readFile(path.join(dir, 'error.log'), 'utf8').catch(() => '')}`);
      const up = await get(port, '/docs/').catch(() => undefined);
      if (up) break;
      if (Date.now() > deadline) throw new Error(`nginx did not start: ${stderr}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    if (!browserMissing) browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  });

  afterAll(async () => {
    await browser?.close();
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx!.once('exit', resolve));
      nginx.kill('SIGTERM');
      await exited;
    }
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('serves every page with status 200, in both spellings of a folder page', async () => {
    for (const page of manifest.pages) {
      const answer = await get(port, `/docs${page.path}`);
      expect(answer.status, page.path).toBe(200);
      expect(answer.body, page.path).toContain(`<title>`);
      expect(answer.body, page.path).toContain(`"path":"${page.path}"`);
      if (page.path.endsWith('/') && page.path !== '/') expect((await get(port, `/docs${page.path.slice(0, -1)}`)).status, page.path).toBe(200);
    }
  });

  it('answers every redirect spelling with a 301 to its target, and the stub behind it redirects without JavaScript', async () => {
    const rules = redirectRules(manifest, redirects.redirects);
    expect(rules.length).toBeGreaterThan(10);
    for (const rule of rules) {
      for (const spelling of rule.spellings) {
        const answer = await get(port, `/docs${spelling}?from=test`);
        expect([spelling, answer.status, answer.location]).toEqual([spelling, 301, `/docs${rule.to}?from=test`]);
      }
      // The stub a plain static host would serve: meta refresh and canonical to the target.
      const stub = await readFile(path.join(dir, 'www', 'docs', rule.from.endsWith('/') ? `${rule.from.slice(1)}index.html` : `${rule.from.slice(1)}/index.html`), 'utf8');
      expect(stub).toContain(`<meta http-equiv="refresh" content="0; url=/docs${rule.to}">`);
      expect(stub).toContain(`<link rel="canonical" href="https://pipedream.com/docs${rule.to}">`);
    }
  });

  it('serves the 404 page with status 404 for unknown paths, folders without a page and host config files', async () => {
    for (const missing of ['/docs/no-such-page/', '/docs/no-such-page', '/docs/assets/', '/docs/_redirects', '/docs/nginx.conf', '/docs/assets/nope.0123456789.js']) {
      const answer = await get(port, missing);
      expect([missing, answer.status]).toEqual([missing, 404]);
      expect(answer.body).toContain('id="docsbuild-boot"');
    }
    expect(await get(port, '/docs')).toMatchObject({ status: 301, location: '/docs/' });
  });

  it.skipIf(skipBrowserTests)('lands on the target page through the viewer with JavaScript on', async () => {
    if (!browser) throw new Error(`${CHROMIUM} is missing: install it with: apt-get install -y chromium`);
    context = await browser.newContext();
    await context.route((url) => url.hostname !== '127.0.0.1', (route) => route.abort());
    const tab = await context.newPage();
    for (const rule of redirectRules(manifest, redirects.redirects)) {
      await tab.goto(`http://127.0.0.1:${port}/docs${rule.from}#top`);
      await waitForApp(tab);
      expect(new URL(tab.url()).pathname, rule.from).toBe(`/docs${rule.to}`);
      const title = manifest.pages.find((p) => p.path === rule.to)!.title;
      expect(await tab.locator('main h1').first().innerText(), rule.from).toContain(title);
    }
    await tab.goto(`http://127.0.0.1:${port}/docs/no-such-page/`);
    await waitForApp(tab);
    expect(await tab.locator('main').innerText()).toMatch(/not found/i);
    await context.close();
  });

  it('sends the cache policy: hashed assets immutable, HTML and JSON revalidated, gzip on request', async () => {
    const headers = (pathname: string, extra: Record<string, string> = {}) =>
      new Promise<Record<string, string | string[] | undefined>>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path: pathname, method: 'HEAD', headers: extra }, (r) => resolve(r.headers));
        req.on('error', reject);
        req.end();
      });
    const chunk = manifest.pages[0]!.chunk;
    expect((await headers(`/docs/${chunk}`))['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await headers('/docs/limits/'))['cache-control']).toBe('no-cache');
    expect((await headers('/docs/pages.json'))['cache-control']).toBe('no-cache');
    expect((await headers('/docs/pages.json', { 'Accept-Encoding': 'gzip' }))['content-encoding']).toBe('gzip');
  });
});
