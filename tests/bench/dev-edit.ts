/**
 * `npm run bench:dev`: edit-to-screen time of `docsbuild dev` on the real
 * site and on a generated tree of 10,000 pages. Copies content/ to a temp folder, starts the dev server, opens a page
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
import { generateTree, writeTree } from './generate-tree';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EDITS = 5;
const PAGE = 'limits/README.md';
const CHROMIUM = '/usr/bin/chromium';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
/** The generated tree's size (tests/bench/generate-tree.ts); DOCSBUILD_BENCH_DEV_PAGES=0 measures the real site only. */
const GENERATED_PAGES = Number(process.env.DOCSBUILD_BENCH_DEV_PAGES ?? 10_000);

interface Row {
  event: number;
  screen: number;
  rebuild?: number;
}

interface SiteRun {
  label: string;
  page: string;
  rows: Row[];
  startMs: number;
  load: number[];
}

/** The page's URL path under the base, as VuePress names it: README.md → its folder, x.md → x.html. */
const urlPathOf = (relativePath: string) => relativePath.replace(/(^|\/)README\.md$/, '$1').replace(/\.md$/, '.html');

/** Starts `docsbuild dev` on `dir/content`, opens `page` in Chromium, edits it EDITS times and times each edit to the screen. */
async function measure(label: string, dir: string, page: string, config: Parameters<typeof resolveConfig>[1]): Promise<SiteRun> {
  const rebuilds: number[] = [];
  const started = performance.now();
  const server = await startDevServer({
    config: resolveConfig(dir, config),
    host: '127.0.0.1',
    port: 0,
    watchViewer: false,
    log: (text) => {
      // The server's time to the update event: a quick edit's (its page alone), else the rebuild's.
      const ms = /^(?:Updated|Rebuilt) in (\d+) ms/.exec(text)?.[1];
      if (ms) rebuilds.push(Number(ms));
    },
  });
  const startMs = Math.round(performance.now() - started);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'], headless: true });
  const rows: Row[] = [];
  try {
    process.stderr.write(`${label}: dev server up at ${server.url} in ${startMs} ms\n`);
    const tab = await browser.newPage();
    await tab.goto(`${server.url}${urlPathOf(page)}`);
    await tab.locator('html[data-viewer="ready"]').waitFor({ state: 'attached' });
    const file = path.join(dir, 'content', page);
    const original = await readFile(file, 'utf8');
    for (let i = 1; i <= EDITS; i++) {
      const marker = `Edit number ${i} from the dev benchmark.`;
      const before = await tab.evaluate(() => window.__DOCSBUILD_DEV__?.build ?? 0);
      const rebuildsBefore = rebuilds.length;
      const written = Date.now();
      await writeFile(file, `${original}\n${marker}\n`);
      await tab.waitForFunction((n) => (window.__DOCSBUILD_DEV__?.build ?? 0) > n, before, { timeout: 600_000, polling: 20 });
      const state = await tab.evaluate(() => window.__DOCSBUILD_DEV__!);
      if (!(await tab.locator('main').innerText()).includes(marker)) throw new Error(`Edit ${i} is not on the page.`);
      rows.push({ event: state.eventAt! - written, screen: state.renderedAt! - written, rebuild: rebuilds[rebuildsBefore] });
      process.stderr.write(`${label}, edit ${i}: event ${rows.at(-1)!.event} ms, screen ${rows.at(-1)!.screen} ms\n`);
      await new Promise((r) => setTimeout(r, 300));
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return { label, page, rows, startMs, load: os.loadavg() };
}

function table(run: SiteRun): string[] {
  const rebuilds = run.rows.flatMap((r) => (r.rebuild === undefined ? [] : [r.rebuild]));
  return [
    `## ${run.label}`,
    '',
    `${EDITS} one-page edits of ${run.page} (a copy), Chromium open on that page; the server started (first build) in ${run.startMs} ms.`,
    '',
    '| edit | write → event | write → screen | server (quick edit or rebuild) |',
    '| --- | --- | --- | --- |',
    ...run.rows.map((r, i) => `| ${i + 1} | ${r.event} ms | ${r.screen} ms | ${r.rebuild ?? '?'} ms |`),
    `| **median** | **${median(run.rows.map((r) => r.event))} ms** | **${median(run.rows.map((r) => r.screen))} ms** | ${rebuilds.length > 0 ? median(rebuilds) : '?'} ms |`,
    '',
    `Load average ${run.load.map((l) => l.toFixed(1)).join(' ')} after this run.`,
    '',
  ];
}

async function main(): Promise<void> {
  const runs: SiteRun[] = [];
  const real = await mkdtemp(path.join(os.tmpdir(), 'docsbuild-bench-dev-'));
  try {
    await cp(path.join(ROOT, 'content'), path.join(real, 'content'), { recursive: true });
    // As `docsbuild dev` runs it on a site this size: the page cache, in this thread.
    runs.push(await measure('The real site', real, PAGE, { config: false, threads: 0, cache: true }));
  } finally {
    await rm(real, { recursive: true, force: true });
  }
  if (GENERATED_PAGES > 0) {
    const generated = await mkdtemp(path.join(os.tmpdir(), 'docsbuild-bench-dev-'));
    try {
      const tree = await generateTree({ pages: GENERATED_PAGES });
      await writeTree(path.join(generated, 'content'), tree);
      // A page in the middle of the tree; the first build uses workers (the default), later ones only process what changed.
      const page = tree.pages[Math.floor(tree.pages.length / 2)]!.relativePath;
      runs.push(await measure(`${GENERATED_PAGES.toLocaleString('en')} generated pages`, generated, page, { config: false, cache: true }));
    } finally {
      await rm(generated, { recursive: true, force: true });
    }
  }
  const report = [
    '# docsbuild dev: edit-to-screen',
    '',
    '`npm run bench:dev`: times from the file write to the `update` event arriving in the browser, and to the page re-rendered in the DOM.',
    'Targets (issue 20): 60 ms median on the real site, 100 ms at 10,000 pages.',
    '',
    ...runs.flatMap(table),
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}.`,
    '',
  ].join('\n');
  process.stdout.write(report);
  await writeFile(path.join(ROOT, 'tests', 'bench', 'DEV-EDIT.md'), report);
}

await main();
