import { describe, expect, it } from 'vitest';
import { OutputNames } from '../../../../cli/output/names';

describe('cli/output/names', () => {
  it('refuses a name that is a file, a folder of one, or below a file; empty segments are folders of their own', () => {
    const names = new OutputNames(['a/b/c.html', 'x', 'p//q.txt']);
    expect(names.isFree('a/b/c.html')).toBe(false);
    expect(names.isFree('a')).toBe(false);
    expect(names.isFree('a/b')).toBe(false);
    expect(names.isFree('x/index.html')).toBe(false);
    expect(names.isFree('p/')).toBe(false);
    expect(names.isFree('p/q.txt')).toBe(true);
    expect(names.isFree('a/b/d.html')).toBe(true);
    expect(names.claim('a/b/d.html')).toBe(true);
    expect(names.claim('a/b/d.html/e')).toBe(false);
  });

  it('isFreeAmong answers as isFree does, for any name', () => {
    const given = ['a/b/c.html', 'x', 'p//q.txt', 'llms.txt.d/f'];
    const names = new OutputNames(given);
    for (const name of ['a/b/c.html', 'a', 'a/b', 'x/index.html', 'p/', 'p', 'p/q.txt', 'a/b/d.html', 'llms.txt', 'llms.txt.d', 'a/b/c.html/d', 'z', '']) {
      expect(OutputNames.isFreeAmong(given, name), name).toBe(names.isFree(name));
    }
  });
});
