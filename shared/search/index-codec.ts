import type { AsPlainObject } from 'minisearch';
import { SEARCH_FIELDS } from './terms';

/**
 * MiniSearch's index in a smaller form for the wire, split into term shards
 * (schema/search-index.ts). MiniSearch's own `toJSON()` writes every posting
 * as `"1234":1` under a field object and keeps every document's field
 * lengths in one table; here a term's postings are, per field, the
 * document's length in that field as one base-36 character (lengthCode),
 * then its id's gap from the previous one in base 36, so that a query ranks
 * with what its own shards carry. Lossless except for two things: long
 * fields' lengths are kept to within a tenth (a section of 300 words and one
 * of 320 weigh the same), and term frequencies are capped at MAX_FREQUENCY
 * (in a section-sized document a word said ten times is not ten times as
 * relevant).
 */
export interface CompactPostings {
  /** Terms, sorted. */
  terms: string[];
  /**
   * Per term: its postings per field in SEARCH_FIELDS order, `;` between
   * fields (trailing empty fields dropped), `,` between documents. A
   * document is its length code in that field (one character), its id's gap
   * from the previous one in base 36, then `:n` when the term occurs n > 1
   * times in the field.
   */
  postings: string[];
}

/** Lengths below this are kept exactly (a title, a heading, a short section); longer ones in steps of a fifth. */
const EXACT_BELOW = 20;
const STEP = 1.2;
const CODES = 36;

/** A field length as one base-36 character: exact below 20, then within ±10% up to about 370 words (longer ones are all alike). */
export function lengthCode(length: number): string {
  const code = length < EXACT_BELOW ? length : Math.min(CODES - 1, EXACT_BELOW + Math.floor(Math.log(length / EXACT_BELOW) / Math.log(STEP)));
  return code.toString(36);
}

/** The length a code stands for: itself below 20, else the middle of its step. */
export function lengthOf(code: string): number {
  const n = parseInt(code, 36);
  return n < EXACT_BELOW ? n : EXACT_BELOW * STEP ** (n - EXACT_BELOW + 0.5);
}

export const MAX_FREQUENCY = 1;

/** One field's postings: `[id, length, count]` triples in id order → the wire form. */
export function encodeFieldPostings(triples: readonly number[]): string {
  const out: string[] = [];
  let previous = 0;
  for (let at = 0; at < triples.length; at += 3) {
    const id = triples[at]!;
    const entry = `${lengthCode(triples[at + 1]!)}${(id - previous).toString(36)}`;
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
          const [codeAndGap, frequency] = entry.split(':');
          id += parseInt(codeAndGap!.slice(1), 36);
          postings[id] = frequency === undefined ? 1 : Number(frequency);
          let lengths = this.fieldLength.get(id);
          if (!lengths) this.fieldLength.set(id, (lengths = SEARCH_FIELDS.map(() => 0)));
          lengths[fieldId] = lengthOf(codeAndGap![0]!);
        }
        byField[fieldId] = postings;
      });
      this.index.set(term, byField);
    });
  }

  get termCount(): number {
    return this.index.size;
  }

  /** Whether a loaded term is `start` or begins with it: a word typed so far that the index knows. */
  hasTermStartingWith(start: string): boolean {
    for (const term of this.index.keys()) if (term.startsWith(start)) return true;
    return false;
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
