import { toString } from 'mdast-util-to-string';
import { describe, expect, it } from 'vitest';
import type { Code } from 'mdast';
import { visit } from 'unist-util-visit';
import { createCodeHighlighter } from '../../../../cli/markdown/highlight';
import { fenceLanguages, splitConstantsSuffix } from '../../../../cli/markdown/fences';
import { extractOutline } from '../../../../cli/page/outline';
import { renderPage } from '../../../../cli/page/render';
import { pageTree } from '../../../helpers/pages';
import { textFactsOf } from '../../../../cli/source/text-facts';

const codeNodes = (tree: Parameters<typeof visit>[0]): Code[] => {
  const found: Code[] = [];
  visit(tree, 'code', (node: Code) => void found.push(node));
  return found;
};

const constants = { LIMIT: '512KB', NODE: '14' };

describe('cli/markdown/constants', () => {
  it('interpolates both syntaxes in text and inline code', () => {
    const t = pageTree('Limit {{ $const.LIMIT }}, Node `v{{ $site.themeConfig.NODE }}`.\n', { constants });
    expect(toString(t.tree)).toBe('Limit 512KB, Node v14.');
    expect([...t.scope.used].sort()).toEqual(['LIMIT', 'NODE']);
    // VuePress's $themeConfig, its alias for $site.themeConfig: filled in, no warning, and in the page's facts (its cache key).
    const alias = pageTree('Node {{ $themeConfig.NODE }}.\n', { constants });
    expect(toString(alias.tree)).toBe('Node 14.');
    expect(alias.diagnostics).toEqual([]);
    expect(textFactsOf('Node {{ $themeConfig.NODE }} and {{ $const.LIMIT }}.').constants).toEqual(['LIMIT', 'NODE']);
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

  describe('the -const opt-in on a fence', () => {
    it('fills in constants in a block fenced as <lang>-const, and highlights it as <lang>', () => {
      const t = pageTree('```bash-const\ncurl {{ $const.LIMIT }}/x # {{ $site.themeConfig.NODE }}\n```\n', { constants });
      const [code] = codeNodes(t.tree);
      expect(code).toMatchObject({ lang: 'bash', value: 'curl 512KB/x # 14' });
      expect([...t.scope.used].sort()).toEqual(['LIMIT', 'NODE']);
      expect(t.diagnostics).toEqual([]);
    });

    it('keeps step references and other double-brace text literal inside an opted-in block', () => {
      const t = pageTree('```js-const\nconst url = "{{ $const.LIMIT }}"; // {{steps.trigger.event}} {{ name }}\n```\n', { constants });
      expect(codeNodes(t.tree)[0]?.value).toBe('const url = "512KB"; // {{steps.trigger.event}} {{ name }}');
    });

    it('leaves a block without the suffix as written, even next to one with it', () => {
      const t = pageTree('```bash\n{{ $const.LIMIT }}\n```\n\n```text-const\n{{ $const.NODE }}\n```\n', { constants });
      expect(codeNodes(t.tree).map((c) => [c.lang, c.value])).toEqual([['bash', '{{ $const.LIMIT }}'], ['text', '14']]);
      expect([...t.scope.used]).toEqual(['NODE']);
    });

    it('reports an unknown constant in an opted-in block at its file line and column', () => {
      const t = pageTree('---\ntitle: T\n---\n\n```bash-const\necho ok\n  curl {{ $const.LIMT }}/x\n```\n', { constants });
      expect(t.diagnostics).toEqual([expect.objectContaining({ code: 'constant/unknown', line: 7, column: 8 })]);
      expect(t.diagnostics[0]?.hint).toMatch(/^Did you mean "LIMIT"\?/);
    });

    it('reports no unknown language for a known language with the suffix', () => {
      expect(pageTree('```js-const\nx\n```\n', { constants }).diagnostics).toEqual([]);
      expect(pageTree('```nope-const\nx\n```\n', { constants }).diagnostics).toEqual([
        expect.objectContaining({ code: 'markdown/unknown-code-language', message: expect.stringContaining('"nope"') }),
      ]);
    });

    it('is found by the quick fence scan as its language, so the highlighter loads it', () => {
      expect(fenceLanguages(['```bash-const\nx\n```\n', '~~~JS-const\n~~~\n'])).toEqual(['bash', 'js']);
      expect(splitConstantsSuffix('-const')).toEqual({ lang: '-const', constants: false });
      expect(splitConstantsSuffix('python-CONST')).toEqual({ lang: 'python', constants: true });
    });

    it('renders the filled-in, highlighted block', async () => {
      const highlighter = await createCodeHighlighter(['bash']);
      const t = pageTree('```bash-const\ncurl {{ $const.LIMIT }}\n```\n', { constants });
      const { html } = renderPage(t, extractOutline(t, { headerLevels: [2, 3] }), { highlighter });
      expect(html).toContain('data-lang="bash"');
      expect(html).toContain('512KB');
      expect(html).not.toContain('$const');
    });
  });
});
