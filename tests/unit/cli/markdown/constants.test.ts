import { toString } from 'mdast-util-to-string';
import { describe, expect, it } from 'vitest';
import { pageTree } from '../../../helpers/pages';

const constants = { LIMIT: '512KB', NODE: '14' };

describe('cli/markdown/constants', () => {
  it('interpolates both syntaxes in text and inline code', () => {
    const t = pageTree('Limit {{ $const.LIMIT }}, Node `v{{ $site.themeConfig.NODE }}`.\n', { constants });
    expect(toString(t.tree)).toBe('Limit 512KB, Node v14.');
    expect([...t.scope.used].sort()).toEqual(['LIMIT', 'NODE']);
  });

  it('never interpolates inside fenced code', () => {
    const t = pageTree('```js\nconst x = "{{ $const.LIMIT }}"\n```\n', { constants });
    expect(toString(t.tree)).toContain('{{ $const.LIMIT }}');
    expect(t.scope.used.size).toBe(0);
  });

  it('interpolates in headings, so header titles carry the value', () => {
    const t = pageTree('## Up to {{ $const.LIMIT }}\n', { constants });
    expect(toString(t.tree)).toBe('Up to 512KB');
  });

  it('leaves other double-brace text (step references) as written', () => {
    const t = pageTree('Use `{{steps.trigger.event.body}}` in a param.\n', { constants });
    expect(toString(t.tree)).toBe('Use {{steps.trigger.event.body}} in a param.');
    expect(t.diagnostics).toEqual([]);
  });

  it('reports an unknown constant at its position with a suggestion', () => {
    const t = pageTree('---\ntitle: T\n---\n\nFirst line\nsecond {{ $const.LIMT }} here\n', { constants });
    expect(t.diagnostics).toEqual([expect.objectContaining({ code: 'constant/unknown', line: 6, column: 8 })]);
    expect(t.diagnostics[0]?.hint).toMatch(/^Did you mean "LIMIT"\?/);
  });

  it('interpolates frontmatter title and description', () => {
    const t = pageTree('---\ntitle: Max {{ $const.LIMIT }}\ndescription: Node {{ $const.NODE }}\n---\n', { constants });
    expect(t.title).toBe('Max 512KB');
    expect(t.description).toBe('Node 14');
  });
});
