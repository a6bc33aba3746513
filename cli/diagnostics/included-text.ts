import type { Diagnostic } from './diagnostic';

/** Problems with the include itself (a missing file, a cycle, a path outside the project): they are about the line, not the text it brings. */
const ABOUT_THE_INCLUDE = new Set(['link/missing-file', 'markdown/include-cycle', 'markdown/include-outside-project']);

/**
 * Included text has no lines of its own in its page (its nodes take the
 * including line's position, markdown/imports.ts): a problem found in it
 * says which file it is in, so the writer knows where to fix it. The same
 * problem twice at one place (a file included twice, a link written twice
 * in it) is reported once.
 */
export function placeIncludedProblems(found: readonly Diagnostic[], includeLines: ReadonlyMap<string, ReadonlyMap<number, string>>): Diagnostic[] {
  const seen = new Set<string>();
  const placed: Diagnostic[] = [];
  for (const problem of found) {
    const included = ABOUT_THE_INCLUDE.has(problem.code) ? undefined : includeLines.get(problem.file)?.get(problem.line);
    const diagnostic = included === undefined ? problem : { ...problem, message: `${problem.message} It comes from ${included}, included on this line.` };
    const key = JSON.stringify([diagnostic.code, diagnostic.severity, diagnostic.file, diagnostic.line, diagnostic.column, diagnostic.message, diagnostic.subject]);
    if (seen.has(key)) continue;
    seen.add(key);
    placed.push(diagnostic);
  }
  return placed;
}
