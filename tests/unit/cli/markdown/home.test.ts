import { describe, expect, it } from 'vitest';
import { mayShowSiteTitle } from '../../../../cli/markdown/home';

describe('cli/markdown/home mayShowSiteTitle', () => {
  it('is true for a page whose frontmatter has a home key, however it is written', () => {
    expect(mayShowSiteTitle('---\nhome: true\n---\n')).toBe(true);
    expect(mayShowSiteTitle('\uFEFF---\ntitle: x\nhome:   true # the hero\n---\n')).toBe(true);
    expect(mayShowSiteTitle('---\n"home": true\n---\n')).toBe(true);
    expect(mayShowSiteTitle("---\n'home' : true\n---\n")).toBe(true);
  });

  it('is false for a page that names no home key', () => {
    expect(mayShowSiteTitle('---\ntitle: Homepage\n---\n# Home\n\nBack home.\n')).toBe(false);
    expect(mayShowSiteTitle('# Guide\n\nText.\n')).toBe(false);
  });
});
