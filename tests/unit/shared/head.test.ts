import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { describe, expect, it } from 'vitest';
import { documentTitle, escapeHtml, headFor, renderHead, renderHeadTag } from '../../../shared/head';
import { headTagHtml } from '../../../cli/features/viewer/document';
import { SITE } from '../viewer/fixtures';

describe('shared/head', () => {
  it('documentTitle suffixes the site title, unless the page is titled like the site', () => {
    expect(documentTitle('Pipedream', 'Limits')).toBe('Limits | Pipedream');
    expect(documentTitle('Pipedream', 'Pipedream')).toBe('Pipedream');
    expect(documentTitle('Pipedream', '')).toBe('Pipedream');
  });

  describe('headFor', () => {
    it('gives a page its title, description and absolute canonical URL from the host setting', () => {
      expect(headFor(SITE, { kind: 'page', title: 'Limits', description: 'The limits.', path: '/limits/' })).toEqual({
        title: 'Limits | Pipedream',
        description: 'The limits.',
        canonical: 'https://pipedream.com/docs/limits/',
        noindex: false,
      });
    });
    it('falls back to the site description', () => {
      expect(headFor(SITE, { kind: 'page', title: 'X', description: '', path: '/x/' }).description).toBe(SITE.description);
    });
    it('prefers the host setting over the page origin, and uses the origin without one', () => {
      const subject = { kind: 'page', title: 'X', description: 'x', path: '/x.html' } as const;
      expect(headFor(SITE, subject, 'http://127.0.0.1:8080').canonical).toBe('https://pipedream.com/docs/x.html');
      expect(headFor({ ...SITE, host: undefined }, subject, 'http://127.0.0.1:8080').canonical).toBe('http://127.0.0.1:8080/docs/x.html');
      expect(headFor({ ...SITE, host: undefined }, subject).canonical).toBeUndefined();
    });
    it('percent-encodes a non-ASCII path in the canonical URL', () => {
      expect(headFor(SITE, { kind: 'page', title: 'Ü', description: 'u', path: '/über/' }).canonical).toBe('https://pipedream.com/docs/%C3%BCber/');
    });
    it('titles the not-found page, with no canonical and noindex', () => {
      expect(headFor(SITE, { kind: 'not-found' })).toEqual({ title: 'Page not found | Pipedream', description: SITE.description, noindex: true });
    });
  });

  it('renderHead writes escaped title, description and canonical', () => {
    const html = renderHead({ title: 'A <b> & "c"', description: 'd"', canonical: 'https://x/docs/?a=1&b=2', noindex: true });
    expect(html).toBe(
      [
        '<title>A &lt;b&gt; &amp; &quot;c&quot;</title>',
        '<meta name="description" content="d&quot;">',
        '<link rel="canonical" href="https://x/docs/?a=1&amp;b=2">',
        '<meta name="robots" content="noindex">',
      ].join('\n'),
    );
  });

  describe('renderHeadTag', () => {
    it('writes void tags without a closing tag and escapes attribute values', () => {
      expect(renderHeadTag({ tag: 'meta', attrs: { name: 'theme-color', content: '#1f2937"><x' } })).toBe('<meta name="theme-color" content="#1f2937&quot;&gt;&lt;x">');
      expect(renderHeadTag({ tag: 'link', attrs: { rel: 'icon', href: '/docs/favicon.svg' } })).toBe('<link rel="icon" href="/docs/favicon.svg">');
    });
    it('writes true as a bare attribute and leaves false out', () => {
      expect(renderHeadTag({ tag: 'script', attrs: { async: true, defer: false, src: 'https://x/a.js' } })).toBe('<script async src="https://x/a.js"></script>');
    });
    it('keeps children of raw-text tags from closing the element early', () => {
      expect(renderHeadTag({ tag: 'style', attrs: {}, children: 'a{}</style><script>x()</script>' })).toBe('<style>a{}<\\/style><script>x()</script></style>');
      expect(renderHeadTag({ tag: 'script', attrs: {}, children: 'a("</SCRIPT>")' })).toBe('<script>a("<\\/SCRIPT>")</script>');
    });
    it('leaves out an attribute name that would inject markup (issue 18: x><meta http-equiv=refresh …><x)', () => {
      const attrs = { 'x><meta http-equiv=refresh content=0;url=https://evil.example><x': 'y', name: 'a' };
      expect(headTagHtml({ tag: 'meta', attrs })).toBe('<meta name="a">');
    });
    it('an inline script holding "<!--<script>" does not swallow the rest of the document (escaped as the HTML spec advises)', () => {
      const script = { tag: 'script', attrs: {}, children: 'var s = "<!--<script>"; var t = "<SCRIPT";' };
      expect(renderHeadTag(script)).toBe('<script>var s = "<\\!--<\\script>"; var t = "<\\SCRIPT";</script>');
      // What a browser's parser makes of it: the script ends where it should, and the body is still a body.
      const doc = parse(`<!doctype html><html><head>${renderHeadTag(script)}</head><body><p id="after">Text</p></body></html>`);
      const html = doc.childNodes.find((n) => n.nodeName === 'html') as DefaultTreeAdapterMap['element'];
      const head = html.childNodes.find((n) => n.nodeName === 'head') as DefaultTreeAdapterMap['element'];
      const body = html.childNodes.find((n) => n.nodeName === 'body') as DefaultTreeAdapterMap['element'];
      const text = (head.childNodes[0] as DefaultTreeAdapterMap['element']).childNodes[0] as DefaultTreeAdapterMap['textNode'];
      expect(text.value).toBe('var s = "<\\!--<\\script>"; var t = "<\\SCRIPT";');
      expect(body.childNodes.map((n) => n.nodeName)).toEqual(['p']);
      // And JavaScript reads the escaped strings as written.
      expect(new Function(`${text.value}; return [s, t];`)()).toEqual(['<!--<script>', '<SCRIPT']);
    });
  });

  it('escapeHtml escapes the four characters that matter in text and attributes', () => {
    expect(escapeHtml(`<a href="x">&</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;');
  });
});
