import { describe, expect, it } from 'vitest';
import { allDocumentIds, encodeFieldPostings, lengthCode, lengthOf, LoadedPostings } from '../../../../shared/search/index-codec';
import { processTerm, tokenize } from '../../../../shared/search/terms';

describe('shared/search/terms', () => {
  it('splits words at anything but letters and digits', () => {
    expect(tokenize('PAYLOAD_SIZE_LIMIT is 512KB (see $.export)')).toEqual(['PAYLOAD', 'SIZE', 'LIMIT', 'is', '512KB', 'see', 'export']);
  });

  it('lower-cases, folds accents, drops stop words, single letters and very long tokens', () => {
    expect(processTerm('Payload')).toBe('payload');
    expect(processTerm('Résumé')).toBe('resume');
    expect(processTerm('the')).toBeNull();
    expect(processTerm('x')).toBeNull();
    expect(processTerm('a'.repeat(33))).toBeNull();
    expect(processTerm('v1')).toBe('v1');
  });
});

describe('shared/search/index-codec', () => {
  it('writes each posting as its document\'s length code and its id gap, base 36', () => {
    // Documents 0 and 39 (gap 13 in base 36), lengths 2 and 35.
    expect(encodeFieldPostings([0, 2, 1, 39, 35, 4])).toBe(`20,${lengthCode(35)}13`);
    expect(encodeFieldPostings([])).toBe('');
  });

  it('keeps lengths below 20 exactly and longer ones to within a tenth, in one character', () => {
    for (let n = 0; n < 20; n++) expect(lengthOf(lengthCode(n))).toBe(n);
    for (const n of [20, 35, 57, 100, 250, 360]) {
      expect(lengthCode(n)).toHaveLength(1);
      expect(Math.abs(lengthOf(lengthCode(n)) - n) / n).toBeLessThan(0.1);
    }
    expect(lengthCode(100_000)).toBe('z');
  });

  it('merges shards as they arrive into what MiniSearch loads, lengths by document and field', () => {
    const loaded = new LoadedPostings();
    expect(loaded.toPlain(0, [0, 0, 0, 0], allDocumentIds(0))).toMatchObject({ documentCount: 0, index: [], fieldLength: {} });
    loaded.add({ terms: ['payload'], postings: [';20,313'] });
    loaded.add({ terms: ['memory'], postings: ['30;;;60'] });
    const plain = loaded.toPlain(40, [1, 2, 3, 4], allDocumentIds(40));
    expect(plain.index).toEqual([
      ['payload', { 1: { 0: 1, 39: 1 } }],
      ['memory', { 0: { 0: 1 }, 3: { 0: 1 } }],
    ]);
    expect(plain.fieldLength).toEqual({ 0: [3, 2, 0, 6], 39: [0, 3, 0, 0] });
    expect(plain).toMatchObject({ documentCount: 40, nextId: 40, averageFieldLength: [1, 2, 3, 4] });
    expect(Object.keys(plain.documentIds)).toHaveLength(40);
    expect(loaded.termCount).toBe(2);
  });
});
