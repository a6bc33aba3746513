import { describe, expect, it } from 'vitest';
import { pathVariants } from '../../../../shared/paths';
import { fileNameOf } from '../../../../cli/output/layout';
import { keyOf, regularPathOf, routeOf } from '../../../../cli/page/route';

describe('cli/page/route', () => {
  it.each([
    ['README.md', '/'],
    ['api/rest/README.md', '/api/rest/'],
    ['guide/index.md', '/guide/'],
    ['quickstart/create-new-workflow.md', '/quickstart/create-new-workflow.html'],
    ['top.md', '/top.html'],
  ])('regularPath of %s is %s (VuePress 1)', (relativePath, expected) => {
    expect(regularPathOf(relativePath)).toBe(expected);
  });

  it('uses the permalink as path when set, keeping regularPath', () => {
    expect(routeOf('a/b.md', '/custom/')).toMatchObject({ regularPath: '/a/b.html', path: '/custom/' });
  });

  it('derives a stable key from the path alone', () => {
    expect(keyOf('/api/rest/')).toBe(keyOf('/api/rest/'));
    expect(keyOf('/api/rest/')).not.toBe(keyOf('/api/sse/'));
    expect(keyOf('/api/rest/')).toMatch(/^v-[0-9a-f]{10}$/);
  });

  it('lists the variants a folder path is reached by', () => {
    expect(pathVariants('/limits')).toEqual(['/limits', '/limits/', '/limits.html']);
    expect(pathVariants('/limits.html')).toEqual(['/limits.html', '/limits/']);
    expect(pathVariants('/limits/index.html')).toEqual(['/limits/index.html', '/limits/']);
    expect(pathVariants('/limits/')).toEqual(['/limits/', '/limits', '/limits.html']);
  });

  it('makes output names safe whatever the path holds', () => {
    expect(fileNameOf('/api/rest/')).toBe('api-rest');
    expect(fileNameOf('/')).toBe('index');
    expect(fileNameOf('/../../etc/passwd')).toBe('etc-passwd');
    expect(fileNameOf('/Größe/x.html')).toBe('gr-e-x');
  });
});
