/**
 * `npm run bench [-- --pages N | --sizes 500,2000,10000] [--runs N] [--seed S]`
 *
 * For each size: generate a deterministic content tree (tests/bench/trees/,
 * git-ignored), then measure, each in a child process of its own so peak RSS
 * is per run: the parse floor on 1 and 2 threads, `docsbuild check` and
 * `docsbuild build`. Prints a Markdown table and writes tests/bench/RESULTS.md.
 *
 * This file is also the floor's child process (`bench.js floor DIR THREADS`)
 * and its worker threads, so the floor needs no build step of its own.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { parseFiles, runFloorProcess, type FloorReport, type FloorWorkerData } from './floor';
import { DEFAULT_SEED, generateTree, writeTree } from './generate-tree';
import { describeRssMethod, detectRssMethod, measureNode, median, outputStats, type Measured, type RssMethod } from './measure';
import { formatReaderBudgets, measureReaderBudgets, queriesFromTitles, readOutputFolder, type ReaderBudgets } from './reader-budgets';
import { formatReport, RUN_LABELS, type RunName, type SizeResult } from './report';

const ENTRY = new URL(import.meta.url);

if (!isMainThread) {
  const data = workerData as FloorWorkerData;
  if (data.role === 'floor-worker') parentPort!.postMessage(await parseFiles(data.files, data.code));
} else if (process.argv[2] === 'floor') {
  await runFloorProcess(path.resolve(process.argv[3]!), Number(process.argv[4] ?? 1), ENTRY, process.argv[5] === 'code');
} else {
  try {
    await main();
  } catch (error) {
    process.stderr.write(`bench: ${(error as Error).message}\n`);
    process.exitCode = 1;
  }
}

interface Options {
  sizes: number[];
  runs: number;
  seed: string;
  /** Only what readers download: one untimed build per size, nothing written to RESULTS.md. */
  readersOnly: boolean;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      pages: { type: 'string' },
      sizes: { type: 'string' },
      runs: { type: 'string', default: '1' },
      seed: { type: 'string' },
      'readers-only': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write('npm run bench -- [--pages N | --sizes 500,2000,10000] [--runs N] [--seed S] [--readers-only]\n');
    process.exit(0);
  }
  const count = (text: string, what: string) => {
    const n = Number(text.replace(/_/g, ''));
    if (!Number.isInteger(n) || n < 1) throw new Error(`${what} must be a whole number ≥ 1, not "${text}".`);
    return n;
  };
  if (values.pages !== undefined && values.sizes !== undefined) throw new Error('Give --pages or --sizes, not both.');
  const sizes = values.sizes !== undefined ? values.sizes.split(',').map((s) => count(s.trim(), '--sizes')) : [count(values.pages ?? '2000', '--pages')];
  return { sizes, runs: count(values.runs, '--runs'), seed: values.seed ?? DEFAULT_SEED, readersOnly: values['readers-only'] ?? false };
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const { seed } = options;
  const repo = path.resolve(path.dirname(fileURLToPath(ENTRY)), '..');
  const bin = path.join(repo, 'build', 'bin.js');
  const benchJs = fileURLToPath(ENTRY);
  if (!existsSync(bin)) throw new Error(`${path.relative(repo, bin)} is missing: run \`npm run compile\` first.`);
  const work = path.join(repo, 'tests', 'bench', 'trees');
  await mkdir(work, { recursive: true });

  const method = await detectRssMethod(work);
  const log = (text: string) => process.stderr.write(`${text}\n`);
  log(`bench: sizes ${options.sizes.join(', ')}, ${options.runs} run(s), seed "${seed}"; peak RSS via ${method.kind}`);

  // Untimed: loads docsbuild and its dependencies once, so the first timed run
  // does not pay for reading node_modules from a cold disk (an OS cache, not a docsbuild one).
  await measureNode(method, { nodeArgs: [bin, '--version'], cwd: work });
  const cacheDirFlag = (await measureNode(method, { nodeArgs: [bin, 'build', '--help'], cwd: work })).stdout.includes('--cache-dir');

  const loadBefore = os.loadavg()[0]!;
  // The real site's reader budgets, beside the generated trees' (issue 19): sizes only, so one untimed build.
  const siteOut = path.join(work, 'site', 'dist');
  const siteBuild = await measureNode(method, { nodeArgs: [bin, 'build', '--content', path.join(repo, 'content'), '--out', siteOut, '--no-cache'], cwd: repo, env: { NO_COLOR: '1' } });
  if (siteBuild.exitCode !== 0) throw new Error(`the build of content/ exited with ${siteBuild.exitCode}:\n${siteBuild.stderr.slice(0, 4000)}`);
  const readers: (ReaderBudgets & { label: string })[] = [{ label: 'the real site (content/)', ...(await readerBudgetsOf(siteOut)) }];
  log(`real site: reader budgets measured (${readers[0]!.pages} pages)`);
  const results: SizeResult[] = [];
  for (const pages of options.sizes) {
    const sizeDir = path.join(work, String(pages));
    const contentDir = path.join(sizeDir, 'content');
    const outDir = path.join(sizeDir, 'dist');
    const started = performance.now();
    const tree = await generateTree({ pages, seed });
    await writeTree(contentDir, tree);
    log(`\n${pages} pages: tree generated in ${Math.round(performance.now() - started)} ms (${(tree.pageBytes / pages / 1024).toFixed(2)} KiB/page) → ${path.relative(repo, contentDir)}`);
    if (options.readersOnly) {
      await measureRun('build', { method, bin, benchJs, sizeDir, contentDir, outDir, cacheDirFlag, pages });
      readers.push({ label: 'generated tree', ...(await readerBudgetsOf(outDir)) });
      continue;
    }

    const samples: Record<RunName, Measured[]> = { 'floor-1': [], 'floor-2': [], 'floor-2-code': [], check: [], build: [], 'build-warm': [], 'build-edit': [] };
    for (let run = 1; run <= options.runs; run++) {
      // Interleaved, so slow drift of the machine affects every kind of run alike.
      for (const name of Object.keys(samples) as RunName[]) {
        const measured = await measureRun(name, { method, bin, benchJs, sizeDir, contentDir, outDir, cacheDirFlag, pages });
        samples[name].push(measured);
        log(
          `  ${RUN_LABELS[name].padEnd(24)} run ${run}: ${(measured.wallMs / 1000).toFixed(2)} s (cpu ${(measured.cpuMs / 1000).toFixed(2)} s), ${Math.round(pages / (measured.wallMs / 1000))} pages/s, ${(measured.maxRssKiB / 1024).toFixed(0)} MiB`,
        );
      }
    }
    const output = await outputStats(outDir);
    readers.push({ label: 'generated tree', ...(await readerBudgetsOf(outDir)) });
    results.push({
      pages,
      averagePageBytes: tree.pageBytes / pages,
      siteYamlBytes: Buffer.byteLength(tree.files.get('site.yaml') ?? ''),
      runs: Object.fromEntries(
        (Object.keys(samples) as RunName[]).map((name) => [
          name,
          {
            wallMs: median(samples[name].map((m) => m.wallMs)),
            cpuMs: median(samples[name].map((m) => m.cpuMs)),
            maxRssKiB: median(samples[name].map((m) => m.maxRssKiB)),
            samplesMs: samples[name].map((m) => m.wallMs),
          },
        ]),
      ) as SizeResult['runs'],
      output,
    });
  }

  if (options.readersOnly) {
    process.stdout.write(`\n${formatReaderBudgets(readers)}`);
    return;
  }
  const cpus = os.cpus();
  const report = formatReport(
    {
      date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      node: process.version,
      cpus: os.availableParallelism?.() ?? cpus.length,
      cpuModel: cpus[0]?.model.trim() ?? 'unknown',
      memoryGiB: os.totalmem() / 1024 ** 3,
      platform: `${os.type()} ${os.release()} ${os.arch()}`,
      runs: options.runs,
      seed,
      rssMethod: describeRssMethod(method),
      loadBefore,
      loadAfter: os.loadavg()[0]!,
    },
    results,
    readers,
  );
  const resultsFile = path.join(repo, 'tests', 'bench', 'RESULTS.md');
  await writeFile(resultsFile, report);
  process.stdout.write(`\n${report}`);
  log(`bench: wrote ${path.relative(repo, resultsFile)}`);
}

/** Issue 19's budgets of a built folder, with search queries drawn from its own page titles. */
async function readerBudgetsOf(outDir: string): Promise<ReaderBudgets> {
  const files = await readOutputFolder(outDir);
  const manifest = JSON.parse(Buffer.from(files.get('pages.json')!).toString('utf8')) as { pages: { title: string }[] };
  return measureReaderBudgets(files, queriesFromTitles(manifest.pages.map((page) => page.title)));
}

interface RunContext {
  method: RssMethod;
  bin: string;
  benchJs: string;
  sizeDir: string;
  contentDir: string;
  outDir: string;
  cacheDirFlag: boolean;
  pages: number;
}

/** One measured run; throws when the run fails or did not do all of its work. */
async function measureRun(name: RunName, ctx: RunContext): Promise<Measured> {
  const content = path.relative(ctx.sizeDir, ctx.contentDir);
  if (name === 'floor-1' || name === 'floor-2' || name === 'floor-2-code') {
    const threads = name === 'floor-1' ? 1 : 2;
    const code = name === 'floor-2-code' ? ['code'] : [];
    const measured = await measureNode(ctx.method, { nodeArgs: [ctx.benchJs, 'floor', ctx.contentDir, String(threads), ...code], cwd: ctx.sizeDir });
    const line = measured.stdout.trim().split('\n').pop() ?? '';
    const report = JSON.parse(line || '{}') as Partial<FloorReport>;
    if (measured.exitCode !== 0 || report.pages !== ctx.pages || (name === 'floor-2-code' && !report.highlighted)) {
      throw new Error(`the ${RUN_LABELS[name]} run failed (exit ${measured.exitCode}, ${report.pages} pages):\n${measured.stderr}`);
    }
    // The floor's own getrusage figure, per the method above (GNU time's, when used, agrees with it).
    return { ...measured, maxRssKiB: report.maxRssKiB ?? measured.maxRssKiB };
  }

  // Cold runs (check, build) start with an empty --cache-dir and no default
  // cache under the run's folder (the cwd, which only the bench uses). The
  // warm run reuses the cache the cold build just filled, changing nothing;
  // the edit run first appends a paragraph to one page (restored after).
  const warm = name === 'build-warm' || name === 'build-edit';
  const cacheDir = path.join(ctx.sizeDir, 'cache-cold');
  const extra: string[] = [];
  if (!warm) await rm(path.join(ctx.sizeDir, 'node_modules', '.cache'), { recursive: true, force: true });
  if (ctx.cacheDirFlag) {
    if (!warm) await rm(cacheDir, { recursive: true, force: true });
    extra.push('--cache-dir', path.relative(ctx.sizeDir, cacheDir));
  }
  if (name === 'build') await rm(ctx.outDir, { recursive: true, force: true });
  const args =
    name === 'check'
      ? [ctx.bin, 'check', '--content', content, ...extra]
      : [ctx.bin, 'build', '--content', content, '--out', path.relative(ctx.sizeDir, ctx.outDir), ...extra];
  const edited = path.join(ctx.contentDir, 'README.md');
  const original = name === 'build-edit' ? await readFile(edited, 'utf8') : undefined;
  if (original !== undefined) await writeFile(edited, `${original}\nOne more paragraph, edited for the benchmark.\n`);
  // cwd is the size's own folder, so no docsbuild.config.json of the repo applies.
  const measured = await measureNode(ctx.method, { nodeArgs: args, cwd: ctx.sizeDir, env: { NO_COLOR: '1' } }).finally(async () => {
    if (original !== undefined) await writeFile(edited, original);
  });
  if (measured.exitCode !== 0) {
    throw new Error(`\`docsbuild ${name}\` exited with ${measured.exitCode} on the generated tree:\n${measured.stderr.slice(0, 4000)}`);
  }
  if (!/No problems in/.test(measured.stderr) && name === 'check') {
    process.stderr.write(`  note: check reported diagnostics on the generated tree: ${measured.stderr.trim().split('\n').pop()}\n`);
  }
  if (name !== 'check') {
    const manifest = JSON.parse(await readFile(path.join(ctx.outDir, 'pages.json'), 'utf8')) as { pages: unknown[] };
    if (manifest.pages.length !== ctx.pages) throw new Error(`build wrote ${manifest.pages.length} pages, not ${ctx.pages}.`);
  }
  return measured;
}
