import { describe, expect, it } from 'vitest';
import type { Header, PageRecord } from '../../../../../schema/manifest';
import { SearchDocShardSchema, SearchRootSchema, SearchTermShardSchema, type SearchRoot, type SearchTermShard } from '../../../../../schema/search-index';
import { buildSearchIndex, createSearchIndexBuilder, prepareSearchPage, type SearchablePage, type SearchIndexOptions } from '../../../../../cli/features/search/index-builder';
import { loadLocalSearch, MAX_PREFIX_SHARDS } from '../../../../../viewer/search/local-engine';
import { sectionsOf } from '../../../../../shared/search/sections';
import { shardOf } from '../../../../../shared/prefix-shards';
import { searchDocShardNameOf } from '../../../../../shared/output-names';

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

/** The index of `pages` as files, and a search over them that records which files it read. */
function searchOf(pages: SearchablePage[], options: SearchIndexOptions = { docsVersion: 'latest' }, shownPath?: () => string) {
  const built = buildSearchIndex(pages, options);
  const files = new Map([built.root, ...built.shards].map((f) => [f.name, JSON.parse(f.content) as unknown]));
  const root = files.get(built.root.name) as SearchRoot;
  const read: string[] = [];
  const search = loadLocalSearch(root, async <T,>(name: string) => (read.push(name), files.get(name) as T), '/docs/', shownPath);
  const terms = root.terms.flatMap(([, name]) => (files.get(name) as SearchTermShard).terms);
  return { built, files, root, terms, read, search };
}
const hrefs = async (hits: Promise<{ href: string }[]>) => (await hits).map((h) => h.href);
const text = (segments?: { text: string }[]) => segments?.map((s) => s.text).join('');

describe('cli/features/search/index-builder', () => {
  it('writes a valid index: a document per page and per ## / ### section, pages by path, nothing of excluded pages', async () => {
    const { built, files, root, terms } = searchOf(PAGES);
    expect(SearchRootSchema.parse(root)).toEqual(root);
    expect(root.docsVersion).toBe('latest');
    expect(root.documents).toBe(8);
    const docNames = Array.from({ length: root.docs.shards }, (_, at) => searchDocShardNameOf(at, root.docs.hash));
    expect([...files.keys()].filter((name) => name.includes('/docs-'))).toEqual(docNames);
    const [docs] = docNames.map((name) => SearchDocShardSchema.parse(files.get(name)));
    expect(docs!.pages).toEqual([['/errors/', 'Errors'], ['/limits/', 'Limits'], ['/memory/', 'Memory']]);
    // Errors: page + 2 sections; Limits: page + 3; Memory: page alone.
    expect(docs!.docs.map(([page, slug]) => [page, slug])).toEqual([[0, ''], [0, 'out-of-memory'], [0, 'timeout'], [1, ''], [1, 'http-payload-size'], [1, 'memory'], [1, 'raising-memory'], [2, '']]);
    expect(built).toMatchObject({ pages: 3, documents: 8 });
    for (const shard of built.shards) expect(shard.content).not.toContain('Internal');
    expect(terms).not.toContain('secrets');
    for (const [, name] of root.terms) expect(SearchTermShardSchema.parse(files.get(name))).toEqual(files.get(name));
  });

  it("finish's `between` (the build's collection between postings and shards) runs once, and the files are the same", () => {
    const builder = createSearchIndexBuilder({ docsVersion: 'latest' });
    for (const p of [ERRORS, LIMITS, MEMORY]) builder.addPrepared(p.record, prepareSearchPage(p));
    let calls = 0;
    const index = builder.finish(() => calls++);
    expect(calls).toBe(1);
    const plain = buildSearchIndex([ERRORS, LIMITS, MEMORY], { docsVersion: 'latest' });
    expect([index.root, ...index.shards]).toEqual([plain.root, ...plain.shards]);
  });

  it('fetches only the term shards a word falls in and the document shards of its hits', async () => {
    const { search, read, root } = searchOf(PAGES, { termLimits: { maxKeys: 3, minKeys: 1 }, docsPerShard: 2 });
    expect(root.terms.length).toBeGreaterThan(4);
    expect(root.docs.shards).toBe(4);
    expect(await hrefs(search.search('timeout'))).toEqual(['/docs/errors/#timeout']);
    // One term shard (the one "timeout" falls in: the word is known, so no typo's shard) and the one document shard holding document 2.
    expect(read).toEqual([root.terms[shardOf('timeout', root.terms.map(([prefix]) => prefix))]![1], searchDocShardNameOf(1, root.docs.hash)]);
  });

  it('shows words a four-letter start spans even when they fill more term shards than a prefix may fetch', async () => {
    const words = ['schedule', 'scheduled', 'scheduler', 'schedules', 'scheduling', 'schema', 'schemas', 'scheme', 'schemes', 'schematic'];
    const pages = words.map((word, at) => page(`/p${at}/`, `Page ${at}`, [[2, word, word, `${word} ${word} ${word} and more text about ${word}.`]]));
    const { search, root, read } = searchOf(pages, { termLimits: { maxKeys: 1, minKeys: 1 } });
    const longer = root.terms.filter(([prefix]) => prefix.length > 4 && prefix.startsWith('sche'));
    expect(longer.length).toBeGreaterThan(MAX_PREFIX_SHARDS);
    const hits = await search.search('sche');
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) expect(hit.terms.every((term) => term.startsWith('sche')), hit.href).toBe(true);
    // Its own shard and the first few of the longer ones, no more.
    expect(read.filter((name) => root.terms.some(([, file]) => file === name)).length).toBeLessThanOrEqual(MAX_PREFIX_SHARDS + 1);
    // Two letters spanning as many shards fetch none of them.
    read.length = 0;
    await search.search('sc');
    expect(read.filter((name) => longer.some(([, file]) => file === name))).toEqual([]);
  });

  it('finds a word through a typo in its last letter even where that sorts into another term shard', async () => {
    const { search, root, terms } = searchOf(PAGES, { termLimits: { maxKeys: 2, minKeys: 1 } });
    const prefixes = root.terms.map(([prefix]) => prefix);
    const words = terms.filter((term) => term.length >= 5 && /^[a-z]+$/.test(term));
    expect(words.length).toBeGreaterThan(10);
    let crossing = 0;
    for (const word of words) {
      for (const last of ['a', 'z']) {
        const typo = `${word.slice(0, -1)}${last}`;
        if (typo === word) continue;
        if (shardOf(typo, prefixes) !== shardOf(word, prefixes)) crossing++;
        const hits = await search.search(typo);
        expect(hits.flatMap((hit) => hit.terms), typo).toContain(word);
      }
    }
    // The case this is about occurs in this index: some typos sort into another shard than their word.
    expect(crossing).toBeGreaterThan(0);
  });

  it('finds a section through a typo and leads to its anchor: "paylod" → /limits/#http-payload-size', async () => {
    const { search } = searchOf(PAGES);
    const [hit] = await search.search('paylod');
    expect(hit?.href).toBe('/docs/limits/#http-payload-size');
    expect(text(hit?.title)).toBe('Limits');
    expect(text(hit?.section)).toBe('HTTP payload size');
    expect(hit?.section?.find((s) => s.mark)?.text).toBe('payload');
    expect(hit?.terms).toEqual(['payload']);
  });

  it('matches the start of a word as the reader types: "pay", "memo"', async () => {
    const { search } = searchOf(PAGES);
    expect(await hrefs(search.search('pay'))).toContain('/docs/limits/#http-payload-size');
    expect(await hrefs(search.search('memo'))).toContain('/docs/memory/');
  });

  it('ranks a page whose title matches above sections whose heading matches, above text that mentions the word', async () => {
    const { search } = searchOf(PAGES);
    const hits = await hrefs(search.search('memory'));
    // The Memory page (title), then the sections headed "Memory"/"Out of memory"/"Raising memory", then text-only mentions.
    expect(hits[0]).toBe('/docs/memory/');
    expect(hits.slice(1, 4).sort()).toEqual(['/docs/errors/#out-of-memory', '/docs/limits/#memory', '/docs/limits/#raising-memory']);
    // Errors' page document only mentions memory through its sections, not at all in its own text: it is not a hit.
    expect(hits).not.toContain('/docs/errors/');
  });

  it('needs every word to match, so words narrow the list ("limits memory": the memory sections of Limits)', async () => {
    const { search } = searchOf(PAGES);
    expect((await hrefs(search.search('limits memory'))).sort()).toEqual(['/docs/limits/#memory', '/docs/limits/#raising-memory']);
  });

  it('falls back to any word when no document has them all', async () => {
    const { search } = searchOf(PAGES);
    expect(await hrefs(search.search('timeout zebra'))).toEqual(['/docs/errors/#timeout']);
  });

  it("on a site with locale folders, gives the hits of the shown page's locale, even when another locale's rank higher", async () => {
    // Twelve Chinese pages that say "fetchMore" in their titles outrank the English page, which says it in a section.
    const chinese = Array.from({ length: 12 }, (_, i) => page(`/zh/p${String(i).padStart(2, '0')}.html`, `fetchMore 分页 ${i}`, []));
    const english = page('/guide/pagination.html', 'Pagination', [[2, 'Paging with fetchMore', 'paging-with-fetchmore', 'Call fetchMore to page.']]);
    const pages = [english, ...chinese];
    let shown = '/guide/';
    const { root, search } = searchOf(pages, { locales: ['/zh/'] }, () => shown);
    expect(root.locales).toEqual(['/zh/']);
    expect(await hrefs(search.search('fetchMore'))).toEqual(['/docs/guide/pagination.html#paging-with-fetchmore']);
    shown = '/zh/p03.html';
    const zh = await hrefs(search.search('fetchMore'));
    expect(zh).toHaveLength(10);
    expect(zh.every((href) => href.startsWith('/docs/zh/'))).toBe(true);
    // Without locale folders every page is searched.
    const all = await hrefs(searchOf(pages, {}, () => '/guide/').search.search('fetchMore'));
    expect(all).toContain('/docs/guide/pagination.html#paging-with-fetchmore');
    expect(all.filter((href) => href.startsWith('/docs/zh/'))).toHaveLength(9);
  });

  it('leaves pages with frontmatter search: false out entirely', async () => {
    const { search } = searchOf(PAGES);
    expect(await hrefs(search.search('secrets'))).toEqual([]);
    expect((await hrefs(search.search('payload'))).some((h) => h.includes('internal'))).toBe(false);
  });

  it('finds nothing for stop words alone or an empty query', async () => {
    const { search } = searchOf(PAGES);
    expect(await search.search('the of and')).toEqual([]);
    expect(await search.search('   ')).toEqual([]);
  });

  it('indexes neither code blocks nor the [[toc]] list nor header anchors', async () => {
    const withCode = page('/code/', 'Code', [[2, 'Example', 'example', 'Call the API.']], '', {}, (html) =>
      html
        .replace('<p>Call the API.</p>', '<p>Call the API.</p><pre class="shiki"><code><span style="color:#f00">zorkmid</span></code></pre>')
        .replace('</h1>', '</h1><nav class="table-of-contents" aria-label="Table of contents"><ul><li><a href="#example">Tocword</a></li></ul></nav>'),
    );
    const { terms } = searchOf([withCode]);
    expect(terms).not.toContain('zorkmid');
    expect(terms).not.toContain('tocword');
    expect(terms).toContain('api');
  });

  it('gives byte-identical output for the same pages, in any order', async () => {
    const a = buildSearchIndex(PAGES);
    const b = buildSearchIndex([...PAGES].reverse());
    expect(b).toEqual(a);
  });

  it('stores no text: only paths, titles, headings and the compact index', async () => {
    const { built } = searchOf(PAGES);
    for (const file of [built.root, ...built.shards]) {
      expect(file.content).not.toContain('512KB');
      expect(file.content).not.toContain('Workflows get');
    }
  });
});
