import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../../../cli/config';
import { OutputFolder, writeOutput } from '../../../../cli/output/folder';
import { OUTPUT_MARKER } from '../../../../cli/output/layout';
import { UsageError } from '../../../../cli/support/errors';

const root = mkdtempSync(path.join(tmpdir(), 'docsbuild-safety-'));
afterAll(() => {
  // Read-only folders the cases made: writable again, so they can be removed by a user who is not root.
  for (const name of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    try {
      chmodSync(path.join(root, name), 0o755);
    } catch {
      // Gone already, or a file of the output.
    }
  }
  rmSync(root, { recursive: true, force: true });
});
let n = 0;
const fresh = () => {
  const dir = path.join(root, `case-${n++}`);
  mkdirSync(dir, { recursive: true });
  return dir;
};
/** Every file under `dir` with its content: what must not change. */
const snapshot = (dir: string): Record<string, string> =>
  Object.fromEntries(
    readdirSync(dir, { recursive: true, encoding: 'utf8', withFileTypes: false })
      .filter((name) => !existsSync(path.join(dir, name)) || !readdirSafe(path.join(dir, name)))
      .sort()
      .map((name) => [name, readFileSync(path.join(dir, name), 'utf8')]),
  );
const readdirSafe = (p: string) => {
  try {
    readdirSync(p);
    return true;
  } catch {
    return false;
  }
};

describe('cli/output/folder: never deletes what is not ours', () => {
  it('refuses an --out folder holding files it did not write, and changes nothing (exit 2 in the CLI)', async () => {
    const dir = fresh();
    const notes = path.join(dir, 'notes');
    mkdirSync(notes);
    writeFileSync(path.join(notes, 'a.txt'), 'precious');
    await expect(writeOutput(new Map([['x.json', 'x']]), notes)).rejects.toThrow(UsageError);
    await expect(writeOutput(new Map([['x.json', 'x']]), notes)).rejects.toThrow(/holds files docsbuild did not write \(a\.txt\)/);
    expect(readdirSync(dir).sort()).toEqual(['notes']);
    expect(readFileSync(path.join(notes, 'a.txt'), 'utf8')).toBe('precious');
  });

  it('refuses an --out that is a file', async () => {
    const dir = fresh();
    const file = path.join(dir, 'report.txt');
    writeFileSync(file, 'mine');
    await expect(writeOutput(new Map([['x.json', 'x']]), file)).rejects.toThrow(/is a file, not a folder/);
    expect(readFileSync(file, 'utf8')).toBe('mine');
    expect(readdirSync(dir)).toEqual(['report.txt']);
  });

  it('refuses an --out under a file, naming it', async () => {
    const dir = fresh();
    writeFileSync(path.join(dir, 'plain'), 'x');
    await expect(writeOutput(new Map([['x.json', 'x']]), path.join(dir, 'plain', 'dist'))).rejects.toThrow(/lies under a file/);
  });

  it('replaces an empty folder and its own output (marked), and an output of a build from before the marker', async () => {
    const dir = fresh();
    const out = path.join(dir, 'dist');
    mkdirSync(out);
    await writeOutput(new Map([['a.json', '1']]), out);
    expect(readFileSync(path.join(out, OUTPUT_MARKER), 'utf8')).toContain('written by docsbuild');
    await writeOutput(new Map([['b.json', '2']]), out);
    expect(readdirSync(out).sort()).toEqual([OUTPUT_MARKER, 'b.json']);
    // An older docsbuild's output: no marker, but its pages.schema.json.
    rmSync(path.join(out, OUTPUT_MARKER));
    writeFileSync(path.join(out, 'pages.schema.json'), '{\n  "title": "docsbuild pages.json"\n}\n');
    await writeOutput(new Map([['c.json', '3']]), out);
    expect(readdirSync(out).sort()).toEqual([OUTPUT_MARKER, 'c.json']);
  });

  it('leaves sibling folders alone that only look like ours, and never swaps one in', async () => {
    const dir = fresh();
    const out = path.join(dir, 'dist');
    for (const name of ['dist.old-backup-2024', 'dist.tmp-notes', 'dist.old-manual', 'dist.old-1-abc', 'dist.tmp-2-def']) {
      mkdirSync(path.join(dir, name));
      writeFileSync(path.join(dir, name, 'keep.txt'), name);
    }
    const before = snapshot(dir);
    // A failing build with no dist: nothing is renamed to dist ("left as it was" must be true).
    await expect(writeOutput(new Map([['../escape', 'x']]), out)).rejects.toThrow(/outside/);
    expect(existsSync(out)).toBe(false);
    expect(snapshot(dir)).toEqual(before);
    await writeOutput(new Map([['a.json', '1']]), out);
    const after = snapshot(dir);
    for (const [file, content] of Object.entries(before)) expect(after[file], file).toBe(content);
  });

  it('finishes a swap whose old output cannot be removed, names the leftover, and the next build is not wedged', async () => {
    const dir = fresh();
    const out = path.join(dir, 'dist');
    await writeOutput(new Map([['assets/pages/a.json', '1']]), out);
    // Root ignores permissions: a leftover that stays is simulated by one whose removal fails.
    const folder = await OutputFolder.open(out);
    await folder.put('b.json', '2');
    chmodSync(path.join(out, 'assets', 'pages'), 0o555);
    await folder.commit();
    expect(readdirSync(out).sort()).toEqual([OUTPUT_MARKER, 'b.json']);
    // Whether or not it could be removed, a later build works and only touches its own folders.
    const again = await OutputFolder.open(out);
    await again.put('c.json', '3');
    await again.commit();
    expect(readdirSync(out).sort()).toEqual([OUTPUT_MARKER, 'c.json']);
    expect(readdirSync(dir).filter((n) => n.startsWith('dist.')).every((n) => [...folder.leftovers, ...again.leftovers].some((l) => l.endsWith(n)))).toBe(true);
  });

  it('takes --out inside the content folder (its walks skip it: tests/integration/output-in-content.test.ts), not the content folder itself or one holding it', () => {
    mkdirSync(path.join(root, 'content'), { recursive: true });
    expect(resolveConfig(root, { config: false, content: 'content', out: 'content/site-out' }, {}).outDir).toBe(path.join(root, 'content', 'site-out'));
    expect(() => resolveConfig(root, { config: false, content: 'content', out: 'content' }, {})).toThrow(/would overwrite the content folder/);
    expect(() => resolveConfig(root, { config: false, content: 'content', out: '.' }, {})).toThrow(UsageError);
  });

  it('property: over any mix of folder states, a build touches only the output and its own marked folders', async () => {
    // oursOld and oursTmp: what an interrupted build leaves; readOnly: our output with a read-only folder and file in it.
    const kinds = ['empty', 'foreign', 'ours', 'oursOld', 'oursTmp', 'lookalike', 'file', 'readOnly'] as const;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...kinds), fc.array(fc.constantFrom(...kinds), { maxLength: 4 }), async (outKind, siblingKinds) => {
        const dir = fresh();
        const out = path.join(dir, 'dist');
        const make = (at: string, kind: (typeof kinds)[number]) => {
          if (kind === 'file') return writeFileSync(at, 'a file');
          mkdirSync(at, { recursive: true });
          if (kind === 'foreign' || kind === 'lookalike') writeFileSync(path.join(at, 'user.txt'), 'user data');
          if (kind === 'ours' || kind === 'oursOld' || kind === 'readOnly') writeFileSync(path.join(at, OUTPUT_MARKER), '');
          if (kind === 'readOnly') {
            mkdirSync(path.join(at, 'assets', 'pages'), { recursive: true });
            writeFileSync(path.join(at, 'assets', 'pages', 'old.json'), '{}');
            chmodSync(path.join(at, 'assets', 'pages', 'old.json'), 0o444);
            chmodSync(path.join(at, 'assets', 'pages'), 0o555);
          }
          if (kind === 'oursTmp') writeFileSync(path.join(at, '.docsbuild-temp'), '1');
        };
        make(out, outKind);
        siblingKinds.forEach((kind, i) => {
          const name = kind === 'oursOld' || kind === 'readOnly' ? `dist.old-${i}-x${i}` : kind === 'oursTmp' ? `dist.tmp-${i}-y${i}` : kind === 'lookalike' ? `dist.old-${i}-z${i}` : `dist.other-${i}`;
          make(path.join(dir, name), kind);
        });
        // Our own folders: the output itself when it may be replaced, and siblings named and marked as a build's.
        const replaceable = outKind === 'empty' || outKind === 'ours' || outKind === 'oursOld' || outKind === 'readOnly';
        const ownSibling = (name: string) => /^dist\.(old-\d+-x\d+|tmp-\d+-y\d+)$/.test(name);
        const before = snapshot(dir);
        const built = await writeOutput(new Map([['new.json', 'n']]), out).then(
          () => true,
          (error: unknown) => {
            expect(error).toBeInstanceOf(UsageError);
            return false;
          },
        );
        expect(built, `a ${outKind} output folder`).toBe(replaceable);
        const after = snapshot(dir);
        for (const [file, content] of Object.entries(before)) {
          const top = file.split(path.sep)[0]!;
          if (ownSibling(top) || (top === 'dist' && replaceable)) continue;
          expect(after[file], `${file} (${outKind} output, siblings ${siblingKinds.join(',')})`).toBe(content);
        }
      }),
      { numRuns: 40 },
    );
  });
});
