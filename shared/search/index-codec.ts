import type { AsPlainObject } from 'minisearch';
import { SEARCH_FIELDS } from './terms';

/**
 * MiniSearch's index in a smaller form for the wire, split into term shards
 * (schema/search-index.ts). MiniSearch's own `toJSON()` writes every posting
 * as `"1234":1` under a field object and keeps every document's field
 * lengths in one table; here a term's postings are, per field, document-id
 * gaps in base 36, each with the document's length in that field (`gap.len`),
 * so that a query ranks with what its own shards carry. Lossless except for
 * term frequencies, capped at MAX_FREQUENCY: in a section-sized document a
 * word said ten times is not ten times as relevant.
 */
export interface CompactPostings {
  /** Terms, sorted. */
  terms: string[];
  /**
   * Per term: its postings per field in SEARCH_FIELDS order, `;` between
   * fields (trailing empty fields dropped), `,` between documents. A
   * document is its id's gap from the previous one in base 36, `.` and its
   * length in that field in base 36, then `:n` when the term occurs n > 1
   * times in the field.
   */
  postings: string[];
}

export const MAX_FREQUENCY = 1;

/** One field's postings: `[id, length, count]` triples in id order → the wire form. */
export function encodeFieldPostings(triples: readonly number[]): string {
  const out: string[] = [];
  let previous = 0;
  for (let at = 0; at < triples.length; at += 3) {
    const id = triples[at]!;
    const entry = `${(id - previous).toString(36)}.${triples[at + 1]!.toString(36)}`;
    previous = id;
    const count = Math.min(triples[at + 2]!, MAX_FREQUENCY);
    out.push(count > 1 ? `${entry}:${count}` : entry);
  }
  return out.join(',');
}

/**
 * The shards of one index as they arrive, merged into what `MiniSearch.loadJS`
 * takes: the loaded terms, and the field lengths of the documents they
 * mention (all BM25 reads of a document it matched). Document count and
 * average lengths are the whole index's, from its root, so a document ranks
 * the same whichever shards are in.
 */
export class LoadedPostings {
  private readonly index = new Map<string, { [fieldId: string]: { [documentId: string]: number } }>();
  private readonly fieldLength = new Map<number, number[]>();

  add(shard: CompactPostings): void {
    shard.terms.forEach((term, t) => {
      const byField: { [fieldId: string]: { [documentId: string]: number } } = {};
      (shard.postings[t] ?? '').split(';').forEach((list, fieldId) => {
        if (list === '') return;
        const postings: { [documentId: string]: number } = {};
        let id = 0;
        for (const entry of list.split(',')) {
          const [gapAndLength, frequency] = entry.split(':');
          const [gap, length] = gapAndLength!.split('.');
          id += parseInt(gap!, 36);
          postings[id] = frequency === undefined ? 1 : Number(frequency);
          let lengths = this.fieldLength.get(id);
          if (!lengths) this.fieldLength.set(id, (lengths = SEARCH_FIELDS.map(() => 0)));
          lengths[fieldId] = parseInt(length ?? '0', 36);
        }
        byField[fieldId] = postings;
      });
      this.index.set(term, byField);
    });
  }

  get termCount(): number {
    return this.index.size;
  }

  /** The loaded part of the index, for `MiniSearch.loadJS`; ids 0…documents-1, as the build numbered them. */
  toPlain(documents: number, averageFieldLength: readonly number[], documentIds: AsPlainObject['documentIds']): AsPlainObject {
    return {
      documentCount: documents,
      nextId: documents,
      documentIds,
      fieldIds: Object.fromEntries(SEARCH_FIELDS.map((field, id) => [field, id])),
      fieldLength: Object.fromEntries(this.fieldLength),
      averageFieldLength: [...averageFieldLength],
      storedFields: {},
      dirtCount: 0,
      index: [...this.index],
      serializationVersion: 2,
    };
  }
}

/** MiniSearch's `documentIds` for ids 0…n-1 (every id is a document: none is ever removed). */
export function allDocumentIds(documents: number): AsPlainObject['documentIds'] {
  const ids: AsPlainObject['documentIds'] = {};
  for (let id = 0; id < documents; id++) ids[id] = id;
  return ids;
}
