import { describe, expect, it } from 'vitest';
import { requestTarget } from '../../../../cli/serve/request-path';

describe('cli/serve/request-path', () => {
  it('maps paths to files like try_files $uri $uri/index.html $uri.html', () => {
    expect(requestTarget('/docs/', '/docs/')).toEqual({ kind: 'files', names: ['index.html'] });
    expect(requestTarget('/docs/limits/?q=1#x', '/docs/')).toEqual({ kind: 'files', names: ['limits/index.html'] });
    expect(requestTarget('/docs/limits', '/docs/')).toEqual({ kind: 'files', names: ['limits', 'limits/index.html', 'limits.html'] });
    expect(requestTarget('/docs/a%20b.png', '/docs/')).toEqual({ kind: 'files', names: ['a b.png', 'a b.png/index.html', 'a b.png.html'] });
    expect(requestTarget('/docs//limits//', '/docs/')).toEqual({ kind: 'files', names: ['limits/index.html'] });
  });

  it('sends /docs to /docs/ and everything outside the base to the 404 page', () => {
    expect(requestTarget('/docs?x=1', '/docs/')).toEqual({ kind: 'redirect', location: '/docs/?x=1' });
    expect(requestTarget('/', '/docs/')).toEqual({ kind: 'outside' });
    expect(requestTarget('/docsx/', '/docs/')).toEqual({ kind: 'outside' });
  });

  it.each([
    '/docs/../../etc/passwd',
    '/docs/%2e%2e/%2e%2e/etc/passwd',
    '/docs/%2E%2E/x',
    '/docs/.%2e/x',
    '/docs/./limits/',
    '/docs/..%2fetc/passwd',
    '/docs/..%2Fetc/passwd',
    '/docs/..%5cetc',
    '/docs/a\\..\\b',
    '/docs/x%00.html',
    '/docs/%E0%A4%A',
    'docs/limits/',
    'http://evil.example/docs/',
  ])('refuses %s', (url) => {
    expect(requestTarget(url, '/docs/')).toEqual({ kind: 'bad' });
  });

  it('leaves double-encoded dots as a harmless literal name', () => {
    // %252e decodes once, to the three characters "%2e": a file name, never a parent folder.
    expect(requestTarget('/docs/%252e%252e/x', '/docs/')).toEqual({ kind: 'files', names: ['%2e%2e/x', '%2e%2e/x/index.html', '%2e%2e/x.html'] });
  });
});
