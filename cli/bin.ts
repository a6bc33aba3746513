import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { Command, InvalidArgumentError, Option } from 'commander';
import { build, buildIntoFolder, type BuildResult } from './build';
import { migrate } from './migrate';
import { DEFAULT_CACHE_DIR, resolveConfig, type ConfigFlags, type ResolvedConfig } from './config';
import { baselineOf, DEFAULT_BASELINE_FILE, matchBaseline, serializeBaseline } from './diagnostics/baseline';
import { countBySeverity } from './diagnostics/diagnostic';
import { formatBaseline, formatGithub, formatJson, formatSummary, formatText, type OutputFormat } from './diagnostics/format';
import { DEFAULT_DEV_PORT, DEFAULT_HOST, DEFAULT_PREVIEW_PORT, parsePort, runDev, runPreview, type ServeFlags } from './serve/commands';
import { createStageTimer } from './support/timings';
import { environmentProblem, UsageError } from './support/errors';
import { terminalLines } from './diagnostics/terminal-text';
import { formatSizes } from './output/sizes';
import { DEFAULT_INIT_DIR, runInit, type InitFlags } from './init/command';

/** Exit codes: 0 clean, 1 content errors (or too many warnings), 2 usage or config errors, 3 internal error. */
const EXIT = { ok: 0, content: 1, usage: 2, internal: 3 } as const;

interface CommonFlags extends ConfigFlags {
  format: OutputFormat;
  strict?: boolean;
  maxWarnings?: number;
  color?: boolean;
}

const program = new Command('docsbuild')
  .description('Build and check a documentation site from Markdown pages and content/site.yaml.')
  .version(readVersion(), '-v, --version')
  .showHelpAfterError()
  .exitOverride();

const common = (cmd: Command) =>
  cmd
    .option('--content <dir>', 'folder of Markdown pages and site.yaml', undefined)
    .option('--config <file>', 'docsbuild.config.json to read')
    .addOption(new Option('--format <format>', 'diagnostics format').choices(['text', 'json', 'github']).default('text'))
    .option('--strict', 'treat warnings, and baselined problems that are fixed, as errors')
    .option('--max-warnings <n>', 'fail when there are more than n warnings', parseCount)
    .option('--no-color', 'never colour the output')
    .option('--previous <pages.json>', 'a pages.json published before: fail if any of its paths is now no page and no redirect')
    .option('--allow-external-redirects', 'allow redirects to other sites')
    .option('--baseline <file>', `known problems that do not fail the run (default: ${DEFAULT_BASELINE_FILE}, if it exists)`)
    .option('--threads <n>', 'worker threads for the per-page stages (default: one per core; 0: none)', parseCount)
    .option('--cache-dir <dir>', `page cache folder (default: ${DEFAULT_CACHE_DIR})`)
    .option('--no-cache', 'neither read nor write the page cache');

common(program.command('check').description('check every page, link, anchor, redirect and constant; write nothing'))
  .option('--update-baseline', 'write every current problem that may be baselined to the baseline file')
  .action((flags: CommonFlags) => run('check', flags));
program
  .command('migrate')
  .description('write content/site.yaml from a VuePress 1 tree\'s .vuepress/config (once), and list what docsbuild renders differently')
  .option('--content <dir>', 'content folder (default: content)')
  .action((flags: { content?: string }) => runMigrate(flags));
common(program.command('build').description('build the site into the output folder'))
  .option('--out <dir>', 'output folder (default: dist)')
  .action((flags: CommonFlags) => run('build', flags));
program
  .command('dev')
  .description('build in memory, serve under the base, rebuild on every change and update open browsers')
  .option('--content <dir>', 'folder of Markdown pages and site.yaml')
  .option('--config <file>', 'docsbuild.config.json to read')
  .option('--port <n>', 'port to listen on (0: any free port)', parsePort, DEFAULT_DEV_PORT)
  .option('--host <address>', 'address to bind', DEFAULT_HOST)
  .option('--no-color', 'never colour the output')
  .option('--baseline <file>', `known problems that do not stop a rebuild (default: ${DEFAULT_BASELINE_FILE}, if it exists)`)
  .action((flags: ServeFlags) => runDev(flags));
program
  .command('preview')
  .description('serve the built output folder as a static host would')
  .option('--out <dir>', 'output folder to serve (default: dist)')
  .option('--config <file>', 'docsbuild.config.json to read')
  .option('--port <n>', 'port to listen on (0: any free port)', parsePort, DEFAULT_PREVIEW_PORT)
  .option('--host <address>', 'address to bind', DEFAULT_HOST)
  .action((flags: ServeFlags) => runPreview(flags));

program
  .command('init')
  .description('start a new site: pages, site.yaml, a CI workflow and package.json scripts; never overwrites a file')
  .argument('[dir]', 'folder for the pages, inside the current folder', DEFAULT_INIT_DIR)
  .option('--title <title>', 'the site title (asked on a terminal when not given)')
  .option('--base <path>', 'the path the site is served under, such as /docs/ (asked on a terminal when not given; default /)')
  .action((dir: string, flags: InitFlags) => init(dir, flags));

async function run(mode: 'check' | 'build', flags: CommonFlags): Promise<void> {
  const started = performance.now();
  // commander's --no-cache makes `cache` true unless the flag is given: the CLI caches, the library only when asked.
  const config = resolveConfig(process.cwd(), { ...flags, cache: flags.cache !== false });
  const timer = createStageTimer(config.timings);
  for (const notice of config.notices) process.stderr.write(`note: ${notice}\n`);
  // A build goes into the output folder, which it locks first (a second build fails before doing any work), and does nothing when nothing changed.
  const run = mode === 'build' ? await buildIntoFolder(config, { timer }) : undefined;
  let result = run ? run.result : await build(config, { timer, mode });
  if (flags.updateBaseline) result = updateBaseline(config, result, flags);
  const failed = report(result, flags);
  if (failed) {
    await run?.abort();
    process.exitCode = EXIT.content;
    if (mode === 'build' && flags.format === 'text') process.stderr.write(`Build failed: ${path.relative(process.cwd(), config.outDir) || '.'} left as it was.\n`);
    return;
  }
  if (run) {
    await run.commit();
    timer.lap('write output');
    for (const left of run.output.leftovers) {
      process.stderr.write(`note: ${path.relative(process.cwd(), left)} is an earlier output docsbuild could not remove (read-only files in it): remove it by hand.\n`);
    }
    if (flags.format === 'text') {
      const ms = Math.round(performance.now() - started);
      process.stderr.write(`Built ${result.pageCount} pages into ${path.relative(process.cwd(), config.outDir)}/ (${result.fileCount} files) in ${ms} ms.\n`);
      if (result.sizes) process.stderr.write(`${formatSizes(result.sizes)}\n`);
    }
  }
  if (config.timings) {
    const pages = `  pages: ${result.pageCount}, from the cache ${result.pagesFromCache}, bodies read ${result.bodiesRead}${result.codeBlocksReused ? `, code blocks reused ${result.codeBlocksReused}` : ''}${run?.upToDate ? ' (up to date: nothing read or written)' : ''}`;
    process.stderr.write(`Timings:\n${timer.report()}\n${pages}\n`);
  }
}

/** `docsbuild migrate`: writes site.yaml (never over one), prints what was not carried over and what renders differently. */
async function runMigrate(flags: { content?: string }): Promise<void> {
  const config = resolveConfig(process.cwd(), { content: flags.content, config: false });
  const result = await migrate(config);
  if (result.refused) {
    process.stderr.write(`${result.refused}\n`);
    process.exitCode = EXIT.usage;
    return;
  }
  const text = formatText(result.diagnostics, { color: process.stderr.isTTY === true && !process.env.NO_COLOR, getSource: readSource });
  if (text !== '') process.stderr.write(`${text}\n\n`);
  if (result.yaml === undefined) {
    process.exitCode = EXIT.content;
    return;
  }
  // "wx": never over a site.yaml that appeared since the check.
  writeFileSync(result.file, result.yaml, { flag: 'wx' });
  const where = path.relative(process.cwd(), result.file);
  const lines = [
    `Wrote ${where}${result.redirects > 0 ? ` with ${result.redirects} redirect(s) from .vuepress/redirects and .vuepress/enhanceApp.js` : ''}.`,
    ...(result.notCarried.length > 0 ? [`${result.notCarried.length} setting(s) not carried over: see the comments at the top of ${where}.`] : []),
    `${result.diagnostics.length} place(s) in the tree that docsbuild renders differently (listed above).`,
  ];
  process.stderr.write(`${lines.join('\n')}\n`);
}

/**
 * `--update-baseline`: writes every current problem that may be baselined
 * (never one of a code that stays an error) to the baseline file, sorted,
 * and reports the run as the next one will see it: all of them known.
 */
function updateBaseline(config: ResolvedConfig, result: BuildResult, flags: CommonFlags): BuildResult {
  const baseline = baselineOf(result.diagnostics);
  // Beside the file, then renamed over it: an interrupted run never leaves half a baseline.
  const temporary = `${config.baseline.path}.tmp-${process.pid}`;
  writeFileSync(temporary, serializeBaseline(baseline));
  renameSync(temporary, config.baseline.path);
  const match = matchBaseline(result.diagnostics, baseline);
  if (flags.format === 'text') process.stderr.write(`Wrote ${config.baseline.file}.\n`);
  return { ...result, diagnostics: match.diagnostics, baseline: { file: config.baseline.file, known: match.known, files: match.files, stale: [] } };
}

/** Prints the diagnostics once, in the chosen format; returns whether the run fails. */
function report(result: BuildResult, flags: CommonFlags): boolean {
  const { errors, warnings } = countBySeverity(result.diagnostics);
  const tooManyWarnings = flags.maxWarnings !== undefined && warnings > flags.maxWarnings;
  const stale = result.baseline?.stale.length ?? 0;
  const failed = errors > 0 || (flags.strict === true && (warnings > 0 || stale > 0)) || tooManyWarnings;
  const baselineLines = formatBaseline(result.baseline, { strict: flags.strict });
  if (flags.format === 'json') {
    process.stdout.write(`${formatJson(result.diagnostics, result.pageCount, result.baseline)}\n`);
    return failed;
  }
  if (flags.format === 'github') {
    const annotations = formatGithub(result.diagnostics);
    if (annotations !== '') process.stdout.write(`${annotations}\n`);
    process.stdout.write(`${[formatSummary(result.diagnostics, result.pageCount), ...baselineLines].join('\n')}\n`);
    return failed;
  }
  const color = flags.color !== false && process.stderr.isTTY === true && !process.env.NO_COLOR;
  const text = formatText(result.diagnostics, { color, getSource: readSource });
  if (text !== '') process.stderr.write(`${text}\n\n`);
  let summary = formatSummary(result.diagnostics, result.pageCount);
  if (tooManyWarnings) summary += ` More than --max-warnings ${flags.maxWarnings}.`;
  process.stderr.write(`${[summary, ...baselineLines].join('\n')}\n`);
  return failed;
}

/** `docsbuild init`: asks on a terminal only; piped or in CI it takes the flags and defaults. */
async function init(dir: string, flags: InitFlags): Promise<void> {
  const interactive = process.stdin.isTTY === true && process.stderr.isTTY === true;
  const prompt = interactive ? createInterface({ input: process.stdin, output: process.stderr }) : undefined;
  try {
    await runInit(dir, flags, {
      cwd: process.cwd(),
      ask: prompt && ((question) => prompt.question(question)),
      log: (line) => process.stderr.write(`${line}\n`),
      version: readVersion(),
    });
  } finally {
    prompt?.close();
  }
}

function readSource(file: string): string | undefined {
  try {
    return readFileSync(path.resolve(process.cwd(), file), 'utf8');
  } catch {
    return undefined;
  }
}

function parseCount(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('must be a whole number, 0 or more.');
  return n;
}

function readVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    return pkg.version;
  } catch {
    return '0.0.0';
  }
}

async function main(): Promise<void> {
  try {
    await program.parseAsync(process.argv);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'commander.helpDisplayed' || code === 'commander.version' || code === 'commander.help') {
      process.exitCode = EXIT.ok;
    } else if (code?.startsWith('commander.')) {
      process.exitCode = EXIT.usage;
    } else if (error instanceof UsageError) {
      process.stderr.write(`${terminalLines(error.message)}\n`);
      process.exitCode = EXIT.usage;
    } else if (environmentProblem(error)) {
      // The machine, not the content and not docsbuild: say what to fix, exit 2.
      process.stderr.write(`${terminalLines(environmentProblem(error)!)}\n`);
      process.exitCode = EXIT.usage;
    } else {
      // A bug in docsbuild, not in the content: say so briefly; the stack only on request.
      process.stderr.write(`docsbuild: internal error: ${terminalLines((error as Error).message)}\n`);
      if (process.env.DOCSBUILD_DEBUG) process.stderr.write(`${(error as Error).stack}\n`);
      else process.stderr.write('Set DOCSBUILD_DEBUG=1 for details, and please report it.\n');
      process.exitCode = EXIT.internal;
    }
  }
}

await main();
