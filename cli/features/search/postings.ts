import { encodeFieldPostings, type CompactPostings } from '../../../shared/search/index-codec';
import { processTerm, SEARCH_FIELDS, tokenize, type SearchField } from '../../../shared/search/terms';

/** The whole index's postings, and what BM25 needs of all documents: their number and average field lengths. */
export interface BuiltPostings extends CompactPostings {
  documents: number;
  averageFieldLength: number[];
}

/** Per field, in SEARCH_FIELDS order: its length (distinct words, as MiniSearch counts it) and each term's count, in first-seen order. */
export type CountedFields = [length: number, counts: [term: string, count: number][]][];

/** One document's words, tokenized and counted: the costly part of indexing, and the same for the same text. */
export function countFields(fields: Record<SearchField, string>): CountedFields {
  return SEARCH_FIELDS.map((field) => {
    const words = tokenize(fields[field]);
    const counts = new Map<string, number>();
    for (const word of words) {
      const term = processTerm(word);
      if (term) counts.set(term, (counts.get(term) ?? 0) + 1);
    }
    return [new Set(words).size, [...counts]];
  });
}

/**
 * The search index's inverted lists, built straight into the wire form the
 * viewer loads (shared/search/index-codec.ts). MiniSearch itself would hold
 * every term in a radix tree of Maps of Maps: at 10,000 pages that was the
 * largest thing a build kept in memory. Here each term keeps a plain array
 * per field of `[document id, its length in the field, count]`. Loaded into
 * MiniSearch, it ranks as MiniSearch's own index of the same documents (a
 * test holds the two to that).
 */
export class PostingsBuilder {
  private readonly postings = new Map<string, number[][]>();
  private readonly totals = SEARCH_FIELDS.map(() => 0);
  private count = 0;

  /** Adds the next document; ids are given in order from 0, as MiniSearch numbers documents. */
  add(fields: Record<SearchField, string>): void {
    this.addCounted(countFields(fields));
  }

  /** Adds the next document from its counted words (countFields), which a long-lived process may keep per page. */
  addCounted(counted: CountedFields): void {
    const id = this.count++;
    counted.forEach(([length, counts], fieldId) => {
      this.totals[fieldId]! += length;
      for (const [term, count] of counts) {
        let byField = this.postings.get(term);
        if (!byField) this.postings.set(term, (byField = SEARCH_FIELDS.map(() => [])));
        byField[fieldId]!.push(id, length, count);
      }
    });
  }

  get documents(): number {
    return this.count;
  }

  finish(): BuiltPostings {
    const terms = [...this.postings.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const postings = terms.map((term) => {
      const fields = this.postings.get(term)!.map(encodeFieldPostings);
      while (fields.length > 0 && fields[fields.length - 1] === '') fields.pop();
      return fields.join(';');
    });
    const averageFieldLength = this.totals.map((total) => (this.count === 0 ? 0 : total / this.count));
    return { terms, postings, documents: this.count, averageFieldLength };
  }
}
