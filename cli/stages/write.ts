import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type OutputFiles = ReadonlyMap<string, string | Uint8Array>;

/**
 * The only stage that writes. Everything goes into a temp folder beside
 * `outDir`, which is then swapped in: a build that fails or is killed midway
 * leaves the previous output whole.
 */
export async function writeOutput(files: OutputFiles, outDir: string): Promise<void> {
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
