import { beforeAll, describe, expect, it } from 'vitest';
import { lineList, parseFenceInfo } from '../../../../cli/markdown/fence-info';
import { createCodeHighlighter, knownLanguageNames, type Highlighter } from '../../../../cli/markdown/highlight';
import { extractOutline } from '../../../../cli/page/outline';
import { renderPage } from '../../../../cli/page/render';
import { pageTree } from '../../../helpers/pages';

describe('cli/markdown/fence-info', () => {
  it('reads VuePress and VitePress info strings', () => {
    expect(parseFenceInfo('js{4}', '')).toEqual({ lang: 'js', options: { highlight: [4] } });
    expect(parseFenceInfo('ts{1,3-4}', '[app.ts] :line-numbers')).toEqual({ lang: 'ts', options: { highlight: [1, 3, 4], lineNumbers: true, title: 'app.ts' } });
    expect(parseFenceInfo('sh:no-line-numbers', '')).toEqual({ lang: 'sh', options: { highlight: [], lineNumbers: false } });
    expect(parseFenceInfo('js', '{2}')).toEqual({ lang: 'js', options: { highlight: [2] } });
    expect(parseFenceInfo('', '[npm]')).toEqual({ lang: '', options: { highlight: [], title: 'npm' } });
  });

  it('bounds line ranges and ignores junk', () => {
    expect(lineList('3-1,x,2')).toEqual([2]);
    expect(lineList('0-2')).toEqual([1, 2]);
    expect(lineList('99999-1000000000').length).toBe(2);
  });
});

describe('rendered fences', () => {
  let highlighter: Highlighter;
  let languages: Set<string>;
  beforeAll(async () => {
    languages = await knownLanguageNames();
    highlighter = await createCodeHighlighter(['js', 'console', 'vue', 'sh', 'apache', 'makefile', 'properties']);
  });
  const render = (markdown: string, lineNumbers = false) => {
    const tree = pageTree(markdown, { languages: [...languages] });
    return { html: renderPage(tree, extractOutline(tree, { headerLevels: [2, 3] }), { highlighter, lineNumbers }).html, tree };
  };

  it('highlights the lines a fence names, with classes, and keeps the language clean', () => {
    const { html, tree } = render('# T\n\n```js{2}\nconst a = 1;\nconst b = 2;\n```\n');
    expect(tree.diagnostics).toEqual([]);
    expect(html).toContain('data-lang="js"');
    expect(html).toMatch(/<pre class="shiki [^"]* has-highlighted-lines"/);
    expect(html.match(/<span class="line highlighted">/g)).toHaveLength(1);
    expect(html).toMatch(/<span class="line highlighted"><span class="[^"]+">const<\/span><span class="[^"]+"> b/);
    expect(html).not.toContain('style=');
  });

  it('numbers lines by the site default unless the fence says otherwise; plain blocks too', () => {
    expect(render('# T\n\n```text\na\nb\n```\n', true).html).toContain(
      '<pre class="plain line-numbers" tabindex="0" data-lang="text"><code><span class="line">a</span>\n<span class="line">b</span></code></pre>',
    );
    expect(render('# T\n\n```js:no-line-numbers\nx\n```\n', true).html).not.toContain('line-numbers');
    expect(render('# T\n\n```js:line-numbers\nx\n```\n').html).toMatch(/<pre class="shiki [^"]* line-numbers"/);
  });

  it('highlights Prism names with shiki grammars: console, vue, sh', () => {
    const { html, tree } = render('# T\n\n```console\n$ npm i\n```\n\n```vue\n<template><p>x</p></template>\n```\n\n```sh\nls -la\n```\n');
    expect(tree.diagnostics).toEqual([]);
    expect(html.match(/<pre class="shiki /g)).toHaveLength(3);
  });

  it('highlights any language shiki bundles, not only the common ones', () => {
    const { html, tree } = render('# T\n\n```apache\nRewriteEngine On\n```\n\n```makefile\nall:\n\techo hi\n```\n\n```properties\na=b\n```\n');
    expect(tree.diagnostics).toEqual([]);
    expect(html.match(/<pre class="shiki /g)).toHaveLength(3);
  });

  it("shows Prism's ignore-file languages plain, without a warning", () => {
    const { html, tree } = render('# T\n\n```gitignore\nnode_modules/\n```\n');
    expect(tree.diagnostics).toEqual([]);
    expect(html).toContain('<pre class="plain" tabindex="0" data-lang="gitignore">');
  });

  it('still warns about an unknown language and shows it plain', () => {
    const { html, tree } = render('# T\n\n```klingon{1}\nx\n```\n');
    expect(tree.diagnostics.map((d) => d.code)).toEqual(['markdown/unknown-code-language']);
    expect(html).toContain('<pre class="plain has-highlighted-lines" tabindex="0" data-lang="klingon"><code><span class="line highlighted">x</span></code></pre>');
  });
});
