import fc from 'fast-check';
import MiniSearch, { type AsPlainObject } from 'minisearch';
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, type SearchablePage } from '../../../../../cli/features/search/index-builder';
import { PostingsBuilder } from '../../../../../cli/features/search/postings';
import type { SearchRoot } from '../../../../../schema/search-index';
import { allDocumentIds, encodeFieldPostings, lengthCode, lengthOf, LoadedPostings } from '../../../../../shared/search/index-codec';
import { INDEX_OPTIONS, SEARCH_FIELDS, type SearchField } from '../../../../../shared/search/terms';
import { loadLocalSearch } from '../../../../../viewer/search/local-engine';

type Fields = Record<SearchField, string>;
const OPTIONS = { prefix: true, fuzzy: 0.2 } as const;

/**
 * The reference: MiniSearch's own index of the documents, as the wire form
 * keeps it: each term counted once per field, long fields' lengths to
 * within a tenth (lengthCode).
 */
function viaMiniSearch(documents: Fields[]): MiniSearch {
  const miniSearch = new MiniSearch<Fields & { id: number }>(INDEX_OPTIONS);
  documents.forEach((fields, id) => miniSearch.add({ id, ...fields }));
  const plain = JSON.parse(JSON.stringify(miniSearch)) as AsPlainObject;
  for (const [, byField] of plain.index) for (const postings of Object.values(byField)) for (const id of Object.keys(postings)) postings[id] = 1;
  for (const lengths of Object.values(plain.fieldLength)) lengths.forEach((n, f) => (lengths[f] = lengthOf(lengthCode(n))));
  return MiniSearch.loadJS(plain, INDEX_OPTIONS);
}

/** Ours: the builder's postings, loaded as the viewer loads them. */
function viaBuilder(documents: Fields[]): MiniSearch {
  const builder = new PostingsBuilder();
  for (const fields of documents) builder.add(fields);
  const built = builder.finish();
  expect(built.documents).toBe(documents.length);
  const loaded = new LoadedPostings();
  loaded.add(built);
  return MiniSearch.loadJS(loaded.toPlain(built.documents, built.averageFieldLength, allDocumentIds(built.documents)), INDEX_OPTIONS);
}

const WORDS = ['Memory', 'memory', 'MEMORY', 'résumé', 'resume', 'the', 'a', 'x', '512KB', 'PAYLOAD_SIZE_LIMIT', 'naïve', 'Straße', '東京', 'é', 'https://example.com/a?b=c', 'a'.repeat(40), '—', '  ', '\n', "it's"];
const text = fc.array(fc.oneof(fc.constantFrom(...WORDS), fc.string({ maxLength: 12 })), { maxLength: 30 }).map((parts) => parts.join(' '));
const documents = fc.array(fc.record(Object.fromEntries(SEARCH_FIELDS.map((f) => [f, text])) as Record<SearchField, fc.Arbitrary<string>>), {
  maxLength: 25,
});
const results = (index: MiniSearch, query: string) => index.search(query, OPTIONS).map((r) => [r.id, Number(r.score.toFixed(9))]);

describe('cli/features/search/postings', () => {
  it('ranks as MiniSearch\'s own index of the same documents, for any documents and queries', () => {
    fc.assert(
      fc.property(documents, fc.array(fc.oneof(fc.constantFrom(...WORDS), fc.string({ maxLength: 6 })), { minLength: 1, maxLength: 3 }), (docs, words) => {
        const query = words.join(' ');
        expect(results(viaBuilder(docs), query)).toEqual(results(viaMiniSearch(docs), query));
      }),
      { numRuns: 300 },
    );
  });

  it('counts a field as its distinct words before they become terms, and keeps a term once per document and field', () => {
    const builder = new PostingsBuilder();
    builder.add({ title: 'Memory memory MEMORY', heading: '', parents: 'Limits', text: 'The memory of the run; memory again.' });
    builder.add({ title: '', heading: 'Memory', parents: 'Limits Memory', text: '' });
    const built = builder.finish();
    const at = built.terms.indexOf('memory');
    // Length code then id gap: title: doc 0, 3 words; heading: doc 1, 1 word; parents: doc 1, 2 words; text: doc 0, 6 distinct words (The and the are two).
    expect(built.postings[at]).toBe('30;11;21;60');
    expect(built.averageFieldLength).toEqual([1.5, 0.5, 1.5, 3]);
  });
});

describe('sharded search', () => {
  // Distinct words (no two within a typo of each other), so a typo-tolerant match never crosses shards.
  const VOCABULARY = 'amber basalt cobalt dahlia egret fjord granite harbor indigo juniper kestrel lantern meadow nectar orchid pepper quartz raven saffron thistle urchin velvet willow xylem yarrow zephyr'.split(' ');
  const pageOf = (n: number, words: string[]): SearchablePage => {
    const path = `/p${String(n).padStart(3, '0')}/`;
    const headers = [{ level: 2 as const, title: `${words[0]} ${words[1]}`, slug: `s${n}` }];
    return {
      record: { path, title: `${words[2]} guide`, description: '', headers, frontmatter: {} },
      sections: [
        { slug: '', heading: '', level: 1, text: words.slice(3, 8).join(' ') },
        { slug: `s${n}`, heading: headers[0]!.title, level: 2, text: words.slice(8).join(' ') },
      ],
    };
  };
  const corpus = fc.array(fc.array(fc.constantFrom(...VOCABULARY), { minLength: 12, maxLength: 20 }), { minLength: 1, maxLength: 40 });

  const searchWith = (pages: SearchablePage[], options: Parameters<typeof buildSearchIndex>[1]) => {
    const built = buildSearchIndex(pages, options);
    const files = new Map([built.root, ...built.shards].map((f) => [f.name, JSON.parse(f.content) as unknown]));
    return loadLocalSearch(files.get(built.root.name) as SearchRoot, async <T,>(name: string) => files.get(name) as T, '/docs/');
  };

  it('finds the same hits in the same order as one unsharded index, for words, prefixes, typos and two-word queries', async () => {
    await fc.assert(
      fc.asyncProperty(corpus, fc.constantFrom(...VOCABULARY), fc.constantFrom(...VOCABULARY), async (texts, a, b) => {
        const pages = texts.map((words, n) => pageOf(n, words));
        const whole = searchWith(pages, { termLimits: { maxKeys: 1e9, minKeys: 1 }, docsPerShard: 1e6 });
        const sharded = searchWith(pages, { termLimits: { maxKeys: 2, minKeys: 1 }, docsPerShard: 3 });
        for (const query of [a, `${a} ${b}`, a.slice(0, 4), `${a.slice(0, 2)}${a.slice(3)}`]) {
          const expected = (await whole.search(query)).map((h) => h.href);
          expect((await sharded.search(query)).map((h) => h.href), query).toEqual(expected);
        }
      }),
      { numRuns: 60 },
    );
  });
  it('keeps postings past one block of entries (65,536) as a straightforward count gives them', () => {
    // 2,400 documents of 40 distinct words in the text and one in the title: 98,400 postings, two blocks and a part.
    const documents: Fields[] = Array.from({ length: 2400 }, (_, d) => ({
      title: `page${d % 7}`,
      heading: '',
      parents: '',
      text: Array.from({ length: 40 }, (_, w) => `w${(d * 3 + w) % 500}` + (w % 5 === 0 ? ` w${(d * 3 + w) % 500}` : '')).join(' '),
    }));
    const builder = new PostingsBuilder();
    for (const fields of documents) builder.add(fields);
    const built = builder.finish();
    // The reference: per term, per field, each document's id, field length and count, in document order.
    const byTerm = new Map<string, number[][]>();
    documents.forEach((fields, id) => {
      SEARCH_FIELDS.forEach((field, f) => {
        const words = fields[field].split(' ').filter(Boolean);
        const counts = new Map<string, number>();
        for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
        for (const [term, count] of counts) {
          if (!byTerm.has(term)) byTerm.set(term, SEARCH_FIELDS.map(() => []));
          byTerm.get(term)![f]!.push(id, new Set(words).size, count);
        }
      });
    });
    const terms = [...byTerm.keys()].sort();
    expect(built.terms).toEqual(terms);
    const expected = terms.map((term) => {
      const fields = byTerm.get(term)!.map(encodeFieldPostings);
      while (fields.length > 0 && fields[fields.length - 1] === '') fields.pop();
      return fields.join(';');
    });
    expect(built.postings).toEqual(expected);
  });
});

describe('PostingsBuilder.finish', () => {
  it('lets go of the entries it gave: a second finish, or a document after it, is refused', () => {
    const builder = new PostingsBuilder();
    builder.add({ title: 'memory', heading: '', parents: '', text: 'peak memory' });
    expect(builder.finish().terms).toEqual(['memory', 'peak']);
    expect(() => builder.finish()).toThrow(/finished already/);
    expect(() => builder.add({ title: 'more', heading: '', parents: '', text: '' })).toThrow(/after the postings were finished/);
  });
});
