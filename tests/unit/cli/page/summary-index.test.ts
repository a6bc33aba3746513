import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SummaryIndex } from '../../../../cli/page/summary-index';
import type { PageSummary } from '../../../../cli/page/types';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A summary as the index stores it (it keeps what it is given; page/cache.ts checks the shape). */
const summary = (name: string) => ({ relativePath: `${name}.md`, file: `content/${name}.md`, diagnostics: [] }) as PageSummary;

/** A build's use of the index: every key of `keys` asked for, and set where the index lacks it. */
async function build(dir: string, keys: readonly string[]) {
  const index = await SummaryIndex.load(dir, 'tool');
  const found = keys.filter((key) => index.get(key) !== undefined);
  for (const key of keys) if (!found.includes(key)) index.set(key, summary(key));
  await index.save();
  return found;
}

describe('cli/page/summary-index', () => {
  const fresh = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docsbuild-summaries-'));
    dirs.push(dir);
    return dir;
  };
  const pages = Array.from({ length: 100 }, (_, i) => `page${i}`);

  it('a few changed entries go to the log beside the file, which stays as written; the next build reads both', async () => {
    const dir = fresh();
    await build(dir, pages);
    const whole = statSync(SummaryIndex.fileIn(dir));
    // One page edited (a new key, the old one unused), one deleted.
    const edited = [...pages.slice(0, 98).filter((key) => key !== 'page5'), 'page5-edited'];
    expect(await build(dir, edited)).toHaveLength(97);
    expect(statSync(SummaryIndex.fileIn(dir)).mtimeMs).toBe(whole.mtimeMs);
    expect(existsSync(SummaryIndex.logIn(dir))).toBe(true);

    const index = await SummaryIndex.load(dir, 'tool');
    expect(index.get('page5-edited')).toEqual(summary('page5-edited'));
    expect(index.get('page5')).toBeUndefined();
    expect(index.get('page99')).toBeUndefined();
    expect(index.get('page0')).toEqual(summary('page0'));
  });

  it('a new summary under a key the file holds goes to the log too, in every later save of the same process', async () => {
    const dir = fresh();
    await build(dir, pages);
    // A check stored page3 without its render; a build renders it under the same key.
    const rendered = { ...summary('page3'), file: 'content/page3.md (rendered)' } as PageSummary;
    const index = await SummaryIndex.load(dir, 'tool');
    for (const key of pages) index.get(key);
    index.set('page3', rendered);
    await index.save();
    // A dev server saves again after another edit: the log is written anew, and still carries page3's new summary.
    index.set('page7-edited', summary('page7-edited'));
    for (const key of pages) index.get(key);
    await index.save();
    expect(existsSync(SummaryIndex.logIn(dir))).toBe(true);
    const next = await SummaryIndex.load(dir, 'tool');
    expect(next.get('page3')).toEqual(rendered);
    expect(next.get('page7-edited')).toEqual(summary('page7-edited'));
  });

  it('past a part of the entries, the file is written whole again and the log removed', async () => {
    const dir = fresh();
    await build(dir, pages);
    await build(dir, [...pages.slice(0, 99), 'new']);
    expect(existsSync(SummaryIndex.logIn(dir))).toBe(true);
    const renamed = pages.map((key) => `${key}-moved`);
    expect(await build(dir, renamed)).toHaveLength(0);
    expect(existsSync(SummaryIndex.logIn(dir))).toBe(false);
    expect(await build(dir, renamed)).toHaveLength(100);
  });

  it('a damaged log, or one left from before the file was written whole, is ignored: its entries are missing, never wrong', async () => {
    const dir = fresh();
    await build(dir, pages);
    await build(dir, [...pages, 'extra']);
    const log = readFileSync(SummaryIndex.logIn(dir));
    const flipped = Buffer.from(log);
    flipped[flipped.length - 2]! ^= 0xff;
    writeFileSync(SummaryIndex.logIn(dir), flipped);
    expect(await build(dir, [...pages, 'extra'])).toHaveLength(100);

    // A log of an older whole file: written whole again (every key new), the old log put back.
    writeFileSync(SummaryIndex.logIn(dir), log);
    const others = pages.map((key) => `${key}-other`);
    await build(dir, others);
    writeFileSync(SummaryIndex.logIn(dir), log);
    expect(await build(dir, [...others, 'extra'])).toHaveLength(100);
  });
});
