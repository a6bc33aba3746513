import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serialize } from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSiteConfig } from '../../../../cli/site/site-config';
import { parseStoredSiteConfig } from '../../../../cli/site/stored-site-config';
import { writeCheckedFile } from '../../../../cli/support/checked-file';
import { textHash } from '../../../../cli/support/hash';
import { sourceFile } from '../../../helpers/pages';

const REAL = readFileSync(path.resolve(__dirname, '../../../../content/site.yaml'), 'utf8');
const source = (text: string) => sourceFile('site.yaml', text);

describe('cli/site/stored-site-config', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(path.join(tmpdir(), 'docsbuild-site-config-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the second parse of the same text is the stored one: the same config, and each place found when read', async () => {
    const fresh = parseSiteConfig(source(REAL));
    const first = await parseStoredSiteConfig(source(REAL), dir, 'tool');
    const again = await parseStoredSiteConfig(source(REAL), dir, 'tool');
    expect(first.config).toBeDefined();
    expect(again.config).toEqual(fresh.config);
    expect(again.diagnostics).toEqual([]);
    const keys = Object.keys(fresh.config!.redirects).slice(0, 3);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      const place = again.locate(['redirects'], key);
      expect({ file: place.file, line: place.line, column: place.column }).toEqual(fresh.locate(['redirects'], key));
    }
    expect({ ...again.locate(['title']) }).toEqual(fresh.locate(['title']));
  });

  it('uses the store only for the same text, file name and tool', async () => {
    const text = 'title: Stored\n';
    const planted = (key: string, tool: string) =>
      writeCheckedFile(path.join(dir, 'site-config.bin'), serialize({ format: 1, tool, key, config: { title: 'Planted' } }));
    const key = textHash(`content/site.yaml\0${textHash(text)}`);
    await planted(key, 'tool');
    expect((await parseStoredSiteConfig(source(text), dir, 'tool')).config?.title).toBe('Planted');
    await planted(key, 'tool');
    expect((await parseStoredSiteConfig(source(text), dir, 'other tool')).config?.title).toBe('Stored');
    await planted(key, 'tool');
    expect((await parseStoredSiteConfig(source('title: Changed\n'), dir, 'tool')).config?.title).toBe('Changed');
    await planted(key, 'tool');
    expect((await parseStoredSiteConfig(sourceFile('site.yml', text), dir, 'tool')).config?.title).toBe('Stored');
  });

  it('given the hash of its text the load kept, finds the stored config without reading the text', async () => {
    const text = 'title: Stored\n';
    await writeCheckedFile(path.join(dir, 'site-config.bin'), serialize({ format: 1, tool: 'tool', key: textHash(`content/site.yaml\0${textHash(text)}`), config: { title: 'Planted' } }));
    const unread = Object.defineProperty({ ...source(text) }, 'text', {
      get: () => {
        throw new Error('the text was read');
      },
    });
    expect((await parseStoredSiteConfig(unread, dir, 'tool', textHash(text))).config?.title).toBe('Planted');
    // Another text's hash misses the store, and the text is parsed.
    expect((await parseStoredSiteConfig(source(text), dir, 'tool', textHash('title: Other\n'))).config?.title).toBe('Stored');
  });

  it('a config with problems is not stored: its diagnostics come every time', async () => {
    const bad = 'title: [1\n';
    const first = await parseStoredSiteConfig(source(bad), dir, 'tool');
    const again = await parseStoredSiteConfig(source(bad), dir, 'tool');
    expect(first.diagnostics.map((d) => d.code)).toEqual(['config/yaml-syntax']);
    expect(again.diagnostics).toEqual(first.diagnostics);
  });
});
