import { describe, expect, it } from 'vitest';
import { shardOf, shardPrefixes } from '../../../shared/prefix-shards';

/** `n` page paths under `folder`: `/folder/p0.html` … */
const pagesIn = (folder: string, n: number) => Array.from({ length: n }, (_, i) => `${folder}p${i}.html`);

/** Which keys each shard holds, by prefix. */
function shardsOf(keys: string[], prefixes: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const key of keys) {
    const prefix = prefixes[shardOf(key, prefixes)]!;
    counts[prefix] = (counts[prefix] ?? 0) + 1;
  }
  return counts;
}

describe('shared/prefix-shards', () => {
  it('keeps a set no bigger than the limit in the root shard', () => {
    expect(shardPrefixes(pagesIn('/a/', 10), { maxKeys: 10, minKeys: 2 })).toEqual(['']);
  });

  it('splits where folders part ways, so a section is one shard', () => {
    const keys = ['/', '/limits/', ...pagesIn('/api/', 30), ...pagesIn('/guide/', 40)];
    const prefixes = shardPrefixes(keys, { maxKeys: 50, minKeys: 5, cutAfter: '/' });
    expect(prefixes).toEqual(['', '/api/', '/guide/']);
    // Without a cut, a prefix runs as far as its keys agree.
    expect(shardPrefixes(keys, { maxKeys: 50, minKeys: 5 })).toEqual(['', '/api/p', '/guide/p']);
    expect(shardsOf(keys, prefixes)).toEqual({ '': 2, '/api/': 30, '/guide/': 40 });
  });

  it('leaves branches below minKeys in their parent', () => {
    const keys = [...pagesIn('/api/', 30), ...pagesIn('/b/', 3)];
    const prefixes = shardPrefixes(keys, { maxKeys: 20, minKeys: 5 });
    expect(shardsOf(keys, prefixes)).toMatchObject({ '': 3 });
    // The big folder is split again below its own prefix, never into shards under minKeys.
    for (const [prefix, count] of Object.entries(shardsOf(keys, prefixes))) if (prefix !== '') expect(count).toBeGreaterThanOrEqual(5);
  });

  it('splits a flat folder of many pages by name, each shard within the limit where names allow', () => {
    const keys = Array.from({ length: 500 }, (_, i) => `/ref/${String(i).padStart(3, '0')}.html`);
    const prefixes = shardPrefixes(keys, { maxKeys: 100, minKeys: 10 });
    const counts = Object.values(shardsOf(keys, prefixes));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(500);
    expect(Math.max(...counts)).toBeLessThanOrEqual(100);
  });

  it('gives the same prefixes whatever the order or repetition of keys', () => {
    const keys = ['/', ...pagesIn('/x/', 25), ...pagesIn('/y/', 25)];
    const a = shardPrefixes(keys, { maxKeys: 30, minKeys: 5 });
    const b = shardPrefixes([...keys].reverse().concat(keys), { maxKeys: 30, minKeys: 5 });
    expect(b).toEqual(a);
  });

  it('finds a key outside every prefix in the root shard, and the longest prefix otherwise', () => {
    const prefixes = ['', '/api/', '/api/rest/'];
    expect(shardOf('/api/rest/auth.html', prefixes)).toBe(2);
    expect(shardOf('/api/', prefixes)).toBe(1);
    expect(shardOf('/ap', prefixes)).toBe(0);
    expect(shardOf('elsewhere', prefixes)).toBe(0);
  });
});
