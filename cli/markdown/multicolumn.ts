import { forEachProseLine } from './directives';

/** markdown-it-multicolumn's lines: `---:1` opens a row at its first column, `:--:2` starts the next, `:---` ends the row. */
const OPEN = /^ {0,3}---:\d+\s*$/;
const NEXT = /^ {0,3}:--:\d*\s*$/;
const CLOSE = /^ {0,3}:---\s*$/;

/**
 * A VuePress tree's columns (markdown-it-multicolumn, as Sanic's guide
 * writes on 941 lines: the text in one column, its code in the next) are
 * shown one after another, since the viewer lays out no columns: their
 * marker lines are blanked before the parse (the line count stays, so
 * nothing moves). Read as GFM they were text, and `:--:` under a
 * line made a one-column table of it. A `:--:` or `:---` outside a row is
 * left as written. `firstLine`: the first opener's line (1-based), for the
 * page's one warning.
 */
export function blankColumnMarkers(text: string): { text: string; firstLine?: number } {
  if (!text.includes('---:')) return { text };
  const lines = text.split('\n');
  let open = false;
  let firstLine: number | undefined;
  forEachProseLine(lines, (line, index) => {
    if (OPEN.test(line)) {
      open = true;
      firstLine ??= index + 1;
    } else if (!open || !(NEXT.test(line) || CLOSE.test(line))) return;
    else if (CLOSE.test(line)) open = false;
    lines[index] = '';
  });
  return firstLine === undefined ? { text } : { text: lines.join('\n'), firstLine };
}
