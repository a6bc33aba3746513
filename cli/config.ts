import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { Baseline } from '../schema/baseline';
import { DocsearchApiKey } from '../schema/site-config';
import { DEFAULT_BASELINE_FILE, parseBaseline } from './diagnostics/baseline';
import type { SummariseOptions } from './page/summarise';
import { DEFAULT_PAGE_BUDGET, type PageBudget } from './page/too-complex';
import { UsageError } from './support/errors';
import { installedPackages, packageDirOf } from './support/installed-packages';

/** What `docsbuild.config.json` may set. Flags override it. */
const ToolConfigSchema = z.strictObject({
  /** Folder of Markdown pages and site.yaml. */
  content: z.string().min(1).optional(),
  /** Folder the build writes. */
  out: z.string().min(1).optional(),
});
export type ToolConfig = z.infer<typeof ToolConfigSchema>;

export interface ConfigFlags {
  content?: string;
  out?: string;
  /** Path of a config file, or false to ignore any. */
  config?: string | false;
  /** A pages.json published before (`--previous`): each of its paths must still be a page or a redirect. */
  previous?: string;
  /** Allow redirects to other sites (refused by default: a typo there sends readers away). */
  allowExternalRedirects?: boolean;
  /** Worker threads for the per-page stages: default one per core where the compiled worker exists; 0 none. */
  threads?: number;
  /** Read and write the page cache (the CLI's default; off for library calls unless asked). */
  cache?: boolean;
  /** Where the page cache lives, relative to the root (default DEFAULT_CACHE_DIR). */
  cacheDir?: string;
  /** The baseline file (`--baseline`), relative to the root; default DEFAULT_BASELINE_FILE, used when it exists. */
  baseline?: string;
  /** The run rewrites the baseline (`--update-baseline`): the old one is not read, and need not exist. */
  updateBaseline?: boolean;
}

/** The environment variables docsbuild reads, here and nowhere else. */
export interface ConfigEnv {
  DOCSBUILD_DOCSEARCH_API_KEY?: string;
  DOCSBUILD_TIMINGS?: string;
  /** Internal, for tests: each page's time budget in milliseconds (page/too-complex.ts). */
  DOCSBUILD_PAGE_TIME_BUDGET_MS?: string;
}

/** Every setting of a run, read once: paths absolute, defaults applied, flags and environment checked. */
export interface ResolvedConfig {
  root: string;
  contentDir: string;
  outDir: string;
  /** The page paths of `--previous`, and its path for messages. */
  previous?: { file: string; paths: string[] };
  allowExternalRedirects: boolean;
  /** DocSearch's search-only key from DOCSBUILD_DOCSEARCH_API_KEY, which wins over site.yaml's. */
  docsearchApiKey?: string;
  /** Print how long each stage took (DOCSBUILD_TIMINGS). */
  timings: boolean;
  /** How the per-page stages run: worker threads and the page cache. */
  pages: SummariseOptions;
  /** Settings adjusted on the way (a --threads above the cores), for the CLI to say. */
  notices: string[];
  /** The baseline file: where it is (to write it), and what it holds when it exists and is to be read. */
  baseline: ResolvedBaseline;
}

export interface ResolvedBaseline {
  /** Absolute path. */
  path: string;
  /** Relative to the root with "/" separators, for messages. */
  file: string;
  /** The known problems; undefined when there is no file, or when the run rewrites it. */
  known?: Baseline;
}

export const DEFAULT_CONFIG_FILE = 'docsbuild.config.json';
export const DEFAULTS: Required<ToolConfig> = { content: 'content', out: 'dist' };

/** A bad flag, config file or environment variable: the CLI exits 2 on it. Only this module throws one. */
export class ConfigError extends UsageError {}

export const DOCSEARCH_API_KEY_ENV = 'DOCSBUILD_DOCSEARCH_API_KEY';

/** The default cache folder, where build tools keep theirs. */
export const DEFAULT_CACHE_DIR = path.join('node_modules', '.cache', 'docsbuild');

/**
 * See PoolOptions.youngGenerationMb: 48 MiB was as small in RSS as V8's
 * derived size and cheaper in CPU (2,000 pages: 38.4 s vs 41.6 s). Each
 * worker keeps both halves of it resident (two 16 MiB semi-spaces at 48);
 * at 24 a cold build of 10,000 pages peaked at 417 MiB in its per-page
 * stage instead of 440-450, for 322.6 s of CPU against 320.2 (one run each,
 * load 5-8: to be confirmed on a quiet machine).
 */
export const WORKER_YOUNG_GENERATION_MB = 24;

/** defaults < docsbuild.config.json < flags < environment, validated once. */
export function resolveConfig(root: string, flags: ConfigFlags = {}, env: ConfigEnv = process.env): ResolvedConfig {
  const absoluteRoot = path.resolve(root);
  const fromFile = flags.config === false ? {} : readToolConfig(absoluteRoot, flags.config);
  const merged = { ...DEFAULTS, ...fromFile, ...definedOnly({ content: flags.content, out: flags.out }) };
  const contentDir = path.resolve(absoluteRoot, merged.content);
  const outDir = path.resolve(absoluteRoot, merged.out);
  if (outDir === contentDir || contentDir.startsWith(outDir + path.sep)) {
    throw new ConfigError(`The output folder ${merged.out} would overwrite the content folder ${merged.content}: choose another --out.`);
  }
  if (!isDirectory(contentDir)) {
    throw new ConfigError(`The content folder ${merged.content} does not exist (or is not a folder): create it, or point --content at your pages.`);
  }
  // An output folder inside the content folder (VuePress's `.vuepress/dist`; `dist/` beside pages at a repository's root) is skipped by the walks (source/output-in-content.ts).
  if (outDir === absoluteRoot || outDir === path.parse(outDir).root) {
    throw new ConfigError(`The output folder ${merged.out} is the project root or a drive root: choose a folder of its own, such as dist.`);
  }
  const notices: string[] = [];
  // More workers than cores only adds memory and switching: measured 48 threads on 2 cores at 5 GB and 9× slower.
  const cores = availableParallelism();
  const threads = flags.threads !== undefined && flags.threads > cores ? cores : flags.threads;
  if (threads !== flags.threads) notices.push(`--threads ${flags.threads} is more than the ${cores} cores here: using ${cores}.`);
  return {
    root: absoluteRoot,
    contentDir,
    outDir,
    previous: flags.previous === undefined ? undefined : readPreviousPaths(path.resolve(absoluteRoot, flags.previous), absoluteRoot),
    allowExternalRedirects: flags.allowExternalRedirects === true,
    docsearchApiKey: docsearchApiKeyOf(env.DOCSBUILD_DOCSEARCH_API_KEY),
    timings: Boolean(env.DOCSBUILD_TIMINGS),
    pages: pageRuntime(absoluteRoot, { ...flags, threads }, pageBudgetOf(env.DOCSBUILD_PAGE_TIME_BUDGET_MS)),
    notices,
    baseline: readBaseline(absoluteRoot, flags),
  };
}

/**
 * The output folder alone, for `docsbuild preview`, which serves a build and
 * reads no pages: defaults < docsbuild.config.json < `--out`, with no content
 * folder required (a project's pages are rarely in the default `content/`).
 */
export function resolveOutDir(root: string, flags: Pick<ConfigFlags, 'out' | 'config'> = {}): string {
  const absoluteRoot = path.resolve(root);
  const fromFile = flags.config === false ? {} : readToolConfig(absoluteRoot, flags.config);
  const out = flags.out ?? fromFile.out ?? DEFAULTS.out;
  const outDir = path.resolve(absoluteRoot, out);
  if (outDir === absoluteRoot || outDir === path.parse(outDir).root) {
    throw new ConfigError(`The output folder ${out} is the project root or a drive root: choose a folder of its own, such as dist.`);
  }
  return outDir;
}

/**
 * The baseline, read once: the default file only if it exists, one named by
 * `--baseline` must exist (unless it is being written), and a file that is
 * not a baseline is a usage error rather than an empty baseline, which
 * would fail every known problem at once.
 */
function readBaseline(root: string, flags: ConfigFlags): ResolvedBaseline {
  const absolute = path.resolve(root, flags.baseline ?? DEFAULT_BASELINE_FILE);
  const located: ResolvedBaseline = { path: absolute, file: path.relative(root, absolute).split(path.sep).join('/') };
  if (flags.updateBaseline) return located;
  if (!existsSync(absolute)) {
    if (flags.baseline !== undefined) {
      throw new ConfigError(`--baseline ${located.file} does not exist: write it with docsbuild check --baseline ${located.file} --update-baseline.`);
    }
    return located;
  }
  let text: string;
  try {
    text = readFileSync(absolute, 'utf8');
  } catch (error) {
    throw new ConfigError(`The baseline ${located.file} could not be read: ${(error as Error).message}`);
  }
  const parsed = parseBaseline(text);
  if ('error' in parsed) throw new ConfigError(`The baseline ${located.file} ${parsed.error}. Write it again with --update-baseline.`);
  return { ...located, known: parsed.baseline };
}

function isDirectory(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/** An empty variable counts as unset; a malformed key is refused before any work, naming the variable. */
function docsearchApiKeyOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const key = DocsearchApiKey.safeParse(value);
  if (!key.success) throw new ConfigError(`${DOCSEARCH_API_KEY_ENV} ${key.error.issues[0]!.message}.`);
  return key.data;
}

/** The page paths of an old pages.json; a file that is not one is a usage error. */
function readPreviousPaths(absolute: string, root: string): { file: string; paths: string[] } {
  const file = path.relative(root, absolute).split(path.sep).join('/');
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(absolute, 'utf8'));
  } catch (error) {
    throw new ConfigError(`--previous ${file} could not be read as JSON: ${(error as Error).message}`);
  }
  const pages = (parsed as { pages?: unknown })?.pages;
  if (!Array.isArray(pages) || !pages.every((p) => typeof (p as { path?: unknown })?.path === 'string')) {
    throw new ConfigError(`--previous ${file} is not a pages.json: it needs a "pages" list of records with a "path".`);
  }
  return { file, paths: pages.map((p) => (p as { path: string }).path) };
}

/** The compiled code: the CLI, the worker and the chunks they share (compile.mjs splits the bundle). */
const COMPILED = /^(?:cli|worker|chunk-[\w-]+)\.js$/;

/**
 * A hash of every compiled file beside `cliFile` and of the versions of the
 * packages it imports (installed-packages.ts), so neither a rebuilt tool nor
 * an updated dependency (a new shiki highlights differently) trusts cache
 * entries or an up-to-date record another one wrote.
 */
export function toolVersionOf(cliFile: string): string {
  const folder = path.dirname(cliFile);
  const hash = createHash('sha256');
  const files = readdirSync(folder).filter((name) => COMPILED.test(name)).sort();
  for (const name of files.length > 0 ? files : [path.basename(cliFile)]) hash.update(name).update(readFileSync(path.join(folder, name)));
  const packageDir = packageDirOf(folder);
  if (packageDir) hash.update(installedPackages(packageDir).join('\n'));
  return hash.digest('hex');
}

/**
 * How the per-page stages run: on workers (build/worker.js, beside the
 * compiled CLI; run from source there is none, so pages are processed in
 * this thread) and with the page cache, keyed by a hash of the tool's own
 * code so that a changed tool never reads entries written by another.
 */
function pageRuntime(root: string, flags: ConfigFlags, budget: PageBudget | undefined): SummariseOptions {
  const here = fileURLToPath(import.meta.url);
  const workerScript = new URL('./worker.js', import.meta.url);
  const options: SummariseOptions = {};
  if (flags.threads !== 0 && existsSync(fileURLToPath(workerScript))) {
    // No heap limit below the page budget's (1 GiB). It was 128 MiB when workers held what they made until the stage's end
    // (without it V8 let each grow to 250 MiB: 2,000 pages cold, peak 528 -> 372 MiB). Since bodies leave the workers as bytes at
    // once their heaps stay small by themselves, and the low limit only kept V8 collecting (~70 full collections a worker):
    // 2,000 pages cold, seven back-to-back pairs, user CPU 17-27% lower and wall 8-30% lower for 15-25 MiB more peak RSS;
    // 10,000 pages 87.5-104.3 s / 149-182 s CPU instead of 117.6 / 208.9, peak 424 MiB (418-448 at 128 MiB).
    options.parallel = { workerScript, threads: flags.threads, youngGenerationMb: WORKER_YOUNG_GENERATION_MB, budget };
  }
  if (flags.cache === true) {
    options.cache = { dir: path.resolve(root, flags.cacheDir ?? DEFAULT_CACHE_DIR), toolVersion: toolVersionOf(here) };
  }
  return options;
}

/** The page budget with its time from the environment (tests set a small one); undefined: the default. */
function pageBudgetOf(timeMs: string | undefined): PageBudget | undefined {
  if (timeMs === undefined || timeMs === '') return undefined;
  const ms = Number(timeMs);
  if (!Number.isInteger(ms) || ms <= 0) throw new ConfigError(`DOCSBUILD_PAGE_TIME_BUDGET_MS must be a whole number of milliseconds, not "${timeMs}".`);
  return { ...DEFAULT_PAGE_BUDGET, timeMs: ms };
}

function readToolConfig(root: string, explicit: string | undefined): ToolConfig {
  const file = path.resolve(root, explicit ?? DEFAULT_CONFIG_FILE);
  if (!existsSync(file)) {
    if (explicit !== undefined) throw new ConfigError(`Config file ${explicit} does not exist.`);
    return {};
  }
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(`${path.relative(root, file)} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = ToolConfigSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`${path.relative(root, file)}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  return parsed.data;
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
