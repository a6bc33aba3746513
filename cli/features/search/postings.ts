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
 * postings live in fixed blocks of a Uint32Array each, a linked list per term
 * (each entry: document id, field and count, next entry), 12 bytes a posting;
 * a document's length in a field is kept once per document and field, not per
 * posting. One array doubling as it grew held up to twice what it used, and
 * both copies while it grew (80 MiB at 10,000 pages, at the build's peak).
 * Loaded into MiniSearch, it ranks as MiniSearch's own index of the same
 * documents (a test holds the two to that).
 */
export class PostingsBuilder {
  /** Per term, its number: the index of its first and last entry in `ends`. */
  private readonly termIds = new Map<string, number>();
  private ends: Uint32Array<ArrayBuffer> = new Uint32Array(2 * 1024);
  /** Entries, BLOCK_ENTRIES to a block; entry `at` is in block `at >>> BLOCK_BITS`. */
  private readonly blocks: Uint32Array<ArrayBuffer>[] = [];
  /** Per document, per field (SEARCH_FIELDS order): its length in that field. */
  private readonly lengths: number[] = [];
  /** Entry 0 is never used, so 0 can mean "no next entry". */
  private used = 1;
  private readonly totals = SEARCH_FIELDS.map(() => 0);
  private count = 0;
  private finished = false;

  /** Adds the next document; ids are given in order from 0, as MiniSearch numbers documents. */
  add(fields: Record<SearchField, string>): void {
    this.addCounted(countFields(fields));
  }

  /** Adds the next document from its counted words (countFields), which a long-lived process may keep per page. */
  addCounted(counted: CountedFields): void {
    if (this.finished) throw new Error('Search index: a document added after the postings were finished.');
    const id = this.count++;
    for (let fieldId = 0; fieldId < SEARCH_FIELDS.length; fieldId++) this.lengths.push(counted[fieldId]?.[0] ?? 0);
    counted.forEach(([length, counts], fieldId) => {
      this.totals[fieldId]! += length;
      for (const [term, count] of counts) this.append(term, fieldId, id, count);
    });
  }

  get documents(): number {
    return this.count;
  }

  /** Once: the builder lets go of its entries as it gives them. */
  finish(): BuiltPostings {
    if (this.finished) throw new Error('Search index: the postings were finished already.');
    const terms = [...this.termIds.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const fieldCount = SEARCH_FIELDS.length;
    const postings = terms.map((term) => {
      // Entries are in the order documents were added (ids ascending); split by field.
      const byField: number[][] = SEARCH_FIELDS.map(() => []);
      for (let at = this.ends[2 * this.termIds.get(term)!]!; at !== 0; ) {
        const block = this.blocks[at >>> BLOCK_BITS]!;
        const base = (at & BLOCK_MASK) * ENTRY;
        const id = block[base]!;
        const fieldId = block[base + 1]! >>> COUNT_BITS;
        byField[fieldId]!.push(id, this.lengths[id * fieldCount + fieldId]!, block[base + 1]! & COUNT_MASK);
        at = block[base + 2]!;
      }
      const fields = byField.map(encodeFieldPostings);
      while (fields.length > 0 && fields[fields.length - 1] === '') fields.pop();
      return fields.join(';');
    });
    const averageFieldLength = this.totals.map((total) => (this.count === 0 ? 0 : total / this.count));
    // The entries are in `postings` now: let go of their blocks (34 MiB at 10,000 pages) before the shards are made from them.
    this.blocks.length = 0;
    this.termIds.clear();
    this.lengths.length = 0;
    this.ends = new Uint32Array(0);
    this.finished = true;
    return { terms, postings, documents: this.count, averageFieldLength };
  }

  private append(term: string, fieldId: number, id: number, count: number): void {
    if (count > COUNT_MASK) throw new Error(`Search index: a term counted ${count} times in one field.`);
    const at = this.used++;
    if ((at & BLOCK_MASK) === 0 || this.blocks.length === 0) this.blocks.push(new Uint32Array(BLOCK_ENTRIES * ENTRY));
    const block = this.blocks[at >>> BLOCK_BITS]!;
    const base = (at & BLOCK_MASK) * ENTRY;
    block[base] = id;
    block[base + 1] = (fieldId << COUNT_BITS) | count;
    block[base + 2] = 0;
    let termId = this.termIds.get(term);
    if (termId === undefined) {
      termId = this.termIds.size;
      this.termIds.set(term, termId);
      if (2 * termId >= this.ends.length) this.ends = grown(this.ends);
      this.ends[2 * termId] = at;
    } else {
      const last = this.ends[2 * termId + 1]!;
      this.blocks[last >>> BLOCK_BITS]![(last & BLOCK_MASK) * ENTRY + 2] = at;
    }
    this.ends[2 * termId + 1] = at;
  }
}

/** Numbers in one posting entry: document id, field and count (COUNT_BITS of it), next entry. */
const ENTRY = 3;
/** A count takes the low 28 bits, the field the high 4 (SEARCH_FIELDS has 4). */
const COUNT_BITS = 28;
const COUNT_MASK = 2 ** COUNT_BITS - 1;
/** 65,536 entries a block (768 KiB): at most one block is partly empty. */
const BLOCK_BITS = 16;
const BLOCK_ENTRIES = 2 ** BLOCK_BITS;
const BLOCK_MASK = BLOCK_ENTRIES - 1;

function grown(array: Uint32Array<ArrayBuffer>): Uint32Array<ArrayBuffer> {
  const bigger = new Uint32Array(array.length * 2);
  bigger.set(array);
  return bigger;
}
