import type { AsPlainObject } from 'minisearch';
import { SEARCH_FIELDS } from './terms';

/**
 * MiniSearch's index in a smaller form for the wire. Its own `toJSON()`
 * writes every posting as `"1234":1` under a field object; here a term's
 * postings are document-id gaps in base 36, which gzip packs about half as
 * tightly again (the index is most of the download). Lossless except for
 * term frequencies, capped at MAX_FREQUENCY: in a section-sized document a
 * word said ten times is not ten times as relevant. What MiniSearch can
 * recompute (document ids, average field lengths) is left out.
 */
export interface CompactIndex {
  /** Every indexed term; the build writes them sorted (cli/search-output/postings.ts), any order loads the same. */
  terms: string[];
  /**
   * Per term: its postings per field in SEARCH_FIELDS order, `;` between
   * fields (trailing empty fields dropped), `,` between documents. A
   * document is its id's gap from the previous one in base 36, then `:n`
   * when the term occurs n > 1 times in the field.
   */
  postings: string[];
  /** Per document, by id: its field lengths in base 36, `,` between fields, `;` between documents. */
  fieldLength: string;
}

export const MAX_FREQUENCY = 1;

type PlainIndex = AsPlainObject;

export function encodeIndex(plain: PlainIndex): CompactIndex {
  const terms: string[] = [];
  const postings: string[] = [];
  for (const [term, byField] of plain.index) {
    const fields = SEARCH_FIELDS.map((_, fieldId) => encodePostings(byField[fieldId]));
    while (fields.length > 0 && fields[fields.length - 1] === '') fields.pop();
    terms.push(term);
    postings.push(fields.join(';'));
  }
  const lengths = Array.from({ length: plain.nextId }, (_, id) => (plain.fieldLength[id] ?? []).map((n) => n.toString(36)).join(','));
  return { terms, postings, fieldLength: lengths.join(';') };
}

function encodePostings(postings: { [documentId: string]: number } | undefined): string {
  if (!postings) return '';
  let previous = 0;
  return Object.keys(postings)
    .map(Number)
    .sort((a, b) => a - b)
    .map((id) => {
      const gap = (id - previous).toString(36);
      previous = id;
      const frequency = Math.min(postings[id]!, MAX_FREQUENCY);
      return frequency > 1 ? `${gap}:${frequency}` : gap;
    })
    .join(',');
}

/** Back to what `MiniSearch.loadJS` takes; document ids are 0…n-1, as the build numbered them. */
export function decodeIndex(compact: CompactIndex): PlainIndex {
  const fieldLength: PlainIndex['fieldLength'] = {};
  const documentIds: PlainIndex['documentIds'] = {};
  const totals = SEARCH_FIELDS.map(() => 0);
  const rows = compact.fieldLength === '' ? [] : compact.fieldLength.split(';');
  rows.forEach((row, id) => {
    const lengths = row.split(',').map((n) => parseInt(n, 36));
    lengths.forEach((n, f) => (totals[f]! += n));
    fieldLength[id] = lengths;
    documentIds[id] = id;
  });
  const index: PlainIndex['index'] = compact.terms.map((term, t) => {
    const byField: { [fieldId: string]: { [documentId: string]: number } } = {};
    (compact.postings[t] ?? '').split(';').forEach((list, fieldId) => {
      if (list === '') return;
      const postings: { [documentId: string]: number } = {};
      let id = 0;
      for (const entry of list.split(',')) {
        const [gap, frequency] = entry.split(':');
        id += parseInt(gap!, 36);
        postings[id] = frequency === undefined ? 1 : Number(frequency);
      }
      byField[fieldId] = postings;
    });
    return [term, byField];
  });
  return {
    documentCount: rows.length,
    nextId: rows.length,
    documentIds,
    fieldIds: Object.fromEntries(SEARCH_FIELDS.map((field, id) => [field, id])),
    fieldLength,
    averageFieldLength: totals.map((total) => (rows.length === 0 ? 0 : total / rows.length)),
    storedFields: {},
    dirtCount: 0,
    index,
    serializationVersion: 2,
  };
}
