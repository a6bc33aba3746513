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

describe('regular expressions (ReDoS)', () => {
  const all = literals();

  it('finds the code’s patterns, and recheck tells a quadratic one', async () => {
    expect(all.length).toBeGreaterThan(200);
    // The shape that stalled builds before: a lazy capture before blanks at the end.
    expect((await verdict('^\\s*<!--\\s*@include:\\s*(.+?)\\s*-->$', '')).status).toBe('vulnerable');
    expect((await verdict('^ {0,3}:{3,}\\s*(?:([A-Za-z][\\w-]*)(?:\\s+(\\S[\\s\\S]*))?)?$', '')).status).toBe('safe');
  }, 60_000);

  it('no pattern backtracks super-linearly, but those listed as reading short text', async () => {
    const reported: string[] = [];
    const listed = new Set<string>();
    for (const literal of all) {
      const result = await verdict(literal.source, literal.flags);
      if (result.status === 'safe') continue;
      const bounded = BOUNDED.find((b) => b.file === literal.file && b.source === literal.source);
      if (bounded && result.status === 'vulnerable') {
        listed.add(`${bounded.file} ${bounded.source}`);
        continue;
      }
      const attack = result.status === 'vulnerable' ? ` (e.g. ${JSON.stringify(result.attack.pattern)})` : result.status === 'unknown' ? ` (${result.error.kind})` : '';
      reported.push(`${literal.file}:${literal.line} /${literal.source}/${literal.flags}: ${result.status}${attack}`);
    }
    expect(reported, 'rewrite these to read each character a bounded number of times (cli/support/text-scan.ts has scans for the usual shapes)').toEqual([]);
    // A listed pattern that is gone, or safe now, comes off the list.
    expect(BOUNDED.map((b) => `${b.file} ${b.source}`).filter((key) => !listed.has(key))).toEqual([]);
  }, 900_000);
});
