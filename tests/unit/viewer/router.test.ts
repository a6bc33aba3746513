import { describe, expect, it } from 'vitest';
import { pathVariants } from '../../../shared/paths';
import { createRouteTable, hrefOf, resolvePath, sitePathOf } from '../../../viewer/router';
import { MANIFEST, REDIRECTS } from './fixtures';

const table = createRouteTable(MANIFEST, REDIRECTS);
const resolved = (sitePath: string) => {
  const r = resolvePath(sitePath, table);
  return r.kind === 'page' ? r.page.path : `not-found ${r.path}`;
};

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
    expect(pathVariants('/limits/')).toEqual(['/limits/', '/limits']);
    expect(pathVariants('/')).toEqual(['/']);
  });

  describe('resolvePath', () => {
    it('resolves a page path to its page', () => {
      expect(resolved('/limits/')).toBe('/limits/');
      expect(resolved('/')).toBe('/');
    });
    it('lands the index.html twin, the .html and the no-slash variants on the folder page', () => {
      expect(resolved('/limits/index.html')).toBe('/limits/');
      expect(resolved('/limits.html')).toBe('/limits/');
      expect(resolved('/limits')).toBe('/limits/');
      expect(resolved('/index.html')).toBe('/');
    });
    it('keeps quickstart/create-new-workflow.html, and lands its extension-less spelling on it', () => {
      expect(resolved('/quickstart/create-new-workflow.html')).toBe('/quickstart/create-new-workflow.html');
      expect(resolved('/quickstart/create-new-workflow')).toBe('/quickstart/create-new-workflow.html');
      // As in the build's link check: a folder form is no spelling of an .html page.
      expect(resolved('/quickstart/create-new-workflow/')).toBe('not-found /quickstart/create-new-workflow/');
    });
    it('follows every redirect, with or without its trailing slash', () => {
      for (const { from, to } of REDIRECTS.redirects) expect(resolved(from), from).toBe(to);
      expect(resolved('/cron/')).toBe('/workflows/steps/triggers/');
      expect(resolved('/notebook/code')).toBe('/code/nodejs/');
      expect(resolved('/what-is-pipedream.html')).toBe('/');
    });
    it('reports an unknown path as not found, with the path', () => {
      expect(resolvePath('/no/such/page/', table)).toEqual({ kind: 'not-found', path: '/no/such/page/' });
      expect(resolved('/limits/extra/')).toBe('not-found /limits/extra/');
    });
    it('ignores a redirect whose target is no page', () => {
      const broken = createRouteTable(MANIFEST, { version: 1, redirects: [{ from: '/gone', to: '/nowhere/' }] });
      expect(resolvePath('/gone', broken).kind).toBe('not-found');
    });
  });
});
