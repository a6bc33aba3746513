import { InvalidArgumentError } from 'commander';
import { resolveConfig, resolveOutDir, type ConfigFlags } from '../config';
import { UsageError } from '../support/errors';
import { DEFAULT_DEV_PORT, startDevServer } from './dev';
import { DEFAULT_HOST } from './listen';
import { DEFAULT_PREVIEW_PORT, startPreview } from './preview';

export interface ServeFlags extends ConfigFlags {
  port: number;
  host: string;
  color?: boolean;
}

export { DEFAULT_DEV_PORT, DEFAULT_HOST, DEFAULT_PREVIEW_PORT };

export function parsePort(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('must be a port number from 0 to 65535 (0: any free port).');
  return n;
}

/** `docsbuild preview`: serves the output folder until Ctrl-C. */
export async function runPreview(flags: ServeFlags): Promise<void> {
  const outDir = resolveOutDir(process.cwd(), flags);
  const server = await bound(startPreview({ outDir, host: flags.host, port: flags.port }), flags);
  process.stderr.write(`Previewing ${outDir} at ${server.url}\n`);
  await untilStopped();
  await server.close();
}

/** `docsbuild dev`: builds in memory, serves, rebuilds on change until Ctrl-C. */
export async function runDev(flags: ServeFlags): Promise<void> {
  // The page cache, in this thread: after the first build only edited pages are processed, with no workers to start.
  const config = resolveConfig(process.cwd(), { ...flags, threads: 0, cache: true });
  const color = flags.color !== false && process.stderr.isTTY === true && !process.env.NO_COLOR;
  const server = await bound(
    startDevServer({
      config,
      host: flags.host,
      port: flags.port,
      color,
      log: (text) => process.stderr.write(`${text}\n`),
    }),
    flags,
  );
  process.stderr.write(`docsbuild dev: ${server.url} (watching ${config.contentDir})\n`);
  await untilStopped();
  await server.close();
}

/** A port in use or a host that is not ours is the user's to fix: a usage error, not a crash. */
async function bound<T>(starting: Promise<T>, flags: ServeFlags): Promise<T> {
  try {
    return await starting;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new UsageError(`Port ${flags.port} on ${flags.host} is in use: choose another with --port (0 picks a free one).`);
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new UsageError(`Cannot listen on ${flags.host}: use an address of this machine, such as 127.0.0.1.`);
    throw error;
  }
}

function untilStopped(): Promise<void> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
}
