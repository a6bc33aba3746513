import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { check } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every regular expression literal in the code that ships is checked for
 * super-linear backtracking (ReDoS) by recheck: pages, site.yaml and
 * VuePress configs are text nobody here wrote, and one pattern that takes
 * quadratic time on a long run of blanks stalls a build for minutes
 * (tests/unit/cli/hostile-text.test.ts has the cases found this way).
 * A pattern that only ever sees short text may stay, listed below with why.
 */
const ROOT = path.resolve(__dirname, '../..');
const SOURCES = ['cli/**/*.ts', 'shared/**/*.ts', 'viewer/**/*.{ts,tsx}', 'schema/**/*.ts'];

/** Patterns recheck reports that are safe where they are used: file, the pattern's source, and why. */
const BOUNDED: readonly { file: string; source: string; why: string }[] = [
  { file: 'cli/page/title.ts', source: '(^|[^><`\\\\])<.*>([^><`]|$)', why: 'cleanHeaderText reads at most MAX_CLEANED_LENGTH (1,000) characters' },
  { file: 'cli/page/title.ts', source: '(\\[(.[^\\]]+)\\]\\((.[^)]+)\\))', why: 'cleanHeaderText reads at most MAX_CLEANED_LENGTH (1,000) characters' },
  { file: 'cli/page/title.ts', source: '(`|\\*{1,3}|_)(.*?[^\\\\])\\1', why: 'cleanHeaderText reads at most MAX_CLEANED_LENGTH (1,000) characters' },
];

interface Literal {
  file: string;
  line: number;
  source: string;
  flags: string;
}

/** The regular expression literals of the shipped code, with their places. */
function literals(): Literal[] {
  const found: Literal[] = [];
  for (const file of fg.sync(SOURCES, { cwd: ROOT }).sort()) {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    const tree = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const visit = (node: ts.Node) => {
      if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
        const written = node.getText(tree);
        const end = written.lastIndexOf('/');
        found.push({ file, line: tree.getLineAndCharacterOfPosition(node.getStart(tree)).line + 1, source: written.slice(1, end), flags: written.slice(end + 1) });
      }
      ts.forEachChild(node, visit);
    };
    visit(tree);
  }
  return found;
}

/** recheck's verdict; its fuzzing is seeded, so a run gives the same answer each time. */
async function verdict(source: string, flags: string) {
  return check(source, flags, { timeout: 60_000, randomSeed: 1 });
}

/**
 * How long V8 takes over recheck's attack string, matching as the code does (every match of a /g pattern). A super-linear
 * pattern takes seconds on it (recheck sizes its attacks for about 10^8 steps or more); a linear one, a few milliseconds.
 */
const V8_ATTACK_BUDGET_MS = 250;
function millisecondsOnV8(source: string, flags: string, attack: string): number {
  const pattern = new RegExp(source, flags);
  const started = performance.now();
  if (!pattern.global && !pattern.sticky) {
    pattern.exec(attack);
  } else {
    for (let m = pattern.exec(attack); m; m = pattern.exec(attack)) {
      if (m[0] === '') pattern.lastIndex++;
    }
  }
  return performance.now() - started;
}

describe('regular expressions (ReDoS)', () => {
  const all = literals();

  it('finds the code’s patterns, and recheck tells a quadratic one', async () => {
    expect(all.length).toBeGreaterThan(200);
    // The shape that stalled builds before: a lazy capture before blanks at the end.
    const quadratic = await verdict('^\\s*<!--\\s*@include:\\s*(.+?)\\s*-->$', '');
    expect(quadratic.status).toBe('vulnerable');
    // …and V8 is slow on its attack too, so the guard's check on V8 lets no such pattern through.
    if (quadratic.status === 'vulnerable') expect(millisecondsOnV8(quadratic.source, quadratic.flags, quadratic.attack.string)).toBeGreaterThan(V8_ATTACK_BUDGET_MS);
    expect((await verdict('^ {0,3}:{3,}\\s*(?:([A-Za-z][\\w-]*)(?:\\s+(\\S[\\s\\S]*))?)?$', '')).status).toBe('safe');
  }, 60_000);

  it('no pattern backtracks super-linearly, but those listed as reading short text', async () => {
    const reported: string[] = [];
    const listed = new Set<string>();
    // recheck's native agent checks several patterns at once (on its own threads); V8's timings below are taken one at a time.
    const results = await Promise.all(all.map((literal) => verdict(literal.source, literal.flags)));
    for (const [at, literal] of all.entries()) {
      const result = results[at]!;
      if (result.status === 'safe') continue;
      const bounded = BOUNDED.find((b) => b.file === literal.file && b.source === literal.source);
      if (bounded && result.status === 'vulnerable') {
        listed.add(`${bounded.file} ${bounded.source}`);
        continue;
      }
      // recheck's attack is run on V8 itself: a pattern V8 reads it in linear time is safe where it runs (recheck models a
      // plain backtracking engine; under load its analysis has flagged such a pattern that it passes on a quiet machine).
      if (result.status === 'vulnerable' && millisecondsOnV8(literal.source, literal.flags, result.attack.string) < V8_ATTACK_BUDGET_MS) continue;
      const attack = result.status === 'vulnerable' ? ` (e.g. ${JSON.stringify(result.attack.pattern)})` : result.status === 'unknown' ? ` (${result.error.kind})` : '';
      reported.push(`${literal.file}:${literal.line} /${literal.source}/${literal.flags}: ${result.status}${attack}`);
    }
    expect(reported, 'rewrite these to read each character a bounded number of times (cli/support/text-scan.ts has scans for the usual shapes)').toEqual([]);
    // A listed pattern that is gone, or safe now, comes off the list.
    expect(BOUNDED.map((b) => `${b.file} ${b.source}`).filter((key) => !listed.has(key))).toEqual([]);
  }, 900_000);
});
