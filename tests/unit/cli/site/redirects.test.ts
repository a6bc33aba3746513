import { describe, expect, it } from 'vitest';
import { buildRedirects } from '../../../../cli/site/redirects';
import type { IndexedPage } from '../../../../cli/site/site-index';

const pages = new Map<string, IndexedPage>(
  ['/', '/a/', '/b.html'].map((p) => [p, { path: p, title: p, relativePath: '', file: 'content/x.md', anchors: new Set() }]),
);
const locate = (from: string) => ({ file: 'content/site.yaml', line: from.length });

describe('cli/site/redirects', () => {
  it('collapses chains to the final page and warns about them', () => {
    const table = buildRedirects({ '/x': '/y', '/y': '/a' }, pages, locate);
    expect(table.redirects).toContainEqual({ from: '/x', to: '/a/' });
    expect(table.redirects).toContainEqual({ from: '/y', to: '/a/' });
    expect(table.diagnostics.map((d) => d.code)).toEqual(['redirect/chain']);
    expect(table.diagnostics[0]?.hint).toBe('Point it straight at "/a/".');
  });

  it('adds an index.html twin for every folder page, and none for .html pages', () => {
    const table = buildRedirects({}, pages, locate);
    expect(table.redirects).toEqual([
      { from: '/a/index.html', to: '/a/' },
      { from: '/index.html', to: '/' },
    ]);
  });

  it('reports loops, dead targets and sources that shadow a page', () => {
    const table = buildRedirects({ '/p': '/q', '/q': '/p', '/r': '/nowhere/', '/a': '/' }, pages, locate);
    expect(table.diagnostics.map((d) => d.code).sort()).toEqual([
      'redirect/dead-target',
      'redirect/loop',
      'redirect/loop',
      'redirect/shadows-page',
    ]);
    expect(table.redirects.map((r) => r.from)).not.toContain('/p');
  });

  it('names the page\'s own path when a redirect source is another form of it', () => {
    const messages = (configured: Record<string, string>) => buildRedirects(configured, pages, locate).diagnostics.map((d) => d.message);
    expect(messages({ '/a/': '/b.html' })).toEqual(['Redirect source "/a/" is the path of the page content/x.md.']);
    expect(messages({ '/a': '/b.html' })).toEqual(['Redirect source "/a" is another form of the path /a/ of the page content/x.md.']);
  });

  it('sorts the table by source so output is stable', () => {
    const table = buildRedirects({ '/z': '/', '/m': '/b.html' }, pages, locate);
    const froms = table.redirects.map((r) => r.from);
    expect(froms).toEqual([...froms].sort());
  });
});
