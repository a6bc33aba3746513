import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OutputFolder, type OutputFolderOptions } from '../../../../cli/output/folder';
import { OUTPUT_MARKER } from '../../../../cli/output/layout';

const root = mkdtempSync(path.join(tmpdir(), 'docsbuild-journal-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;

/** Every file and folder under `dir` (the marker left out), folders ending in `/`, with the files' text. */
const tree = (dir: string): Record<string, string> =>
  Object.fromEntries(
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((name) => name !== OUTPUT_MARKER)
      .map((name) => {
        const at = path.join(dir, name);
        const key = name.split(path.sep).join('/');
        return statSync(at).isDirectory() ? [`${key}/`, ''] : [key, readFileSync(at, 'utf8')];
      })
      .sort(([a], [b]) => (a! < b! ? -1 : 1)),
  );

type Version = Record<string, string>;
const V1: Version = { 'index.html': 'one', 'keep/x.html': 'kept', 'gone/deep/only.html': 'goes', 'edit/page.html': 'first', 'file-then-folder': 'a file' };
const V2: Version = { 'index.html': 'two', 'keep/x.html': 'kept', 'edit/page.html': 'second, longer', 'new/added.html': 'new', 'file-then-folder/inside.html': 'in a folder now' };
/** The tree a cold build of a version leaves: its files and the folders holding them. */
const expected = (version: Version) => {
  const out: Record<string, string> = {};
  for (const [name, text] of Object.entries(version)) {
    out[name] = text;
    for (let dir = path.posix.dirname(name); dir !== '.'; dir = path.posix.dirname(dir)) out[`${dir}/`] = '';
  }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
};

const setup = () => {
  const dir = path.join(root, `case-${n++}`);
  mkdirSync(dir);
  const out = path.join(dir, 'dist');
  const options = (onCommitStep?: (step: string) => void): OutputFolderOptions => ({
    record: { file: path.join(dir, 'cache', 'record.json'), toolVersion: 'v1' },
    onCommitStep,
  });
  const build = async (version: Version, onCommitStep?: (step: string) => void) => {
    const folder = await OutputFolder.open(out, options(onCommitStep));
    for (const [name, text] of Object.entries(version)) await folder.put(name, text);
    await folder.commit();
  };
  return { dir, out, options, build };
};

describe('cli/output/folder: a commit by difference', () => {
  it('changes only what differs: unchanged files keep their inode, removed ones go with the folders they leave empty, a user file stays', async () => {
    const { dir, out, build } = setup();
    await build(V1);
    writeFileSync(path.join(out, 'keep', 'mine.txt'), 'a user file');
    const kept = statSync(path.join(out, 'keep/x.html')).ino;
    const steps: string[] = [];
    await build(V2, (step) => steps.push(step));
    expect(steps).toEqual(['staged', 'journal', 'remove', 'remove', 'move', 'move', 'move', 'move', 'record', 'done']);
    expect(tree(out)).toEqual({ ...expected(V2), 'keep/mine.txt': 'a user file' });
    expect(statSync(path.join(out, 'keep/x.html')).ino).toBe(kept);
    expect(readdirSync(dir).sort()).toEqual(['cache', 'dist']);
  });

  it('a build stopped at any step of its commit leaves the old output, or one the next build finishes into the new', async () => {
    const { build: count } = setup();
    await count(V1);
    const steps: string[] = [];
    await count(V2, (step) => steps.push(step));
    for (let stop = 0; stop < steps.length; stop++) {
      const { dir, out, options, build } = setup();
      await build(V1);
      let at = 0;
      await expect(
        build(V2, (step) => {
          if (at++ === stop) throw new Error(`stopped at ${step}`);
        }),
      ).rejects.toThrow(/stopped at/);
      const beforeJournal = stop < steps.indexOf('journal');
      // Before the commit point nothing changed and nothing is left behind.
      if (beforeJournal) {
        expect(tree(out), `stopped at step ${stop}`).toEqual(expected(V1));
        expect(readdirSync(dir).sort()).toEqual(['cache', 'dist']);
      }
      // The next build's open finishes (or drops) the commit before anything else.
      const next = await OutputFolder.open(out, options());
      expect(tree(out), `stopped at step ${stop} (${steps[stop]})`).toEqual(expected(beforeJournal ? V1 : V2));
      await next.abort();
      expect(readdirSync(dir).sort(), `stopped at step ${stop}`).toEqual(['cache', 'dist']);
      // And the builds after work from what is there: back to V1, then V2 again, exactly.
      await build(V1);
      expect(tree(out)).toEqual(expected(V1));
      await build(V2);
      expect(tree(out)).toEqual(expected(V2));
    }
  });

  it('swaps a whole folder in when the output cannot take a commit by difference, never writing through a link', async () => {
    const { dir, out, build } = setup();
    await build(V1);
    // A user replaced a folder of the output with a link to their own files.
    const elsewhere = path.join(dir, 'elsewhere');
    mkdirSync(elsewhere);
    writeFileSync(path.join(elsewhere, 'page.html'), 'the user’s');
    rmSync(path.join(out, 'edit'), { recursive: true });
    symlinkSync(elsewhere, path.join(out, 'edit'));
    const steps: string[] = [];
    await build(V2, (step) => steps.push(step));
    expect(steps).toEqual([]);
    expect(tree(out)).toEqual(expected(V2));
    expect(readFileSync(path.join(elsewhere, 'page.html'), 'utf8')).toBe('the user’s');

    // A file where a new file goes that the last build did not make: not overwritten in place.
    writeFileSync(path.join(out, 'later.html'), 'a user file');
    const folder = await OutputFolder.open(out, setup().options());
    await folder.abort();
    await build({ ...V2, 'later.html': 'ours' }, (step) => steps.push(step));
    expect(steps).toEqual([]);
    expect(tree(out)).toEqual(expected({ ...V2, 'later.html': 'ours' }));
    expect(existsSync(path.join(dir, 'elsewhere', 'page.html'))).toBe(true);
  });
});
