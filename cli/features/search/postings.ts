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
 * every term in a radix tree of Maps of Maps, and a plain array per term and
 * field still cost about 40 bytes a posting plus the arrays' own overhead:
 * at 10,000 pages the postings were the largest thing a build kept. Here all
 * postings live in one growing Uint32Array, a linked list per term (each
 * entry: field, document id, its length in the field, count, next entry),
 * 20 bytes a posting. Loaded into MiniSearch, it ranks as MiniSearch's own
 * index of the same documents (a test holds the two to that).
 */
export class PostingsBuilder {
  /** Per term, its number: the index of its first and last entry in `ends`. */
  private readonly termIds = new Map<string, number>();
  private ends: Uint32Array<ArrayBuffer> = new Uint32Array(2 * 1024);
  private entries: Uint32Array<ArrayBuffer> = new Uint32Array(ENTRY * 4096);
  /** Entry 0 is never used, so 0 can mean "no next entry". */
  private used = 1;
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
      for (const [term, count] of counts) this.append(term, fieldId, id, length, count);
    });
  }

  get documents(): number {
    return this.count;
  }

  finish(): BuiltPostings {
    const terms = [...this.termIds.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const postings = terms.map((term) => {
      // Entries are in the order documents were added (ids ascending); split by field.
      const byField: number[][] = SEARCH_FIELDS.map(() => []);
      for (let at = this.ends[2 * this.termIds.get(term)!]!; at !== 0; at = this.entries[at * ENTRY + 4]!) {
        const base = at * ENTRY;
        byField[this.entries[base]!]!.push(this.entries[base + 1]!, this.entries[base + 2]!, this.entries[base + 3]!);
      }
      const fields = byField.map(encodeFieldPostings);
      while (fields.length > 0 && fields[fields.length - 1] === '') fields.pop();
      return fields.join(';');
    });
    const averageFieldLength = this.totals.map((total) => (this.count === 0 ? 0 : total / this.count));
    return { terms, postings, documents: this.count, averageFieldLength };
  }

  private append(term: string, fieldId: number, id: number, length: number, count: number): void {
    if (this.used * ENTRY >= this.entries.length) this.entries = grown(this.entries);
    const at = this.used++;
    const base = at * ENTRY;
    this.entries[base] = fieldId;
    this.entries[base + 1] = id;
    this.entries[base + 2] = length;
    this.entries[base + 3] = count;
    this.entries[base + 4] = 0;
    let termId = this.termIds.get(term);
    if (termId === undefined) {
      termId = this.termIds.size;
      this.termIds.set(term, termId);
      if (2 * termId >= this.ends.length) this.ends = grown(this.ends);
      this.ends[2 * termId] = at;
    } else {
      this.entries[this.ends[2 * termId + 1]! * ENTRY + 4] = at;
    }
    this.ends[2 * termId + 1] = at;
  }
}

/** Numbers in one posting entry: field, document id, length, count, next entry. */
const ENTRY = 5;

function grown(array: Uint32Array<ArrayBuffer>): Uint32Array<ArrayBuffer> {
  const bigger = new Uint32Array(array.length * 2);
  bigger.set(array);
  return bigger;
}
