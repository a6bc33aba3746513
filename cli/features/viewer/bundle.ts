import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Metafile, OutputFile } from 'esbuild';
import { BUNDLE_NAMES } from '../../output/layout';
import { nameByContent } from './content-names';

/**
 * The viewer's source folder: `viewer/` beside `cli/` (and beside `build/`
 * once compiled), found from this module's own file, never from the working
 * folder: in the repository it is the checkout's, in a project that installed
 * docsbuild it is `node_modules/docsbuild/viewer/`.
 */
export const VIEWER_DIR = viewerDirFrom(path.dirname(fileURLToPath(import.meta.url)));
/** The folder holding viewer/, shared/ and schema/: the repository, or the installed package. */
const ROOT = path.dirname(VIEWER_DIR.replace(/[\\/]$/, ''));
/** esbuild needs an output folder to name files; nothing is written there (`write: false`). */
const OUT_DIR = path.join(ROOT, '.viewer-out');
/** Whether this docsbuild is a dependency of someone's project (its viewer then never changes while `dev` runs). */
export const VIEWER_INSTALLED = ROOT.split(path.sep).includes('node_modules');

/**
 * The TypeScript settings the viewer's sources are compiled with, given to
 * esbuild rather than read from a tsconfig.json: the package ships none, and
 * one found above an installed package (the user's own) must not change the
 * bundle. These are the repository tsconfig.json's settings that esbuild reads.
 */
const VIEWER_TSCONFIG = {
  compilerOptions: { target: 'ES2022', jsx: 'react-jsx', verbatimModuleSyntax: true, strict: true },
} as const;

export interface BundleOptions {
  /** The site base (`/docs/`): where the browser finds the assets. */
  base: string;
  /** The entry module; defaults to viewer/main.tsx. */
  entry?: string;
}

export interface ViewerBundle {
  /** Output files by name relative to the site root (`assets/main.3FZ2K.js`). */
  files: Map<string, Uint8Array>;
  /** The entry script the HTML loads with `<script type="module">`. */
  script: string;
  /** Stylesheets of the first load. */
  styles: string[];
  /** Chunks the entry imports statically: `<link rel="modulepreload">` them. */
  preloads: string[];
  /** Every source file in the bundle, relative to the project root (lets tests check what the viewer pulls in). */
  inputs: string[];
}

/** The global the entry script reads the search panel's URL from (replaced at build time). */
export const SEARCH_PANEL_GLOBAL = '__SEARCH_PANEL__';

/**
 * Bundles viewer/ with esbuild in memory: minified ES modules and one CSS
 * file, named by content hash under assets/ so they can be cached forever.
 * Same sources, same bytes and names, wherever docsbuild is installed (content-names.ts).
 *
 * The search panel (viewer/search/panel.ts and what it loads) is a build of
 * its own, which the entry script imports by URL when search opens. In one
 * build, any lazy chunk makes esbuild move its runtime helpers (which React,
 * a CommonJS package, needs) out of the entry into a shared chunk, and that
 * costs the first load more than the whole search box does.
 */
export async function bundleViewer(options: BundleOptions): Promise<ViewerBundle> {
  const key = `${options.base}\n${options.entry ?? ''}`;
  const last = bundles.get(key);
  if (last && (await last.bundle.then((b) => stampOf(b.inputs), () => undefined)) === last.stamp) return last.bundle;
  bundles.delete(key);
  const bundle = bundleAnew(options);
  const stamp = await bundle.then((b) => stampOf(b.inputs), () => undefined);
  if (stamp !== undefined) bundles.set(key, { stamp, bundle });
  return bundle;
}

/**
 * The last bundle per base and entry, with its inputs' sizes and times: a
 * long-lived process (the dev server rebuilding after each edit) bundles
 * again only when a source of the viewer changed, not on every build (esbuild
 * took 100–300 ms of each). Same sources, same bytes: output is unchanged.
 */
const bundles = new Map<string, { stamp: string; bundle: Promise<ViewerBundle> }>();

/** The bundle's source files, absolute: what a build of it read. */
export function bundleInputFiles(bundle: ViewerBundle): string[] {
  return bundle.inputs.map((input) => path.resolve(ROOT, input));
}

async function stampOf(inputs: readonly string[]): Promise<string> {
  const stats = await Promise.all(inputs.map((input) => stat(path.resolve(ROOT, input)).then((s) => `${s.size}:${s.mtimeMs}:${s.ino}`, () => '-')));
  return stats.join('|');
}

/** esbuild's build, the module loaded when a bundle is made (a stored one needs none). */
const build: typeof import('esbuild').build = async (options) => (await import('esbuild')).build(options);

async function bundleAnew(options: BundleOptions): Promise<ViewerBundle> {
  const search = await bundleSearchPanel(options.base);
  const result = await build({
    ...common(options.base),
    entryPoints: { main: options.entry ?? path.join(VIEWER_DIR, 'main.tsx') },
    define: { 'process.env.NODE_ENV': '"production"', [SEARCH_PANEL_GLOBAL]: JSON.stringify(`${options.base}${search.script}`) },
    // The panel's URL: fetched by the browser, never bundled here.
    external: [`${options.base}assets/*`],
  });
  const entry = entryOutput(result.metafile);
  const firstLoad = new Set([entry.name, ...staticImports(entry.output)].map(outputName));
  const own = namedByContent(result.outputFiles.map((file) => (firstLoad.has(outputName(file.path)) ? { path: file.path, contents: withCompileHint(file.contents) } : file)));
  const files = new Map<string, Uint8Array>([...search.files, ...own.files]);
  return {
    files: new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1))),
    script: own.nameOf(entry.name),
    styles: entry.output.cssBundle ? [own.nameOf(entry.output.cssBundle)] : [],
    preloads: staticImports(entry.output).map(own.nameOf),
    inputs: [...new Set([...Object.keys(result.metafile.inputs), ...search.inputs])].sort(),
  };
}

/** The search panel and its lazy engines (the local index's MiniSearch, DocSearch): no React, so no shared runtime. */
async function bundleSearchPanel(base: string): Promise<{ files: Map<string, Uint8Array>; script: string; inputs: string[] }> {
  const result = await build({
    ...common(base),
    entryPoints: { 'search-panel': path.join(VIEWER_DIR, 'search', 'panel.ts') },
    chunkNames: BUNDLE_NAMES.searchChunks,
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const own = namedByContent(result.outputFiles);
  return { files: own.files, script: own.nameOf(entryOutput(result.metafile).name), inputs: Object.keys(result.metafile.inputs) };
}

/** The chunks a script imports statically (from this build): the browser loads them with it. */
function staticImports(output: Metafile['outputs'][string]): string[] {
  return output.imports.filter((i) => i.kind === 'import-statement' && !i.external).map((i) => i.path);
}

/**
 * V8's file-wide compile hint (Chromium 136 and later; a plain comment to
 * other engines), first in the file as the proposal asks: every function is
 * compiled while the script streams in, on a background thread, instead of
 * lazily on the main thread at its first call. The first load calls most of
 * React DOM at once, and its lazy compiles made a long task of hydration:
 * Lighthouse mobile on the real site went from 95-96 (TBT 190-240 ms) to 99
 * (TBT 20-100 ms), five runs each. Only for the scripts of the first load:
 * the search panel's are loaded when search opens, and not all of them are called at once.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

function withCompileHint(contents: Uint8Array): Uint8Array {
  return Buffer.concat([Buffer.from(COMPILE_HINT), contents]);
}

/** One esbuild build's files under names from their contents (content-names.ts), and the new name of an output esbuild named. */
function namedByContent(outputFiles: readonly Pick<OutputFile, 'path' | 'contents'>[]) {
  const { files, renamed } = nameByContent(new Map(outputFiles.map((file) => [outputName(file.path), file.contents])));
  return { files, nameOf: (esbuildName: string) => renamed.get(outputName(esbuildName)) ?? outputName(esbuildName) };
}

/** The options both builds share. */
function common(base: string) {
  return {
    absWorkingDir: ROOT,
    tsconfigRaw: VIEWER_TSCONFIG,
    bundle: true,
    write: false as const,
    metafile: true as const,
    minify: true,
    format: 'esm' as const,
    splitting: true,
    platform: 'browser' as const,
    target: ['es2022', 'chrome111', 'firefox121', 'safari17'],
    jsx: 'automatic' as const,
    outdir: OUT_DIR,
    entryNames: BUNDLE_NAMES.entries,
    chunkNames: BUNDLE_NAMES.chunks,
    assetNames: BUNDLE_NAMES.assets,
    publicPath: base,
    // Licences go to a .LEGAL.txt file beside the script, linked from it: kept, but not downloaded.
    legalComments: 'linked' as const,
    charset: 'utf8' as const,
    logLevel: 'silent' as const,
  };
}

function entryOutput(metafile: Metafile) {
  for (const [name, output] of Object.entries(metafile.outputs)) {
    if (output.entryPoint !== undefined && name.endsWith('.js')) return { name, output };
  }
  throw new Error('The viewer bundle has no entry script.');
}

/** An output path (absolute, or relative to the project root in the metafile) → a name under the site root. */
function outputName(file: string): string {
  return path.relative(OUT_DIR, path.resolve(ROOT, file)).split(path.sep).join('/');
}

/**
 * The nearest `viewer/` above this module: the source file sits three levels
 * down (cli/features/viewer/), the compiled bundle one (build/).
 */
function viewerDirFrom(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'viewer');
    if (existsSync(path.join(candidate, 'main.tsx'))) return `${candidate}${path.sep}`;
    if (path.dirname(dir) === dir) return path.join(start, '..', 'viewer') + path.sep;
  }
}
