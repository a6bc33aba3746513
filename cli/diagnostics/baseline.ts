import { BASELINE_VERSION, BaselineSchema, type Baseline, type BaselineEntry } from '../../schema/baseline';
import { canLower } from './catalogue';
import type { Diagnostic } from './diagnostic';

/**
 * The baseline: the problems a site had when it adopted docsbuild, recorded
 * so that a run fails only on new ones. Pure: reading and writing the file
 * is the CLI's (config.ts reads it, bin.ts writes it).
 */
export const DEFAULT_BASELINE_FILE = 'docsbuild-baseline.json';

/** What a run reports of its baseline: the file, how many problems it knew in how many files, and its entries now fixed. */
export interface BaselineReport {
  /** Relative to the root. */
  file: string;
  known: number;
  files: number;
  stale: BaselineEntry[];
}

/** What a run found against a baseline. */
export interface BaselineMatch {
  /** The same diagnostics, each marked `baselined` true or false. */
  diagnostics: Diagnostic[];
  /** How many are baselined, and in how many files. */
  known: number;
  files: number;
  /** Entries no current problem matches: fixed, so the file can drop them. Sorted. */
  stale: BaselineEntry[];
}

/** The text a problem is known by: what the check names as offending, else its message. */
export function fingerprintText(d: Diagnostic): string {
  return d.subject ?? d.message;
}

/**
 * Each diagnostic's baseline entry, in the list's order, or undefined for a
 * code that cannot be lowered (nothing may let it pass). The occurrence
 * index counts the problems of one code and text in one file in the order
 * of the list, which is sorted by line: the second dead link to "/x/" in a
 * file is occurrence 1 wherever it moves, as long as it stays the second.
 */
export function fingerprintsOf(list: readonly Diagnostic[]): (BaselineEntry | undefined)[] {
  const seen = new Map<string, number>();
  return list.map((d) => {
    if (!canLower(d.code)) return undefined;
    const text = fingerprintText(d);
    const key = keyOf({ file: d.file, code: d.code, text, occurrence: 0 });
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    return { file: d.file, code: d.code, text, occurrence };
  });
}

/** The baseline of a run's problems: every one that may be baselined, sorted so that the file diffs well. */
export function baselineOf(list: readonly Diagnostic[]): Baseline {
  const problems = fingerprintsOf(list).filter((e): e is BaselineEntry => e !== undefined);
  return { version: BASELINE_VERSION, problems: problems.sort(compareEntries) };
}

/** Marks each diagnostic the baseline lists (each entry matches one problem at most) and finds the entries nothing matched. */
export function matchBaseline(list: readonly Diagnostic[], baseline: Baseline): BaselineMatch {
  const unused = new Map(baseline.problems.map((entry) => [keyOf(entry), entry]));
  const files = new Set<string>();
  let known = 0;
  const entries = fingerprintsOf(list);
  const diagnostics = list.map((d, at) => {
    const entry = entries[at];
    const key = entry && keyOf(entry);
    const baselined = key !== undefined && unused.delete(key);
    if (baselined) {
      known++;
      files.add(d.file);
    }
    return { ...d, baselined };
  });
  return { diagnostics, known, files: files.size, stale: [...unused.values()].sort(compareEntries) };
}

/**
 * The file's text: one problem a line, keys in a fixed order, sorted, so a
 * review shows exactly which problems came and went.
 */
export function serializeBaseline(baseline: Baseline): string {
  const lines = [...baseline.problems]
    .sort(compareEntries)
    .map((e) => `    ${JSON.stringify({ file: e.file, code: e.code, text: e.text, occurrence: e.occurrence })}`);
  const problems = lines.length === 0 ? '[]' : `[\n${lines.join(',\n')}\n  ]`;
  return `{\n  "version": ${baseline.version},\n  "problems": ${problems}\n}\n`;
}

/** The file's text read back; a text that is not a baseline gives the reason. */
export function parseBaseline(text: string): { baseline: Baseline } | { error: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { error: `is not JSON: ${(error as Error).message}` };
  }
  const parsed = BaselineSchema.safeParse(raw);
  if (parsed.success) return { baseline: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { error: `is not a docsbuild baseline: ${issue.path.join('.') || '(root)'}: ${issue.message}` };
}

function keyOf(e: BaselineEntry): string {
  return `${e.file}\u0000${e.code}\u0000${e.text}\u0000${e.occurrence}`;
}

function compareEntries(a: BaselineEntry, b: BaselineEntry): number {
  return compare(a.file, b.file) || compare(a.code, b.code) || compare(a.text, b.text) || a.occurrence - b.occurrence;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
