import { describe, expect, it } from 'vitest';
import { pathVariants } from '../../../shared/paths';
import { hrefOf, sitePathOf } from '../../../viewer/router';

describe('viewer/router', () => {
  describe('sitePathOf', () => {
    it('strips the base', () => {
      expect(sitePathOf('/docs/limits/', '/docs/')).toBe('/limits/');
      expect(sitePathOf('/docs/', '/docs/')).toBe('/');
    });
    it('treats the base without its slash as the home page', () => {
      expect(sitePathOf('/docs', '/docs/')).toBe('/');
    });
    it('returns undefined outside the base', () => {
      expect(sitePathOf('/other/limits/', '/docs/')).toBeUndefined();
      expect(sitePathOf('/docsy/', '/docs/')).toBeUndefined();
    });
    it('decodes percent-escapes and keeps malformed ones', () => {
      expect(sitePathOf('/docs/%C3%BCber/', '/docs/')).toBe('/über/');
      expect(sitePathOf('/docs/%E0%A4%A/', '/docs/')).toBe('/%E0%A4%A/');
    });
  });

  it('hrefOf puts a site path under the base', () => {
    expect(hrefOf('/docs/', '/')).toBe('/docs/');
    expect(hrefOf('/docs/', '/api/rest/')).toBe('/docs/api/rest/');
  });

  it('pathVariants lists the other spellings of a path, the path first', () => {
    expect(pathVariants('/limits/index.html')).toEqual(['/limits/index.html', '/limits/']);
    expect(pathVariants('/limits.html')).toEqual(['/limits.html', '/limits/']);
    expect(pathVariants('/limits')).toEqual(['/limits', '/limits/', '/limits.html']);
    expect(pathVariants('/limits/')).toEqual(['/limits/', '/limits', '/limits.html']);
    expect(pathVariants('/')).toEqual(['/']);
  });
});
