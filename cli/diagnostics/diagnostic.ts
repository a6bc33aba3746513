import { CATALOGUE, type DiagnosticCode, type Severity } from './catalogue';

/** A problem found in the input, as data. Stages return these; only the CLI prints them. */
export interface Diagnostic {
  code: DiagnosticCode;
  severity: Severity;
  /** Path of the file, relative to the project root, with "/" separators. */
  file: string;
  /** 1-based line and column. */
  line: number;
  column: number;
  message: string;
  hint: string;
  /**
   * The offending text as written (a link's URL, a constant's name, a key):
   * with the code and file, what a baseline knows the problem by, so that
   * neither an edit elsewhere in the file nor a reworded message changes it.
   * Without one, the message stands in.
   */
  subject?: string;
  /** Set once a run has compared its problems with the baseline: true for a known problem, which does not fail the run. */
  baselined?: boolean;
}

export interface Place {
  file: string;
  line?: number;
  column?: number;
}

/**
 * Builds a diagnostic from the catalogue; `hint` overrides the catalogue's
 * when more specific, and `subject` is the offending text (see Diagnostic).
 */
export function diagnostic(code: DiagnosticCode, place: Place, message: string, hint?: string, subject?: string): Diagnostic {
  const entry = CATALOGUE[code];
  const made: Diagnostic = {
    code,
    severity: entry.severity,
    file: place.file,
    line: Math.max(1, place.line ?? 1),
    column: Math.max(1, place.column ?? 1),
    message,
    hint: hint ?? entry.hint,
  };
  if (subject !== undefined) made.subject = subject;
  return made;
}

/** Sorted by file, then line, column and code, so output is stable. */
export function sortDiagnostics(list: readonly Diagnostic[]): Diagnostic[] {
  return [...list].sort(
    (a, b) =>
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
      a.line - b.line ||
      a.column - b.column ||
      (a.code < b.code ? -1 : a.code > b.code ? 1 : 0) ||
      (a.message < b.message ? -1 : a.message > b.message ? 1 : 0),
  );
}

/** Errors and warnings that count against a run: baselined ones are left out. */
export function countBySeverity(list: readonly Diagnostic[]): { errors: number; warnings: number } {
  let errors = 0;
  let warnings = 0;
  for (const d of list) {
    if (d.baselined) continue;
    if (d.severity === 'error') errors++;
    else warnings++;
  }
  return { errors, warnings };
}

/** Whether a list holds an error that is not baselined: such a run writes nothing and fails. */
export function hasErrors(list: readonly Diagnostic[]): boolean {
  return list.some((d) => d.severity === 'error' && !d.baselined);
}
