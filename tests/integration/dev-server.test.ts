import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../cli/config';
import { startDevServer, type DevServer, type DiagnosticsEvent } from '../../cli/serve/dev';
import type { SiteUpdate } from '../../cli/serve/changes';
import { connectSse, type SseClient } from '../helpers/sse';

const FIXTURE = path.resolve(__dirname, '../fixtures/viewer-site');

describe('docsbuild dev', () => {
  let dir: string;
  let server: DevServer;
  let events: SseClient;
  const logs: string[] = [];
  const page = () => path.join(dir, 'content/limits/README.md');

  beforeAll(async () => {
    // A temp copy: the test edits content files.
    dir = await mkdtemp(path.join(os.tmpdir(), 'docsbuild-dev-'));
    await cp(path.join(FIXTURE, 'content'), path.join(dir, 'content'), { recursive: true });
    const config = resolveConfig(dir, { config: false });
    // viewer/ is not watched: other work on it must not trigger rebuilds here.
    server = await startDevServer({ config, host: '127.0.0.1', port: 0, log: (t) => logs.push(t), watchViewer: false, debounceMs: 20 });
    events = await connectSse(`${server.url}__docsbuild/events`);
  });

  afterAll(async () => {
    events?.close();
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('binds where told: 127.0.0.1, a free port', () => {
    const address = server.server.address();
    expect(address).toMatchObject({ address: '127.0.0.1', family: 'IPv4' });
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/docs\/$/);
  });

  it('serves a page with the dev client instead of the production script, and no dev client in the build', async () => {
    const response = await fetch(`${server.url}limits/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('HTTP payload size');
    const script = /<script type="module" src="(\/docs\/assets\/main\.[A-Z0-9]+\.js)"><\/script>/.exec(html)?.[1];
    expect(script).toBeDefined();
    const code = await (await fetch(new URL(script!, server.url))).text();
    expect(code).toContain('__docsbuild/events');
    expect((await fetch(`${server.url}nope/`)).status).toBe(404);
  });

  it('greets a new client with the current diagnostics', async () => {
    const hello = await events.next('hello', 0);
    expect(hello.data).toMatchObject({ build: 1 });
    const diagnostics = (await events.next('diagnostics', 0)).data as DiagnosticsEvent;
    expect(diagnostics.diagnostics).toEqual([]);
  });

  it('sends an update with the changed page and its new chunk when a content file changes', async () => {
    const from = events.events.length;
    const text = await readFile(page(), 'utf8');
    await writeFile(page(), text.replace('## Memory', 'A line written by the dev server test.\n\n## Memory'));
    const update = (await events.next('update', from)).data as SiteUpdate;
    expect(update.pages).toHaveLength(1);
    expect(update.pages[0]!.path).toBe('/limits/');
    expect(update.site).toBe(false);
    expect(update.reload).toBe(false);
    // Text only: the quick path, with the chunk in the event, before the site-wide files.
    expect(update.quick).toBe(true);
    const served = await (await fetch(`${server.url}${update.pages[0]!.chunk}`)).text();
    expect(served).toBe(update.pages[0]!.content);
    const chunk = JSON.parse(served) as { html: string };
    expect(chunk.html).toContain('A line written by the dev server test.');
    // A site-wide file asked for at once waits for the build after the quick edit: never the text before it.
    expect(await (await fetch(`${server.url}llms-full.txt`)).text()).toContain('A line written by the dev server test.');
    expect(logs.some((l) => /^Updated in \d+ ms: 1 page\(s\) changed/.test(l))).toBe(true);
    const manifest = (await (await fetch(`${server.url}pages.json`)).json()) as { pages: { path: string; chunk: string }[] };
    expect(manifest.pages.find((p) => p.path === '/limits/')?.chunk).toBe(update.pages[0]!.chunk);
  });

  it('reports a broken edit as a diagnostics event, keeps serving the last good build, and clears it once fixed', async () => {
    let from = events.events.length;
    const good = await readFile(page(), 'utf8');
    await writeFile(page(), good.replace('## Memory', 'See [the missing page](/no-such-page/).\n\n## Memory'));
    const broken = (await events.next('diagnostics', from)).data as DiagnosticsEvent;
    expect(broken.diagnostics.map((d) => [d.code, d.file])).toEqual([['link/dead', 'content/limits/README.md']]);
    expect(broken.text).toContain('content/limits/README.md:');
    expect(logs.join('\n')).toContain('link/dead');
    expect((await fetch(`${server.url}limits/`)).status).toBe(200);

    from = events.events.length;
    await writeFile(page(), good);
    const fixed = (await events.next('diagnostics', from)).data as DiagnosticsEvent;
    expect(fixed).toEqual({ diagnostics: [], text: '' });
  });

  it('renders a page again when a file it includes changes, outside the content folder too', async () => {
    await mkdir(path.join(dir, 'shared'), { recursive: true });
    const part = path.join(dir, 'shared', 'note.md');
    await writeFile(part, 'First included wording.\n');
    let from = events.events.length;
    const text = await readFile(page(), 'utf8');
    await writeFile(page(), text.replace('## Memory', '<!--@include: @/shared/note.md-->\n\n## Memory'));
    let update = (await events.next('update', from)).data as SiteUpdate;
    expect(update.pages.map((p) => p.path)).toEqual(['/limits/']);

    from = events.events.length;
    await writeFile(part, 'Second included wording.\n');
    update = (await events.next('update', from)).data as SiteUpdate;
    expect(update.pages.map((p) => p.path)).toEqual(['/limits/']);
    const chunk = (await (await fetch(`${server.url}${update.pages[0]!.chunk}`)).json()) as { html: string };
    expect(chunk.html).toContain('Second included wording.');
    await writeFile(page(), text);
  });

  it('sends site: true when site.yaml changes (nav and sidebar)', async () => {
    const from = events.events.length;
    const file = path.join(dir, 'content/site.yaml');
    const yaml = await readFile(file, 'utf8');
    await writeFile(file, yaml.replace('  - text: Guides\n', '  - text: All guides\n'));
    const update = (await events.next('update', from)).data as SiteUpdate;
    expect(update.site).toBe(true);
    const manifest = (await (await fetch(`${server.url}pages.json`)).json()) as { site: { nav: { text: string }[] } };
    expect(manifest.site.nav.map((n) => n.text)).toContain('All guides');
    // Page HTML is made when asked for (DevOutput's deferred files): asked for now, it shows the new nav, with the dev client.
    const html = await (await fetch(`${server.url}limits/`)).text();
    expect(html).toContain('All guides');
    expect(html).toMatch(/<script type="module" src="\/docs\/assets\/main\.[A-Z0-9]+\.js"><\/script>/);
  });
});

describe('docsbuild dev on content that does not build yet', () => {
  it('serves a waiting page with the diagnostics, then the site once it builds', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docsbuild-dev-broken-'));
    let server: DevServer | undefined;
    let events: SseClient | undefined;
    try {
      await cp(path.join(FIXTURE, 'content'), path.join(dir, 'content'), { recursive: true });
      const page = path.join(dir, 'content/limits/README.md');
      const good = await readFile(page, 'utf8');
      await writeFile(page, `${good}\n[dead](/no-such-page/)\n`);
      server = await startDevServer({ config: resolveConfig(dir, { config: false }), host: '127.0.0.1', port: 0, log: () => undefined, watchViewer: false, debounceMs: 20 });
      const waiting = await fetch(`${server.url}docs/limits/`);
      expect(waiting.status).toBe(503);
      expect(await waiting.text()).toContain('/__docsbuild/waiting.js');
      events = await connectSse(`${server.origin}/__docsbuild/events`);
      const diagnostics = (await events.next('diagnostics', 0)).data as DiagnosticsEvent;
      expect(diagnostics.diagnostics.map((d) => d.code)).toEqual(['link/dead']);

      const from = events.events.length;
      await writeFile(page, good);
      expect(((await events.next('update', from)).data as SiteUpdate).build).toBe(1);
      expect((await fetch(`${server.url}limits/`)).status).toBe(200);
    } finally {
      events?.close();
      await server?.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
