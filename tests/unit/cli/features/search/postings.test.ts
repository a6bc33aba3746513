import fc from 'fast-check';
import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { PostingsBuilder } from '../../../../../cli/features/search/postings';
import { encodeIndex, type CompactIndex } from '../../../../../shared/search/index-codec';
import { INDEX_OPTIONS, SEARCH_FIELDS, type SearchField } from '../../../../../shared/search/terms';

type Fields = Record<SearchField, string>;

/** The reference: MiniSearch itself, its terms put in sorted order. */
function viaMiniSearch(documents: Fields[]): CompactIndex {
  const miniSearch = new MiniSearch<Fields & { id: number }>(INDEX_OPTIONS);
  documents.forEach((fields, id) => miniSearch.add({ id, ...fields }));
  const compact = encodeIndex(miniSearch.toJSON());
  const order = compact.terms.map((_, at) => at).sort((a, b) => (compact.terms[a]! < compact.terms[b]! ? -1 : 1));
  return { terms: order.map((at) => compact.terms[at]!), postings: order.map((at) => compact.postings[at]!), fieldLength: compact.fieldLength };
}

function viaBuilder(documents: Fields[]): CompactIndex {
  const builder = new PostingsBuilder();
  for (const fields of documents) builder.add(fields);
  expect(builder.documents).toBe(documents.length);
  return builder.finish();
}

const WORDS = ['Memory', 'memory', 'MEMORY', 'résumé', 'resume', 'the', 'a', 'x', '512KB', 'PAYLOAD_SIZE_LIMIT', 'naïve', 'Straße', '東京', 'é', 'https://example.com/a?b=c', 'a'.repeat(40), '—', '  ', '\n', "it's"];
const text = fc.array(fc.oneof(fc.constantFrom(...WORDS), fc.string({ maxLength: 12 })), { maxLength: 30 }).map((parts) => parts.join(' '));
const documents = fc.array(fc.record(Object.fromEntries(SEARCH_FIELDS.map((f) => [f, text])) as Record<SearchField, fc.Arbitrary<string>>), {
  maxLength: 25,
});

describe('cli/features/search/postings', () => {
  it('writes the index MiniSearch would, for any documents', () => {
    fc.assert(
      fc.property(documents, (docs) => {
        expect(viaBuilder(docs)).toEqual(viaMiniSearch(docs));
      }),
      { numRuns: 300 },
    );
  });

  it('counts a field as its distinct words before they become terms, and keeps a term once per document and field', () => {
    const docs: Fields[] = [
      { title: 'Memory memory MEMORY', heading: '', parents: 'Limits', text: 'The memory of the run; memory again.' },
      { title: '', heading: 'Memory', parents: 'Limits Memory', text: '' },
    ];
    const built = viaBuilder(docs);
    expect(built).toEqual(viaMiniSearch(docs));
    // "Memory memory MEMORY": three distinct words, one term.
    expect(built.fieldLength.split(';')[0]!.split(',')[0]).toBe('3');
    const at = built.terms.indexOf('memory');
    // title: doc 0; heading: doc 1 (gap 1); parents: doc 1; text: doc 0.
    expect(built.postings[at]).toBe('0;1;1;0');
  });
});
