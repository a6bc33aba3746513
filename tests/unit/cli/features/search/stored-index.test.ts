import { describe, expect, it } from 'vitest';
import type { PageRecord } from '../../../../../schema/manifest';
import { buildSearchIndex, prepareSearchPage, type SearchablePage, type SearchIndexOptions } from '../../../../../cli/features/search/index-builder';
import {
  addSums,
  pageValue,
  recordsOf,
  storedIndexOf,
  storedTailOf,
  updateIndex,
  type IndexPage,
  type StoredIndex,
} from '../../../../../cli/features/search/stored-index';
import { SEARCH_FIELDS } from '../../../../../shared/search/terms';

const WORDS = ['river', 'lantern', 'quorum', 'basalt', 'meadow', 'signal', 'harbor', 'copper', 'café', 'zeta9', 'orbit', 'willow', 'ember', 'fjord'];

/** A small seeded generator: the same sites every run, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % below;
  };
}

interface Page {
  path: string;
  title: string;
  search: boolean;
  intro: string;
  sections: { level: number; heading: string; slug: string; text: string }[];
}

const searchable = (page: Page): SearchablePage => {
  const record: SearchablePage['record'] = {
    path: page.path,
    title: page.title,
    description: '',
    headers: page.sections.map((s) => ({ level: s.level, title: s.heading, slug: s.slug })),
    frontmatter: page.search ? {} : { search: false },
  } satisfies Partial<PageRecord>;
  const sections = [{ slug: '', heading: '', level: 1, text: page.intro }, ...page.sections.map((s) => ({ slug: s.slug, heading: s.heading, level: s.level, text: s.text }))];
  return { record, sections };
};
const keyOf = (page: Page) => JSON.stringify(page);

/** The index made whole, and what a CLI build would store of it. */
function fresh(pages: Page[], options: SearchIndexOptions) {
  const index = buildSearchIndex(pages.map(searchable), options);
  const values = new Map<string, Uint8Array>();
  const totals = SEARCH_FIELDS.map(() => 0);
  for (const page of pages) {
    const { record, sections } = searchable(page);
    const prepared = prepareSearchPage({ record, sections });
    values.set(keyOf(page), Buffer.from(pageValue(record, prepared)));
    addSums(totals, prepared);
  }
  return { index, stored: { pages: values, ...storedTailOf(index, options, totals) } as StoredIndex };
}

/** Stored and read back, as the next build finds it. */
const roundTrip = (stored: StoredIndex) => storedIndexOf(new Map([...recordsOf(stored)].map(([key, value]) => [key, Buffer.from(value)])))!;

describe('cli/features/search/stored-index', () => {
  const words = (next: (n: number) => number, n: number) => Array.from({ length: n }, () => WORDS[next(WORDS.length)]).join(' ');
  const newPage = (next: (n: number) => number, path: string): Page => ({
    path,
    title: `${words(next, 1)} ${path.length}`,
    search: next(8) !== 0,
    intro: words(next, next(6)),
    sections: Array.from({ length: next(4) }, (_, at) => ({ level: 2 + next(2), heading: words(next, 2), slug: `s${at}`, text: words(next, 1 + next(12)) })),
  });

  for (const [name, options, size] of [
    ['one shard of each', { docsVersion: 'v1' }, 12],
    ['small shards (terms split by prefix, documents a few to a shard)', { termLimits: { maxKeys: 60, minKeys: 10 }, docsPerShard: 3 }, 12],
    ['80 pages: long lists, most of each kept as written', { docsPerShard: 5 }, 80],
  ] as const) {
    it(`random edits, additions and removals give a whole build's files, byte for byte (${name})`, () => {
      const next = random(7);
      let pages = Array.from({ length: size }, (_, i) => newPage(next, `/p${i.toString().padStart(2, '0')}/`));
      let stored = fresh(pages, options).stored;
      let kept = 0;
      for (let step = 0; step < 60; step++) {
        pages = pages.map((p) => ({ ...p, sections: p.sections.map((s) => ({ ...s })) }));
        const at = next(pages.length);
        const page = pages[at]!;
        const kind = next(7);
        if (kind === 0) page.intro += ` ${words(next, 2)}`;
        else if (kind === 1) page.title = words(next, 2);
        else if (kind === 2) page.sections.push({ level: 2, heading: words(next, 1), slug: `n${step}`, text: words(next, 3) });
        else if (kind === 3 && page.sections.length > 0) page.sections.splice(next(page.sections.length), 1);
        else if (kind === 4) page.search = !page.search;
        else if (kind === 5) pages.splice(at, 1);
        else pages = [...pages, newPage(next, `/q${step}/`)].sort((a, b) => (a.path < b.path ? -1 : 1));
        // Sometimes two pages at once.
        if (next(4) === 0 && pages.length > 1) pages[next(pages.length)]!.intro += ' ember';

        const whole = fresh(pages, options).index;
        const input: IndexPage[] = pages.map((p) => {
          const value = stored.pages.get(keyOf(p));
          if (value) return { key: keyOf(p), stored: value };
          const { record, sections } = searchable(p);
          return { key: keyOf(p), record, prepared: prepareSearchPage({ record, sections }) };
        });
        const updated = updateIndex(roundTrip(stored), input, options);
        expect(updated.root, `step ${step}`).toEqual(whole.root);
        expect(updated.shards.map((f) => f.name)).toEqual(whole.shards.map((f) => f.name));
        updated.shards.forEach((file, i) => {
          const content = 'raw' in file ? file.content() : file.content;
          expect(content, `step ${step}: ${file.name}`).toBe(whole.shards[i]!.content);
          if ('raw' in file) {
            kept++;
            expect(file.raw).toBe(Buffer.byteLength(content));
          }
        });
        stored = updated.stored;
      }
      // Most edits leave most shards as they were: those are kept, not made again.
      expect(kept).toBeGreaterThan(0);
    });
  }

  it('an edit of one page\'s text keeps the document shards and the term shards it does not touch', () => {
    const options = { termLimits: { maxKeys: 60, minKeys: 10 }, docsPerShard: 3 };
    // Each page's words start with a letter of its own, so that the term shards split by page.
    const pages: Page[] = Array.from({ length: 10 }, (_, i) => {
      const letter = 'abcdefghij'[i]!;
      return { path: `/p${i}/`, title: `Title ${i}`, search: true, intro: `${letter}x1 ${letter}x2`, sections: [{ level: 2, heading: `${letter}head`, slug: 's', text: `${letter}y1 ${letter}y2 ${letter}y3` }] };
    });
    const { stored } = fresh(pages, options);
    const edited = pages.map((p, i) => (i === 4 ? { ...p, intro: `${p.intro} ex3` } : p));
    const input: IndexPage[] = edited.map((p, i) => {
      if (i !== 4) return { key: keyOf(p), stored: stored.pages.get(keyOf(p))! };
      const { record, sections } = searchable(p);
      return { key: keyOf(p), record, prepared: prepareSearchPage({ record, sections }) };
    });
    const updated = updateIndex(stored, input, options);
    const docs = updated.shards.filter((f) => f.name.includes('/docs-'));
    expect(docs.length).toBeGreaterThan(1);
    expect(docs.every((f) => 'raw' in f)).toBe(true);
    const terms = updated.shards.filter((f) => f.name.includes('/terms-'));
    expect(terms.some((f) => 'raw' in f)).toBe(true);
    expect(terms.some((f) => !('raw' in f))).toBe(true);
  });

  it('keeps a term shard whose prefix and the prefixes extending it are as they were when the prefixes change elsewhere; one that gains or loses an extending prefix is made again', () => {
    const options = { termLimits: { maxKeys: 120, minKeys: 40 } };
    // Term shards '', 'a' and 'j'; enough new 'jq' words on page 8 make a shard 'jq', which takes page 9's jqa and jqb from 'j'.
    const site = (extra: string): Page[] =>
      Array.from({ length: 10 }, (_, i) => {
        const letter = 'abcdefghij'[i]!;
        const intro = i === 0 ? 'ax1 ax2 ax3 ax4 ax5 ax6 ax7 ax8 ax9 ay1 ay2 ay3' : i === 9 ? 'jqa jqb jx1 jx2 jx3' : `${letter}x1 ${letter}x2 ${letter}x3${i === 8 ? ` ${extra}` : ''}`;
        return { path: `/p${i}/`, title: `Title ${i}`, search: true, intro, sections: [] };
      });
    const states = [site(''), site('jqc jqd jqe jqf jqg jqh jqi jqj jqk jql jqm jqn'), site('')];
    const termsOf = (root: string) => (JSON.parse(root) as { terms: [prefix: string, name: string][] }).terms;
    for (let step = 1; step < states.length; step++) {
      const { stored, index: before } = fresh(states[step - 1]!, options);
      const whole = fresh(states[step]!, options).index;
      expect(termsOf(whole.root.content).map(([prefix]) => prefix), `step ${step}`).not.toEqual(termsOf(before.root.content).map(([prefix]) => prefix));
      const input: IndexPage[] = states[step]!.map((p) => {
        const value = stored.pages.get(keyOf(p));
        if (value) return { key: keyOf(p), stored: value };
        const { record, sections } = searchable(p);
        return { key: keyOf(p), record, prepared: prepareSearchPage({ record, sections }) };
      });
      const updated = updateIndex(roundTrip(stored), input, options);
      expect(updated.root).toEqual(whole.root);
      expect(updated.shards.map((f) => ('raw' in f ? f.content() : f.content))).toEqual(whole.shards.map((f) => f.content));
      const kept = (name: string) => 'raw' in updated.shards.find((f) => f.name === name)!;
      const [, a, j] = termsOf(whole.root.content);
      expect([a![0], kept(a![1])], `step ${step}`).toEqual(['a', true]);
      expect([j![0], kept(j![1])], `step ${step}`).toEqual(['j', false]);
    }
  });

  it('reads back no index from records of another shape', () => {
    expect(storedIndexOf(new Map([['["/a/"]', Buffer.from('0\nnull\nnull\n')]]))).toBeUndefined();
    // As many terms as postings, or nothing.
    const { stored } = fresh([{ path: '/a/', title: 'Alpha', search: true, intro: 'river basalt', sections: [] }], {});
    const records = new Map([...recordsOf(stored)].map(([key, value]) => [key, Buffer.from(value)]));
    expect(storedIndexOf(records)?.terms).toEqual(['alpha', 'basalt', 'river']);
    records.set('\0postings', Buffer.concat([records.get('\0postings')!, Buffer.from('\n1')]));
    expect(storedIndexOf(records)).toBeUndefined();
  });
});
