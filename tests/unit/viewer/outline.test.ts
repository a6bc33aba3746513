import { describe, expect, it } from 'vitest';
import type { Header } from '../../../schema/manifest';
import { nestHeaders, sectionOf, sidebarSections, topLevel } from '../../../viewer/outline';

const h = (level: number, slug: string): Header => ({ level, slug, title: slug });
const leaf = (level: number, slug: string) => ({ header: h(level, slug), children: [] });
const headers = [h(2, 'a'), h(3, 'a1'), h(3, 'a2'), h(2, 'b'), h(3, 'b1')];

describe('viewer/outline', () => {
  it('sidebarSections lists nothing at depth 0, the top level at 1, and the deeper headers under each from 2 (VuePress groupHeaders)', () => {
    const withH4 = [...headers, h(4, 'b1x')];
    expect(sidebarSections(withH4, 0)).toEqual([]);
    expect(sidebarSections(withH4, 1)).toEqual([{ header: h(2, 'a'), children: [] }, { header: h(2, 'b'), children: [] }]);
    expect(sidebarSections(withH4, 2)).toEqual([
      { header: h(2, 'a'), children: [leaf(3, 'a1'), leaf(3, 'a2')] },
      { header: h(2, 'b'), children: [leaf(3, 'b1'), leaf(4, 'b1x')] },
    ]);
    // A ### before the first ## belongs to no section, as in VuePress.
    expect(sidebarSections([h(3, 'early'), h(2, 'a')], 2)).toEqual([{ header: h(2, 'a'), children: [] }]);
  });

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
