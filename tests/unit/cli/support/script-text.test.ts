import { describe, expect, it } from 'vitest';
import { isInCode, nonCodeSpans } from '../../../../cli/support/script-text';

/** The text of each part that is not code. */
const parts = (text: string) => nonCodeSpans(text).map(([start, end]) => text.slice(start, end));

describe('cli/support/script-text', () => {
  it('finds line and block comments, the quotes of a string being code', () => {
    expect(parts("a // b 'c'\nd /* e\nf */ g 'h // i' \"j\\\"k\"")).toEqual(["// b 'c'", '/* e\nf */', 'h // i', 'j\\"k']);
  });

  it('reads a template literal\'s ${ } as code, braces and nested templates too', () => {
    expect(parts('`a ${ { b: `c` } } d` // e')).toEqual(['a ', 'c', ' d', '// e']);
  });

  it('ends an unclosed string at its line and an unclosed comment at the text\'s end', () => {
    expect(parts("'a\nb: 1 /* c")).toEqual(['a', '/* c']);
  });

  it('tells whether an offset is in code', () => {
    const text = "x: 'y', // z";
    const spans = nonCodeSpans(text);
    expect([0, 3, 4, 5, 8, 10].map((offset) => isInCode(spans, offset))).toEqual([true, true, false, true, false, false]);
  });

  it('takes time in proportion to the text, for a long run of openers', () => {
    const text = "'`/*".repeat(50_000) + '${'.repeat(50_000);
    const started = performance.now();
    nonCodeSpans(text);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
