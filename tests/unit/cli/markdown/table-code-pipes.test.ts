import { describe, expect, it } from 'vitest';
import { protectCodePipes } from '../../../../cli/markdown/table-code-pipes';
import { renderMarkdown } from '../../../helpers/render';

const TABLE = [
  '# Callbacks',
  '',
  '| Name | Returns | Description',
  '| ---- | ------- | -----------',
  '| `title` | `string | string[]` | Text of the title.',
  '| `label` | ``a | `b` | c`` | Text of the label.',
  '',
  'After the table, `x | y` is plain code.',
  '',
].join('\n');

describe('cli/markdown/table-code-pipes', () => {
  it('in a VuePress tree, a pipe in a table row\'s code stays in its cell, as markdown-it 8 reads it', async () => {
    const { html } = await renderMarkdown(TABLE, { vuepress: true });
    expect(html).toContain('<td><code>string | string[]</code></td>\n<td>Text of the title.</td>');
    expect(html).toContain('<td><code>a | `b` | c</code></td>\n<td>Text of the label.</td>');
    expect(html).toContain('<code>x | y</code> is plain code.');
  });

  it('keeps every line its length (no position moves) and leaves other lines, and fenced code, as they are', () => {
    const fenced = '```md\n| a | b |\n| - | - |\n| `c | d` | e |\n```\n';
    expect(protectCodePipes(fenced)).toBe(fenced);
    const swapped = protectCodePipes(TABLE).split('\n');
    TABLE.split('\n').forEach((line, i) => expect(swapped[i]!.length).toBe(line.length));
    expect(swapped[4]).not.toContain('string | string');
    expect(swapped[7]).toBe('After the table, `x | y` is plain code.');
  });

  it('outside a VuePress tree, GFM splits the cell there, and the row\'s lost cell is reported where it starts', async () => {
    const { html, tree } = await renderMarkdown(TABLE);
    expect(html).toContain('<td>`string</td>');
    expect(tree.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([
      ['markdown/table-extra-cells', 5, 33],
      ['markdown/table-extra-cells', 6, 23],
    ]);
    expect((await renderMarkdown(TABLE, { vuepress: true })).tree.diagnostics).toEqual([]);
  });
});
