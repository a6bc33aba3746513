import { describe, expect, it } from 'vitest';
import { findSuppressions } from '../../../../cli/page/suppressions';
import { pageTree } from '../../../helpers/pages';

const find = (text: string) => findSuppressions(pageTree(text));

describe('cli/page/suppressions', () => {
  it('finds a suppression comment and points it at the next line, in file lines', () => {
    const { suppressions, diagnostics } = find('---\ntitle: T\n---\n\n<!-- docsbuild-ignore link/dead the old API is gone -->\nSee [old](/old/).\n');
    expect(diagnostics).toEqual([]);
    expect(suppressions).toEqual([{ file: 'content/page.md', line: 5, column: 1, target: 6, codes: ['link/dead'], reason: 'the old API is gone' }]);
  });

  it('stacks comments in a row onto the first line after them', () => {
    const { suppressions } = find('# T\n\n<!-- docsbuild-ignore link/dead gone -->\n<!-- docsbuild-ignore link/dead-anchor renamed -->\n[x](/old/#a)\n');
    expect(suppressions.map((s) => [s.line, s.target])).toEqual([
      [3, 5],
      [4, 5],
    ]);
  });

  it('finds an inline comment, and one inside a paragraph', () => {
    const { suppressions } = find('# T\n\nText <!-- docsbuild-ignore constant/unknown on purpose -->\n{{ $const.NOPE }}\n');
    expect(suppressions).toMatchObject([{ line: 3, column: 6, target: 4, codes: ['constant/unknown'] }]);
  });

  it('ignores the text in code blocks and other comments', () => {
    const { suppressions, diagnostics } = find('# T\n\n```html\n<!-- docsbuild-ignore link/dead x -->\n```\n\n<!-- a note -->\n`<!-- docsbuild-ignore link/dead x -->`\n');
    expect(suppressions).toEqual([]);
    expect(diagnostics).toEqual([]);
  });

  it('reports a comment without a reason at its own line, and does not let it suppress', () => {
    const { suppressions, diagnostics } = find('# T\n\n<!-- docsbuild-ignore link/dead -->\n[x](/old/)\n');
    expect(suppressions).toEqual([]);
    expect(diagnostics.map((d) => `${d.code}@${d.line}:${d.column}`)).toEqual(['suppression/invalid@3:1']);
  });
});
