import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { logFileOf, StoredSources } from '../../../../cli/source/stored-sources';
import { statFile, UnchangedFiles } from '../../../../cli/source/unchanged-files';
import { textHash } from '../../../../cli/support/hash';

const dir = mkdtempSync(path.join(tmpdir(), 'docsbuild-stored-sources-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
/** A stat as a build long after the write takes it (past the racy window). */
const settled = async (file: string) => ({ ...(await statFile(file)), settled: true });

describe('StoredSources: the content files kept between CLI builds', () => {
  const store = path.join(dir, 'cache', 'sources.bin');
  const keep = (absolute: string) => absolute.endsWith('.md');

  it('a file whose stat is as stored is known without reading it; a changed, unsettled or unkept one is read; a damaged store is ignored', async () => {
    const page = path.join(dir, 'page.md');
    const other = path.join(dir, 'other.md');
    const image = path.join(dir, 'image.png');
    writeFileSync(page, '# Page\n');
    writeFileSync(other, '# Other\n');
    writeFileSync(image, 'png');

    const first = await StoredSources.open(store, keep);
    const pageStat = await settled(page);
    expect(first.storedText(page, pageStat)).toBeUndefined();
    expect((await first.read(page, pageStat)).toString()).toBe('# Page\n');
    const otherStat = await statFile(other);
    expect(otherStat.settled).toBe(false);
    await first.read(other, otherStat); // just written: unsettled, its hash stored but its stamp never trusted
    await first.read(image, await settled(image)); // not a kind kept
    first.settle();
    await first.save();
    expect(existsSync(store)).toBe(true);
    // The page's path, stamp and hash are in it, not its bytes; the unsettled one's path and hash only; nothing of the image.
    expect(readFileSync(store).includes(page)).toBe(true);
    expect(readFileSync(store).includes(textHash('# Page\n'))).toBe(true);
    expect(readFileSync(store).includes('# Page\n')).toBe(false);
    expect(readFileSync(store).includes(otherStat.stamp)).toBe(false);
    expect(readFileSync(store).includes(image)).toBe(false);

    // Gone from disk, yet its stat as stored: known, so the disk is not read.
    rmSync(page);
    const second = await StoredSources.open(store, keep);
    expect(second.storedText(page, pageStat)).toEqual({ hash: textHash('# Page\n'), facts: expect.objectContaining({ home: false }) });
    rmSync(other);
    expect(second.storedText(other, otherStat)).toBeUndefined();
    // Its hash still finds its last cache entry (page/stored-code-blocks.ts), as the page's does.
    expect(second.previousHash(other)).toBe(textHash('# Other\n'));
    expect(second.previousHash(page)).toBe(textHash('# Page\n'));
    await expect(second.read(other, otherStat)).rejects.toThrow(/ENOENT/);
    // Another stamp: read from disk.
    writeFileSync(page, '# Page, edited\n');
    const editedStat = await settled(page);
    expect(second.storedText(page, editedStat)).toBeUndefined();
    expect((await second.read(page, editedStat)).toString()).toBe('# Page, edited\n');
    second.settle();
    await second.save();

    // Nothing changed: the store is not written again.
    const written = statSync(store).mtimeMs;
    const third = await StoredSources.open(store, keep);
    expect(third.storedText(page, await settled(page))?.hash).toBe(textHash('# Page, edited\n'));
    third.settle();
    await third.save();
    expect(statSync(store).mtimeMs).toBe(written);

    // A damaged store is ignored whole.
    const bytes = readFileSync(store);
    bytes[bytes.length - 1]! ^= 0xff;
    writeFileSync(store, bytes);
    const fourth = await StoredSources.open(store, keep);
    expect(fourth.storedText(page, editedStat)).toBeUndefined();
  });

  it('a stored file no longer read (deleted or renamed) is dropped; unchanged ones read before the change are kept; abort leaves the store as it was', async () => {
    const file = path.join(dir, 'second', 'sources.bin');
    const names = ['a.md', 'b.md', 'c.md'].map((name) => path.join(dir, name));
    for (const name of names) writeFileSync(name, `# ${path.basename(name)}\n`);
    const stats = await Promise.all(names.map(settled));
    const first = await StoredSources.open(file, keep);
    for (const [i, name] of names.entries()) await first.read(name, stats[i]!);
    first.settle();
    await first.save();

    // c.md is gone: the store is written again without it, with a and b from the old store.
    const second = await StoredSources.open(file, keep);
    expect(second.storedText(names[0]!, stats[0]!)).toBeDefined();
    expect(second.storedText(names[1]!, stats[1]!)).toBeDefined();
    second.settle();
    await second.save();
    for (const name of names) rmSync(name);
    const third = await StoredSources.open(file, keep);
    expect(third.storedText(names[0]!, stats[0]!)?.hash).toBe(textHash('# a.md\n'));
    expect(third.storedText(names[1]!, stats[1]!)?.hash).toBe(textHash('# b.md\n'));
    expect(third.storedText(names[2]!, stats[2]!)).toBeUndefined();
    await third.abort();
    expect(readdirSync(path.dirname(file)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    const fourth = await StoredSources.open(file, keep);
    expect(fourth.storedText(names[1]!, stats[1]!)?.hash).toBe(textHash('# b.md\n'));
  });
});

describe('StoredSources: a few changes go to a log beside the store, not into a new whole store', () => {
  const keep = (absolute: string) => absolute.endsWith('.md');
  /** A build that asks for these files (with these stats) at the store in `file`, and saves. */
  const buildWith = async (file: string, files: readonly string[], stats: readonly Awaited<ReturnType<typeof settled>>[]) => {
    const store = await StoredSources.open(file, keep);
    for (const [i, name] of files.entries()) if (!store.storedText(name, stats[i]!)) await store.read(name, stats[i]!);
    store.settle();
    await store.save();
  };

  it('keeps every change since the whole store was written (edits across builds, deletions) in its log, and the whole store as it was', async () => {
    const folder = path.join(dir, 'log');
    const file = path.join(folder, 'cache', 'sources.bin');
    const names = ['a.md', 'b.md', 'c.md', 'd.md'].map((name) => path.join(folder, name));
    mkdirSync(folder, { recursive: true });
    for (const name of names) writeFileSync(name, `# ${path.basename(name)}\n`);
    const stats = await Promise.all(names.map(settled));
    await buildWith(file, names, stats);
    const whole = readFileSync(file);
    expect(existsSync(logFileOf(file))).toBe(false);

    // a.md edited: one build; then b.md edited and d.md deleted: another. The whole store is not written again.
    writeFileSync(names[0]!, '# a, edited\n');
    stats[0] = await settled(names[0]!);
    await buildWith(file, names, stats);
    writeFileSync(names[1]!, '# b, edited\n');
    stats[1] = await settled(names[1]!);
    await buildWith(file, names.slice(0, 3), stats.slice(0, 3));
    expect(readFileSync(file).equals(whole)).toBe(true);
    expect(existsSync(logFileOf(file))).toBe(true);

    // The store with its log: both edits, c.md as it was, d.md no longer known.
    for (const name of names.slice(0, 3)) rmSync(name);
    const next = await StoredSources.open(file, keep);
    expect(next.storedText(names[0]!, stats[0]!)?.hash).toBe(textHash('# a, edited\n'));
    expect(next.storedText(names[1]!, stats[1]!)?.hash).toBe(textHash('# b, edited\n'));
    expect(next.storedText(names[2]!, stats[2]!)?.hash).toBe(textHash('# c.md\n'));
    expect(next.storedText(names[3]!, stats[3]!)).toBeUndefined();
    await next.abort();
  });

  it('writes the whole store again past the log\'s share of changes, and then ignores the log written against the store before', async () => {
    const folder = path.join(dir, 'log-whole');
    const file = path.join(folder, 'cache', 'sources.bin');
    mkdirSync(folder, { recursive: true });
    const names = Array.from({ length: 100 }, (_, i) => path.join(folder, `p${i}.md`));
    for (const name of names) writeFileSync(name, `# ${path.basename(name)}\n`);
    const stats = await Promise.all(names.map(settled));
    await buildWith(file, names, stats);

    // One edit: a log.
    writeFileSync(names[0]!, '# p0, edited once\n');
    stats[0] = await settled(names[0]!);
    await buildWith(file, names, stats);
    const staleLog = readFileSync(logFileOf(file));
    const wholeBefore = readFileSync(file);

    // 70 edits (more than 64, and than an eighth of 100): the whole store, and no log.
    for (const [i, name] of names.slice(0, 70).entries()) {
      writeFileSync(name, `# p${i}, edited twice\n`);
      stats[i] = await settled(name);
    }
    await buildWith(file, names, stats);
    expect(readFileSync(file).equals(wholeBefore)).toBe(false);
    expect(existsSync(logFileOf(file))).toBe(false);

    // The log of the store before, put back, is not applied to the new one: p0 is known as it is now.
    writeFileSync(logFileOf(file), staleLog);
    const next = await StoredSources.open(file, keep);
    expect(next.storedText(names[0]!, stats[0]!)?.hash).toBe(textHash('# p0, edited twice\n'));
    await next.abort();

    // 70 files deleted (none edited): more than a log's share too, so the whole store is written again.
    await buildWith(file, names, stats);
    const beforeDeletions = readFileSync(file);
    await buildWith(file, names.slice(70), stats.slice(70));
    expect(readFileSync(file).equals(beforeDeletions)).toBe(false);
    expect(existsSync(logFileOf(file))).toBe(false);
  });
});

describe('StoredSources: the hash and facts of each text, kept with it for the page cache\'s keys and the site\'s scans', () => {
  it('gives an unchanged file\'s hash and facts back without making them; a changed file is stored with those made; one nobody asked for with its text\'s', async () => {
    const store = path.join(dir, 'hashes', 'sources.bin');
    const keep = (absolute: string) => absolute.endsWith('.md');
    const [asked, unasked] = ['asked.md', 'unasked.md'].map((name) => path.join(dir, name)) as [string, string];
    writeFileSync(asked, '# Asked\r\n');
    writeFileSync(unasked, '---\nhome: true\n---\n```js\nx\n```\n<<< @/a.js\n{{ $const.version }}\n');
    const madeForAsked = { hash: 'made-for-asked', facts: { languages: ['ts'], imports: true, home: false, constants: ['made'] } };
    const first = await StoredSources.open(store, keep);
    await first.read(asked, await settled(asked));
    expect(first.known(asked, () => madeForAsked)).toEqual(madeForAsked);
    await first.read(unasked, await settled(unasked));
    first.settle();
    await first.save();

    const second = await StoredSources.open(store, keep);
    expect(second.storedText(asked, await settled(asked))).toEqual(madeForAsked);
    expect(second.storedText(unasked, await settled(unasked))).toEqual({
      hash: textHash(readFileSync(unasked, 'utf8')),
      facts: { languages: ['js'], imports: true, home: true, constants: ['version'] },
    });
    // Known ones need nothing made; a file not read in this build has nothing to give.
    expect(second.known(asked, () => madeForAsked)).toBeUndefined();
    expect(second.known(path.join(dir, 'elsewhere.md'), () => madeForAsked)).toBeUndefined();
  });
});

describe('StoredSources: another tool version', () => {
  it('takes nothing from a store another version of docsbuild wrote (its facts are that version\'s scans)', async () => {
    const own = mkdtempSync(path.join(dir, 'tool-'));
    try {
      const store = path.join(own, 'sources.bin');
      const page = path.join(own, 'a.md');
      writeFileSync(page, '# A\n');
      const first = await StoredSources.open(store, () => true, 'tool-1');
      await first.read(page, await settled(page));
      first.settle();
      await first.save();
      expect((await StoredSources.open(store, () => true, 'tool-1')).storedText(page, await settled(page))).toBeDefined();
      expect((await StoredSources.open(store, () => true, 'tool-2')).storedText(page, await settled(page))).toBeUndefined();
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });
});

describe('StoredSources: facts', () => {
  it('pages whose stored facts say the same share one frozen facts object, equal to the facts of their texts', async () => {
    const own = mkdtempSync(path.join(dir, 'facts-'));
    try {
      const store = path.join(own, 'sources.bin');
      const files = ['a.md', 'b.md', 'c.md'].map((name) => path.join(own, name)) as [string, string, string];
      writeFileSync(files[0], '# A\n\n```js\nx\n```\n');
      writeFileSync(files[1], '# B\n\n```js\ny\n```\n');
      writeFileSync(files[2], '# C\n');
      const first = await StoredSources.open(store, () => true);
      for (const file of files) await first.read(file, await settled(file));
      first.settle();
      await first.save();

      const second = await StoredSources.open(store, () => true);
      const [a, b, c] = await Promise.all(files.map(async (file) => second.storedText(file, await settled(file))?.facts));
      expect(a).toEqual({ languages: ['js'], imports: false, home: false, constants: [] });
      expect(b).toBe(a);
      expect(c).not.toBe(a);
      expect(Object.isFrozen(a) && Object.isFrozen(a!.languages) && Object.isFrozen(a!.constants)).toBe(true);
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });
});

describe('UnchangedFiles: the content files a dev server keeps in memory', () => {
  it('reads a file again only when its stat changed, and forgets files not read in a build', async () => {
    const page = path.join(dir, 'memory.md');
    writeFileSync(page, 'one');
    const files = new UnchangedFiles();
    const first = await settled(page);
    expect((await files.read(page, first)).toString()).toBe('one');
    files.settle();
    rmSync(page);
    expect((await files.read(page, first)).toString()).toBe('one');
    // A build that does not read it: forgotten, so the next read goes to the disk.
    files.settle();
    files.settle();
    await expect(files.read(page, first)).rejects.toThrow(/ENOENT/);
  });
});
