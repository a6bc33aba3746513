import { FIXED_CODES, isDiagnosticCode, type DiagnosticCode } from '../../schema/diagnostic-codes';
import { DIAGNOSTIC_CODES } from './catalogue';
import { diagnostic, type Diagnostic, type Place } from './diagnostic';
import { didYouMean } from './suggest';

/** The word that makes an HTML comment a suppression: `<!-- docsbuild-ignore link/dead the reason -->`. */
export const SUPPRESSION_KEYWORD = 'docsbuild-ignore';

/** Where a suppression comment starts; it runs to the first `-->` (what follows the keyword: codes, then the reason). */
export const SUPPRESSION_OPENER = /<!--\s*docsbuild-ignore\b/g;

/** A valid inline suppression, as the page stage found it. */
export interface Suppression {
  file: string;
  /** Where the comment starts, for its own diagnostics. */
  line: number;
  column: number;
  /** The line it applies to: the one after the comment (after a run of suppression comments, the one after the last). */
  target: number;
  codes: DiagnosticCode[];
  reason: string;
}

/** A code as written: "link/dead", maybe followed by "," or ":". */
const CODE_TOKEN = /^([a-z]+\/[a-z0-9-]+)[,:]?$/;

/**
 * Reads what follows the keyword: one or more codes, then the reason (which
 * may start with ":" or a dash). A comment that names no lowerable code or
 * gives no reason is refused with `suppression/invalid`, and suppresses
 * nothing: a deliberate exception says what it is for and why.
 */
export function parseSuppression(text: string, place: Place & { line: number; column: number }, target: number): Suppression | Diagnostic {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const codes: string[] = [];
  while (words.length > 0 && CODE_TOKEN.test(words[0]!)) codes.push(CODE_TOKEN.exec(words.shift()!)![1]!);
  const reason = words.join(' ').replace(/^[:—–-]+\s*/, '').trim();
  const invalid = (message: string, hint?: string) => diagnostic('suppression/invalid', place, message, hint, `${SUPPRESSION_KEYWORD} ${text.trim()}`);
  if (codes.length === 0) return invalid(`This ${SUPPRESSION_KEYWORD} comment names no diagnostic code.`);
  for (const code of codes) {
    if (!isDiagnosticCode(code)) {
      return invalid(`"${code}" is not a diagnostic code.`, didYouMean(code, DIAGNOSTIC_CODES, 'Use a code README.md#diagnostics lists.'));
    }
    const fixed = FIXED_CODES[code];
    if (fixed !== undefined) return invalid(`"${code}" cannot be suppressed: ${fixed}.`, 'Fix the problem: README.md#codes-that-stay-errors lists the codes nothing can lower.');
  }
  if (reason === '') {
    return invalid(
      `This ${SUPPRESSION_KEYWORD} comment gives no reason.`,
      `Say why after the code, for example <!-- ${SUPPRESSION_KEYWORD} ${codes[0]} the old API page is gone for good -->.`,
    );
  }
  return { file: place.file, line: place.line, column: place.column, target, codes: codes as DiagnosticCode[], reason };
}

/**
 * Leaves out each diagnostic a suppression names, on its target line, and
 * reports each code of a suppression that left nothing out (`suppression/unused`):
 * the problem was fixed, or moved away from the comment.
 */
export function applySuppressions(list: readonly Diagnostic[], suppressions: readonly Suppression[]): Diagnostic[] {
  if (suppressions.length === 0) return [...list];
  const byPlace = new Map<string, Suppression[]>();
  for (const s of suppressions) {
    const key = `${s.file}\n${s.target}`;
    byPlace.set(key, [...(byPlace.get(key) ?? []), s]);
  }
  const used = new Set<string>();
  const kept = list.filter((d) => {
    const match = byPlace.get(`${d.file}\n${d.line}`)?.find((s) => s.codes.includes(d.code));
    if (!match) return true;
    used.add(usedKey(match, d.code));
    return false;
  });
  for (const s of suppressions) {
    for (const code of s.codes) {
      if (used.has(usedKey(s, code))) continue;
      kept.push(
        diagnostic(
          'suppression/unused',
          s,
          `This ${SUPPRESSION_KEYWORD} comment is for "${code}" on line ${s.target}, and there is no such problem there.`,
          undefined,
          `${code} ${s.reason}`,
        ),
      );
    }
  }
  return kept;
}

function usedKey(s: Suppression, code: string): string {
  return `${s.file}\n${s.line}\n${s.column}\n${code}`;
}
