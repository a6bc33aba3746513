import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryOutput, type OutputContent, type PutOptions } from '../../../../cli/output/sink';
import { OutputFolder, writeOutput, type OutputFolderOptions } from '../../../../cli/output/folder';

type Files = ReadonlyArray<readonly [name: string, content: OutputContent, options?: PutOptions]>;

/** Every file under `dir` (folders left out), sorted, with `/` as separator. */
/** The files of an output, without the marker every output holds (checked in folder-safety.test.ts). */
const listing = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name !== '.docsbuild-output' && statSync(path.join(dir, name)).isFile())
    .map((name) => name.split(path.sep).join('/'))
    .sort();

/** Every file under `dir` with its bytes. */
const snapshot = (dir: string) => new Map(listing(dir).map((name) => [name, readFileSync(path.join(dir, name))]));

const ino = (dir: string, name: string) => statSync(path.join(dir, name)).ino;
const bytes = (dir: string, name: string) => readFileSync(path.join(dir, name));

describe('OutputFolder', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'docsbuild-output-folder-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** A fresh parent folder with `dist` (not yet there) and a record in its own cache. */
  const setup = (label: string, toolVersion = 'v1') => {
    const dir = mkdtempSync(path.join(root, `${label}-`));
    const out = path.join(dir, 'dist');
    const recordFile = path.join(dir, 'cache', 'outputs', 'record.json');
    const options = (version = toolVersion): OutputFolderOptions => ({ record: { file: recordFile, toolVersion: version } });
    return { dir, out, recordFile, options };
  };

  /** One whole build: open, put every file, commit. */
  const buildOnce = async (out: string, files: Files, options: OutputFolderOptions = {}) => {
    const folder = await OutputFolder.open(out, options);
    for (const [name, content, putOptions] of files) await folder.put(name, content, putOptions);
    await folder.commit();
  };

  describe('put, commit and abort', () => {
    it('commit writes exactly the files given, nested folders included, and leaves no temp folder or lock', async () => {
      const { dir, out } = setup('exact');
      const binary = Uint8Array.from([0, 1, 2, 255, 254, 10, 13, 0]);
      const folder = await OutputFolder.open(out);
      await folder.put('index.html', '<!doctype html><p>héllo</p>');
      await folder.put('a/b/c/deep.json', '{"deep":true}\n');
      await folder.put('assets/img.bin', binary);
      await folder.put('empty.txt', '');
      expect(folder.names()).toEqual(['index.html', 'a/b/c/deep.json', 'assets/img.bin', 'empty.txt']);
      expect(folder.has('a/b/c/deep.json')).toBe(true);
      expect(folder.has('a/b/c')).toBe(false);
      // Nothing is visible at outDir before the commit.
      expect(existsSync(out)).toBe(false);
      await folder.commit();

      expect(listing(out)).toEqual(['a/b/c/deep.json', 'assets/img.bin', 'empty.txt', 'index.html']);
      expect(readFileSync(path.join(out, 'index.html'), 'utf8')).toBe('<!doctype html><p>héllo</p>');
      expect(readFileSync(path.join(out, 'a/b/c/deep.json'), 'utf8')).toBe('{"deep":true}\n');
      expect(bytes(out, 'assets/img.bin')).toEqual(Buffer.from(binary));
      expect(statSync(path.join(out, 'empty.txt')).size).toBe(0);
      expect(readdirSync(dir)).toEqual(['dist']);
    });

    it('a second commit replaces the first output whole: files it did not put are gone', async () => {
      const { out } = setup('replace');
      await buildOnce(out, [
        ['old.txt', 'old'],
        ['keep/x.txt', 'x1'],
      ]);
      await buildOnce(out, [['keep/x.txt', 'x2']]);
      expect(listing(out)).toEqual(['keep/x.txt']);
      expect(readFileSync(path.join(out, 'keep/x.txt'), 'utf8')).toBe('x2');
    });

    it('abort after some puts leaves the previous output byte-identical and removes the temp folder and lock', async () => {
      const { dir, out, options } = setup('abort');
      await buildOnce(
        out,
        [
          ['index.html', 'first index'],
          ['nested/page.html', 'first page'],
          ['data.bin', Uint8Array.from([9, 8, 7])],
        ],
        options(),
      );
      const before = snapshot(out);
      const inodesBefore = new Map([...before.keys()].map((name) => [name, ino(out, name)]));

      const folder = await OutputFolder.open(out, options());
      // Same content (hard-linked from the previous output), changed content, and a new file.
      await folder.put('index.html', 'first index');
      await folder.put('nested/page.html', 'second page, longer than the first');
      await folder.put('nested/new/added.txt', 'added');
      await folder.put('data.bin', Uint8Array.from([1]));
      const temps = readdirSync(dir).filter((name) => name.startsWith('dist.tmp-'));
      expect(temps).toHaveLength(1);
      expect(existsSync(`${out}.lock`)).toBe(true);
      await folder.abort();

      expect(snapshot(out)).toEqual(before);
      for (const [name, inode] of inodesBefore) expect(ino(out, name), name).toBe(inode);
      expect(readdirSync(dir).sort()).toEqual(['cache', 'dist']);
      expect(existsSync(`${out}.lock`)).toBe(false);
      // The lock is really released: the next build can open and commit.
      await buildOnce(out, [['after.txt', 'after']], options());
      expect(listing(out)).toEqual(['after.txt']);
    });

    it('put after commit or abort rejects', async () => {
      const { out } = setup('closed');
      const committed = await OutputFolder.open(out);
      await committed.commit();
      await expect(committed.put('late.txt', 'x')).rejects.toThrow(/closed/);
      const aborted = await OutputFolder.open(out);
      await aborted.abort();
      await expect(aborted.put('late.txt', 'x')).rejects.toThrow(/closed/);
      expect(listing(out)).toEqual([]);
    });
  });

  describe('putParts', () => {
    const encode = (text: string) => new TextEncoder().encode(text);

    it('writes the parts as one file while they are made, and making them may read the build’s other files', async () => {
      const { out, options } = setup('parts');
      const folder = await OutputFolder.open(out, options());
      await folder.put('a.md', 'copy of a\n');
      await folder.put('b.md', 'copy of b\n');
      async function* parts() {
        yield encode('# head\n');
        for (const name of ['a.md', 'b.md']) yield Buffer.from((await folder.read(name))!);
      }
      await folder.putParts('full.txt', parts(), { key: 'full:1' });
      expect(folder.names()).toEqual(['a.md', 'b.md', 'full.txt']);
      expect(Buffer.from((await folder.read('full.txt'))!).toString()).toBe('# head\ncopy of a\ncopy of b\n');
      await folder.commit();
      expect(readFileSync(path.join(out, 'full.txt'), 'utf8')).toBe('# head\ncopy of a\ncopy of b\n');
      // Recorded under its key: the next build takes it over unmade.
      const next = await OutputFolder.open(out, options());
      expect(await next.reuse('full:1')).toEqual({ name: 'full.txt', meta: undefined });
      await next.commit();
      expect(readFileSync(path.join(out, 'full.txt'), 'utf8')).toBe('# head\ncopy of a\ncopy of b\n');
    });

    it('a failure midway leaves no half file: the name is free again, and the output as it was', async () => {
      const { dir, out, options } = setup('parts-failure');
      await buildOnce(out, [['kept.txt', 'kept']], options());
      const before = snapshot(out);
      const folder = await OutputFolder.open(out, options());
      async function* failing() {
        yield encode('a first part that reaches the disk\n');
        throw new Error('the parts gave out');
      }
      await expect(folder.putParts('full.txt', failing())).rejects.toThrow('the parts gave out');
      expect(folder.has('full.txt')).toBe(false);
      const temp = readdirSync(dir).find((name) => name.startsWith('dist.tmp-'))!;
      expect(existsSync(path.join(dir, temp, 'full.txt'))).toBe(false);
      await folder.abort();
      expect(snapshot(out)).toEqual(before);

      // A build that then succeeds may write the name, by parts with no key (recorded by content).
      const again = await OutputFolder.open(out, options());
      await again.putParts('full.txt', (async function* () {
        yield encode('whole ');
        yield encode('this time');
      })());
      await again.commit();
      expect(readFileSync(path.join(out, 'full.txt'), 'utf8')).toBe('whole this time');
    });
  });

  describe('with a record of the previous output', () => {
    it('hard-links files whose content is unchanged and writes changed ones fresh', async () => {
      const { out, options } = setup('link');
      const binary = Uint8Array.from({ length: 3000 }, (_, i) => i % 256);
      await buildOnce(
        out,
        [
          ['same.html', 'unchanged page'],
          ['deep/same.bin', binary],
          ['deep/changed.html', 'version one'],
          ['changed-same-size.txt', 'AAAA'],
        ],
        options(),
      );
      const first = {
        same: ino(out, 'same.html'),
        bin: ino(out, 'deep/same.bin'),
        changed: ino(out, 'deep/changed.html'),
        sameSize: ino(out, 'changed-same-size.txt'),
      };

      await buildOnce(
        out,
        [
          ['same.html', 'unchanged page'],
          ['deep/same.bin', Uint8Array.from(binary)],
          ['deep/changed.html', 'version two, a bit longer'],
          ['changed-same-size.txt', 'BBBB'],
        ],
        options(),
      );
      expect(ino(out, 'same.html')).toBe(first.same);
      expect(ino(out, 'deep/same.bin')).toBe(first.bin);
      expect(readFileSync(path.join(out, 'same.html'), 'utf8')).toBe('unchanged page');
      expect(bytes(out, 'deep/same.bin')).toEqual(Buffer.from(binary));
      expect(ino(out, 'deep/changed.html')).not.toBe(first.changed);
      expect(readFileSync(path.join(out, 'deep/changed.html'), 'utf8')).toBe('version two, a bit longer');
      expect(ino(out, 'changed-same-size.txt')).not.toBe(first.sameSize);
      expect(readFileSync(path.join(out, 'changed-same-size.txt'), 'utf8')).toBe('BBBB');

      // The record follows the kept files: a third identical build still links all of them.
      const second = new Map(listing(out).map((name) => [name, ino(out, name)]));
      await buildOnce(
        out,
        [
          ['same.html', 'unchanged page'],
          ['deep/same.bin', binary],
          ['deep/changed.html', 'version two, a bit longer'],
          ['changed-same-size.txt', 'BBBB'],
        ],
        options(),
      );
      for (const [name, inode] of second) expect(ino(out, name), name).toBe(inode);
    });

    it('a file renamed between builds is written fresh under its new name, not linked from another name', async () => {
      const { out, options } = setup('rename');
      await buildOnce(out, [['a.txt', 'content']], options());
      const before = ino(out, 'a.txt');
      await buildOnce(out, [['b.txt', 'content']], options());
      expect(listing(out)).toEqual(['b.txt']);
      expect(readFileSync(path.join(out, 'b.txt'), 'utf8')).toBe('content');
      expect(ino(out, 'b.txt')).not.toBe(before);
    });

    it('without a record nothing is linked', async () => {
      const { out } = setup('norecord');
      await buildOnce(out, [['a.txt', 'same']]);
      const before = ino(out, 'a.txt');
      await buildOnce(out, [['a.txt', 'same']]);
      expect(ino(out, 'a.txt')).not.toBe(before);
      expect(readFileSync(path.join(out, 'a.txt'), 'utf8')).toBe('same');
    });

    it('a file changed in place since the build is not linked, even with the same content put again', async () => {
      const { out, options } = setup('tampered-put');
      await buildOnce(out, [['page.html', 'right']], options());
      writeFileSync(path.join(out, 'page.html'), 'wrong and longer');
      await buildOnce(out, [['page.html', 'right']], options());
      expect(readFileSync(path.join(out, 'page.html'), 'utf8')).toBe('right');
    });
  });

  describe('reuse(key)', () => {
    it('takes over the file put with that key: same name, meta, bytes and inode', async () => {
      const { out, options } = setup('reuse');
      const chunk = '{"chunk":"content of a page"}';
      await buildOnce(
        out,
        [
          ['assets/pages/p.123.json', chunk, { key: 'chunk:p.123', meta: 42 }],
          ['p.html', '<p>page</p>', { key: 'html:doc:p.123' }],
        ],
        options(),
      );
      const chunkIno = ino(out, 'assets/pages/p.123.json');

      const folder = await OutputFolder.open(out, options());
      expect(await folder.reuse('chunk:p.123')).toEqual({ name: 'assets/pages/p.123.json', meta: 42 });
      expect(folder.has('assets/pages/p.123.json')).toBe(true);
      expect(folder.names()).toEqual(['assets/pages/p.123.json']);
      // Taken once per build only; an unknown key finds nothing.
      expect(await folder.reuse('chunk:p.123')).toBeUndefined();
      expect(await folder.reuse('chunk:unknown')).toBeUndefined();
      // A key that was never given (the file was put by content) is not a key.
      expect(await folder.reuse('p.html')).toBeUndefined();
      // Putting the name a key would reuse makes that reuse fail rather than duplicate it.
      await folder.put('p.html', '<p>page, made again</p>');
      expect(await folder.reuse('html:doc:p.123')).toBeUndefined();
      await folder.commit();

      expect(listing(out)).toEqual(['assets/pages/p.123.json', 'p.html']);
      expect(readFileSync(path.join(out, 'assets/pages/p.123.json'), 'utf8')).toBe(chunk);
      expect(ino(out, 'assets/pages/p.123.json')).toBe(chunkIno);
      expect(readFileSync(path.join(out, 'p.html'), 'utf8')).toBe('<p>page, made again</p>');

      // The key travels on through a reused file: a third build can reuse it again.
      const third = await OutputFolder.open(out, options());
      expect(await third.reuse('chunk:p.123')).toEqual({ name: 'assets/pages/p.123.json', meta: 42 });
      await third.commit();
      expect(readFileSync(path.join(out, 'assets/pages/p.123.json'), 'utf8')).toBe(chunk);
    });

    it('returns undefined for every key on a first build (no record yet)', async () => {
      const { out, options } = setup('reuse-first');
      const folder = await OutputFolder.open(out, options());
      expect(await folder.reuse('chunk:any')).toBeUndefined();
      expect(folder.names()).toEqual([]);
      await folder.abort();
    });

    it('returns undefined when the previous file was modified in place (size changed), and a fresh put then works', async () => {
      const { out, options } = setup('reuse-tampered');
      await buildOnce(out, [['p.html', 'original', { key: 'k', meta: 1 }]], options());
      writeFileSync(path.join(out, 'p.html'), 'tampered, and longer than before');

      const folder = await OutputFolder.open(out, options());
      expect(await folder.reuse('k')).toBeUndefined();
      expect(folder.has('p.html')).toBe(false);
      await folder.put('p.html', 'made again', { key: 'k', meta: 2 });
      await folder.commit();
      expect(listing(out)).toEqual(['p.html']);
      expect(readFileSync(path.join(out, 'p.html'), 'utf8')).toBe('made again');

      // The record now describes the fresh file, with its meta.
      const next = await OutputFolder.open(out, options());
      expect(await next.reuse('k')).toEqual({ name: 'p.html', meta: 2 });
      await next.commit();
      expect(readFileSync(path.join(out, 'p.html'), 'utf8')).toBe('made again');
    });

    it('returns undefined when the previous file was rewritten with the same size (mtime changed)', async () => {
      const { out, options } = setup('reuse-same-size');
      await buildOnce(out, [['p.html', 'AAAA', { key: 'k' }]], options());
      const file = path.join(out, 'p.html');
      const { mtime } = statSync(file);
      writeFileSync(file, 'BBBB');
      // Make sure the mtime moved even on a file system with coarse timestamps.
      utimesSync(file, mtime, new Date(mtime.getTime() + 5000));
      expect(statSync(file).size).toBe(4);

      const folder = await OutputFolder.open(out, options());
      expect(await folder.reuse('k')).toBeUndefined();
      await folder.put('p.html', 'AAAA', { key: 'k' });
      await folder.commit();
      expect(readFileSync(file, 'utf8')).toBe('AAAA');
    });

    it('a file changed after the build looked at the kept files is recorded as it was seen, so the next build writes it again', async () => {
      const { out, options } = setup('reuse-changed-midway');
      await buildOnce(out, [['a.html', 'a', { key: 'a' }], ['b.html', 'b', { key: 'b' }]], options());

      const folder = await OutputFolder.open(out, options());
      // Looked at ahead (the build does so while its pages are on a worker), or else when the first file is kept.
      folder.prepare();
      // Changed once the kept files were looked at: this build still keeps it (it was as recorded then).
      writeFileSync(path.join(out, 'b.html'), 'changed by hand meanwhile');
      expect(await folder.reuse('a')).toEqual({ name: 'a.html', meta: undefined });
      expect(await folder.reuse('b')).toEqual({ name: 'b.html', meta: undefined });
      await folder.commit();

      const next = await OutputFolder.open(out, options());
      expect(await next.reuse('a')).toEqual({ name: 'a.html', meta: undefined });
      expect(await next.reuse('b')).toBeUndefined();
      await next.put('b.html', 'b', { key: 'b' });
      await next.commit();
      expect(readFileSync(path.join(out, 'b.html'), 'utf8')).toBe('b');
    });

    it('readPrevious gives the previous file made from a key without taking it over, and nothing once it changed', async () => {
      const { out, options } = setup('read-previous');
      await buildOnce(out, [['llms.txt', 'made before', { key: 'whole' }], ['plain.txt', 'no key']], options());
      const folder = await OutputFolder.open(out, options());
      expect(Buffer.from((await folder.readPrevious('whole'))!).toString()).toBe('made before');
      expect(folder.has('llms.txt')).toBe(false);
      expect(await folder.readPrevious('plain.txt')).toBeUndefined();
      expect(await folder.readPrevious('other')).toBeUndefined();
      await folder.abort();
      writeFileSync(path.join(out, 'llms.txt'), 'changed by hand');
      const after = await OutputFolder.open(out, options());
      expect(await after.readPrevious('whole')).toBeUndefined();
      await after.abort();
    });

    // `touch -r` copies the timestamp to the nanosecond, which utimes from Node cannot.
    it.runIf(process.platform !== 'win32')(
      'returns undefined (and put does not link) when the previous file was replaced by another of the same size and mtime',
      async () => {
        const { out, options } = setup('reuse-replaced');
        await buildOnce(
          out,
          [
            ['k.html', 'AAAA', { key: 'k' }],
            ['c.html', 'CCCC'],
          ],
          options(),
        );
        for (const name of ['k.html', 'c.html']) {
          const file = path.join(out, name);
          const replacement = `${file}.new`;
          const before = statSync(file);
          writeFileSync(replacement, 'XXXX');
          expect(spawnSync('touch', ['-r', file, replacement]).status).toBe(0);
          renameSync(replacement, file);
          const after = statSync(file);
          // Only the inode tells the replacement apart.
          expect([after.size, after.mtimeMs]).toEqual([before.size, before.mtimeMs]);
          expect(after.ino).not.toBe(before.ino);
        }

        const folder = await OutputFolder.open(out, options());
        expect(await folder.reuse('k')).toBeUndefined();
        await folder.put('k.html', 'AAAA', { key: 'k' });
        await folder.put('c.html', 'CCCC');
        await folder.commit();
        expect(readFileSync(path.join(out, 'k.html'), 'utf8')).toBe('AAAA');
        expect(readFileSync(path.join(out, 'c.html'), 'utf8')).toBe('CCCC');
      },
    );

    it('returns undefined when the previous file was replaced by a directory', async () => {
      const { out, options } = setup('reuse-dir');
      await buildOnce(out, [['p.html', 'page', { key: 'k' }]], options());
      rmSync(path.join(out, 'p.html'));
      mkdirSync(path.join(out, 'p.html'));
      const folder = await OutputFolder.open(out, options());
      expect(await folder.reuse('k')).toBeUndefined();
      await folder.put('p.html', 'page', { key: 'k' });
      await folder.commit();
      expect(readFileSync(path.join(out, 'p.html'), 'utf8')).toBe('page');
    });

    it('returns undefined when the previous output folder was deleted', async () => {
      const { out, options } = setup('reuse-deleted');
      await buildOnce(
        out,
        [
          ['p.html', 'page', { key: 'k' }],
          ['q.html', 'other'],
        ],
        options(),
      );
      rmSync(out, { recursive: true });

      const folder = await OutputFolder.open(out, options());
      expect(await folder.reuse('k')).toBeUndefined();
      await folder.put('p.html', 'page', { key: 'k' });
      // A content match in the record with nothing on disk to link is written too.
      await folder.put('q.html', 'other');
      await folder.commit();
      expect(snapshot(out)).toEqual(
        new Map([
          ['p.html', Buffer.from('page')],
          ['q.html', Buffer.from('other')],
        ]),
      );
    });
  });

  describe('a record that does not fit', () => {
    it('ignores a record from another tool version: no reuse, every file written fresh', async () => {
      const { out, options } = setup('version');
      await buildOnce(
        out,
        [
          ['a.txt', 'same'],
          ['k.txt', 'keyed', { key: 'k' }],
        ],
        options('v1'),
      );
      const before = { a: ino(out, 'a.txt'), k: ino(out, 'k.txt') };

      const folder = await OutputFolder.open(out, options('v2'));
      expect(await folder.reuse('k')).toBeUndefined();
      await folder.put('a.txt', 'same');
      await folder.put('k.txt', 'keyed', { key: 'k' });
      await folder.commit();
      expect(ino(out, 'a.txt')).not.toBe(before.a);
      expect(ino(out, 'k.txt')).not.toBe(before.k);
      expect(snapshot(out)).toEqual(
        new Map([
          ['a.txt', Buffer.from('same')],
          ['k.txt', Buffer.from('keyed')],
        ]),
      );

      // The v2 build wrote its own record: the next v2 build links again.
      const after = ino(out, 'a.txt');
      await buildOnce(out, [['a.txt', 'same']], options('v2'));
      expect(ino(out, 'a.txt')).toBe(after);
    });

    const corruptRecords: Array<[label: string, content: string | Uint8Array]> = [
      ['garbage bytes', Uint8Array.from([0xff, 0xfe, 0x00, 0x7b, 0x7b, 0x22, 0x80])],
      ['truncated JSON', '{"format":1,"tool":"v1","files":{"a.txt":{"id":'],
      ['an empty file', ''],
      ['JSON null', 'null'],
      ['a JSON array', '[1,2,3]'],
      ['a JSON string', '"v1"'],
      ['files of the wrong type', JSON.stringify({ format: 1, tool: 'v1', files: 'a.txt' })],
      ['files null', JSON.stringify({ format: 1, tool: 'v1', files: null })],
      ['another format', JSON.stringify({ format: 999, tool: 'v1', files: {} })],
      [
        'entries of the wrong shape',
        JSON.stringify({
          format: 1,
          tool: 'v1',
          files: {
            'a.txt': { id: 5, size: 'x' },
            'k.txt': { id: 'k', size: 5, mtimeMs: 1, ino: 'not a number' },
            'n.txt': null,
            'm.txt': { id: 'k2', size: 1, mtimeMs: 1, ino: 1, meta: 'big' },
          },
        }),
      ],
    ];

    it.each(corruptRecords)('ignores a corrupt record (%s) without throwing and writes everything', async (label, content) => {
      const { out, recordFile, options } = setup(`corrupt-${label.replace(/\W+/g, '-')}`);
      await buildOnce(
        out,
        [
          ['a.txt', 'same'],
          ['k.txt', 'keyed', { key: 'k' }],
          ['m.txt', 'meta', { key: 'k2', meta: 3 }],
        ],
        options(),
      );
      const before = { a: ino(out, 'a.txt'), k: ino(out, 'k.txt') };
      writeFileSync(recordFile, content);

      const folder = await OutputFolder.open(out, options());
      expect(await folder.reuse('k')).toBeUndefined();
      expect(await folder.reuse('k2')).toBeUndefined();
      await folder.put('a.txt', 'same');
      await folder.put('k.txt', 'keyed', { key: 'k' });
      await folder.put('nested/new.txt', 'new');
      await folder.commit();

      expect(snapshot(out)).toEqual(
        new Map([
          ['a.txt', Buffer.from('same')],
          ['k.txt', Buffer.from('keyed')],
          ['nested/new.txt', Buffer.from('new')],
        ]),
      );
      expect(ino(out, 'a.txt')).not.toBe(before.a);
      expect(ino(out, 'k.txt')).not.toBe(before.k);
      // The commit replaced the corrupt record with a good one.
      const next = await OutputFolder.open(out, options());
      expect(await next.reuse('k')).toEqual({ name: 'k.txt', meta: undefined });
      await next.abort();
    });
  });

  describe('names', () => {
    it('rejects putting the same name twice, keeping the first content', async () => {
      const { out } = setup('twice');
      const folder = await OutputFolder.open(out);
      await folder.put('a/b.txt', 'first');
      await expect(folder.put('a/b.txt', 'second')).rejects.toThrow(/a\/b\.txt was made twice/);
      await expect(folder.put('a/b.txt', 'third', { key: 'k' })).rejects.toThrow(/made twice/);
      expect(folder.names()).toEqual(['a/b.txt']);
      await folder.commit();
      expect(snapshot(out)).toEqual(new Map([['a/b.txt', Buffer.from('first')]]));
    });

    it('rejects names that escape the output folder and writes nothing outside it', async () => {
      const { dir, out } = setup('escape');
      const folder = await OutputFolder.open(out);
      await expect(folder.put('../x', 'evil')).rejects.toThrow(/outside the output folder/);
      await expect(folder.put('a/../../y', 'evil')).rejects.toThrow(/outside the output folder/);
      await expect(folder.put(path.join(dir, 'abs.txt'), 'evil')).rejects.toThrow(/outside the output folder/);
      await expect(folder.put('', 'evil')).rejects.toThrow(/outside the output folder/);
      // A rejected name is not taken: the folder stays usable.
      expect(folder.names()).toEqual([]);
      await folder.put('ok.txt', 'ok');
      await folder.commit();
      expect(readdirSync(dir).sort()).toEqual(['dist']);
      expect(listing(out)).toEqual(['ok.txt']);
      expect(existsSync(path.join(dir, 'x'))).toBe(false);
      expect(existsSync(path.join(dir, 'abs.txt'))).toBe(false);
    });

    it('treats two spellings of one file as the same name, so a linked previous file is never overwritten', async () => {
      const { out, options } = setup('spellings');
      await buildOnce(out, [['b.txt', 'ORIGINAL']], options());
      const folder = await OutputFolder.open(out, options());
      await folder.put('b.txt', 'ORIGINAL');
      await expect(folder.put('./b.txt', 'CLOBBER!')).rejects.toThrow(/made twice/);
      await expect(folder.put('a/../b.txt', 'CLOBBER!')).rejects.toThrow(/made twice/);
      await folder.abort();
      expect(bytes(out, 'b.txt').toString()).toBe('ORIGINAL');
    });

    it('ignores a record entry naming a file outside the folder instead of failing the build', async () => {
      const { out, recordFile, options } = setup('record-escape');
      await buildOnce(out, [['a.txt', 'a']], options());
      writeFileSync(recordFile, JSON.stringify({ format: 1, tool: 'v1', files: { '../escape.html': { id: 'html:k', size: 1, mtimeMs: 1, ino: 1 } } }));
      const folder = await OutputFolder.open(out, options());
      await expect(folder.reuse('html:k')).resolves.toBeUndefined();
      await folder.put('a.txt', 'a');
      await folder.commit();
      expect(listing(out)).toEqual(['a.txt']);
    });

    it('accepts a relative output folder', async () => {
      const { dir } = setup('relative');
      const relative = path.relative(process.cwd(), path.join(dir, 'rel-dist'));
      await writeOutput(new Map([['a.txt', 'x']]), relative);
      expect(bytes(path.join(dir, 'rel-dist'), 'a.txt').toString()).toBe('x');
    });
  });
});

describe('MemoryOutput', () => {
  it('reuses the previous output’s keyed file: same content and meta', async () => {
    const content = Uint8Array.from([1, 2, 3, 250]);
    const previous = new MemoryOutput();
    await previous.put('assets/pages/p.json', content, { key: 'chunk:p', meta: 17 });
    await previous.put('plain.txt', 'no key');

    const next = new MemoryOutput(previous);
    expect(await next.reuse('chunk:p')).toEqual({ name: 'assets/pages/p.json', meta: 17 });
    expect(next.files.get('assets/pages/p.json')).toEqual(content);
    expect(next.names()).toEqual(['assets/pages/p.json']);
    expect(next.has('assets/pages/p.json')).toBe(true);
    // Once per build; unknown keys and unkeyed files are not reusable.
    expect(await next.reuse('chunk:p')).toBeUndefined();
    expect(await next.reuse('chunk:other')).toBeUndefined();
    expect(await next.reuse('plain.txt')).toBeUndefined();
    expect(next.has('plain.txt')).toBe(false);

    // A reused file is keyed in turn: the build after can reuse it again.
    const third = new MemoryOutput(next);
    expect(await third.reuse('chunk:p')).toEqual({ name: 'assets/pages/p.json', meta: 17 });
    expect(third.files.get('assets/pages/p.json')).toEqual(content);
  });

  it('returns undefined without a previous output, and rejects the same name twice', async () => {
    const output = new MemoryOutput();
    expect(await output.reuse('chunk:p')).toBeUndefined();
    expect(output.names()).toEqual([]);
    await output.put('a.txt', 'one');
    await expect(output.put('a.txt', 'two')).rejects.toThrow(/made twice/);
    expect(output.files.get('a.txt')).toBe('one');
  });

  it('does not reuse into a name the build already made', async () => {
    const previous = new MemoryOutput();
    await previous.put('p.html', 'old', { key: 'html:p' });
    const next = new MemoryOutput(previous);
    await next.put('p.html', 'new');
    expect(await next.reuse('html:p')).toBeUndefined();
    expect(next.files.get('p.html')).toBe('new');
  });
});
