import { describe, expect, it } from 'vitest';
import { baselineOf, fingerprintsOf, matchBaseline, parseBaseline, serializeBaseline } from '../../../../cli/diagnostics/baseline';
import { sortDiagnostics, type Diagnostic } from '../../../../cli/diagnostics/diagnostic';

/** A dead link to `url` at a line of a file, as the link check reports it. */
const dead = (url: string, line: number, file = 'content/a.md'): Diagnostic => ({
  code: 'link/dead',
  severity: 'error',
  file,
  line,
  column: 5,
  message: `Link "${url}" points to no page.`,
  hint: '',
  subject: url,
});
const run = (...list: Diagnostic[]) => sortDiagnostics(list);
const marks = (list: Diagnostic[]) => list.map((d) => `${d.line}:${d.subject ?? d.code} ${d.baselined ? 'known' : 'new'}`);

describe('cli/diagnostics/baseline', () => {
  const before = run(dead('/x/', 3), dead('/y/', 7), dead('/x/', 12), dead('/z/', 2, 'content/b.md'));
  const baseline = baselineOf(before);

  it('fingerprints a problem by code, file, offending text and occurrence, never by line', () => {
    expect(baseline.problems).toEqual([
      { file: 'content/a.md', code: 'link/dead', text: '/x/', occurrence: 0 },
      { file: 'content/a.md', code: 'link/dead', text: '/x/', occurrence: 1 },
      { file: 'content/a.md', code: 'link/dead', text: '/y/', occurrence: 0 },
      { file: 'content/b.md', code: 'link/dead', text: '/z/', occurrence: 0 },
    ]);
  });

  it('still matches every problem after lines are inserted above them', () => {
    const after = matchBaseline(run(dead('/x/', 13), dead('/y/', 17), dead('/x/', 22), dead('/z/', 2, 'content/b.md')), baseline);
    expect(after.diagnostics.every((d) => d.baselined)).toBe(true);
    expect(after).toMatchObject({ known: 4, files: 2, stale: [] });
  });

  it('still matches when the same text moves within the file', () => {
    const after = matchBaseline(run(dead('/y/', 1), dead('/x/', 40), dead('/x/', 41), dead('/z/', 2, 'content/b.md')), baseline);
    expect(marks(after.diagnostics)).toEqual(['1:/y/ known', '40:/x/ known', '41:/x/ known', '2:/z/ known']);
  });

  it('counts a new occurrence of a baselined text as new', () => {
    const after = matchBaseline(run(dead('/x/', 3), dead('/y/', 7), dead('/x/', 12), dead('/x/', 20), dead('/z/', 2, 'content/b.md')), baseline);
    expect(marks(after.diagnostics)).toEqual(['3:/x/ known', '7:/y/ known', '12:/x/ known', '20:/x/ new', '2:/z/ known']);
    expect(after.known).toBe(4);
  });

  it('counts the same text in another file, or under another code, as new', () => {
    const anchor: Diagnostic = { ...dead('/x/', 3), code: 'link/dead-anchor' };
    const after = matchBaseline(run(dead('/x/', 3, 'content/c.md'), anchor), baseline);
    expect(after.diagnostics.map((d) => d.baselined)).toEqual([false, false]);
  });

  it('lists the entries no problem matches any more: fixed problems', () => {
    const after = matchBaseline(run(dead('/x/', 3), dead('/z/', 2, 'content/b.md')), baseline);
    expect(after.stale).toEqual([
      { file: 'content/a.md', code: 'link/dead', text: '/x/', occurrence: 1 },
      { file: 'content/a.md', code: 'link/dead', text: '/y/', occurrence: 0 },
    ]);
    expect(after).toMatchObject({ known: 2, files: 2 });
  });

  it('falls back on the message for a problem without a subject, and never records a code that cannot be lowered', () => {
    const noTitle: Diagnostic = { code: 'page/no-title', severity: 'error', file: 'content/a.md', line: 1, column: 1, message: 'a.md has no title.', hint: '' };
    const duplicate: Diagnostic = { ...noTitle, code: 'page/duplicate-path', message: 'a.md and b.md both claim the path /a/.' };
    expect(fingerprintsOf([noTitle, duplicate])).toEqual([{ file: 'content/a.md', code: 'page/no-title', text: 'a.md has no title.', occurrence: 0 }, undefined]);
    const matched = matchBaseline([duplicate], { version: 1, problems: [{ file: 'content/a.md', code: 'page/duplicate-path', text: duplicate.message, occurrence: 0 }] });
    expect(matched.diagnostics[0]!.baselined).toBe(false);
    expect(matched.stale).toHaveLength(1);
  });

  it('writes one sorted problem a line, the same bytes for the same problems in any order, and reads it back', () => {
    const text = serializeBaseline(baseline);
    expect(text).toBe(
      [
        '{',
        '  "version": 1,',
        '  "problems": [',
        '    {"file":"content/a.md","code":"link/dead","text":"/x/","occurrence":0},',
        '    {"file":"content/a.md","code":"link/dead","text":"/x/","occurrence":1},',
        '    {"file":"content/a.md","code":"link/dead","text":"/y/","occurrence":0},',
        '    {"file":"content/b.md","code":"link/dead","text":"/z/","occurrence":0}',
        '  ]',
        '}',
        '',
      ].join('\n'),
    );
    expect(serializeBaseline({ ...baseline, problems: [...baseline.problems].reverse() })).toBe(text);
    expect(parseBaseline(text)).toEqual({ baseline });
    expect(serializeBaseline(baselineOf([]))).toBe('{\n  "version": 1,\n  "problems": []\n}\n');
  });

  it('refuses a file that is not a baseline, saying why', () => {
    expect(parseBaseline('{')).toMatchObject({ error: expect.stringMatching(/^is not JSON/) });
    expect(parseBaseline('{"version":2,"problems":[]}')).toMatchObject({ error: expect.stringMatching(/^is not a docsbuild baseline: version/) });
    expect(parseBaseline('{"version":1,"problems":[{"file":"a","code":"link/dead","text":"x"}]}')).toMatchObject({
      error: expect.stringMatching(/problems\.0\.occurrence/),
    });
  });
});
