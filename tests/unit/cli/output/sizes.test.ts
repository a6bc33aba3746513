import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { formatSizes, measureViewer, median } from '../../../../cli/output/sizes';

const html = [
  '<link rel="stylesheet" href="/docs/assets/main.C.css">',
  '<link rel="modulepreload" href="/docs/assets/chunk.P.js">',
  '<script type="module" src="/docs/assets/main.J.js"></script>',
  '<script async src="https://www.googletagmanager.com/gtag/js?id=G-X"></script>',
].join('\n');
const js = 'console.log("entry");'.repeat(50);
const pre = 'export const x = 1;'.repeat(40);
const css = 'a{color:red}'.repeat(30);
const files = new Map<string, string>([
  ['index.html', html],
  ['assets/main.J.js', js],
  ['assets/chunk.P.js', pre],
  ['assets/main.C.css', css],
  ['assets/pages/a.1.json', 'a'.repeat(10)],
  ['assets/pages/b.2.json', 'b'.repeat(1000)],
  ['assets/pages/c.3.json', JSON.stringify({ html: 'x y z '.repeat(300) })],
  ['pages.json', '{"pages":[]}'],
  ['redirects.json', '{"redirects":[]}'],
]);
const gz = (s: string) => gzipSync(s).length;

describe('cli/output/sizes', () => {
  it('median of sorted sizes', () => {
    expect(median([])).toBe(0);
    expect(median([1, 5, 9])).toBe(5);
    expect(median([1, 3, 5, 9])).toBe(4);
  });

  it('measures what the home page loads: entry and modulepreloads, stylesheets; not third-party scripts', () => {
    const sizes = measureViewer(files, '/docs/')!;
    expect(sizes.js).toBe(gz(js) + gz(pre));
    expect(sizes.css).toBe(gz(css));
    expect(sizes.chunkCount).toBe(3);
    expect(sizes.medianChunk).toBe([gz('a'.repeat(10)), gz('b'.repeat(1000)), gz(files.get('assets/pages/c.3.json')!)].sort((a, b) => a - b)[1]);
    expect(sizes.routeTable).toBe(gz('{"pages":[]}') + gz('{"redirects":[]}'));
  });

  it('is undefined without HTML (a build without the viewer)', () => {
    expect(measureViewer(new Map([['pages.json', '{}']]), '/docs/')).toBeUndefined();
  });

  it('formats each figure against its budget and flags an overrun', () => {
    const text = formatSizes({ js: 80 * 1024, css: 1024, medianChunk: 512, chunkCount: 3, routeTable: 2048 });
    expect(text.split('\n')).toEqual([
      'Viewer download sizes:',
      '  first-load JavaScript        80.0 KB gzip  (budget 77.5 KB, OVER BUDGET)',
      '  first-load CSS                1.0 KB gzip  (budget 12.0 KB)',
      '  median page chunk (3)         0.5 KB gzip  (budget 3.0 KB)',
      '  route table (once)            2.0 KB gzip',
    ]);
  });

  it('measures the search index pages.json names, and reports it raw and gzip', () => {
    const index = '{"pages":["/"]}'.repeat(20);
    const withIndex = new Map([...files, ['pages.json', '{"site":{"search":{"provider":"local","index":"assets/search.0123456789.json"}}}'], ['assets/search.0123456789.json', index]]);
    const sizes = measureViewer(withIndex, '/docs/')!;
    expect(sizes.searchIndex).toEqual({ raw: index.length, gzip: gz(index) });
    expect(measureViewer(files, '/docs/')!.searchIndex).toBeUndefined();
    const text = formatSizes({ js: 1024, css: 1024, medianChunk: 512, chunkCount: 3, routeTable: 2048, searchIndex: { raw: 10240, gzip: 3072 } });
    expect(text.split('\n').at(-1)).toBe('  search index (on open)        3.0 KB gzip  (10.0 KB raw)');
  });
});
