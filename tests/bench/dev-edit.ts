/**
 * `npm run bench:dev`: edit-to-screen time of `docsbuild dev` on the real
 * site. Copies content/ to a temp folder, starts the dev server, opens a page
 * in Chromium, then edits that page's Markdown several times and measures,
 * for each edit, file write → `update` event in the browser → page updated
 * in the DOM. Writes tests/bench/DEV-EDIT.md. Needs /usr/bin/chromium.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { resolveConfig } from '../../cli/config';
import { startDevServer } from '../../cli/serve/dev';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EDITS = 5;
const PAGE = 'limits/README.md';
const CHROMIUM = '/usr/bin/chromium';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docsbuild-bench-dev-'));
  await cp(path.join(ROOT, 'content'), path.join(dir, 'content'), { recursive: true });
  const rebuilds: number[] = [];
  const server = await startDevServer({
    config: resolveConfig(dir, { config: false, threads: 0, cache: true }),
    host: '127.0.0.1',
    port: 0,
    watchViewer: false,
    // As `docsbuild dev` runs it: the page cache, in this thread.
    log: (text) => {
      const ms = /Rebuilt in (\d+) ms/.exec(text)?.[1];
      if (ms) rebuilds.push(Number(ms));
    },
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'], headless: true });
  const rows: { event: number; screen: number }[] = [];
  try {
    process.stderr.write(`dev server up at ${server.url}\n`);
    const page = await browser.newPage();
    await page.goto(`${server.url}limits/`);
    await page.locator('html[data-viewer="ready"]').waitFor({ state: 'attached' });
    const file = path.join(dir, 'content', PAGE);
    const original = await readFile(file, 'utf8');
    for (let i = 1; i <= EDITS; i++) {
      const marker = `Edit number ${i} from the dev benchmark.`;
      const before = await page.evaluate(() => window.__DOCSBUILD_DEV__?.build ?? 0);
      const written = Date.now();
      await writeFile(file, `${original}\n${marker}\n`);
      await page.waitForFunction((n) => (window.__DOCSBUILD_DEV__?.build ?? 0) > n, before, { timeout: 120_000, polling: 20 });
      const state = await page.evaluate(() => window.__DOCSBUILD_DEV__!);
      if (!(await page.locator('main').innerText()).includes(marker)) throw new Error(`Edit ${i} is not on the page.`);
      rows.push({ event: state.eventAt! - written, screen: state.renderedAt! - written });
      process.stderr.write(`edit ${i}: event ${rows.at(-1)!.event} ms, screen ${rows.at(-1)!.screen} ms\n`);
      await new Promise((r) => setTimeout(r, 300));
    }
  } finally {
    await browser.close();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
  const report = [
    '# docsbuild dev: edit-to-screen on the real site',
    '',
    `\`npm run bench:dev\`: ${EDITS} one-page edits of content/${PAGE} (a copy), Chromium open on that page.`,
    'Times from the file write to the `update` event arriving in the browser, and to the page re-rendered in the DOM.',
    '',
    '| edit | write → event | write → screen | rebuild (server) |',
    '| --- | --- | --- | --- |',
    // rebuilds[0] is the first build, before any edit.
    ...rows.map((r, i) => `| ${i + 1} | ${r.event} ms | ${r.screen} ms | ${rebuilds[i + 1] ?? '?'} ms |`),
    `| **median** | **${median(rows.map((r) => r.event))} ms** | **${median(rows.map((r) => r.screen))} ms** | ${rebuilds.length > 1 ? median(rebuilds.slice(1)) : '?'} ms |`,
    '',
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} at the end.`,
    '',
  ].join('\n');
  process.stdout.write(report);
  await writeFile(path.join(ROOT, 'tests', 'bench', 'DEV-EDIT.md'), report);
}

await main();
