import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FeatureStates } from '../../../../cli/output/feature-states';

describe('FeatureStates', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'docsbuild-feature-states-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives back what was saved, per feature; nothing for another tool version or a damaged file', async () => {
    const states = new FeatureStates(dir, 'v1');
    expect(await states.load('search')).toBeUndefined();
    const state = new Map([['page-key', { docs: [['', '']], counted: [[2, [['word', 1]]]] }]]);
    await states.save('search', state);
    await states.save('llms-full', { key: 'k', copies: [['c', 10, 5]] });
    expect(await states.load('search')).toEqual(state);
    expect(await states.load('llms-full')).toEqual({ key: 'k', copies: [['c', 10, 5]] });
    expect(await new FeatureStates(dir, 'v2').load('search')).toBeUndefined();

    const file = states.fileOf('search');
    const bytes = readFileSync(file);
    bytes[bytes.length - 1]! ^= 0xff;
    writeFileSync(file, bytes);
    expect(await states.load('search')).toBeUndefined();
    expect(await states.load('llms-full')).toEqual({ key: 'k', copies: [['c', 10, 5]] });
  });

  it('writes records as they come and gives them back in order; nothing for another tool, a damaged file, or one never committed', async () => {
    const states = new FeatureStates(dir, 'v1');
    const writer = states.records('pages');
    const big = Buffer.alloc(3 << 20, 7);
    writer.add('/a/', Buffer.from('{"x":1}'));
    writer.add('/b/', big);
    writer.add('/ü/', Buffer.from(''));
    expect(await states.loadRecords('pages')).toBeUndefined();
    expect(await writer.commit()).toBe(true);
    const records = await states.loadRecords('pages');
    expect([...records!.keys()]).toEqual(['/a/', '/b/', '/ü/']);
    expect(records!.get('/a/')!.toString()).toBe('{"x":1}');
    expect(records!.get('/b/')!.equals(big)).toBe(true);
    expect(records!.get('/ü/')!.length).toBe(0);
    expect(await new FeatureStates(dir, 'v2').loadRecords('pages')).toBeUndefined();
    // A state saved whole is not a state of records, and the other way round.
    expect(await states.loadRecords('search')).toBeUndefined();

    const aborted = states.records('pages');
    aborted.add('/c/', Buffer.from('y'));
    await aborted.abort();
    expect([...(await states.loadRecords('pages'))!.keys()]).toEqual(['/a/', '/b/', '/ü/']);
    expect(readdirSync(path.dirname(states.fileOf('pages'))).filter((name) => name.endsWith('.tmp'))).toEqual([]);

    const file = states.fileOf('pages');
    const bytes = readFileSync(file);
    bytes[40]! ^= 0xff;
    writeFileSync(file, bytes);
    expect(await states.loadRecords('pages')).toBeUndefined();
  });

  it('abandon() aborts the record writers a failed build never committed: no temp file is left, the last state stays', async () => {
    const states = new FeatureStates(dir, 'v1');
    const kept = states.records('abandoned');
    kept.add('k', Buffer.from('kept'));
    await kept.commit();
    const open = states.records('abandoned');
    open.add('k', Buffer.from('never committed'));
    const temps = () => readdirSync(path.dirname(states.fileOf('abandoned'))).filter((name) => name.endsWith('.tmp'));
    // Opened as it was begun: the temp file is there until the writer is committed or aborted.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(temps()).not.toEqual([]);
    await states.abandon();
    expect(temps()).toEqual([]);
    expect((await states.loadRecords('abandoned'))!.get('k')!.toString()).toBe('kept');
    // A committed writer is not touched again.
    await states.abandon();
    expect((await states.loadRecords('abandoned'))!.get('k')!.toString()).toBe('kept');
  });

  it('an early read serves the first load of its state (whole or records), unless the state is written before', async () => {
    const early = new FeatureStates(dir, 'v1');
    const other = new FeatureStates(dir, 'v1');
    await other.save('whole', { n: 1 });
    const writer = other.records('listed');
    writer.add('k', Buffer.from('first'));
    await writer.commit();
    early.readEarly(['whole', 'listed', 'saved-over', 'missing']);
    await other.save('saved-over', { n: 1 });
    // Changed on disk after the early reads were started (and, awaited here, done): the first loads give what was read early.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await other.save('whole', { n: 2 });
    const rewriter = other.records('listed');
    rewriter.add('k', Buffer.from('second'));
    await rewriter.commit();
    expect(await early.load('whole')).toEqual({ n: 1 });
    expect((await early.loadRecords('listed'))!.get('k')!.toString()).toBe('first');
    // Taken once: the next loads read the file.
    expect(await early.load('whole')).toEqual({ n: 2 });
    expect((await early.loadRecords('listed'))!.get('k')!.toString()).toBe('second');
    expect(await early.load('missing')).toBeUndefined();
    // Written by this build after the early read: the load gives what was written.
    early.readEarly(['saved-over']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await early.save('saved-over', { n: 3 });
    expect(await early.load('saved-over')).toEqual({ n: 3 });
    early.readEarly(['listed']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const own = early.records('listed');
    own.add('k', Buffer.from('third'));
    await own.commit();
    expect((await early.loadRecords('listed'))!.get('k')!.toString()).toBe('third');
  });
});
