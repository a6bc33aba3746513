import { MAX_FREQUENCY, type CompactIndex } from '../../../shared/search/index-codec';
import { processTerm, SEARCH_FIELDS, tokenize, type SearchField } from '../../../shared/search/terms';

/**
 * The search index's inverted lists, built straight into the wire form the
 * viewer loads (CompactIndex, see index-codec.ts). MiniSearch itself would
 * hold every term in a radix tree of Maps of Maps: at 10,000 pages that was
 * the largest thing a build kept in memory. Here each term keeps a plain
 * array of document ids per field. The result is what MiniSearch's
 * `toJSON()` through `encodeIndex` gives, terms sorted (a test holds the two
 * to that), and it loads into MiniSearch the same way.
 */
export class PostingsBuilder {
  /** Term → per field: the documents it occurs in, in id order, each followed by its count when MAX_FREQUENCY > 1. */
  private readonly postings = new Map<string, number[][]>();
  /** Per document, its field lengths as the index writes them. */
  private readonly lengths: string[] = [];

  /** Adds the next document; ids are given in order from 0, as MiniSearch numbers documents. */
  add(fields: Record<SearchField, string>): void {
    const id = this.lengths.length;
    const lengths: number[] = [];
    SEARCH_FIELDS.forEach((field, fieldId) => {
      const words = tokenize(fields[field]);
      // As MiniSearch counts a field's length: distinct words, before they become terms.
      lengths.push(new Set(words).size);
      const counts = new Map<string, number>();
      for (const word of words) {
        const term = processTerm(word);
        if (term) counts.set(term, (counts.get(term) ?? 0) + 1);
      }
      for (const [term, count] of counts) {
        let byField = this.postings.get(term);
        if (!byField) this.postings.set(term, (byField = SEARCH_FIELDS.map(() => [])));
        byField[fieldId]!.push(id);
        if (MAX_FREQUENCY > 1) byField[fieldId]!.push(Math.min(count, MAX_FREQUENCY));
      }
    });
    this.lengths.push(lengths.map((n) => n.toString(36)).join(','));
  }

  get documents(): number {
    return this.lengths.length;
  }

  finish(): CompactIndex {
    const terms = [...this.postings.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const postings = terms.map((term) => {
      const fields = this.postings.get(term)!.map(encodeList);
      while (fields.length > 0 && fields[fields.length - 1] === '') fields.pop();
      return fields.join(';');
    });
    return { terms, postings, fieldLength: this.lengths.join(';') };
  }
}

/** One field's documents as id gaps in base 36, `:n` after a count above 1 (the CompactIndex form). */
function encodeList(list: readonly number[]): string {
  const step = MAX_FREQUENCY > 1 ? 2 : 1;
  const out: string[] = [];
  let previous = 0;
  for (let at = 0; at < list.length; at += step) {
    const id = list[at]!;
    const gap = (id - previous).toString(36);
    previous = id;
    const count = step === 2 ? list[at + 1]! : 1;
    out.push(count > 1 ? `${gap}:${count}` : gap);
  }
  return out.join(',');
}
