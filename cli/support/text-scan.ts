/**
 * Text scans that take time in proportion to the text, for the shapes a
 * regular expression would take quadratic time on: an opener followed by
 * anything up to a closer (`<!--(.*?)-->` with a thousand openers and no
 * closer), a run of one character at an end (`-+$` on a long run followed by
 * something else), blanks around line endings. A page is input nobody here
 * wrote; tests/unit/regex-safety.test.ts keeps the expressions themselves
 * linear.
 */

/** What `.` in a regular expression does not match. */
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/g;

export interface Delimited {
  /** Where the opener starts. */
  index: number;
  /** Just past the closer. */
  end: number;
  /** What lies between the opener and the closer. */
  inner: string;
  /** The opener's match, for its groups. */
  opener: RegExpExecArray;
}

/**
 * Each opener followed by the first closer after it, left to right, not
 * overlapping: what `/OPENER(.*?)CLOSER/g` finds (`sameLine`), or
 * `/OPENER([\s\S]*?)CLOSER/g`. An opener without a closer after it on its
 * line is not searched again for each later opener on that line (every one
 * would fail the same way): that repeated scan is the quadratic cost.
 * The closer holds no line ending.
 */
export function* delimited(text: string, pattern: RegExp, closer: string, options: { sameLine: boolean }): Generator<Delimited> {
  // A copy: the search's place is its own, whoever else uses the pattern meanwhile.
  const opener = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
  // The last opener that found no closer: from where it ended to its line's end there is none.
  let failed = { from: -1, lineEnd: -1 };
  for (let match = opener.exec(text); match; match = opener.exec(text)) {
    const from = match.index + match[0].length;
    if (from >= failed.from && from <= failed.lineEnd) {
      opener.lastIndex = match.index + 1;
      continue;
    }
    const close = text.indexOf(closer, from);
    // Without a closer anywhere after it, no later opener has one either.
    if (close === -1) return;
    const lineEnd = options.sameLine ? nextLineEnd(text, from) : text.length;
    if (close + closer.length > lineEnd) {
      failed = { from, lineEnd };
      opener.lastIndex = match.index + 1;
      continue;
    }
    yield { index: match.index, end: close + closer.length, inner: text.slice(from, close), opener: match };
    opener.lastIndex = close + closer.length;
  }
}

/** The first line terminator at or after `from`, or the text's length. */
function nextLineEnd(text: string, from: number): number {
  LINE_TERMINATOR.lastIndex = from;
  const found = LINE_TERMINATOR.exec(text);
  return found ? found.index : text.length;
}

/** The text without the runs of `char` at its start and end: `/^c+|c+$/g`. */
export function trimCharacter(text: string, char: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text[start] === char) start++;
  while (end > start && text[end - 1] === char) end--;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

/** The text without the run of `char` at its end: `/c+$/`. */
export function trimEndCharacter(text: string, char: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === char) end--;
  return end === text.length ? text : text.slice(0, end);
}

/** A space or a tab, by character code. */
export function isSpaceOrTab(code: number): boolean {
  return code === 32 || code === 9;
}

/** The text up to the first of `chars` (`/[?#].*$/` on a one-line text). */
export function beforeAny(text: string, chars: string): string {
  for (let i = 0; i < text.length; i++) if (chars.includes(text[i]!)) return text.slice(0, i);
  return text;
}

/**
 * Line and column (both from 0) of places in one text, asked in any order:
 * one pass to find the line starts, then a binary search each (counting the
 * lines before each of many matches is quadratic).
 */
export function lineLocator(text: string): (index: number) => { line: number; column: number } {
  const starts = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return (index) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= index) low = middle;
      else high = middle - 1;
    }
    return { line: low, column: index - starts[low]! };
  };
}
