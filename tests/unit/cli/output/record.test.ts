import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { NO_RECORD, readOutputRecord, writeOutputRecord, type RecordedFile } from '../../../../cli/output/record';

const dir = mkdtempSync(path.join(tmpdir(), 'docsbuild-record-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('cli/output/record: the output record, a column per field', () => {
  it('reads back what was written, entries made when asked for, and takes over a previous entry by its place', async () => {
    const file = path.join(dir, 'outputs', 'a.json');
    const first = new Map<string, RecordedFile>([
      ['index.html', { id: 'c:one', size: 10, mtimeMs: 1.5, ino: 7 }],
      ['assets/search/root.json', { id: 'k:two', size: 20, mtimeMs: 2.25, ino: 8, meta: 19 }],
    ]);
    await writeOutputRecord(file, 'tool-1', first, NO_RECORD);
    const read = await readOutputRecord(file, 'tool-1');
    expect(read.size).toBe(2);
    expect([...read]).toEqual([...first]);
    expect(read.get('assets/search/root.json')).toEqual({ id: 'k:two', size: 20, mtimeMs: 2.25, ino: 8, meta: 19 });
    expect(read.get('gone.html')).toBeUndefined();
    const at = read.indexOf('assets/search/root.json')!;
    expect([read.idAt(at), read.metaAt(at), read.metaAt(read.indexOf('index.html')!)]).toEqual(['k:two', 19, undefined]);
    expect(read.isAsRecorded('index.html', { size: 10, mtimeMs: 1.5, ino: 7 })).toBe(true);
    expect(read.isAsRecorded('index.html', { size: 10, mtimeMs: 1.5, ino: 9 })).toBe(false);
    const ids: string[] = [];
    read.eachId((name, id) => ids.push(`${name}=${id}`));
    expect(ids).toEqual(['index.html=c:one', 'assets/search/root.json=k:two']);

    // The next build keeps the search root as it was (by its place in the record read) and writes index.html anew.
    await writeOutputRecord(file, 'tool-1', new Map<string, RecordedFile | number>([['index.html', { id: 'c:three', size: 11, mtimeMs: 3, ino: 10 }], ['assets/search/root.json', at]]), read);
    expect([...(await readOutputRecord(file, 'tool-1'))]).toEqual([
      ['index.html', { id: 'c:three', size: 11, mtimeMs: 3, ino: 10 }],
      ['assets/search/root.json', { id: 'k:two', size: 20, mtimeMs: 2.25, ino: 8, meta: 19 }],
    ]);
  });

  it('is empty for another tool version, an older format, a damaged file or none', async () => {
    const file = path.join(dir, 'outputs', 'b.json');
    await writeOutputRecord(file, 'tool-1', new Map([['a.html', { id: 'c:a', size: 1, mtimeMs: 1, ino: 1 }]]), NO_RECORD);
    expect((await readOutputRecord(file, 'tool-2')).size).toBe(0);
    const written = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    for (const damaged of [{ ...written, format: 1 }, { ...written, sizes: [] }, { ...written, ids: [3] }, { ...written, names: 'a.html' }, { ...written, metas: ['x'] }]) {
      writeFileSync(file, JSON.stringify(damaged));
      expect((await readOutputRecord(file, 'tool-1')).size).toBe(0);
    }
    writeFileSync(file, '{"format":2,');
    expect((await readOutputRecord(file, 'tool-1')).size).toBe(0);
    expect((await readOutputRecord(path.join(dir, 'none.json'), 'tool-1')).size).toBe(0);
  });
});
