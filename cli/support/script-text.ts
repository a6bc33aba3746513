/**
 * Where a JavaScript source's text is not code: its comments and what its
 * string literals hold. A config is searched as text for its keys
 * (vuepress-site.ts), and `// theme: 'reco',` or `'a sidebar: b'` is no key.
 * One pass, in time proportional to the text. Regular expression literals
 * are read as code (telling one from a division needs a parser): a quote in
 * one starts a string, which ends at the line's end at the latest.
 */

/** A part of the text that is not code: `[start, end)`. */
export type Span = readonly [start: number, end: number];

/**
 * The comments (`//` to the line's end, `/* … *\/` whole) and string
 * contents (between the quotes, the quotes themselves being code, so a
 * quoted key starts in code), in order. A template literal's `${ }` is code.
 */
export function nonCodeSpans(text: string): Span[] {
  const spans: Span[] = [];
  // The brace depth at each `${` we are in, innermost last: the `}` that returns to that depth returns to the template.
  const templates: number[] = [];
  let depth = 0;
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    const next = text[i + 1];
    if (char === '/' && next === '/') {
      const end = lineEnd(text, i);
      spans.push([i, end]);
      i = end;
    } else if (char === '/' && next === '*') {
      const close = text.indexOf('*/', i + 2);
      const end = close === -1 ? text.length : close + 2;
      spans.push([i, end]);
      i = end;
    } else if (char === "'" || char === '"') {
      const end = stringEnd(text, i + 1, char);
      spans.push([i + 1, end]);
      i = end + 1;
    } else if (char === '`' || (char === '}' && templates.at(-1) === depth)) {
      if (char === '}') templates.pop();
      const end = templateEnd(text, i + 1);
      spans.push([i + 1, end]);
      const substitution = text.startsWith('${', end);
      if (substitution) templates.push(depth);
      i = end + (substitution ? 2 : 1);
    } else {
      if (char === '{') depth++;
      else if (char === '}') depth--;
      i++;
    }
  }
  return spans;
}

/** Whether an offset is in code: in none of the spans (nonCodeSpans, in order). */
export function isInCode(spans: readonly Span[], offset: number): boolean {
  let low = 0;
  let high = spans.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (spans[middle]![1] <= offset) low = middle + 1;
    else high = middle;
  }
  const span = spans[low];
  return span === undefined || offset < span[0];
}

function lineEnd(text: string, from: number): number {
  const end = text.indexOf('\n', from);
  return end === -1 ? text.length : end;
}

/** Where a quoted string's closing quote is (or its line's end: an unclosed one ends there). */
function stringEnd(text: string, from: number, quote: string): number {
  let i = from;
  while (i < text.length && text[i] !== quote && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
  return Math.min(i, text.length);
}

/** Where a template literal's text ends: at its closing backtick or at a `${`. */
function templateEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length && text[i] !== '`' && !text.startsWith('${', i)) i += text[i] === '\\' ? 2 : 1;
  return Math.min(i, text.length);
}
