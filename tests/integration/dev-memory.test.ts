import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig, type ResolvedConfig } from '../../cli/config';
import { DevEngine } from '../../cli/serve/dev-engine';
import type { SiteUpdate } from '../../cli/serve/changes';
import { startDevServer, type DevServer } from '../../cli/serve/dev';
import { connectSse, type SseClient } from '../helpers/sse';
import { MINIMAL_SITE_YAML, tempSite, type TempSite } from '../helpers/temp-site';

/** Issue 18: a shiki highlighter per rebuild, never disposed, grew the server 7–23 MB an edit until rebuilding stopped. */
const EDITS = 1000;
/** Edits before the baseline is taken: caches, the JIT and the heap settle first. */
const WARM_UP = 100;
const MEASURE_EVERY = 100;

/**
 * Waits for the update (after event `from`) whose chunk of the home page carries edit `i`: a save can be two events (truncate, write),
 * so two updates. The chunk is read as a tab reads it: from the update itself after a quick edit, else fetched. A full build's update
 * can name a chunk the next quick edit has already replaced on the server (the build after edit i-1 finishing as edit i is written):
 * that one is gone, and the update after it carries the edit.
 */
async function editServed(server: DevServer, events: SseClient, from: number, i: number): Promise<void> {
  for (let at = from; ; ) {
    const event = await events.next('update', at, 10_000);
    at = events.events.indexOf(event) + 1;
    const home = (event.data as SiteUpdate).pages.find((p) => p.path === '/');
    if (!home) continue;
    const response = home.content === undefined ? await fetch(`${server.url}${home.chunk}`) : undefined;
    if (response && !response.ok) continue;
    const content = home.content ?? (await response!.text());
    if ((JSON.parse(content) as { html: string }).html.includes(`Edit number ${i}.`)) return;
  }
}

/** A full garbage collection, with or without --expose-gc (the flag can be set at run time; `gc` is then found in a new context). */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

const page = (i: number) => `# Memory\n\nEdit number ${i}.\n\n\`\`\`js\nconst edit = ${i};\n\`\`\`\n`;

describe('docsbuild dev over many edits', () => {
  let site: TempSite;
  let server: DevServer;
  let events: SseClient;
  const logs: string[] = [];

  beforeAll(async () => {
    site = tempSite({ 'site.yaml': MINIMAL_SITE_YAML, 'README.md': page(0), 'other.md': '# Other\n\nSee [the home page](./README.md).\n\n```ts\nconst x: number = 1;\n```\n' });
    // quietMs 0: the full build starts right after each quick edit, and the next edit stops it, as fast typing would.
    server = await startDevServer({ config: resolveConfig(site.root, { config: false }), host: '127.0.0.1', port: 0, log: (t) => logs.push(t), watchViewer: false, debounceMs: 0, quietMs: 0 });
    events = await connectSse(`${server.url}__docsbuild/events`);
  });

  afterAll(async () => {
    events?.close();
    await server?.close();
    site?.remove();
  });

  it(`keeps its memory flat (within 20%) over ${EDITS} edits, and every edit reaches the page`, async () => {
    const file = path.join(site.contentDir, 'README.md');
    // Both what the heap holds (JS objects and Buffers, after a full collection: a leak of ours grows it) and the RSS.
    // The RSS is the coarser guard: the test files share this process (vitest isolate: false), and the allocator keeps
    // pages others freed, so it moved by up to 21% between runs of the whole suite with no leak (alone: under 20%).
    const used = () => {
      const memory = process.memoryUsage();
      return { heap: memory.heapUsed + memory.external, rss: memory.rss };
    };
    let baseline = { heap: 0, rss: 0 };
    let highest = { heap: 0, rss: 0 };
    for (let i = 1; i <= EDITS; i++) {
      const from = events.events.length;
      await writeFile(file, page(i));
      await editServed(server, events, from, i);
      // Measured after a full collection: V8 lets garbage grow its heap up to a limit before it collects, and that is not a leak.
      if (i % MEASURE_EVERY !== 0) continue;
      collectGarbage();
      const now = used();
      if (i === WARM_UP) baseline = now;
      if (i > WARM_UP) highest = { heap: Math.max(highest.heap, now.heap), rss: Math.max(highest.rss, now.rss) };
    }
    expect(logs.filter((l) => l.includes('could not be built'))).toEqual([]);
    expect(highest.heap / baseline.heap).toBeLessThan(1.2);
    expect(highest.rss / baseline.rss).toBeLessThan(1.5);
  }, 180_000);
});

describe('docsbuild dev after a failed rebuild', () => {
  let site: TempSite;
  let server: DevServer;
  let events: SseClient;
  const logs: string[] = [];
  /** Builds to fail, as the leak made them fail: each throws until this is 0. */
  let failing = 0;
  let released = 0;

  beforeAll(async () => {
    site = tempSite({ 'site.yaml': MINIMAL_SITE_YAML, 'README.md': page(0) });
    const real = new DevEngine();
    const engine = {
      build: (config: ResolvedConfig) => (failing-- > 0 ? Promise.reject(new RangeError('Maximum call stack size exceeded')) : real.build(config)),
      release: () => {
        released++;
        real.release();
      },
    };
    server = await startDevServer({ config: resolveConfig(site.root, { config: false }), host: '127.0.0.1', port: 0, log: (t) => logs.push(t), watchViewer: false, debounceMs: 0, engine });
    events = await connectSse(`${server.url}__docsbuild/events`);
  });

  afterAll(async () => {
    events?.close();
    await server?.close();
    site?.remove();
  });

  it('says so every time, frees the highlighter, and the next edit rebuilds', async () => {
    const file = path.join(site.contentDir, 'README.md');
    const waitForLog = async (count: number) => {
      for (let waited = 0; logs.filter((l) => l.includes('could not be built')).length < count; waited += 20) {
        if (waited > 10_000) throw new Error(`No failure logged: ${logs.join('\n')}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    failing = Infinity;
    await writeFile(file, page(1));
    await waitForLog(1);
    await writeFile(file, page(2));
    await waitForLog(2);
    failing = 0;
    // A save can be two events, so two builds: each failure is logged, a repeat with its count.
    const failures = logs.filter((l) => l.includes('could not be built'));
    expect(failures[0]).toBe('The site could not be built: Maximum call stack size exceeded');
    expect(failures[1]).toBe('The site could not be built: Maximum call stack size exceeded (2 times in a row)');
    expect(released).toBeGreaterThanOrEqual(2);
    const from = events.events.length;
    await writeFile(file, page(3));
    await editServed(server, events, from, 3);
  });
});
