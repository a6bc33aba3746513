import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutputBusyError, safeJoin, writeOutput } from '../../../../cli/output/folder';

/** The files of an output, without the marker every output holds (checked in folder-safety.test.ts). */
const listing = (dir: string) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f !== '.docsbuild-output').sort();

describe('cli/output/folder', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'docsbuild-write-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('replaces the previous output whole, leaving no temp folders or lock', async () => {
    const out = path.join(root, 'replace', 'dist');
    await writeOutput(new Map([['a.json', '1'], ['sub/b.json', '2']]), out);
    await writeOutput(new Map([['c.json', '3']]), out);
    expect(listing(out)).toEqual(['c.json']);
    expect(readdirSync(path.dirname(out))).toEqual(['dist']);
  });

  it('refuses names that would land outside the output folder', () => {
    expect(() => safeJoin('/x/dist', '../evil')).toThrow(/outside the output folder/);
    expect(() => safeJoin('/x/dist', '/etc/passwd')).toThrow(/outside the output folder/);
    expect(safeJoin('/x/dist', 'a/b.json')).toBe('/x/dist/a/b.json');
  });

  it('joins every name as path.resolve does (plain names take a quicker way)', () => {
    const names = ['a.html', 'a/b/c.html', './a', 'a/./b', 'a/../b', 'a//b', 'a/', '.hidden/x', 'a/..b', '...', 'x\\y', 'a/b/../../c'];
    for (const dir of ['/x/dist', '/x/dist/', '/x/./dist', '/x/y/../dist']) {
      for (const name of names) expect(safeJoin(dir, name), `${dir} + ${name}`).toBe(path.resolve(dir, name));
    }
    expect(() => safeJoin('/x/dist', 'a/../..')).toThrow(/outside the output folder/);
  });

  it('refuses to write while another live process holds the lock, and keeps the output', async () => {
    const out = path.join(root, 'busy', 'dist');
    await writeOutput(new Map([['keep.json', 'k']]), out);
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 20000)']);
    try {
      writeFileSync(`${out}.lock`, String(holder.pid));
      await expect(writeOutput(new Map([['new.json', 'n']]), out)).rejects.toBeInstanceOf(OutputBusyError);
      expect(listing(out)).toEqual(['keep.json']);
    } finally {
      holder.kill();
    }
  });

  it('takes over a lock left by a process that is gone', async () => {
    const out = path.join(root, 'stale', 'dist');
    mkdirSync(path.dirname(out), { recursive: true });
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' }).stdout;
    writeFileSync(`${out}.lock`, gone);
    await writeOutput(new Map([['x.json', 'x']]), out);
    expect(listing(out)).toEqual(['x.json']);
    expect(existsSync(`${out}.lock`)).toBe(false);
  });

  it('puts back the previous output when a build was killed between its two renames', async () => {
    const out = path.join(root, 'recover', 'dist');
    mkdirSync(`${out}.old-123-abc`, { recursive: true });
    writeFileSync(path.join(`${out}.old-123-abc`, 'previous.json'), 'p');
    // Both are proven ours by their markers (an output's, a temp folder's); nothing else is ever touched.
    writeFileSync(path.join(`${out}.old-123-abc`, '.docsbuild-output'), '');
    mkdirSync(`${out}.tmp-123-abc`, { recursive: true });
    writeFileSync(path.join(`${out}.tmp-123-abc`, '.docsbuild-temp'), '123');
    // A failing write (a name outside the folder) runs recovery first, then fails before touching the output.
    await expect(writeOutput(new Map([['../escape', 'x']]), out)).rejects.toThrow(/outside/);
    expect(listing(out)).toEqual(['previous.json']);
    expect(readdirSync(path.dirname(out)).sort()).toEqual(['dist']);
  });

  it('leaves a whole output (old or new) whenever the writer is killed with SIGKILL', async () => {
    const out = path.join(root, 'killed', 'dist');
    const writer = path.join(root, 'writer.mjs');
    const writeModule = path.resolve(__dirname, '../../../../build/write-for-tests.mjs');
    if (!existsSync(writeModule)) throw new Error('build/write-for-tests.mjs missing: run npm run compile');
    // Each version is 400 files all holding the version letter.
    writeFileSync(
      writer,
      `import { writeOutput } from ${JSON.stringify(writeModule)};\n` +
        `const v = process.argv[2];\n` +
        `const files = new Map(Array.from({ length: 400 }, (_, i) => [\`\${v}/f\${i}.txt\`, v.repeat(2000)]));\n` +
        `await writeOutput(files, ${JSON.stringify(out)});\n`,
    );
    const run = (v: string) => spawnSync(process.execPath, [writer, v]);
    expect(run('A').status).toBe(0);
    const isWhole = (v: string) => {
      const files = listing(path.join(out, v)).filter((f) => f.endsWith('.txt'));
      return files.length === 400 && files.every((f) => readFileSync(path.join(out, v, f), 'utf8') === v.repeat(2000));
    };
    for (const [i, delay] of [5, 15, 30, 45, 60, 80].entries()) {
      const v = `V${i}`;
      const child = spawn(process.execPath, [writer, v]);
      await new Promise((r) => setTimeout(r, delay));
      child.kill('SIGKILL');
      await new Promise((r) => child.on('exit', r));
      // The next write recovers anything the kill left behind; before it, the old output must be whole.
      const versions = existsSync(out) ? listing(out).filter((f) => !f.includes('/')) : [];
      expect(versions.length, `after kill at ${delay} ms`).toBe(1);
      expect(isWhole(versions[0]!), `after kill at ${delay} ms`).toBe(true);
    }
    expect(run('Z').status).toBe(0);
    expect(listing(out).filter((f) => !f.includes('/'))).toEqual(['Z']);
    expect(isWhole('Z')).toBe(true);
    expect(readdirSync(path.dirname(out)).sort()).toEqual(['dist']);
  });
});
