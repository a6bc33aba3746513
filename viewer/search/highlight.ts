import { wordsOf } from '../../shared/search/terms';

/** A run of text, marked or not: results render marked runs as `<mark>`, never as HTML strings. */
export interface Segment {
  text: string;
  mark: boolean;
}

/** The text with every word whose search term is one of `terms` marked (the terms that matched, typos resolved). */
export function highlight(text: string, terms: ReadonlySet<string>): Segment[] {
  const segments: Segment[] = [];
  let at = 0;
  for (const word of wordsOf(text)) {
    if (word.term === null || !terms.has(word.term)) continue;
    if (word.start > at) segments.push({ text: text.slice(at, word.start), mark: false });
    segments.push({ text: text.slice(word.start, word.end), mark: true });
    at = word.end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), mark: false });
  return merge(segments);
}

/**
 * A window of about `size` characters of the text around its first matching
 * word, cut at word boundaries with an ellipsis on each cut side, and
 * highlighted. Without a match, the start of the text.
 */
export function snippetAround(text: string, terms: ReadonlySet<string>, size = 160): Segment[] {
  if (text.length <= size) return highlight(text, terms);
  const first = wordsOf(text).find((w) => w.term !== null && terms.has(w.term));
  // A little context before the match, most of the window after it.
  let start = first ? Math.max(0, first.start - Math.floor(size / 4)) : 0;
  let end = Math.min(text.length, start + size);
  start = Math.max(0, end - size);
  if (start > 0) start = wordBoundaryAfter(text, start);
  if (end < text.length) end = wordBoundaryBefore(text, end, start);
  const window = text.slice(start, end).trim();
  return highlight(`${start > 0 ? '…' : ''}${window}${end < text.length ? '…' : ''}`, terms);
}

function wordBoundaryAfter(text: string, at: number): number {
  const space = text.indexOf(' ', at);
  return space === -1 || space - at > 20 ? at : space + 1;
}

function wordBoundaryBefore(text: string, at: number, floor: number): number {
  const space = text.lastIndexOf(' ', at);
  return space <= floor || at - space > 20 ? at : space;
}

function merge(segments: Segment[]): Segment[] {
  const out: Segment[] = [];
  for (const segment of segments) {
    const last = out[out.length - 1];
    if (last && last.mark === segment.mark) last.text += segment.text;
    else out.push({ ...segment });
  }
  return out;
}

/** Splits text that carries highlight tags (DocSearch's `_highlightResult`) into segments. */
export function segmentsFromTagged(text: string, pre: string, post: string): Segment[] {
  const segments: Segment[] = [];
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf(pre, at);
    if (open === -1) break;
    const close = text.indexOf(post, open + pre.length);
    if (close === -1) break;
    if (open > at) segments.push({ text: text.slice(at, open), mark: false });
    segments.push({ text: text.slice(open + pre.length, close), mark: true });
    at = close + post.length;
  }
  if (at < text.length) segments.push({ text: text.slice(at), mark: false });
  return merge(segments.filter((s) => s.text !== ''));
}
