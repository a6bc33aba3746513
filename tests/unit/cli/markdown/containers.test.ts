import { describe, expect, it } from 'vitest';
import { markContainers } from '../../../../cli/markdown/containers';
import { pageTree } from '../../../helpers/pages';

describe('cli/markdown/containers', () => {
  it('rewrites marker lines in place, keeping the line count', () => {
    const input = '::: tip\ntext\n:::\n';
    const marked = markContainers(input);
    expect(marked.split('\n')).toHaveLength(input.split('\n').length);
    expect(marked).toContain('<!--docsbuild:open:tip:-->');
  });

  it('leaves markers inside fenced code alone', () => {
    const input = '```md\n::: tip\n:::\n```\n';
    expect(markContainers(input)).toBe(input);
  });

  it('groups a container written without blank lines', () => {
    const t = pageTree('::: warning\nCareful here.\n:::\n');
    expect(t.diagnostics).toEqual([]);
    expect(t.tree.children[0]).toMatchObject({ type: 'container', kind: 'warning', title: 'Warning' });
  });

  it('groups blocks, code included, and keeps a details title', () => {
    const t = pageTree('::: details Show the code\n\nIntro.\n\n```js\nx()\n```\n\n:::\n\nAfter.\n');
    const container = t.tree.children[0];
    expect(container).toMatchObject({ type: 'container', kind: 'details', title: 'Show the code' });
    expect(container?.type === 'container' && container.children.map((c) => c.type)).toEqual(['paragraph', 'code']);
    expect(t.tree.children[1]?.type).toBe('paragraph');
  });

  it('nests containers', () => {
    const t = pageTree('::: tip\n::: danger\ninner\n:::\n:::\n');
    const outer = t.tree.children[0];
    expect(outer?.type === 'container' && outer.children[0]).toMatchObject({ type: 'container', kind: 'danger' });
  });

  it('reports an unclosed container at its line', () => {
    const t = pageTree('# T\n\n::: tip\nnever closed\n');
    expect(t.diagnostics).toEqual([expect.objectContaining({ code: 'markdown/unclosed-container', line: 3 })]);
  });

  it('reports an unknown type and a stray end', () => {
    const t = pageTree('::: note\nx\n:::\n\n:::\n');
    expect(t.diagnostics.map((d) => [d.code, d.line])).toEqual([
      ['markdown/unknown-container', 1],
      ['markdown/stray-container-end', 5],
    ]);
  });

  it('closes a container right under a line of HTML (which would otherwise swallow the ":::")', () => {
    const t = pageTree('# T\n\n::: tip\n<div>one</div>\n<b onclick="x()">two</b>\n:::\nAfter.\n');
    expect(t.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([['html/removed', 5, 1]]);
    const container = t.tree.children[1];
    expect(container?.type === 'container' && container.children.map((c) => [c.type, c.position?.start.line])).toEqual([['html', 4]]);
    expect(container?.type === 'container' && container.children[0]).toMatchObject({ value: '<div>one</div>\n<b onclick="x()">two</b>' });
    // The HTML block goes on after the ":::" (no blank line): its rest stays HTML, on its own line.
    expect(t.tree.children[2]).toMatchObject({ type: 'html', value: 'After.', position: { start: { line: 7, column: 1 } } });
  });
});

