/**
 * Where a quick edit's time goes in the dev server, without a browser: a
 * generated tree (kept in DOCSBUILD_PROFILE_DIR between runs, so a second
 * run's first build reads the page cache), the dev server started on it,
 * then DOCSBUILD_PROFILE_EDITS edits of one page's text, each timed from
 * the write to the server's "Updated" line, with the garbage collections
 * that ran during it. DOCSBUILD_PROFILE_CPU=file writes a CPU profile of
 * the edits only. Not part of `npm test`: a tool for measuring.
 *
 *   esbuild tests/bench/dev-profile.ts --bundle --platform=node --format=esm --packages=external --outfile=build/dev-profile.js
 *   NODE_ENV=production node build/dev-profile.js
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { resolveConfig } from '../../cli/config';
import { startDevServer } from '../../cli/serve/dev';
import { timedDevEngine } from './timed-engine';
import { generateTree, writeTree } from './generate-tree';

const PAGES = Number(process.env.DOCSBUILD_PROFILE_PAGES ?? 10_000);
const DIR = process.env.DOCSBUILD_PROFILE_DIR ?? path.join(os.tmpdir(), `docsbuild-profile-${PAGES}`);
const EDITS = Number(process.env.DOCSBUILD_PROFILE_EDITS ?? 20);
const KIND = process.env.DOCSBUILD_PROFILE_KIND ?? 'text';
const CPU = process.env.DOCSBUILD_PROFILE_CPU;
/** Wait after each edit: less than the server's quiet time keeps the full build from running between edits, as a writer typing does. */
const GAP_MS = Number(process.env.DOCSBUILD_PROFILE_GAP ?? 300);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function main(): Promise<void> {
  const content = path.join(DIR, 'content');
  const tree = await generateTree({ pages: PAGES });
  if (!existsSync(path.join(content, 'site.yaml'))) await writeTree(content, tree);
  // KIND nav: site.yaml's first top-nav entry renamed (every page's HTML shows the nav); else one page's text or heading.
  const page = KIND === 'nav' ? 'site.yaml' : tree.pages[Math.floor(tree.pages.length / 2)]!.relativePath;
  const file = path.join(content, page);
  const original = await readFile(file, 'utf8');

  let waiting: ((line: string) => void) | undefined;
  /** The full builds' times: with a gap longer than the server's quiet time, one follows each edit (and logs nothing when the quick edit showed all). */
  const rebuilt: number[] = [];
  const engine = timedDevEngine(({ ms }) => rebuilt.push(Math.round(ms)));
  const started = performance.now();
  const server = await startDevServer({
    config: resolveConfig(DIR, { config: false, cache: true }),
    host: '127.0.0.1',
    port: 0,
    watchViewer: false,
    engine,
    log: (text) => {
      if (/^(?:Updated|Rebuilt) in/.test(text)) waiting?.(text);
    },
  });
  process.stderr.write(`server up in ${Math.round(performance.now() - started)} ms; heap ${mb(process.memoryUsage().heapUsed)} MB\n`);
  // Let the warm-up and any collection from the first build finish.
  await new Promise((r) => setTimeout(r, 3000));

  const gcs: { at: number; ms: number; kind: number }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) gcs.push({ at: e.startTime, ms: e.duration, kind: (e as unknown as { detail?: { kind: number } }).detail?.kind ?? 0 });
  });
  observer.observe({ entryTypes: ['gc'] });
  const session = CPU ? new Session() : undefined;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 200 });
    await session.post('Profiler.start');
  }
  const rows: { wall: number; server: number; gcMs: number; majors: number }[] = [];
  try {
    for (let i = 1; i <= EDITS; i++) {
      const text =
        KIND === 'nav'
          ? original.slice(0, original.indexOf('\nnav:')) + original.slice(original.indexOf('\nnav:')).replace(/text: ("?)[^",}\n]+\1/, `text: Renamed ${i}`)
          : KIND === 'heading'
            ? original.replace(/^## (.*)$/m, `## Renamed heading ${i}`)
            : `${original}\nEdit number ${i} from the profile.\n`;
      const line = new Promise<string>((resolve) => (waiting = resolve));
      const marks: [string, number][] = ((globalThis as { __qt?: [string, number][] }).__qt = []);
      const from = performance.now();
      await writeFile(file, text);
      const said = await line;
      const to = performance.now();
      const during = gcs.filter((g) => g.at >= from && g.at <= to);
      rows.push({ wall: to - from, server: Number(/in (\d+) ms/.exec(said)?.[1]), gcMs: during.reduce((s, g) => s + g.ms, 0), majors: during.filter((g) => g.kind === 4).length });
      // Marks a build may leave in globalThis.__qt (added by hand while profiling), as times since the write.
      if (marks.length > 0) process.stderr.write(`  ${marks.map(([label, at]) => `${label} ${(at - from).toFixed(1)}`).join(', ')}\n`);
      process.stderr.write(`edit ${i}: ${Math.round(to - from)} ms (${said.slice(0, 60)}); gc ${rows.at(-1)!.gcMs.toFixed(1)} ms, majors ${rows.at(-1)!.majors}; heap ${mb(process.memoryUsage().heapUsed)} MB\n`);
      await new Promise((r) => setTimeout(r, GAP_MS));
    }
  } finally {
    if (session) {
      const { profile } = await session.post('Profiler.stop');
      await writeFile(CPU!, JSON.stringify(profile));
      session.disconnect();
    }
    observer.disconnect();
    await writeFile(file, original);
    await server.close();
  }
  const load = os.loadavg().map((l) => l.toFixed(1)).join(' ');
  process.stdout.write(
    `${PAGES} pages, ${KIND} edits: median ${median(rows.map((r) => r.wall)).toFixed(0)} ms write → Updated, server ${median(rows.map((r) => r.server))} ms, gc ${median(rows.map((r) => r.gcMs)).toFixed(1)} ms; ` +
      `full builds after them ${rebuilt.slice(1).join(', ') || 'none'} ms; load ${load}\n`,
  );
}

const mb = (bytes: number) => Math.round(bytes / 1e6);

await main();
