/**
 * Runs one command in a child process and measures its wall time, CPU time
 * and peak RSS.
 *
 * Peak RSS, and why this way: the preferred method is GNU time
 * (`/usr/bin/time -f '%M %U %S' -o FILE cmd`). time forks the command and reads
 * `ru_maxrss` from wait4(): the kernel's own high-water mark of the process,
 * exact, with no sampling and no code injected into the measured process. (It
 * is the peak of the largest single process in the tree, which is what we
 * want: worker threads share the process, so they are included.)
 *
 * Polling /proc/<pid>/status for VmHWM was the other candidate; it is worse:
 * /proc/<pid> disappears the moment the process exits, so the last interval
 * before exit (where a build writes its output and peaks) is never seen, and
 * polling adds load to a 2-core machine being measured.
 *
 * Old GNU time releases reported %M four times too high, and some systems
 * ship a `time` that is not GNU's, so the method is probed once against a
 * process that reports its own getrusage(). When /usr/bin/time is missing or
 * wrong, the fallback preloads a tiny module (`node --import`) that writes
 * `process.resourceUsage().maxRSS` (the same kernel figure) to a file at exit.
 * Both give the process's user + system CPU time as well: on a shared 2-core
 * machine, CPU time says how much work a run did when wall time is noisy.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

export type RssMethod = { kind: 'gnu-time'; binary: string } | { kind: 'preload'; module: string };

export interface Measured {
  wallMs: number;
  /** Peak RSS in KiB, from the method in use. */
  maxRssKiB: number;
  /** User + system CPU time of the process (all its threads), in ms. */
  cpuMs: number;
  exitCode: number;
  stdout: string;
  stderr: string;
}

export interface RunSpec {
  /** Arguments to `node` (script first). */
  nodeArgs: string[];
  cwd: string;
  env?: NodeJS.ProcessEnv;
}

const GNU_TIME = '/usr/bin/time';

/** Picks the RSS method: GNU time if present and it agrees with getrusage, else the preload module. */
export async function detectRssMethod(scratch: string): Promise<RssMethod> {
  const preload = path.join(scratch, 'rss-preload.mjs');
  await writeFile(
    preload,
    [
      "import { writeFileSync } from 'node:fs';",
      'process.on(\'exit\', () => {',
      '  const u = process.resourceUsage();',
      '  writeFileSync(process.env.DOCSBUILD_BENCH_RSS_FILE, `${u.maxRSS} ${u.userCPUTime / 1e6} ${u.systemCPUTime / 1e6}\\n`);',
      '});',
      '',
    ].join('\n'),
  );
  const fallback: RssMethod = { kind: 'preload', module: preload };
  if (!existsSync(GNU_TIME)) return fallback;
  try {
    const probe = await measureNode(
      { kind: 'gnu-time', binary: GNU_TIME },
      {
        nodeArgs: ['-e', 'const b = Buffer.alloc(160 << 20, 1); process.stdout.write(String(process.resourceUsage().maxRSS + b[0] - 1))'],
        cwd: scratch,
      },
    );
    const self = Number(probe.stdout.trim());
    const ratio = probe.maxRssKiB / self;
    if (probe.exitCode === 0 && Number.isFinite(ratio) && ratio > 0.9 && ratio < 1.1) return { kind: 'gnu-time', binary: GNU_TIME };
  } catch {
    // fall through to the preload method
  }
  return fallback;
}

export function describeRssMethod(method: RssMethod): string {
  return method.kind === 'gnu-time'
    ? `ru_maxrss via GNU time (\`${method.binary} -f '%M %U %S'\`), probed against getrusage`
    : 'process.resourceUsage().maxRSS written at exit by a `node --import` preload';
}

/** Runs `node ...args` and measures it; wall time is spawn to exit, seen from this process. */
export async function measureNode(method: RssMethod, spec: RunSpec): Promise<Measured> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'docsbuild-bench-rss-'));
  const rssFile = path.join(scratch, 'rss');
  try {
    const [command, args] =
      method.kind === 'gnu-time'
        ? [method.binary, ['-f', '%M %U %S', '-o', rssFile, process.execPath, ...spec.nodeArgs]]
        : [process.execPath, ['--import', pathToFileURL(method.module).href, ...spec.nodeArgs]];
    const env = { ...process.env, ...spec.env, DOCSBUILD_BENCH_RSS_FILE: rssFile };
    const started = performance.now();
    const { exitCode, stdout, stderr } = await run(command, args, spec.cwd, env);
    const wallMs = performance.now() - started;
    // "maxRSS(KiB) user(s) system(s)". GNU time writes "Command exited with
    // non-zero status N" before the figures when the command fails.
    const lines = (await readFile(rssFile, 'utf8').catch(() => '')).trim().split('\n');
    const [rss, user, system] = (lines[lines.length - 1] ?? '').split(' ').map(Number);
    const maxRssKiB = rss !== undefined && Number.isFinite(rss) ? rss : NaN;
    const cpuMs = user !== undefined && system !== undefined ? (user + system) * 1000 : NaN;
    return { wallMs, maxRssKiB, cpuMs, exitCode, stdout, stderr };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  return new Promise<{ exitCode: number; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.once('error', reject);
    child.once('close', (code, signal) =>
      resolve({
        exitCode: code ?? (signal ? 128 : 1),
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
      }),
    );
  });
}

/** The median; for an even count, the mean of the middle two. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface OutputStats {
  files: number;
  bytes: number;
  chunks: number;
  medianChunkBytes: number;
  /** gzip at zlib's default level (6), what a CDN typically serves. */
  medianChunkGzipBytes: number;
  pagesJsonBytes: number;
}

/** Size of a build's output folder; chunks are the per-page JSON files under assets/pages/. */
export async function outputStats(outDir: string): Promise<OutputStats> {
  const names = (await readdir(outDir, { recursive: true, encoding: 'utf8' })).sort();
  let files = 0;
  let bytes = 0;
  const chunkRaw: number[] = [];
  const chunkGzip: number[] = [];
  for (const name of names) {
    const file = path.join(outDir, name);
    const info = await stat(file);
    if (!info.isFile()) continue;
    files++;
    bytes += info.size;
    if (name.split(path.sep).join('/').startsWith('assets/pages/') && name.endsWith('.json')) {
      const content = await readFile(file);
      chunkRaw.push(content.length);
      chunkGzip.push(gzipSync(content).length);
    }
  }
  const pagesJson = path.join(outDir, 'pages.json');
  return {
    files,
    bytes,
    chunks: chunkRaw.length,
    medianChunkBytes: median(chunkRaw),
    medianChunkGzipBytes: median(chunkGzip),
    pagesJsonBytes: existsSync(pagesJson) ? (await stat(pagesJson)).size : 0,
  };
}
