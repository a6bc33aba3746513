import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import type { Header, PageRecord } from '../../../../../schema/manifest';
import { SearchIndexFileSchema, type SearchIndexFile } from '../../../../../schema/search-index';
import { buildSearchIndex, type SearchablePage } from '../../../../../cli/features/search/index-builder';
import { loadLocalSearch } from '../../../../../viewer/search/local-engine';
import { decodeIndex, encodeIndex } from '../../../../../shared/search/index-codec';
import { INDEX_OPTIONS } from '../../../../../shared/search/terms';
import { sectionsOf } from '../../../../../shared/search/sections';

/** A rendered page as the pipeline makes it: a record and the chunk HTML, headers as `<h2 id>`/`<h3 id>`. */
function page(path: string, title: string, sections: [level: 2 | 3, title: string, slug: string, text: string][], intro = '', extra: Partial<PageRecord> = {}, editHtml = (html: string) => html): SearchablePage {
  const headers: Header[] = sections.map(([level, heading, slug]) => ({ level, title: heading, slug }));
  const anchor = (slug: string) => `<a href="#${slug}" class="header-anchor" aria-hidden="true" tabindex="-1">#</a>`;
  const html = [
    `<h1 id="t">${anchor('t')}${title}</h1>`,
    intro && `<p>${intro}</p>`,
    ...sections.map(([level, heading, slug, text]) => `<h${level} id="${slug}">${anchor(slug)}${heading}</h${level}>\n<p>${text}</p>`),
  ].join('\n');
  const record: PageRecord = {
    title,
    description: '',
    frontmatter: {},
    regularPath: path,
    relativePath: `${path.slice(1)}README.md`,
    key: `v-${path}`,
    path,
    headers,
    chunk: `assets/pages/${path.replace(/\W+/g, '-')}.0123456789.json`,
    ...extra,
  };
  return { record, sections: sectionsOf(editHtml(html), headers) };
}

const LIMITS = page('/limits/', 'Limits', [
  [2, 'HTTP payload size', 'http-payload-size', 'An HTTP request to a workflow may carry up to 512KB.'],
  [2, 'Memory', 'memory', 'Workflows get 256MB of memory by default.'],
  [3, 'Raising memory', 'raising-memory', 'Raise it in the settings, up to 10GB.'],
]);
const ERRORS = page('/errors/', 'Errors', [
  [2, 'Out of memory', 'out-of-memory', 'The run used more memory than it has. A memory error stops the run; memory, memory, memory.'],
  [2, 'Timeout', 'timeout', 'The run took longer than its time-out.'],
]);
const MEMORY = page('/memory/', 'Memory', [], 'How steps share memory.');
const SECRET = page('/internal/', 'Internal notes', [[2, 'Payload secrets', 'payload-secrets', 'Nobody should find this payload page.']], '', {
  frontmatter: { search: false },
});
const PAGES = [LIMITS, ERRORS, MEMORY, SECRET];

function searchOf(pages: SearchablePage[]) {
  const built = buildSearchIndex(pages, { docsVersion: 'latest' });
  const file = JSON.parse(built.content) as SearchIndexFile;
  const records = new Map(pages.map((p) => [p.record.path, p.record as PageRecord]));
  return { built, file, search: loadLocalSearch(file, records, '/docs/') };
}
const hrefs = (hits: { href: string }[]) => hits.map((h) => h.href);
const text = (segments?: { text: string }[]) => segments?.map((s) => s.text).join('');

describe('cli/features/search/index-builder', () => {
  it('writes a valid index: a document per page and per ## / ### section, pages by path, nothing of excluded pages', () => {
    const { built, file } = searchOf(PAGES);
    expect(SearchIndexFileSchema.parse(file)).toEqual(file);
    expect(file.docsVersion).toBe('latest');
    expect(file.pages).toEqual(['/errors/', '/limits/', '/memory/']);
    // Errors: page + 2 sections; Limits: page + 3; Memory: page alone.
    expect(file.docs).toEqual([[0, -1], [0, 0], [0, 1], [1, -1], [1, 0], [1, 1], [1, 2], [2, -1]]);
    expect(built).toMatchObject({ pages: 3, documents: 8 });
    expect(built.content).not.toContain('Internal');
    expect(file.index.terms).not.toContain('secrets');
  });

  it('finds a section through a typo and leads to its anchor: "paylod" → /limits/#http-payload-size', () => {
    const { search } = searchOf(PAGES);
    const [hit] = search.search('paylod');
    expect(hit?.href).toBe('/docs/limits/#http-payload-size');
    expect(text(hit?.title)).toBe('Limits');
    expect(text(hit?.section)).toBe('HTTP payload size');
    expect(hit?.section?.find((s) => s.mark)?.text).toBe('payload');
    expect(hit?.terms).toEqual(['payload']);
  });

  it('matches the start of a word as the reader types: "pay", "memo"', () => {
    const { search } = searchOf(PAGES);
    expect(hrefs(search.search('pay'))).toContain('/docs/limits/#http-payload-size');
    expect(hrefs(search.search('memo'))).toContain('/docs/memory/');
  });

  it('ranks a page whose title matches above sections whose heading matches, above text that mentions the word', () => {
    const { search } = searchOf(PAGES);
    const hits = hrefs(search.search('memory'));
    // The Memory page (title), then the sections headed "Memory"/"Out of memory"/"Raising memory", then text-only mentions.
    expect(hits[0]).toBe('/docs/memory/');
    expect(hits.slice(1, 4).sort()).toEqual(['/docs/errors/#out-of-memory', '/docs/limits/#memory', '/docs/limits/#raising-memory']);
    // Errors' page document only mentions memory through its sections, not at all in its own text: it is not a hit.
    expect(hits).not.toContain('/docs/errors/');
  });

  it('needs every word to match, so words narrow the list ("limits memory": the memory sections of Limits)', () => {
    const { search } = searchOf(PAGES);
    expect(hrefs(search.search('limits memory')).sort()).toEqual(['/docs/limits/#memory', '/docs/limits/#raising-memory']);
  });

  it('falls back to any word when no document has them all', () => {
    const { search } = searchOf(PAGES);
    expect(hrefs(search.search('timeout zebra'))).toEqual(['/docs/errors/#timeout']);
  });

  it('leaves pages with frontmatter search: false out entirely', () => {
    const { search } = searchOf(PAGES);
    expect(hrefs(search.search('secrets'))).toEqual([]);
    expect(hrefs(search.search('payload')).some((h) => h.includes('internal'))).toBe(false);
  });

  it('finds nothing for stop words alone or an empty query', () => {
    const { search } = searchOf(PAGES);
    expect(search.search('the of and')).toEqual([]);
    expect(search.search('   ')).toEqual([]);
  });

  it('indexes neither code blocks nor the [[toc]] list nor header anchors', () => {
    const withCode = page('/code/', 'Code', [[2, 'Example', 'example', 'Call the API.']], '', {}, (html) =>
      html
        .replace('<p>Call the API.</p>', '<p>Call the API.</p><pre class="shiki"><code><span style="color:#f00">zorkmid</span></code></pre>')
        .replace('</h1>', '</h1><nav class="table-of-contents" aria-label="Table of contents"><ul><li><a href="#example">Tocword</a></li></ul></nav>'),
    );
    const { file } = searchOf([withCode]);
    expect(file.index.terms).not.toContain('zorkmid');
    expect(file.index.terms).not.toContain('tocword');
    expect(file.index.terms).toContain('api');
  });

  it('gives byte-identical output for the same pages, in any order', () => {
    const a = buildSearchIndex(PAGES).content;
    const b = buildSearchIndex([...PAGES].reverse()).content;
    expect(b).toBe(a);
  });

  it('stores no key names, text or titles: only paths, document positions and the compact index', () => {
    const { file } = searchOf(PAGES);
    expect(Object.keys(file).sort()).toEqual(['docs', 'docsVersion', 'index', 'pages', 'version']);
    expect(JSON.stringify(file)).not.toContain('512KB');
    expect(JSON.stringify(file)).not.toContain('HTTP payload size');
  });

  it('round-trips MiniSearch\'s index through the compact form with the same results (term counts above one aside)', () => {
    const miniSearch = new MiniSearch<{ id: number; title: string; heading: string; parents: string; text: string }>(INDEX_OPTIONS);
    miniSearch.addAll([
      { id: 0, title: 'Limits', heading: '', parents: '', text: 'payload memory' },
      { id: 1, title: '', heading: 'Memory', parents: 'Limits', text: 'memory' },
      { id: 2, title: '', heading: 'Timeout', parents: 'Errors', text: 'time out of the run' },
    ]);
    const restored = MiniSearch.loadJS(decodeIndex(encodeIndex(miniSearch.toJSON())), INDEX_OPTIONS);
    for (const query of ['memory', 'limits', 'run', 'paylo']) {
      expect(restored.search(query, { prefix: true }).map((r) => r.id), query).toEqual(miniSearch.search(query, { prefix: true }).map((r) => r.id));
    }
  });
});
