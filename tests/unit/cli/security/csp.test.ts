import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, securityHeaders, type CspSite } from '../../../../cli/security/csp';
import { renderHeadTag } from '../../../../shared/head';
import { THEME_SCRIPT } from '../../../../shared/theme-script';

/** The viewer's one inline script (the stored theme, before the first paint) is allowed by its hash on every site. */
const THEME = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;
const plain: CspSite = { headTags: [], search: { provider: 'local' } };
const directives = (policy: string) => new Map(policy.split('; ').map((d) => [d.split(' ')[0]!, d.split(' ').slice(1)]));

describe('cli/security/csp', () => {
  it('allows only the site itself by default: no inline code but the theme script, no eval, no plugins, no frames', () => {
    const policy = contentSecurityPolicy(plain, { delivery: 'meta' });
    expect(policy).toBe(
      `default-src 'self'; script-src 'self' ${THEME}; ` +
        "style-src 'self'; img-src 'self' https:; font-src 'self'; connect-src 'self'; " +
        "frame-src 'none'; object-src 'none'; base-uri 'self'; form-action 'self'",
    );
    expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|data:/);
  });

  it('adds frame-ancestors only to the header form (a meta tag cannot carry it)', () => {
    expect(contentSecurityPolicy(plain, { delivery: 'meta' })).not.toContain('frame-ancestors');
    expect(directives(contentSecurityPolicy(plain)).get('frame-ancestors')).toEqual(["'self'"]);
  });

  it('allows the Google tag (script-src) and its hits (connect-src) only when analytics is configured', () => {
    const withTag: CspSite = {
      ...plain,
      headTags: [
        { tag: 'script', attrs: { async: true, src: 'https://www.googletagmanager.com/gtag/js?id=G-ABC123' } },
        { tag: 'script', attrs: { async: true, src: '/docs/assets/analytics.1234567890.js', 'data-tag-id': 'G-ABC123' } },
      ],
    };
    const d = directives(contentSecurityPolicy(withTag));
    expect(d.get('script-src')).toEqual(["'self'", THEME, 'https://www.googletagmanager.com']);
    expect(d.get('connect-src')).toEqual(["'self'", 'https://*.analytics.google.com', 'https://*.google-analytics.com', 'https://*.googletagmanager.com']);
    expect(contentSecurityPolicy(plain)).not.toContain('google');
  });

  it('lists inline head scripts and styles by the hash of exactly the text the page carries', () => {
    const script = { tag: 'script', attrs: {}, children: 'window.x = "</script>";' };
    const style = { tag: 'style', attrs: {}, children: 'body{color:red}' };
    const json = { tag: 'script', attrs: { type: 'application/ld+json' }, children: '{}' };
    const d = directives(contentSecurityPolicy({ ...plain, headTags: [script, style, json] }));
    const written = /<script>(.*)<\/script>/.exec(renderHeadTag(script))![1]!;
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    expect(written).toBe('window.x = "<\\/script>";');
    expect(d.get('script-src')).toEqual(["'self'", THEME, hash(written)]);
    expect(d.get('style-src')).toEqual(["'self'", hash('body{color:red}')]);
  });

  it('hashes inline scripts of every type a browser runs (any JavaScript MIME type, any case, module), and none of a data block', () => {
    const types = ['text/javascript', 'application/javascript', 'module', 'text/ecmascript', 'application/x-javascript', ' TEXT/JavaScript ', 'text/jscript'];
    for (const type of types) {
      const d = directives(contentSecurityPolicy({ ...plain, headTags: [{ tag: 'script', attrs: { type }, children: 'go()' }] }));
      expect(d.get('script-src'), type).toHaveLength(3);
    }
    for (const type of ['application/ld+json', 'text/plain', 'text/javascript; charset=utf-8']) {
      const d = directives(contentSecurityPolicy({ ...plain, headTags: [{ tag: 'script', attrs: { type }, children: '{}' }] }));
      expect(d.get('script-src'), type).toEqual(["'self'", THEME]);
    }
  });

  it('allows the origins of external head scripts and stylesheets, and nothing for local ones', () => {
    const d = directives(
      contentSecurityPolicy({
        ...plain,
        headTags: [
          { tag: 'script', attrs: { src: 'https://cdn.example.com/a.js' } },
          { tag: 'link', attrs: { rel: 'stylesheet', href: 'https://fonts.example.com/css?family=x' } },
          { tag: 'link', attrs: { rel: 'stylesheet', href: '/docs/local.css' } },
        ],
      }),
    );
    expect(d.get('script-src')).toEqual(["'self'", THEME, 'https://cdn.example.com']);
    expect(d.get('style-src')).toEqual(["'self'", 'https://fonts.example.com']);
  });

  it("allows a scheme-relative stylesheet's host as a valid source, and the fonts an outside stylesheet loads", () => {
    const google = { tag: 'link', attrs: { rel: 'stylesheet', href: '//fonts.googleapis.com/css?family=Dosis:300' } };
    const d = directives(contentSecurityPolicy({ ...plain, headTags: [google] }));
    // A CSP host-source: no scheme, no "//" (Chromium ignores "//fonts.googleapis.com" as an invalid source).
    expect(d.get('style-src')).toEqual(["'self'", 'fonts.googleapis.com']);
    expect(d.get('font-src')).toEqual(["'self'", 'https:']);
    // An inline style loads no outside fonts.
    const inline = directives(contentSecurityPolicy({ ...plain, headTags: [{ tag: 'style', attrs: {}, children: 'a{}' }] }));
    expect(inline.get('font-src')).toEqual(["'self'"]);
  });

  it('lets DocSearch reach its Algolia application, and frames come from allowIframeOrigins', () => {
    const d = directives(
      contentSecurityPolicy({
        ...plain,
        search: { provider: 'docsearch', docsearch: { appId: 'BH4D9OD16A', apiKey: 'k', indexName: 'i', facetFilters: [] } },
        iframeOrigins: ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
      }),
    );
    expect(d.get('connect-src')).toEqual(["'self'", 'https://*.algolianet.com', 'https://bh4d9od16a-dsn.algolia.net']);
    expect(d.get('frame-src')).toEqual(['https://player.vimeo.com', 'https://www.youtube-nocookie.com']);
  });

  it('gives hosts the policy as a header, with two cheap companions', () => {
    expect(securityHeaders(plain)).toEqual([
      ['Content-Security-Policy', contentSecurityPolicy(plain, { delivery: 'header' })],
      ['Referrer-Policy', 'strict-origin-when-cross-origin'],
      ['X-Content-Type-Options', 'nosniff'],
    ]);
  });
});
