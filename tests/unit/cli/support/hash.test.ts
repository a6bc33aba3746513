import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashOf, hashOfJson, hashOfLines } from '../../../../cli/support/hash';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('cli/support/hash', () => {
  it('hashOfLines: each line ended by a newline, so lists that join alike hash apart', () => {
    expect(hashOfLines(['a', 'b'])).toBe(sha256('a\nb\n'));
    expect(hashOfLines(['ab'])).not.toBe(hashOfLines(['a', 'b']));
    expect(hashOfLines(['a', ''])).not.toBe(hashOfLines(['a']));
    expect(hashOfLines([])).toBe(sha256(''));
  });

  it('hashOfJson: the JSON as written, keys in the order held (hashOf sorts them)', () => {
    expect(hashOfJson(['k', { b: 1, a: 2 }])).toBe(sha256('["k",{"b":1,"a":2}]'));
    expect(hashOfJson({ b: 1, a: 2 })).not.toBe(hashOfJson({ a: 2, b: 1 }));
    expect(hashOf({ b: 1, a: 2 })).toBe(hashOf({ a: 2, b: 1 }));
    expect(hashOfJson([undefined])).toBe(sha256('[null]'));
  });
});
