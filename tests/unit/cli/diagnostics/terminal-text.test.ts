import { describe, expect, it } from 'vitest';
import { diagnostic } from '../../../../cli/diagnostics/diagnostic';
import { formatGithub, formatJson, formatText } from '../../../../cli/diagnostics/format';
import { escapeControls, shortenValues, terminalLines } from '../../../../cli/diagnostics/terminal-text';

const ESC = '\u001b';

describe('cli/diagnostics/terminal-text (issue 18: escape sequences from pages reached the terminal raw)', () => {
  it('shows C0 and C1 controls, DEL and line separators escaped; keeps tabs and text', () => {
    expect(escapeControls(`a${ESC}[2Jb\u009b31mc\u0007d\u007fe\rf\ng\u2028h\ti é`)).toBe('a\\x1b[2Jb\\x9b31mc\\x07d\\x7fe\\rf\\ng\\u2028h\ti é');
  });

  it('cuts a long value with an ellipsis that says how much is left out, and leaves short ones alone', () => {
    const url = `https://example.com/${'x'.repeat(50_000)}`;
    const cut = shortenValues(`Link "${url}" points to no page.`);
    expect(cut.length).toBeLessThan(250);
    expect(cut).toMatch(/^Link "https:\/\/example\.com\/x+…\(49872 more characters\)…x+" points to no page\.$/);
    expect(shortenValues('a short /path/ here')).toBe('a short /path/ here');
  });

  it('formatText escapes the file, the message, the hint and the code frame, with colour or without', () => {
    const d = diagnostic('link/dead', { file: `content/${ESC}]0;pwned${ESC}\\.md`, line: 1, column: 1 }, `Link "/a${ESC}[2J" points to no page.`);
    for (const color of [false, true]) {
      const text = formatText([d], { color, getSource: () => `[x](/a${ESC}[2J)\n` });
      const withoutOurColours = text.replace(/\u001b\[[0-9;]*m/g, '');
      expect(withoutOurColours).not.toContain(ESC);
      expect(withoutOurColours).toContain('content/\\x1b]0;pwned\\x1b\\.md:1:1');
      expect(withoutOurColours).toContain('Link "/a\\x1b[2J" points to no page.');
      expect(withoutOurColours).toContain('> 1 | [x](/a\\x1b[2J)');
    }
  });

  it('GitHub annotations are escaped and cut too; JSON keeps the value whole (JSON escapes controls itself)', () => {
    const long = `/${'y'.repeat(50_000)}`;
    const d = diagnostic('link/dead', { file: 'content/a.md', line: 2, column: 3 }, `Link "${long}${ESC}[2J" points to no page.`);
    const github = formatGithub([d]);
    expect(github).not.toContain(ESC);
    expect(github.length).toBeLessThan(600);
    const json = formatJson([d], 1);
    expect(json).not.toContain(ESC);
    expect((JSON.parse(json) as { diagnostics: { message: string }[] }).diagnostics[0]!.message).toBe(d.message);
  });

  it('keeps the line ends of a several-line message, escaping each line', () => {
    expect(terminalLines(`first ${ESC}[1m\nsecond`)).toBe('first \\x1b[1m\nsecond');
  });
});
