import { describe, expect, it } from 'vitest';
import { StringTable } from '../../../../cli/support/intern';

describe('cli/support/intern: one copy of each string across values', () => {
  it('keeps each distinct string once, however many values hold it', () => {
    const table = new StringTable();
    const url = ['/guide/', 'intro.html'].join('');
    const a = { links: [{ url, line: 1 }], linkUrls: [url] };
    const b = { links: [{ url: `${url}`, line: 2 }], parts: { copy: { urls: ['/guide/intro.html', 'other'] } } };
    table.intern(a);
    table.intern(b);
    expect(table.size).toBe(2);
  });

  it('lets go of its strings when cleared, the interned values keeping theirs', () => {
    const table = new StringTable();
    const first = table.intern({ url: ['/docs/', 'a'].join('') });
    table.clear();
    expect(table.size).toBe(0);
    const again = ['/docs/', 'a'].join('');
    expect(table.intern(again)).toBe(again);
    expect(first.url).toBe('/docs/a');
  });

  it('changes no value: the same objects come back, equal to what went in', () => {
    const table = new StringTable();
    const summary = { relativePath: 'a.md', page: { title: 'A', headers: [{ level: 2, title: 'B', slug: 'b' }], frontmatter: { tags: ['x', 'y'], n: 3, on: true, none: null } } };
    const before = structuredClone(summary);
    const headers = summary.page.headers;
    expect(table.intern(summary)).toBe(summary);
    expect(summary.page.headers).toBe(headers);
    expect(summary).toEqual(before);
    expect(table.intern('a.md')).toBe('a.md');
  });

  it('walks a value that refers to itself once, and leaves frozen and non-plain objects alone', () => {
    const table = new StringTable();
    const looped: Record<string, unknown> = { name: 'loop' };
    looped.self = looped;
    expect(table.intern(looped)).toBe(looped);
    const frozen = Object.freeze({ name: 'frozen' });
    const when = new Date(0);
    const held = new Map([['k', 'inside a map']]);
    const value = { frozen, when, held };
    expect(() => table.intern(value)).not.toThrow();
    expect(value).toEqual({ frozen: { name: 'frozen' }, when: new Date(0), held: new Map([['k', 'inside a map']]) });
    // Strings behind a Map or a frozen object are not the table's: only 'loop' was taken in.
    expect(table.size).toBe(1);
  });
});
