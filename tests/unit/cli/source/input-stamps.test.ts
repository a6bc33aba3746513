import { readFile } from 'node:fs/promises';
import { mkdirSync, mkdtempSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listedTree, nowNs, sameStamps, stampContentTree, stampPath, withTextHashes } from '../../../../cli/source/input-stamps';
import { loadSources } from '../../../../cli/source/load';
import { statFile, type FileStat, type KnownFiles } from '../../../../cli/source/unchanged-files';

/** Three seconds from now: stamps taken "then" treat files written now as settled (past the racy window). */
const later = () => nowNs() + 3_000_000_000n;

describe('input stamps', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'docsbuild-stamps-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const tree = (label: string) => {
    const dir = mkdtempSync(path.join(root, `${label}-`));
    mkdirSync(path.join(dir, 'guide'));
    mkdirSync(path.join(dir, '.hidden'));
    mkdirSync(path.join(dir, 'node_modules', 'pkg'), { recursive: true });
    writeFileSync(path.join(dir, 'site.yaml'), 'title: T\n');
    writeFileSync(path.join(dir, 'README.md'), '# Home\n');
    writeFileSync(path.join(dir, 'guide', 'a.md'), '# A\n');
    writeFileSync(path.join(dir, '.hidden', 'x.md'), '# X\n');
    writeFileSync(path.join(dir, 'node_modules', 'pkg', 'y.md'), '# Y\n');
    return dir;
  };

  it('lists what the build walks: no dot files, no node_modules (where the cache appears when the pages are the project), not the output folder', () => {
    const dir = tree('walk');
    expect(Object.keys(stampContentTree(dir, later()))).toEqual(['README.md', 'guide/', 'guide/a.md', 'site.yaml']);
    expect(Object.keys(stampContentTree(dir, later(), 'guide'))).toEqual(['README.md', 'site.yaml']);
  });

  it('equal for an untouched tree; different after an edit, an addition, a deletion or a rename', () => {
    const dir = tree('changes');
    const before = stampContentTree(dir, later());
    expect(sameStamps(before, stampContentTree(dir, later()))).toBe(true);

    const changed: Array<() => void> = [
      () => writeFileSync(path.join(dir, 'guide', 'a.md'), '# A, edited\n'),
      () => writeFileSync(path.join(dir, 'guide', 'b.md'), '# B\n'),
      () => rmSync(path.join(dir, 'README.md')),
      () => renameSync(path.join(dir, 'guide', 'a.md'), path.join(dir, 'guide', 'c.md')),
      () => mkdirSync(path.join(dir, 'new-folder')),
      // A dot folder the build does read: a VuePress tree's settings.
      () => mkdirSync(path.join(dir, '.vuepress')),
      () => writeFileSync(path.join(dir, '.vuepress', 'config.js'), 'module.exports = {};\n'),
    ];
    let last = before;
    for (const change of changed) {
      change();
      const now = stampContentTree(dir, later());
      expect(sameStamps(last, now)).toBe(false);
      last = now;
    }
  });

  it('an edit that keeps the size and the modification time is still seen (the change time moves, as git checks it)', () => {
    const dir = tree('same-size');
    const file = path.join(dir, 'guide', 'a.md');
    // A whole second: the time set again after the edit is the same to the nanosecond.
    utimesSync(file, 1_700_000_000, 1_700_000_000);
    const before = stampPath(file, later());
    writeFileSync(file, '# Z\n');
    utimesSync(file, 1_700_000_000, 1_700_000_000);
    expect(statSync(file).mtimeMs).toBe(1_700_000_000_000);
    expect(stampPath(file, later())).not.toBe(before);
  });

  it('a file changed within the racy window of its stamp is unsettled: never equal, even to itself', () => {
    const dir = tree('racy');
    const file = path.join(dir, 'README.md');
    writeFileSync(file, '# Just written\n');
    const racy = stampPath(file);
    expect(racy.startsWith('?')).toBe(true);
    expect(sameStamps({ 'README.md': racy }, { 'README.md': racy })).toBe(false);
    const settled = stampPath(file, later());
    expect(sameStamps({ 'README.md': settled }, { 'README.md': stampPath(file, later()) })).toBe(true);
  });

  it("an unsettled stamp recorded with the hash of the text read is equal to the path's settled stamp while the text hashes the same", () => {
    const dir = tree('racy-hashed');
    const file = path.join(dir, 'README.md');
    writeFileSync(file, '# Just written\n');
    const racy = stampPath(file);
    const recorded = withTextHashes({ 'README.md': racy, 'site.yaml': stampPath(path.join(dir, 'site.yaml'), later()) }, { 'README.md': 'h1' });
    expect(recorded['README.md']).toBe(`${racy}#h1`);
    const settledNow = { 'README.md': stampPath(file, later()), 'site.yaml': stampPath(path.join(dir, 'site.yaml'), later()) };
    expect(sameStamps(recorded, settledNow, (key) => (key === 'README.md' ? 'h1' : undefined))).toBe(true);
    // The text hashes otherwise (changed in the same tick of the file system's clock): not equal.
    expect(sameStamps(recorded, settledNow, () => 'h2')).toBe(false);
    // No hasher, or a stamp still unsettled, or a stat that moved: not equal.
    expect(sameStamps(recorded, settledNow)).toBe(false);
    expect(sameStamps(recorded, { ...settledNow, 'README.md': racy }, () => 'h1')).toBe(false);
    writeFileSync(file, '# Written again, longer\n');
    expect(sameStamps(recorded, { ...settledNow, 'README.md': stampPath(file, later()) }, () => 'h1')).toBe(false);
  });

  it('a symbolic link is stamped with its target: an edit behind the link is seen', () => {
    const dir = tree('link');
    symlinkSync(path.join(dir, 'guide', 'a.md'), path.join(dir, 'linked.md'));
    const before = stampContentTree(dir, later());
    writeFileSync(path.join(dir, 'guide', 'a.md'), '# A, longer now\n');
    const after = stampContentTree(dir, later());
    expect(after['linked.md']).not.toBe(before['linked.md']);
  });

  it('a missing path has a stamp of its own, which an appearing file changes', () => {
    const dir = tree('missing');
    const file = path.join(dir, 'later.md');
    const before = stampPath(file, later());
    expect(before).toBe('-');
    writeFileSync(file, '# Now\n');
    expect(stampPath(file, later())).not.toBe(before);
  });

  it('listed, a tree loads as walked and stated: the same sources, diagnostics and stats (links, dot files, .vuepress/, node_modules)', async () => {
    const dir = tree('listed');
    mkdirSync(path.join(dir, '.vuepress', 'public'), { recursive: true });
    writeFileSync(path.join(dir, '.vuepress', 'config.js'), 'module.exports = {};\n');
    writeFileSync(path.join(dir, '.vuepress', 'public', 'logo.svg'), '<svg/>');
    writeFileSync(path.join(dir, 'guide', '.draft.md'), '# Draft\n');
    writeFileSync(path.join(dir, 'guide', 'image.png'), 'png');
    symlinkSync(path.join(dir, 'guide', 'a.md'), path.join(dir, 'linked.md'));
    symlinkSync(path.join(dir, 'guide'), path.join(dir, 'linked-folder'));
    symlinkSync(path.join(dir, 'nowhere.md'), path.join(dir, 'broken.md'));
    symlinkSync(path.join(root, 'outside.md'), path.join(dir, 'outside.md'));
    writeFileSync(path.join(root, 'outside.md'), '# Outside\n');
    /** The stats loadSources hands its known files, by path. */
    const statsSeen = (seen: Map<string, FileStat>): KnownFiles => ({
      read: async (absolute, known) => {
        seen.set(absolute, known);
        return readFile(absolute);
      },
      settle: () => {},
    });
    const config = { root: path.dirname(dir), contentDir: dir };
    const walked = new Map<string, FileStat>();
    const listed = new Map<string, FileStat>();
    const expected = await loadSources(config, statsSeen(walked));
    const actual = await loadSources(config, statsSeen(listed), undefined, listedTree(stampContentTree(dir, later())));
    // The pages just written were stated within the racy window when walked (their texts' hashes kept), not when listed "later".
    const { unsettledTexts: walkedRacy, ...walkedRest } = expected;
    const { unsettledTexts: listedRacy, ...listedRest } = actual;
    expect(listedRest).toEqual(walkedRest);
    expect(Object.keys(walkedRacy ?? {})).toEqual(expect.arrayContaining(['README.md', 'guide/a.md']));
    expect(listedRacy).toEqual({});
    expect(expected.pages.map((p) => p.relativePath)).toEqual(['README.md', 'guide/a.md', 'linked.md']);
    expect(expected.diagnostics.map((d) => d.code).sort()).toEqual(['file/outside-content', 'file/outside-content']);
    // The stamps are statFile's (a link's its target's), settled as the listing was.
    // Sorted: the files are read a few at once, so the order their stats are taken in varies (a clean-clone CI run saw it).
    expect([...listed.keys()].sort()).toEqual([...walked.keys()].sort());
    for (const [absolute, known] of listed) expect(known).toEqual({ ...(await statFile(absolute)), settled: true });
    // A file stamped within the racy window is unsettled in the listing too.
    expect(listedTree(stampContentTree(dir)).statOf('README.md')?.settled).toBe(false);
  });

  it('the listing of stamps just taken is the listing parsed from them (as a record read back gives them)', () => {
    const dir = tree('listing');
    symlinkSync(path.join(dir, 'guide', 'a.md'), path.join(dir, 'linked.md'));
    symlinkSync(path.join(dir, 'nowhere.md'), path.join(dir, 'broken.md'));
    for (const since of [later(), nowNs()]) {
      const stamps = stampContentTree(dir, since);
      const taken = listedTree(stamps);
      const parsed = listedTree(JSON.parse(JSON.stringify(stamps)) as typeof stamps);
      expect(taken.files).toEqual(parsed.files);
      expect(taken.symlinks).toEqual(['broken.md', 'linked.md']);
      expect(taken.symlinks).toEqual(parsed.symlinks);
      for (const file of [...parsed.files, ...parsed.symlinks]) expect(taken.statOf(file)).toEqual(parsed.statOf(file));
      expect(taken.statOf('linked.md')).toEqual(parsed.statOf('guide/a.md'));
      expect(taken.statOf('broken.md')).toBeUndefined();
    }
  });
});
