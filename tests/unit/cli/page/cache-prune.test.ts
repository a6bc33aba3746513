import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENTRY_MAX_AGE_MS, PRUNE_EVERY_MS, TEMP_MAX_AGE_MS, pruneCache } from '../../../../cli/page/cache-prune';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 29, 12);

describe('pruneCache', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'docsbuild-prune-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** Writes `relative` in the cache folder, last modified `age` ms before NOW. */
  const file = (relative: string, age: number) => {
    const absolute = path.join(dir, relative);
    mkdirSync(path.dirname(absolute), { recursive: true });
    writeFileSync(absolute, 'x');
    const at = (NOW - age) / 1000;
    utimesSync(absolute, at, at);
    return absolute;
  };
  const key = (first: string, fill: string) => `${first}${fill.repeat(62)}`;
  const entry = (k: string, age: number) => file(`pages/${k.slice(0, 2)}/${k}.json`, age);

  it('removes entries the build did not use once they are a week old, and keeps the used ones whatever their age', async () => {
    const usedOld = entry(key('ab', '1'), 30 * DAY);
    const unusedOld = entry(key('ab', '2'), ENTRY_MAX_AGE_MS + DAY);
    const unusedRecent = entry(key('cd', '3'), ENTRY_MAX_AGE_MS - DAY);
    const report = await pruneCache(dir, new Set([key('ab', '1')]), { now: NOW });
    expect(report).toEqual({ ran: true, entriesRemoved: 1, tempsRemoved: 0 });
    expect(existsSync(usedOld)).toBe(true);
    expect(existsSync(unusedOld)).toBe(false);
    expect(existsSync(unusedRecent)).toBe(true);
  });

  it("removes the temp files a killed build left an hour after they were written, and only docsbuild's", async () => {
    const oldEntryTemp = file(`pages/ab/${key('ab', '4')}.json.4242.tmp`, TEMP_MAX_AGE_MS + 1000);
    const freshEntryTemp = file(`pages/ab/${key('ab', '5')}.json.4243.tmp`, 1000);
    const oldSearchTemp = file('features/search-index.bin.25427.tmp', 2 * DAY);
    const oldSummariesTemp = file('summaries.bin.77.tmp', 2 * DAY);
    const oldRecordTemp = file('outputs/0123456789abcdef.json.9.tmp', 2 * DAY);
    const report = await pruneCache(dir, new Set(), { now: NOW });
    expect(report.tempsRemoved).toBe(4);
    for (const gone of [oldEntryTemp, oldSearchTemp, oldSummariesTemp, oldRecordTemp]) expect(existsSync(gone), gone).toBe(false);
    expect(existsSync(freshEntryTemp)).toBe(true);
  });

  it('never touches a file it did not name, however old: the cache folder may be shared', async () => {
    const theirs = [
      file('notes.txt', 90 * DAY),
      file('pages/ab/readme.json', 90 * DAY),
      file(`pages/ab/${key('cd', '6')}.json`, 90 * DAY), // an entry name in the wrong folder
      file(`pages/zz/${key('zz', '7')}.json`, 90 * DAY),
      file('other.bin.12.tmp', 90 * DAY),
      file('features/Search.bin.12.tmp', 90 * DAY),
      file(`pages/${key('ab', '8')}.json`, 90 * DAY),
    ];
    mkdirSync(path.join(dir, 'pages', 'ab', `${key('ab', '9')}.json`), { recursive: true }); // a folder with an entry's name
    const report = await pruneCache(dir, new Set(), { now: NOW });
    expect(report).toEqual({ ran: true, entriesRemoved: 0, tempsRemoved: 0 });
    for (const kept of theirs) expect(existsSync(kept), kept).toBe(true);
    expect(existsSync(path.join(dir, 'pages', 'ab', `${key('ab', '9')}.json`))).toBe(true);
  });

  it('runs at most once a day', async () => {
    const old = entry(key('ab', 'a'), 30 * DAY);
    expect((await pruneCache(dir, new Set([key('ab', 'a')]), { now: NOW })).ran).toBe(true);
    const later = entry(key('ab', 'b'), 30 * DAY);
    expect(await pruneCache(dir, new Set(), { now: NOW + PRUNE_EVERY_MS - 1000 })).toEqual({ ran: false, entriesRemoved: 0, tempsRemoved: 0 });
    expect(existsSync(old) && existsSync(later)).toBe(true);
    expect(await pruneCache(dir, new Set(), { now: NOW + PRUNE_EVERY_MS + 1000 })).toEqual({ ran: true, entriesRemoved: 2, tempsRemoved: 0 });
  });

  it('does nothing, and throws nothing, without a pages folder or with one it cannot write', async () => {
    expect(await pruneCache(path.join(dir, 'missing'), new Set(), { now: NOW })).toEqual({ ran: false, entriesRemoved: 0, tempsRemoved: 0 });
    writeFileSync(path.join(dir, 'pages'), 'a file where the folder would be');
    expect(await pruneCache(dir, new Set(), { now: NOW })).toEqual({ ran: false, entriesRemoved: 0, tempsRemoved: 0 });
  });
});
