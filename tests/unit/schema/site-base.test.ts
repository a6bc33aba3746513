import { describe, expect, it } from 'vitest';
import { SiteBase } from '../../../schema/site-config';

const problem = (base: string) => {
  const parsed = SiteBase.safeParse(base);
  return parsed.success ? undefined : parsed.error.issues[0]!.message;
};

describe('schema/site-config base (issue 18: /a/../b/ was accepted and the preview refused its own URL)', () => {
  it('accepts plain paths', () => {
    for (const base of ['/', '/docs/', '/a/b-c_d.e/']) expect(problem(base), base).toBeUndefined();
  });

  it('refuses "..", "." and empty segments, and names the plain path to write instead', () => {
    expect(problem('/a/../b/')).toBe('must be a plain path, without "//", "./" or "../" (write "/b/")');
    expect(problem('/./')).toContain('(write "/")');
    expect(problem('//')).toContain('(write "/")');
    expect(problem('/a//b/')).toContain('(write "/a/b/")');
    expect(problem('/../../x/')).toContain('(write "/x/")');
  });

  it('refuses a base without its slashes, or with characters a URL path must escape', () => {
    expect(problem('docs')).toMatch(/start and end with "\/"/);
    expect(problem('/docs')).toMatch(/start and end with "\/"/);
    expect(problem('/a b/')).toMatch(/only letters, digits/);
    expect(problem('/a?b/')).toMatch(/only letters, digits/);
  });
});
