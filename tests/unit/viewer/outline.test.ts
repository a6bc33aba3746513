import { describe, expect, it } from 'vitest';
import type { Header } from '../../../schema/manifest';
import { nestHeaders, sectionOf, topLevel } from '../../../viewer/outline';

const h = (level: number, slug: string): Header => ({ level, slug, title: slug });
const headers = [h(2, 'a'), h(3, 'a1'), h(3, 'a2'), h(2, 'b'), h(3, 'b1')];

describe('viewer/outline', () => {
  it('topLevel is the highest level on the page', () => {
    expect(topLevel(headers)).toBe(2);
    expect(topLevel([h(3, 'x'), h(4, 'y')])).toBe(3);
  });

  it('sectionOf maps a header to its top-level section', () => {
    expect(sectionOf(headers, 'a')).toBe('a');
    expect(sectionOf(headers, 'a2')).toBe('a');
    expect(sectionOf(headers, 'b1')).toBe('b');
    expect(sectionOf(headers, undefined)).toBeUndefined();
    expect(sectionOf(headers, 'missing')).toBeUndefined();
    expect(sectionOf([h(3, 'intro'), h(2, 'a')], 'intro')).toBeUndefined();
  });

  it('nestHeaders builds the tree by level, in page order', () => {
    const tree = nestHeaders(headers);
    expect(tree.map((n) => [n.header.slug, n.children.map((c) => c.header.slug)])).toEqual([
      ['a', ['a1', 'a2']],
      ['b', ['b1']],
    ]);
    expect(nestHeaders([h(3, 'x'), h(2, 'y')]).map((n) => n.header.slug)).toEqual(['x', 'y']);
    expect(nestHeaders([])).toEqual([]);
  });
});
