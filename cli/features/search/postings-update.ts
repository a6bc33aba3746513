import { lengthCode, MAX_FREQUENCY } from '../../../shared/search/index-codec';

/**
 * Where the previous index's documents go: runs of ids (ascending, together
 * covering every old id), each either moved by `shift` or dropped (`shift`
 * undefined: a page that changed or left the site).
 */
export interface DocumentRun {
  from: number;
  /** One past the run's last id. */
  to: number;
  shift: number | undefined;
}

/** A new document's entry for one term and field: its id, its length in that field as the wire codes it, and the count. */
export type AddedEntry = [id: number, code: string, count: number];

/** The entries new documents add, per term, per field (SEARCH_FIELDS order), ids ascending. */
export class AddedEntries {
  readonly byTerm = new Map<string, AddedEntry[][]>();

  /** A document's counted fields (postings.ts countFields), added under its new id; documents come in id order. */
  add(id: number, counted: readonly [length: number, counts: readonly [term: string, count: number][]][]): void {
    counted.forEach(([length, counts], field) => {
      const code = lengthCode(length);
      for (const [term, count] of counts) {
        let fields = this.byTerm.get(term);
        if (!fields) this.byTerm.set(term, (fields = []));
        (fields[field] ??= []).push([id, code, count]);
      }
    });
  }
}

export interface UpdatedPostings {
  terms: string[];
  postings: string[];
  /** Places in `terms` whose postings are new or differ from the previous index's. */
  changed: Set<number>;
  /** Terms of the previous index no document holds any more. */
  removed: string[];
}

/**
 * The previous index's terms and postings (the wire form, index-codec.ts)
 * with the documents moved, dropped and added, as a build of the whole
 * index from every page would give them: an entry kept keeps its length
 * code and count, and only its id's gap is made again. Only `touched` terms
 * are looked at (undefined: all, as when documents move); a term left with
 * no entry is removed, and a new term goes in at its sorted place.
 */
export function updatePostings(
  terms: readonly string[],
  postings: readonly string[],
  runs: readonly DocumentRun[],
  added: AddedEntries,
  touched: ReadonlySet<string> | undefined,
): UpdatedPostings {
  // From this old id on, every document stays where it was.
  let quietFrom = 0;
  for (const r of runs) if (r.shift !== 0) quietFrom = r.to;
  const newTerms = [...added.byTerm.keys()].filter((term) => !hasSorted(terms, term)).sort(compare);
  const out: UpdatedPostings = { terms: [], postings: [], changed: new Set(), removed: [] };
  const push = (term: string, before: string | undefined) => {
    const after = touched === undefined || touched.has(term) ? updated(before ?? '', runs, added.byTerm.get(term), quietFrom) : before!;
    if (after === '') {
      if (before !== undefined) out.removed.push(term);
      return;
    }
    const at = out.terms.push(term) - 1;
    out.postings.push(after);
    if (after !== before) out.changed.add(at);
  };
  let n = 0;
  terms.forEach((term, t) => {
    while (n < newTerms.length && compare(newTerms[n]!, term) < 0) push(newTerms[n++]!, undefined);
    push(term, postings[t]!);
  });
  while (n < newTerms.length) push(newTerms[n++]!, undefined);
  return out;
}

/** One term's postings with the runs applied and its new entries merged in; '' when none is left. */
function updated(before: string, runs: readonly DocumentRun[], added: readonly AddedEntry[][] | undefined, quietFrom: number): string {
  const fields = before === '' ? [] : before.split(';');
  const count = Math.max(fields.length, added?.length ?? 0);
  const out: string[] = [];
  for (let field = 0; field < count; field++) out.push(updatedField(fields[field] ?? '', runs, added?.[field] ?? [], quietFrom));
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out.join(';');
}

/**
 * One field's entries: each `<length code><id gap, base 36>[:count]`,
 * comma-separated (index-codec.ts encodeFieldPostings). Read a character at
 * a time and copied in runs: an entry whose gap comes out the same is kept
 * as it is written, and once the runs move nothing more and no entry is left
 * to add, the rest is copied whole (a common term's list holds an entry for
 * most documents of the site; an edit changes a few).
 */
function updatedField(before: string, runs: readonly DocumentRun[], added: readonly AddedEntry[], quietFrom: number): string {
  const out: string[] = [];
  let lastNew = 0;
  let next = 0;
  const addUpTo = (id: number) => {
    for (; next < added.length && added[next]![0] < id; next++) {
      const [newId, code, count] = added[next]!;
      const capped = Math.min(count, MAX_FREQUENCY);
      out.push(`${code}${(newId - lastNew).toString(36)}${capped > 1 ? `:${capped}` : ''}`);
      lastNew = newId;
    }
  };
  // A run of entries kept as written: [copyFrom, copyTo) of `before`.
  let copyFrom = -1;
  let copyTo = -1;
  const flush = () => {
    if (copyFrom >= 0) out.push(before.slice(copyFrom, copyTo));
    copyFrom = -1;
  };
  let oldId = 0;
  let run = 0;
  for (let at = 0; at < before.length; ) {
    const start = at;
    let gap = 0;
    let c = 0;
    for (at = start + 1; at < before.length && (c = before.charCodeAt(at)) !== COMMA && c !== COLON; at++) gap = gap * 36 + (c <= NINE ? c - ZERO : c - LOWER_A + 10);
    const gapEnd = at;
    while (at < before.length && before.charCodeAt(at) !== COMMA) at++;
    const end = at++;
    const previousOld = oldId;
    oldId += gap;
    while (runs[run]!.to <= oldId) run++;
    const shift = runs[run]!.shift;
    if (shift === undefined) continue;
    const newId = oldId + shift;
    const pending = next < added.length && added[next]![0] < newId;
    if (!pending && newId - lastNew === oldId - previousOld) {
      if (oldId >= quietFrom && next >= added.length) {
        // Nothing after this entry moves: the rest of the list stays as it is.
        flush();
        out.push(before.slice(start));
        return out.join(',');
      }
      if (copyFrom < 0) copyFrom = start;
      copyTo = end;
      lastNew = newId;
      continue;
    }
    flush();
    addUpTo(newId);
    out.push(`${before[start]}${(newId - lastNew).toString(36)}${before.slice(gapEnd, end)}`);
    lastNew = newId;
  }
  flush();
  addUpTo(Infinity);
  return out.join(',');
}

const COMMA = 0x2c;
const COLON = 0x3a;
const ZERO = 0x30;
const NINE = 0x39;
const LOWER_A = 0x61;

/** Whether sorted `terms` holds `term` (binary search). */
function hasSorted(terms: readonly string[], term: string): boolean {
  let low = 0;
  let high = terms.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const c = compare(terms[mid]!, term);
    if (c === 0) return true;
    if (c < 0) low = mid + 1;
    else high = mid;
  }
  return false;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
