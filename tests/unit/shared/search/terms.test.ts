import { describe, expect, it } from 'vitest';
import { decodeIndex, encodeIndex } from '../../../../shared/search/index-codec';
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

describe('viewer/search/index-codec', () => {
  it('decodes an empty index', () => {
    const plain = decodeIndex({ terms: [], postings: [], fieldLength: '' });
    expect(plain).toMatchObject({ documentCount: 0, nextId: 0, index: [], averageFieldLength: [0, 0, 0, 0] });
  });

  it('writes postings as base-36 gaps per field, trailing empty fields dropped', () => {
    const compact = encodeIndex({
      documentCount: 40,
      nextId: 40,
      documentIds: {},
      fieldIds: { title: 0, heading: 1, parents: 2, text: 3 },
      fieldLength: { 0: [1, 0, 0, 2], 39: [0, 1, 1, 3] },
      averageFieldLength: [],
      storedFields: {},
      index: [['payload', { 1: { 0: 1, 39: 2 } }]],
      serializationVersion: 2,
    });
    expect(compact.terms).toEqual(['payload']);
    expect(compact.postings).toEqual([';0,13']);
    expect(compact.fieldLength.split(';')[0]).toBe('1,0,0,2');
    expect(compact.fieldLength.split(';')[39]).toBe('0,1,1,3');
    const decoded = decodeIndex(compact);
    expect(decoded.index).toEqual([['payload', { 1: { 0: 1, 39: 1 } }]]);
  });
});
