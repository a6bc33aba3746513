import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stableStringify, stableStringifyPieces } from '../../../../cli/support/json';

describe('cli/support/json', () => {
  it('stableStringifyPieces joined is stableStringify, whatever the object and the array spread', () => {
    const value = fc.dictionary(fc.oneof(fc.constantFrom('pages', 'site', 'version', 'a'), fc.string()), fc.jsonValue());
    fc.assert(
      fc.property(value, fc.array(fc.oneof(fc.jsonValue(), fc.constant(undefined))), (object, pages) => {
        const whole = { ...object, pages };
        expect([...stableStringifyPieces(whole, 'pages')].join('')).toBe(stableStringify(whole));
        expect([...stableStringifyPieces(object, 'pages')].join('')).toBe(stableStringify(object));
      }),
    );
  });

  it('gives an element of the spread array a piece of its own', () => {
    const manifest = { version: 1, site: { title: 'T', b: undefined, a: [2, 1] }, pages: [{ z: 1, a: 2 }, { path: '/' }] };
    expect([...stableStringifyPieces(manifest, 'pages')]).toEqual(['{"pages":[', '{"a":2,"z":1}', ',', '{"path":"/"}', ']', ',"site":{"a":[2,1],"title":"T"}', ',"version":1', '}']);
    expect([...stableStringifyPieces({}, 'pages')]).toEqual(['{}']);
  });
});
