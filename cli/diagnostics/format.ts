import type { BaselineReport } from './baseline';
import type { Diagnostic } from './diagnostic';
import { countBySeverity } from './diagnostic';
import { escapeControls, terminalLines, terminalText } from './terminal-text';

export type OutputFormat = 'text' | 'json' | 'github';

export interface TextFormatOptions {
  /** Use ANSI colours (only on a TTY, and never when NO_COLOR is set). */
  color: boolean;
  /** Returns a file's text for code frames; undefined when it cannot be read. */
  getSource?: (file: string) => string | undefined;
}

const paint = (on: boolean, code: string) => (s: string) => (on ? `\u001b[${code}m${s}\u001b[0m` : s);

/** Source lines longer than this are cut in a code frame. */
const FRAME_WIDTH = 160;

/** Two lines of context before the line, the line, and a caret under the column. */
export function codeFrame(source: string, line: number, column: number): string {
  // Line ends as the load stage counts them: CRLF, LF, and a lone CR.
  const lines = source.split(/\r\n?|\n/);
  if (line < 1 || line > lines.length) return '';
  const first = Math.max(1, line - 2);
  const width = String(line).length;
  const out: string[] = [];
  for (let n = first; n <= line; n++) {
    const text = (lines[n - 1] ?? '').replace(/\t/g, '  ');
    const shown = text.length > FRAME_WIDTH ? `${text.slice(0, FRAME_WIDTH)}…` : text;
    out.push(`${n === line ? '>' : ' '} ${String(n).padStart(width)} | ${escapeControls(shown)}`);
  }
  // A column past the cut points at the "…".
  out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.min(Math.max(0, column - 1), FRAME_WIDTH))}^`);
  return out.join('\n');
}

/** Each problem that is not baselined, with a code frame; baselined ones are counted apart (formatBaseline). */
export function formatText(list: readonly Diagnostic[], options: TextFormatOptions): string {
  const red = paint(options.color, '31');
  const yellow = paint(options.color, '33');
  const dim = paint(options.color, '2');
  const bold = paint(options.color, '1');
  const blocks = list.filter((d) => !d.baselined).map((d) => {
    const severity = d.severity === 'error' ? red('error') : yellow('warning');
    const head = `${bold(`${escapeControls(d.file)}:${d.line}:${d.column}`)} ${severity} ${dim(d.code)}`;
    // No frame for whole-file problems: the file may be binary, unreadable, or a link leading elsewhere.
    const source = d.code.startsWith('file/') ? undefined : options.getSource?.(d.file);
    const frame = source === undefined ? '' : codeFrame(source, d.line, d.column);
    return [head, `  ${terminalText(d.message)}`, frame && dim(frame), `  ${dim('hint:')} ${terminalText(d.hint)}`].filter(Boolean).join('\n');
  });
  return blocks.join('\n\n');
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** One line for the end of a run: "2 errors, 1 warning in 134 pages" (baselined problems left out). */
export function formatSummary(list: readonly Diagnostic[], pageCount: number): string {
  const { errors, warnings } = countBySeverity(list);
  if (errors === 0 && warnings === 0) return `No problems in ${plural(pageCount, 'page')}.`;
  return `${plural(errors, 'error')}, ${plural(warnings, 'warning')} in ${plural(pageCount, 'page')}.`;
}

/**
 * The baseline's lines for the end of a run: the known problems in one line,
 * and the entries now fixed ("--strict" fails on those, so the file only shrinks).
 */
export function formatBaseline(report: BaselineReport | undefined, options: { strict?: boolean } = {}): string[] {
  if (!report) return [];
  const lines: string[] = [];
  if (report.known > 0) lines.push(`${plural(report.known, 'known problem')} in ${plural(report.files, 'file')}, see ${report.file}.`);
  const fixed = report.stale.length;
  if (fixed > 0) {
    const drop = `run docsbuild check --update-baseline to drop ${fixed === 1 ? 'it' : 'them'}`;
    lines.push(`${plural(fixed, 'baselined problem')} ${fixed === 1 ? 'is' : 'are'} fixed: ${drop}${options.strict ? ' (--strict fails until then)' : ''}.`);
  }
  return lines;
}

/**
 * Stable JSON: `{ version, summary, diagnostics }` (documented in
 * README.md#json-output). Every problem is listed, each marked `baselined`;
 * the summary's errors and warnings count the others.
 */
export function formatJson(list: readonly Diagnostic[], pageCount: number, baseline?: BaselineReport): string {
  const { errors, warnings } = countBySeverity(list);
  const diagnostics = list.map((d) => ({
    code: d.code,
    severity: d.severity,
    file: d.file,
    line: d.line,
    column: d.column,
    message: d.message,
    hint: d.hint,
    baselined: d.baselined === true,
  }));
  const summary = { errors, warnings, pages: pageCount, baselined: baseline?.known ?? 0, fixed: baseline?.stale.length ?? 0 };
  return JSON.stringify({ version: 1, summary, diagnostics }, null, 2);
}

/** GitHub workflow commands: each new problem becomes an annotation on its line (baselined ones make none). */
export function formatGithub(list: readonly Diagnostic[]): string {
  const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const escapeProp = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
  return list
    .filter((d) => !d.baselined)
    .map((d) => {
      const kind = d.severity === 'error' ? 'error' : 'warning';
      const props = `file=${escapeProp(escapeControls(d.file))},line=${d.line},col=${d.column},title=${escapeProp(d.code)}`;
      return `::${kind} ${props}::${escapeData(terminalLines(`${d.message} ${d.hint}`))}`;
    })
    .join('\n');
}
