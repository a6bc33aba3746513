import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeOutputRecord, encodeOutputRecord, outputRecordFile, readOutputRecord, writeOutputRecord, type OutputRecord } from '../../../../cli/output/record';

describe('cli/output/record', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'docsbuild-output-record-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const record: OutputRecord = new Map([
    ['index.html', { id: 'html:abc:assets/pages/index.X.json:', size: 5321, mtimeMs: 1795570191881.532, ino: 3894932 }],
    ['assets/pages/index.X.json', { id: 'chunk-from:def', size: 2048, mtimeMs: 1795570191881.5, ino: 3894933, meta: 977 }],
    ['a b/é.md', { id: 'c:zero meta', size: 0, mtimeMs: 0, ino: 0, meta: 0 }],
  ]);

  it('reads back what it wrote: every name, id and number, and meta only where there was one', () => {
    const back = decodeOutputRecord(encodeOutputRecord('v1', record), 'v1');
    expect([...back]).toEqual([...record]);
    expect(Object.hasOwn(back.get('index.html')!, 'meta')).toBe(false);
  });

  it('leaves out an entry whose name or id holds a NUL (its file is only written again), and reads an empty record', () => {
    const odd: OutputRecord = new Map([...record, ['x\0y.html', { id: 'c:1', size: 1, mtimeMs: 1, ino: 1 }], ['z.html', { id: 'c:\0', size: 1, mtimeMs: 1, ino: 1 }]]);
    expect([...decodeOutputRecord(encodeOutputRecord('v1', odd), 'v1')]).toEqual([...record]);
    expect(decodeOutputRecord(encodeOutputRecord('v1', new Map()), 'v1').size).toBe(0);
  });

  it('is empty for another tool version', () => {
    expect(decodeOutputRecord(encodeOutputRecord('v1', record), 'v2').size).toBe(0);
  });

  it('is written where outputRecordFile says, and the JSON an older docsbuild kept there goes', async () => {
    const file = outputRecordFile(path.join(dir, 'cache'), path.join(dir, 'dist'));
    const retired = file.replace(/\.bin$/, '.json');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(retired, JSON.stringify({ format: 1, tool: 'v1', files: {} }));
    await writeOutputRecord(file, 'v1', record);
    expect(readdirSync(path.dirname(file))).toEqual([path.basename(file)]);
    expect(existsSync(retired)).toBe(false);
    expect([...(await readOutputRecord(file, 'v1'))]).toEqual([...record]);
  });
});
