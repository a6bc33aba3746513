import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { formatSizes, measureViewer, median, type ViewerSizes } from '../../../../cli/output/sizes';

const head = [
  '<link rel="stylesheet" href="/docs/assets/main.C.css">',
  '<link rel="modulepreload" href="/docs/assets/chunk.P.js">',
  '<script type="module" src="/docs/assets/main.J.js"></script>',
  '<script async src="https://www.googletagmanager.com/gtag/js?id=G-X"></script>',
].join('\n');
/** A prerendered page: the head above, and boot data naming its chunk and sidebar pieces. */
const pageHtml = (path: string, chunk: string, sidebar?: string[], filler = '') =>
  `${head}\n<p>${filler}</p><script type="application/json" id="docsbuild-boot">${JSON.stringify({ base: '/docs/', page: { path, chunk, ...(sidebar ? { sidebar } : {}) } })}</script>`;
const html = pageHtml('/', 'assets/pages/a.1.json');
const routesJson = JSON.stringify({ version: 1, shards: [['', 'assets/routes/routes-index.1.json'], ['/b/', 'assets/routes/routes-b.2.json']], pieces: ['assets/routes/sidebar-0.3.json'], sidebar: { pages: 0, items: [] } });
const shardA = JSON.stringify({ version: 1, pages: [['/', 'a.1', 'Home'], ['/c/', 'c.3', 'C']], redirects: [] });
const shardB = JSON.stringify({ version: 1, pages: [['/b/', 'b.2', 'B', [0]]], redirects: [['/old-b', '/b/']] });
const piece = JSON.stringify({ version: 1, items: [['/b/', 'B']] });
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
  ['b/index.html', pageHtml('/b/', 'assets/pages/b.2.json', ['assets/routes/sidebar-0.3.json'], 'b'.repeat(300))],
  ['c/index.html', pageHtml('/c/', 'assets/pages/c.3.json', undefined, 'c c '.repeat(50))],
  ['404.html', head],
  ['routes.json', routesJson],
  ['assets/routes/routes-index.1.json', shardA],
  ['assets/routes/routes-b.2.json', shardB],
  ['assets/routes/sidebar-0.3.json', piece],
]);
const gz = (s: string) => gzipSync(s).length;
const KB = 1024;
const SIZES: ViewerSizes = {
  js: KB,
  css: KB,
  medianChunk: 512,
  chunkCount: 3,
  routesRoot: 2 * KB,
  html: { median: 10 * KB, max: 21 * KB },
  firstVisit: { median: 95 * KB, max: 99 * KB },
  navigation: { median: 6 * KB, max: 12 * KB },
};

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
    expect(sizes.routesRoot).toBe(gz(routesJson));
  });

  it('measures each page from its HTML: its own size, a first visit with its shard and sidebar pieces, a navigation to it', () => {
    const sizes = measureViewer(files, '/docs/')!;
    const site = gz(js) + gz(pre) + gz(css) + gz(routesJson);
    const pages = {
      home: { html: gz(html), shard: gz(shardA), sidebar: 0, chunk: gz('a'.repeat(10)) },
      b: { html: gz(files.get('b/index.html')!), shard: gz(shardB), sidebar: gz(piece), chunk: gz('b'.repeat(1000)) },
      c: { html: gz(files.get('c/index.html')!), shard: gz(shardA), sidebar: 0, chunk: gz(files.get('assets/pages/c.3.json')!) },
    };
    const spread = (values: number[]) => ({ median: values.sort((x, y) => x - y)[1], max: Math.max(...values) });
    const all = Object.values(pages);
    // The 404 shell carries no page: it is no first visit.
    expect(sizes.chunkCount).toBe(3);
    expect(sizes.html).toEqual(spread(all.map((p) => p.html)));
    expect(sizes.firstVisit).toEqual(spread(all.map((p) => site + p.html + p.shard + p.sidebar)));
    expect(sizes.navigation).toEqual(spread(all.map((p) => p.chunk + p.shard)));
  });

  it('is undefined without HTML (a build without the viewer)', () => {
    expect(measureViewer(new Map([['pages.json', '{}']]), '/docs/')).toBeUndefined();
  });

  it('formats each figure against its budget and flags an overrun', () => {
    const text = formatSizes({ ...SIZES, js: 80 * 1024 });
    expect(text.split('\n')).toEqual([
      'Viewer download sizes:',
      '  first-load JavaScript        80.0 KB gzip  (budget 78.4 KB, OVER BUDGET)',
      '  first-load CSS                1.0 KB gzip  (budget 12.0 KB)',
      '  median page chunk (3)         0.5 KB gzip',
      '  routes.json (every visit)     2.0 KB gzip',
      '  page HTML                    10.0 KB gzip median, 21.0 KB largest  (budget 20.0 KB, OVER BUDGET)',
      '  first visit, all in          95.0 KB gzip median, 99.0 KB largest  (budget 100.0 KB median)',
      '  navigation (chunk, shard)     6.0 KB gzip median, 12.0 KB largest  (budget 10.0 KB median)',
    ]);
  });

  it('measures the search index routes.json names: every file of it, and its median shards', () => {
    const terms = ['{"terms":["a"],"postings":["0.1"]}', '{"terms":["b","c"],"postings":["0.1","1.2"]}', '{"terms":["d"],"postings":["3.1"]}'];
    const docs = ['{"pages":[["/","Home"]],"docs":[[0,"",""]]}'];
    const root = JSON.stringify({ version: 3, terms: terms.map((_, at) => [String(at), `assets/search/terms-${at}.0.json`]), docs: { shards: 1, perShard: 32, hash: '0' } });
    const withIndex = new Map([
      ...files,
      ['routes.json', JSON.stringify({ ...JSON.parse(routesJson), search: 'assets/search/index.0.json' })],
      ['assets/search/index.0.json', root],
      ...terms.map((t, at): [string, string] => [`assets/search/terms-${at}.0.json`, t]),
      ['assets/search/docs-0.0.json', docs[0]!],
    ]);
    const all = [root, ...terms, ...docs];
    expect(measureViewer(withIndex, '/docs/')!.searchIndex).toEqual({
      raw: all.reduce((n, t) => n + t.length, 0),
      gzip: all.reduce((n, t) => n + gz(t), 0),
      root: gz(root),
      termShard: terms.map(gz).sort((a, b) => a - b)[1],
      docShard: gz(docs[0]!),
    });
    expect(measureViewer(files, '/docs/')!.searchIndex).toBeUndefined();
    const text = formatSizes({ ...SIZES, searchIndex: { raw: 10240, gzip: 3072, root: 512, termShard: 2048, docShard: 1024 } });
    expect(text.split('\n').slice(-2)).toEqual([
      '  search index, all shards      3.0 KB gzip  (10.0 KB raw)',
      '  a query fetches               0.5 KB gzip root, then 2.0 KB a term shard, 1.0 KB a document shard (median)',
    ]);
  });
});
