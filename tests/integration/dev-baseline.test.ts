import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../cli/build';
import { resolveConfig } from '../../cli/config';
import { baselineOf, serializeBaseline } from '../../cli/diagnostics/baseline';
import { startDevServer, type DevServer, type DiagnosticsEvent } from '../../cli/serve/dev';
import { connectSse, type SseClient } from '../helpers/sse';

const FIXTURE = path.resolve(__dirname, '../fixtures/viewer-site');

describe('docsbuild dev --baseline', () => {
  let dir: string;
  let server: DevServer;
  let events: SseClient;
  const logs: string[] = [];
  const page = () => path.join(dir, 'content/limits/README.md');

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'docsbuild-dev-baseline-'));
    await cp(path.join(FIXTURE, 'content'), path.join(dir, 'content'), { recursive: true });
    const good = await readFile(page(), 'utf8');
    await writeFile(page(), good.replace('## Memory', 'See [the old page](/old-page/).\n\n## Memory'));
    const known = baselineOf((await build(resolveConfig(dir, { config: false }), { mode: 'check' })).diagnostics);
    await writeFile(path.join(dir, 'known.json'), serializeBaseline(known));
    const config = resolveConfig(dir, { config: false, baseline: 'known.json' });
    server = await startDevServer({ config, host: '127.0.0.1', port: 0, log: (t) => logs.push(t), watchViewer: false, debounceMs: 20 });
    events = await connectSse(`${server.url}__docsbuild/events`);
  });

  afterAll(async () => {
    events?.close();
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves a site whose only error is baselined, with no overlay, and counts it in the terminal', async () => {
    const diagnostics = (await events.next('diagnostics', 0)).data as DiagnosticsEvent;
    expect(diagnostics).toEqual({ diagnostics: [], text: '' });
    const response = await fetch(`${server.url}limits/`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<span title="Broken link: /old-page/">the old page</span>');
    expect(logs).toContain('1 known problem in 1 file, see known.json.');
  });

  it('shows a new problem, and only that one', async () => {
    const from = events.events.length;
    const text = await readFile(page(), 'utf8');
    await writeFile(page(), text.replace('## Memory', 'And [a new one](/new-page/).\n\n## Memory'));
    const broken = (await events.next('diagnostics', from)).data as DiagnosticsEvent;
    expect(broken.diagnostics.map((d) => [d.code, d.message])).toEqual([['link/dead', 'Link "/new-page/" points to no page.']]);
    expect(broken.text).not.toContain('Link "/old-page/"');
  });
});
