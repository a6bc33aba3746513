import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from '../support/errors';
import { DiskSource } from './file-source';
import { listen, type ListenOptions, type RunningServer } from './listen';
import { createStaticHandler } from './static';

export interface PreviewOptions extends ListenOptions {
  /** The built site, dist/. */
  outDir: string;
}

export interface PreviewServer extends RunningServer {
  /** `http://127.0.0.1:4173/docs/` */
  url: string;
}

export const DEFAULT_PREVIEW_PORT = 4173;

/**
 * `docsbuild preview`: serves dist/ under its base exactly as a static host
 * would, with the cache headers and compression of production.
 */
export async function startPreview(options: PreviewOptions): Promise<PreviewServer> {
  const base = await readBase(options.outDir);
  const handler = createStaticHandler({ source: new DiskSource(options.outDir), base, compression: 'best' });
  const running = await listen(options, handler);
  return { ...running, url: `${running.origin}${base}` };
}

/** The base from dist/pages.json: the one place the built site records where it is served. */
async function readBase(outDir: string): Promise<string> {
  const file = path.join(outDir, 'pages.json');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new UsageError(`${path.relative(process.cwd(), file) || file} does not exist: run "docsbuild build" first, or point --out at a built site.`);
  }
  const base = (JSON.parse(text) as { site?: { base?: unknown } }).site?.base;
  if (typeof base !== 'string' || !/^\/([\w.-]+\/)*$/.test(base)) throw new UsageError(`${file} has no valid site.base.`);
  return base;
}
