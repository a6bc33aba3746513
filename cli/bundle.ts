import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';

/** The viewer's source folder: `viewer/` beside `cli/` (and beside `build/` once compiled). */
export const VIEWER_DIR = fileURLToPath(new URL('../viewer/', import.meta.url));
const ROOT = path.dirname(VIEWER_DIR.replace(/[\\/]$/, ''));
/** esbuild needs an output folder to name files; nothing is written there (`write: false`). */
const OUT_DIR = path.join(ROOT, '.viewer-out');

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

/**
 * Bundles viewer/ with esbuild in memory: minified ES modules and one CSS
 * file, named by content hash under assets/ so they can be cached forever.
 * Same sources, same bytes and names.
 */
export async function bundleViewer(options: BundleOptions): Promise<ViewerBundle> {
  const result = await build({
    entryPoints: { main: options.entry ?? path.join(VIEWER_DIR, 'main.tsx') },
    absWorkingDir: ROOT,
    bundle: true,
    write: false,
    metafile: true,
    minify: true,
    format: 'esm',
    splitting: true,
    platform: 'browser',
    target: ['es2022', 'chrome111', 'firefox121', 'safari17'],
    jsx: 'automatic',
    outdir: OUT_DIR,
    entryNames: 'assets/[name].[hash]',
    chunkNames: 'assets/chunk.[hash]',
    assetNames: 'assets/[name].[hash]',
    publicPath: options.base,
    define: { 'process.env.NODE_ENV': '"production"' },
    // Licences go to a .LEGAL.txt file beside the script, linked from it: kept, but not downloaded.
    legalComments: 'linked',
    charset: 'utf8',
    logLevel: 'silent',
  });
  const files = new Map<string, Uint8Array>();
  for (const file of result.outputFiles) files.set(outputName(file.path), file.contents);
  const entry = entryOutput(result.metafile);
  return {
    files: new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1))),
    script: outputName(entry.name),
    styles: entry.output.cssBundle ? [outputName(entry.output.cssBundle)] : [],
    preloads: entry.output.imports.filter((i) => i.kind === 'import-statement' && !i.external).map((i) => outputName(i.path)),
    inputs: Object.keys(result.metafile.inputs).sort(),
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
