import { describe, expect, it } from 'vitest';
import { beforeAny, delimited, lineLocator, trimCharacter, trimEndCharacter } from '../../../../cli/support/text-scan';
import { createRng, type Rng } from '../../../bench/prng';

/** Random short texts over a few pieces: every way the pieces meet, many times over. */
function texts(rng: Rng, pieces: readonly string[], count: number): string[] {
  return Array.from({ length: count }, () => Array.from({ length: rng.int(0, 12) }, () => rng.pick(pieces)).join(''));
}

/** What a regular expression finds, in the shape `delimited` gives. */
function byExpression(text: string, pattern: RegExp): [number, number, string][] {
  return [...text.matchAll(pattern)].map((m) => [m.index, m.index + m[0].length, m[1]!]);
}

function byScan(text: string, opener: RegExp, closer: string, sameLine: boolean): [number, number, string][] {
  return [...delimited(text, opener, closer, { sameLine })].map((d) => [d.index, d.end, d.inner]);
}

describe('delimited', () => {
  it('finds what OPENER(.*?)CLOSER finds, on its line or across lines', () => {
    const rng = createRng('delimited');
    const pieces = ['<!--', '-->', '-', '->', ' ', 'x', '\n', '\u2028', 'docsbuild-ignore', '<!-- docsbuild-ignore'];
    for (const text of texts(rng, pieces, 20_000)) {
      expect(byScan(text, /<!--\s*docsbuild-ignore\b/g, '-->', false), JSON.stringify(text)).toEqual(byExpression(text, /<!--\s*docsbuild-ignore\b([\s\S]*?)-->/g));
      expect(byScan(text, /<!--\s*docsbuild-ignore\b/g, '-->', true), JSON.stringify(text)).toEqual(byExpression(text, /<!--\s*docsbuild-ignore\b(.*?)-->/g));
    }
    // An opener whose blanks run across lines, as `\s*` lets them.
    const vue = ['{{', '{{ ', '$', 'a', '}}', '}', '\n', ' ', '$const.', 'x'];
    for (const text of texts(rng, vue, 20_000)) {
      const expected = byExpression(text, /(\{\{\s*\$(?!const\.)[\w$.[\]'"]+.*?\}\})/g).map(([from, to]) => [from, to, text.slice(from, to)]);
      expect(byScan(text, /\{\{\s*\$(?!const\.)[\w$.[\]'"]/g, '}}', true).map(([from, to]) => [from, to, text.slice(from, to)]), JSON.stringify(text)).toEqual(expected);
    }
  });

  it('reads openers by the ten thousand without a closer once', () => {
    const text = `${'!!!include('.repeat(50_000)}\n${'!!!include('.repeat(50_000)})!!!`;
    const found = [...delimited(text, /!!!include\(/g, ')!!!', { sameLine: true })];
    // The second line's first opener, up to the one closer: as the lazy expression reads it.
    expect(found.map((d) => [d.index, d.end])).toEqual([[550_001, text.length]]);
    expect([...delimited('<!--'.repeat(100_000), /<!--/g, '-->', { sameLine: false })]).toEqual([]);
  }, 10_000);

  it('keeps its place its own when another search uses the same pattern meanwhile', () => {
    const shared = /\[/g;
    const outer = delimited('[a] [b]', shared, ']', { sameLine: true });
    const first = outer.next().value!;
    expect([...delimited('[c]', shared, ']', { sameLine: true })].map((d) => d.inner)).toEqual(['c']);
    expect([first.inner, ...[...outer].map((d) => d.inner)]).toEqual(['a', 'b']);
  });
});

describe('trims, cuts and places', () => {
  it('trim a character as the end-anchored expressions did', () => {
    const rng = createRng('trims');
    for (const text of texts(rng, ['-', '--', 'a', '/', '\n', ' '], 5_000)) {
      expect(trimCharacter(text, '-')).toBe(text.replace(/^-+|-+$/g, ''));
      expect(trimEndCharacter(text, '\n')).toBe(text.replace(/\n+$/, ''));
      expect(beforeAny(text, '/-')).toBe(text.replace(/[/-][^]*$/, ''));
    }
    expect(trimCharacter(`a${'-'.repeat(300_000)}b`, '-')).toHaveLength(300_002);
  });

  it('place each index at its line and column, as counting the lines before it does', () => {
    const rng = createRng('lines');
    for (const text of texts(rng, ['a', '\n', 'bc', '\n\n'], 2_000)) {
      const locate = lineLocator(text);
      for (let index = 0; index <= text.length; index++) {
        const before = text.slice(0, index).split('\n');
        expect(locate(index)).toEqual({ line: before.length - 1, column: before.at(-1)!.length });
      }
    }
  });
});
