import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPreview, type PreviewServer } from '../../../../cli/serve/preview';
import { DiskSource, MemorySource } from '../../../../cli/serve/file-source';
import { DeferredContent } from '../../../../cli/output/sink';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A raw request: the path goes out exactly as written (fetch would resolve `..` first). */
function send(port: number, pathname: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: pathname, method: options.method ?? 'GET', headers: options.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const PAGES_JSON = JSON.stringify({ version: 1, site: { base: '/docs/' }, pages: Array.from({ length: 200 }, (_, i) => ({ path: `/p${i}/` })) });

describe('cli/serve/static through docsbuild preview', () => {
  let dir: string;
  let server: PreviewServer;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'docsbuild-static-'));
    const dist = path.join(dir, 'dist');
    const files: Record<string, string> = {
      'index.html': '<!doctype html><title>home</title>',
      'limits/index.html': `<!doctype html><title>limits</title>${'<p>text</p>'.repeat(200)}`,
      'quickstart/create.html': '<!doctype html><title>create</title>',
      '404.html': '<!doctype html><title>not found page</title>',
      'pages.json': PAGES_JSON,
      'assets/main.7B7VPI2U.js': `console.log(${JSON.stringify('x'.repeat(3000))});`,
      'assets/pages/limits.c1cd0c0e33.json': '{}',
      'favicon.svg': '<svg/>',
      '_redirects': '/docs/a /docs/b 301',
    };
    for (const [name, content] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dist, name)), { recursive: true });
      await writeFile(path.join(dist, name), content);
    }
    await writeFile(path.join(dir, 'secret.txt'), 'outside the root');
    await symlink(path.join(dir, 'secret.txt'), path.join(dist, 'leak.txt'));
    server = await startPreview({ outDir: dist, host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await server?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('binds only to the host given, on a free port, and prints the base URL', () => {
    expect(server.server.address()).toMatchObject({ address: '127.0.0.1' });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/docs\/$/);
  });

  it('serves folder pages, .html pages with and without extension, and the site root', async () => {
    for (const [pathname, title] of [
      ['/docs/', 'home'],
      ['/docs/limits/', 'limits'],
      ['/docs/limits', 'limits'],
      ['/docs/quickstart/create.html', 'create'],
      ['/docs/quickstart/create', 'create'],
    ]) {
      const answer = await send(server.port, pathname!);
      expect([pathname, answer.status, answer.headers['content-type']]).toEqual([pathname, 200, 'text/html; charset=utf-8']);
      expect(answer.body.toString()).toContain(`<title>${title}</title>`);
    }
    expect(await send(server.port, '/docs')).toMatchObject({ status: 301, headers: { location: '/docs/' } });
  });

  it('answers unknown paths, folders without a page and host config files with 404.html and status 404', async () => {
    for (const pathname of ['/docs/nope/', '/docs/nope', '/docs/assets/', '/docs/_redirects', '/', '/other/']) {
      const answer = await send(server.port, pathname);
      expect([pathname, answer.status]).toEqual([pathname, 404]);
      expect(answer.body.toString()).toContain('not found page');
      expect(answer.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends the cache policy: hashed assets immutable, HTML and JSON revalidated', async () => {
    expect((await send(server.port, '/docs/assets/main.7B7VPI2U.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await send(server.port, '/docs/assets/pages/limits.c1cd0c0e33.json')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await send(server.port, '/docs/limits/')).headers['cache-control']).toBe('no-cache');
    expect((await send(server.port, '/docs/pages.json')).headers['cache-control']).toBe('no-cache');
    expect((await send(server.port, '/docs/favicon.svg')).headers['cache-control']).toBe('no-cache');
  });

  it('compresses with brotli or gzip as the client asks, and sends identity otherwise', async () => {
    const br = await send(server.port, '/docs/pages.json', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(PAGES_JSON);
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    const gz = await send(server.port, '/docs/pages.json', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(PAGES_JSON);
    const plain = await send(server.port, '/docs/pages.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(PAGES_JSON);
    // Small files and images are sent as they are.
    expect((await send(server.port, '/docs/favicon.svg', { headers: { 'Accept-Encoding': 'br' } })).headers['content-encoding']).toBeUndefined();
    // Each representation has its own ETag.
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3);
  });

  it('answers a matching If-None-Match with 304 and no body, in any encoding', async () => {
    const first = await send(server.port, '/docs/limits/', { headers: { 'Accept-Encoding': 'br' } });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+-br"$/);
    const again = await send(server.port, '/docs/limits/', { headers: { 'If-None-Match': etag, 'Accept-Encoding': 'gzip' } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers['cache-control']).toBe('no-cache');
    expect((await send(server.port, '/docs/limits/', { headers: { 'If-None-Match': 'W/"other"' } })).status).toBe(200);
  });

  it('answers HEAD with the headers of GET and no body; other methods with 405', async () => {
    const head = await send(server.port, '/docs/pages.json', { method: 'HEAD', headers: { 'Accept-Encoding': 'gzip' } });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    const post = await send(server.port, '/docs/', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });

  it.each([
    '/docs/../../etc/passwd',
    '/docs/../secret.txt',
    '/docs/%2e%2e/secret.txt',
    '/docs/%2E%2E/%2E%2E/etc/passwd',
    '/docs/..%2fsecret.txt',
    '/docs/..%5csecret.txt',
    '/docs/limits%2f..%2f..%2fsecret.txt',
    '/docs/secret.txt%00.html',
    '/docs/%00',
    '/docs/%zz',
  ])('refuses %s with 400 and reads nothing outside the root', async (pathname) => {
    const answer = await send(server.port, pathname);
    expect(answer.status).toBe(400);
    expect(answer.body.toString()).not.toContain('outside the root');
    expect(answer.body.toString()).not.toContain('root:');
  });

  it('does not follow a symbolic link out of the root', async () => {
    const answer = await send(server.port, '/docs/leak.txt');
    expect(answer.status).toBe(404);
    expect(answer.body.toString()).not.toContain('outside the root');
  });
});

describe('cli/serve/file-source', () => {
  it('keeps an unchanged file (and its compressed forms) across updates', async () => {
    const source = new MemorySource();
    source.update(new Map([['a.html', 'same'], ['b.html', 'old']]));
    const a = await source.get('a.html');
    const b = await source.get('b.html');
    source.update(new Map([['a.html', 'same'], ['b.html', 'new']]));
    expect(await source.get('a.html')).toBe(a);
    expect((await source.get('b.html'))?.etag).not.toBe(b?.etag);
    expect(await source.get('../a.html')).toBeUndefined();
  });

  it('makes a deferred file on the first request for it, once, in the served form, and keeps it across updates that keep the file', async () => {
    const source = new MemorySource();
    let made = 0;
    const page = new DeferredContent(async () => `page ${++made}`);
    const form = (key: string) => ({ key, of: (_name: string, content: string | Uint8Array) => `${key}:${Buffer.from(content).toString()}` });
    source.update(new Map([['a.json', '{}']]), form('one'), new Map([['a/index.html', page]]));
    expect(made).toBe(0);
    const [first, again] = await Promise.all([source.get('a/index.html'), source.get('a/index.html')]);
    expect(first?.body.toString()).toBe('one:page 1');
    expect(again).toBe(first);
    expect(made).toBe(1);
    source.update(new Map([['a.json', '{}']]), form('one'), new Map([['a/index.html', page]]));
    expect(await source.get('a/index.html')).toBe(first);
    // A new served form makes it again from the same bytes; a file no longer there is gone.
    source.update(new Map([['a.json', '{}']]), form('two'), new Map([['a/index.html', page]]));
    expect((await source.get('a/index.html'))?.body.toString()).toBe('two:page 1');
    source.update(new Map([['a.json', '{}']]), form('two'));
    expect(await source.get('a/index.html')).toBeUndefined();
    expect(made).toBe(1);
  });

  it('serves files in a form made from the built ones, again only for a changed file or a new form', async () => {
    const source = new MemorySource();
    const made: string[] = [];
    const form = (key: string) => ({ key, of: (name: string, content: string | Uint8Array) => (made.push(name), `${key}:${String(content)}`) });
    const page = 'built page';
    source.update(new Map([['a.html', page], ['b.html', 'old']]), form('one'));
    expect((await source.get('a.html'))?.body.toString()).toBe('one:built page');
    made.length = 0;
    source.update(new Map([['a.html', page], ['b.html', 'new']]), form('one'));
    expect(made).toEqual(['b.html']);
    expect((await source.get('b.html'))?.body.toString()).toBe('one:new');
    made.length = 0;
    source.update(new Map([['a.html', page], ['b.html', 'new']]), form('two'));
    expect(made.sort()).toEqual(['a.html', 'b.html']);
    expect((await source.get('a.html'))?.body.toString()).toBe('two:built page');
  });

  it('after a patch (a quick edit) serves the patched files and page chunks at once, and makes every other request wait for the next build', async () => {
    const source = new MemorySource();
    const chunk = 'assets/pages/other.0123456789.json';
    source.update(new Map([['a/index.html', 'old page'], ['search.json', 'old index'], [chunk, '{}']]));
    source.patch(new Map([['a/index.html', 'new page']]));
    expect((await source.get('a/index.html'))?.body.toString()).toBe('new page');
    expect((await source.get(chunk))?.body.toString()).toBe('{}');
    let answered: string | undefined;
    const waiting = source.get('search.json').then((entry) => (answered = entry?.body.toString()));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toBeUndefined();
    source.update(new Map([['a/index.html', 'new page'], ['search.json', 'new index']]));
    await waiting;
    expect(answered).toBe('new index');
    // A failed build after a patch ends the wait with the last good build's files.
    source.patch(new Map([['a/index.html', 'newer page']]));
    const kept = source.get('search.json');
    source.settle();
    expect((await kept)?.body.toString()).toBe('new index');
  });

  it('takes back the patches when the build after them failed: the last good build is served whole again', async () => {
    const source = new MemorySource();
    const oldChunk = 'assets/pages/a.0123456789.json';
    const newChunk = 'assets/pages/a.abcdefghij.json';
    source.update(new Map([['a/index.html', 'good page'], [oldChunk, '{"good":1}']]));
    const good = await source.get('a/index.html');
    // Two quick edits before the build: the first one's files are what the build's failure takes back.
    source.patch(new Map([[newChunk, '{"edit":1}'], ['a/index.html', 'edited page']]));
    source.patch(new Map([['a/index.html', 'edited again']]));
    expect((await source.get('a/index.html'))?.body.toString()).toBe('edited again');
    source.settle();
    expect(await source.get('a/index.html')).toBe(good);
    expect((await source.get(oldChunk))?.body.toString()).toBe('{"good":1}');
    expect(await source.get(newChunk)).toBeUndefined();
  });

  it('refuses names that are not plain relative paths', async () => {
    const source = new DiskSource(os.tmpdir());
    for (const name of ['../etc/passwd', '/etc/passwd', 'a/../../b', 'a\\b', 'a\0b', '']) expect(await source.get(name), name).toBeUndefined();
  });
});
