import { describe, expect, it } from 'vitest';
import { readVuepressRedirects } from '../../../../cli/site/vuepress-redirects';

const FILE = 'docs/.vuepress/redirects';
const read = (...lines: string[]) => readVuepressRedirects({ file: FILE, text: lines.join('\n') });

describe('cli/site/vuepress-redirects', () => {
  it('reads a FROM TO line each, skipping blank lines and # comments, and places each source at its line', () => {
    const { redirects, placeOf, diagnostics } = read(
      '# moved in the 3.0 docs',
      '/charts/ /charts/line.html',
      '',
      '   /axes/scales.html\t/axes/cartesian/  # tabs and spaces alike',
      '/api/ https://example.org/api/',
    );
    expect(redirects).toEqual({ '/charts/': '/charts/line.html', '/axes/scales.html': '/axes/cartesian/', '/api/': 'https://example.org/api/' });
    expect(diagnostics).toEqual([]);
    expect(placeOf('/axes/scales.html')).toEqual({ file: FILE, line: 4, column: 4 });
    // Without a source: the file, where a redirect is added; a source it does not have: nothing.
    expect(placeOf()).toEqual({ file: FILE });
    expect(placeOf('/elsewhere/')).toBeUndefined();
  });

  it('takes each path as the html-redirect plugin does: a "/" after one ending in neither "/" nor ".html", then percent-decoded', () => {
    const { redirects } = read('/samples /samples/information', '/old.html /new.html', '/caf%C3%A9/ /menu/', 'relative/ /x/');
    expect(redirects).toEqual({ '/samples/': '/samples/information/', '/old.html': '/new.html', '/café/': '/menu/', 'relative/': '/x/' });
  });

  it('reports each line that is not FROM TO at its line and column, and reads the first two paths of one with more', () => {
    const { redirects, diagnostics } = read(
      '/alone/',
      '/a/ /b/ /c/',
      '/bad%zz/ /x/',
      '/y/ /to%/',
      '/a /d/',
    );
    expect(diagnostics.map((d) => [d.code, d.severity, d.line, d.column, d.message])).toEqual([
      ['vuepress/malformed-redirect', 'error', 1, 1, '"/alone/" has no target: a line is the source path, then the path it redirects to.'],
      ['vuepress/malformed-redirect', 'error', 2, 9, '"/a/ /b/" is followed by "/c/": a line is the source path and its target, nothing more.'],
      ['vuepress/malformed-redirect', 'error', 3, 1, '"/bad%zz/" has a "%" that starts no percent-encoded character (VuePress decodes each path).'],
      ['vuepress/malformed-redirect', 'error', 4, 5, '"/to%/" has a "%" that starts no percent-encoded character (VuePress decodes each path).'],
      // `/a` is `/a/` to the plugin: one source, already given on line 2.
      ['vuepress/malformed-redirect', 'error', 5, 1, '"/a/" is redirected on line 2 already: a source has one target.'],
    ]);
    expect(redirects).toEqual({ '/a/': '/b/' });
  });
});
