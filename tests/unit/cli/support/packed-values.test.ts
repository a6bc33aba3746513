import { deserialize, serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { packValues, unpackValues, type PackedValues } from '../../../../cli/support/packed-values';

/** Packed, through v8 as the summaries file keeps it, and unpacked. */
const roundTrip = (values: unknown[]) => unpackValues(deserialize(serialize(packValues(values))) as PackedValues);

describe('cli/support/packed-values: plain data with one copy of each string', () => {
  it('gives back equal values, in order, with their keys in order', () => {
    const summary = {
      relativePath: 'guide/intro.md',
      file: 'content/guide/intro.md',
      diagnostics: [{ code: 'link/dead', severity: 'error', file: 'content/guide/intro.md', line: 3, column: 7, message: 'x', hint: undefined }],
      page: {
        route: { regularPath: '/guide/intro.html', path: '/guide/intro.html', key: 'v-1' },
        title: 'Intro',
        frontmatter: { title: 'Intro', tags: ['a', 'b'], nested: { deep: [{ x: 1 }, [2, [3]]] }, on: true, off: false, none: null, '2': 'two', '': 'empty' },
        headers: [{ level: 2, title: 'Ünïcödé 🎉', slug: 'unicode' }],
        links: [{ kind: 'link', url: '/guide/', line: 1, column: 1 }, { kind: 'image', url: '/guide/', line: 2, column: 3 }],
        bodyStartLine: 4,
      },
    };
    const values = [summary, { relativePath: 'empty.md', file: 'content/empty.md', diagnostics: [] }, 'a string', 7, [], {}];
    const back = roundTrip(values);
    expect(back).toStrictEqual(values);
    expect(Object.keys((back[0] as typeof summary).page.frontmatter)).toEqual(Object.keys(summary.page.frontmatter));
  });

  it('tells apart shapes whose keys would read alike joined (a frontmatter key may hold a NUL or a comma)', () => {
    const values = [{ 'a\0b': 1 }, { a: 2, b: 3 }, { 'a,b': 4 }, { a: 5 }];
    expect(roundTrip(values)).toStrictEqual(values);
  });

  it('keeps each distinct string once: a URL said twice is one string in the table', () => {
    const url = ['/guide/', 'intro.html'].join('');
    const packed = packValues([{ links: [{ url }], linkUrls: [`${url}`] }, { urls: [url, 'other'] }]);
    expect([...packed.lengths]).toEqual([url.length, 5]);
    expect(packed.shapes).toEqual([['links', 'linkUrls'], ['url'], ['urls']]);
  });

  it('numbers of every kind come back as they were', () => {
    const numbers = [0, 1, 2 ** 29 - 1, 2 ** 29, 2 ** 53, -1, -0, 1.5, NaN, Infinity, -Infinity, Number.MIN_VALUE];
    const back = roundTrip([numbers])[0] as number[];
    numbers.forEach((n, i) => expect(Object.is(back[i], n)).toBe(true));
  });

  it('strings that are not well-formed UTF-16 (a lone surrogate) come back whole', () => {
    const values = [{ title: 'half \uD83D of an emoji' }, { title: 'fine 🎉' }];
    const packed = packValues(values);
    expect(packed.utf16).toBe(true);
    expect(roundTrip(values)).toStrictEqual(values);
  });

  it('a value that is not plain data is kept whole, v8-serialized, and the others are still packed', () => {
    const looped: Record<string, unknown> = { name: 'loop' };
    looped.self = looped;
    const deep: unknown[] = [];
    let inner = deep;
    for (let i = 0; i < 100; i++) inner.push((inner = []));
    const holes = [1, , 3];
    const proto = JSON.parse('{"__proto__": {"polluted": true}}') as Record<string, unknown>;
    const values = [{ frontmatter: { date: new Date(0) } }, looped, deep, { holes }, proto, { plain: 'yes' }];
    const packed = packValues(values);
    expect(packed.others).toHaveLength(5);
    const back = roundTrip(values) as Record<string, unknown>[];
    expect(back[0]!.frontmatter).toEqual({ date: new Date(0) });
    expect(back[1]!.self).toBe(back[1]);
    expect(back[2]).toEqual(deep);
    expect(1 in (back[3]!.holes as unknown[])).toBe(false);
    expect(Object.getPrototypeOf(back[4])).toBe(Object.prototype);
    expect(Object.keys(back[4]!)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(back[5]).toEqual({ plain: 'yes' });
  });

  it('a pack that does not read back whole throws (the summaries file is then ignored)', () => {
    const packed = packValues([{ a: ['x', 'y'] }]);
    expect(() => unpackValues({ ...packed, tokens: packed.tokens.subarray(0, packed.tokens.length - 1) })).toThrow();
    expect(() => unpackValues({ ...packed, lengths: Uint32Array.of(1) })).toThrow();
    expect(() => unpackValues({ ...packed, shapes: [] })).toThrow();
  });
});
