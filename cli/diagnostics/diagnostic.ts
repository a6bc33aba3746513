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
}

export interface Place {
  file: string;
  line?: number;
  column?: number;
}

/** Builds a diagnostic from the catalogue; `hint` overrides the catalogue's when more specific. */
export function diagnostic(code: DiagnosticCode, place: Place, message: string, hint?: string): Diagnostic {
  const entry = CATALOGUE[code];
  return {
    code,
    severity: entry.severity,
    file: place.file,
    line: Math.max(1, place.line ?? 1),
    column: Math.max(1, place.column ?? 1),
    message,
    hint: hint ?? entry.hint,
  };
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

export function countBySeverity(list: readonly Diagnostic[]): { errors: number; warnings: number } {
  let errors = 0;
  for (const d of list) if (d.severity === 'error') errors++;
  return { errors, warnings: list.length - errors };
}
