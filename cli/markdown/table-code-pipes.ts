import type { Root } from 'mdast';
import { forEachProseLine, quotePrefixLength } from './directives';
import { eachNode } from './walk';

/**
 * VuePress 1's markdown-it (8.x) keeps a `|` inside a code span in a table
 * row as part of the cell; GFM, and so remark, splits the cell there. Chart.js
 * writes `` `string | string[]` `` in eleven rows of one table: read as GFM,
 * each row gained a cell and lost its last column. In a VuePress tree such a
 * pipe is swapped for a stand-in of the same length before the parse (no
 * position moves), and put back in the code after it.
 */
const STAND_IN = '\uE000';

/** A table's delimiter row: `| --- | :-: |`, `---|---`, in a quote too. Read cell by cell (one expression for the row backtracked on long runs of blanks). */
function isDelimiterRow(line: string): boolean {
  const cells = line.slice(quotePrefixLength(line)).trim().split('|');
  if (cells[0]!.trim() === '') cells.shift();
  if (cells.length > 0 && cells[cells.length - 1]!.trim() === '') cells.pop();
  return cells.length > 0 && cells.every((cell) => DELIMITER_CELL.test(cell.trim()));
}
const DELIMITER_CELL = /^:?-+:?$/;

/** `text` with every `|` in a code span of a table row swapped for the stand-in. */
export function protectCodePipes(text: string): string {
  if (!text.includes('|') || !text.includes('`')) return text;
  const lines = text.split('\n');
  let inTable = false;
  let changed = false;
  forEachProseLine(lines, (line, i) => {
    const next = lines[i + 1];
    if (!inTable) inTable = line.includes('|') && next !== undefined && next.includes('-') && isDelimiterRow(next) && (next.includes('|') || line.includes('|'));
    else if (line.trim() === '') inTable = false;
    if (!inTable || !line.includes('`')) return;
    const swapped = swapInCodeSpans(line);
    if (swapped !== line) {
      lines[i] = swapped;
      changed = true;
    }
  });
  return changed ? lines.join('\n') : text;
}

/** Puts the pipes back in the code spans protectCodePipes changed. */
export function restoreCodePipes(tree: Root): void {
  eachNode(tree, (node) => {
    if (node.type === 'inlineCode' && node.value.includes(STAND_IN)) node.value = node.value.replaceAll(STAND_IN, '|');
  });
}

/** The line with `|` swapped in each code span: a run of backticks up to the next run of the same length. */
function swapInCodeSpans(line: string): string {
  let out = '';
  let at = 0;
  while (at < line.length) {
    const open = line.indexOf('`', at);
    if (open === -1) break;
    // A backslash-escaped backtick opens nothing.
    if (open > 0 && line[open - 1] === '\\') {
      out += line.slice(at, open + 1);
      at = open + 1;
      continue;
    }
    let end = open;
    while (line[end] === '`') end++;
    const run = end - open;
    const close = closingRun(line, end, run);
    if (close === -1) {
      out += line.slice(at, end);
      at = end;
      continue;
    }
    out += line.slice(at, end) + line.slice(end, close).replace(/(?<!\\)\|/g, STAND_IN) + line.slice(close, close + run);
    at = close + run;
  }
  return out + line.slice(at);
}

/** Where the next run of exactly `length` backticks from `from` starts, or -1. */
function closingRun(line: string, from: number, length: number): number {
  for (let i = line.indexOf('`', from); i !== -1; i = line.indexOf('`', i)) {
    let end = i;
    while (line[end] === '`') end++;
    if (end - i === length) return i;
    i = end;
  }
  return -1;
}
