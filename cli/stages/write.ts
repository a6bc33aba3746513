import { mkdir, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { ConfigError } from '../config';
import path from 'node:path';

export type OutputFiles = ReadonlyMap<string, string | Uint8Array>;

/**
 * The only stage that writes. Everything goes into a temp folder beside
 * `outDir`, which is then swapped in: a build that fails or is killed midway
 * leaves the previous output whole.
 */
export async function writeOutput(files: OutputFiles, outDir: string): Promise<void> {
  await mkdir(path.dirname(outDir), { recursive: true });
  const release = await acquireLock(outDir);
  try {
    await recoverInterruptedSwap(outDir);
    await swapIn(files, outDir);
  } finally {
    await release();
  }
}

/** Another build is writing the same output folder: refuse rather than interleave. */
export class OutputBusyError extends ConfigError {}

/**
 * A lock file beside the output folder, holding the writer's pid. A lock whose
 * process is gone (a killed build) is taken over.
 */
async function acquireLock(outDir: string): Promise<() => Promise<void>> {
  const lock = `${outDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lock, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number((await readFile(lock, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
        throw new OutputBusyError(
          `Another docsbuild (pid ${pid}) is writing ${path.basename(outDir)}/. Wait for it to finish, or use another --out.`,
        );
      }
      await rm(lock, { force: true });
    }
  }
  throw new OutputBusyError(`Could not lock ${path.basename(outDir)}/: another build keeps taking the lock.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A build killed between its two renames leaves no output folder but a
 * complete `<out>.old-*`: put it back. Leftover temp folders are removed.
 */
async function recoverInterruptedSwap(outDir: string): Promise<void> {
  const parent = path.dirname(outDir);
  const name = path.basename(outDir);
  const siblings = await readdir(parent);
  const olds = siblings.filter((s) => s.startsWith(`${name}.old-`)).sort();
  if (olds.length > 0 && !siblings.includes(name)) await rename(path.join(parent, olds.pop()!), outDir);
  for (const leftover of [...olds, ...siblings.filter((s) => s.startsWith(`${name}.tmp-`))]) {
    await rm(path.join(parent, leftover), { recursive: true, force: true });
  }
}

async function swapIn(files: OutputFiles, outDir: string): Promise<void> {
  const stamp = `${process.pid}-${Date.now().toString(36)}`;
  const temp = `${outDir}.tmp-${stamp}`;
  const old = `${outDir}.old-${stamp}`;
  await rm(temp, { recursive: true, force: true });
  try {
    const dirs = new Set<string>();
    for (const name of files.keys()) dirs.add(path.dirname(safeJoin(temp, name)));
    for (const dir of [...dirs].sort()) await mkdir(dir, { recursive: true });
    const entries = [...files];
    const BATCH = 64;
    for (let i = 0; i < entries.length; i += BATCH) {
      await Promise.all(entries.slice(i, i + BATCH).map(([name, content]) => writeFile(safeJoin(temp, name), content)));
    }
    await mkdir(path.dirname(outDir), { recursive: true });
    let hadOld = true;
    try {
      await rename(outDir, old);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      hadOld = false;
    }
    try {
      await rename(temp, outDir);
    } catch (error) {
      if (hadOld) await rename(old, outDir);
      throw error;
    }
    if (hadOld) await rm(old, { recursive: true, force: true });
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

/** Joins an output name to a folder, refusing names that would land outside it. */
export function safeJoin(dir: string, name: string): string {
  const target = path.resolve(dir, name);
  if (path.isAbsolute(name) || !target.startsWith(dir + path.sep)) {
    throw new Error(`Refusing to write "${name}" outside the output folder.`);
  }
  return target;
}
