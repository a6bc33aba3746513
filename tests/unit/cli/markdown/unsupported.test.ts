import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../helpers/render';

describe('cli/markdown/unsupported', () => {
  it('warns about directives it does not read, at their place, and shows them as written', async () => {
    const { tree, html, outline } = await renderMarkdown('# T\n\nSee !!!include(x.md)!!! here.\n\n@[code](./x.js)\n\nUpdated: {{ $page.lastUpdated }}\n\n<<<\n');
    expect(tree.diagnostics.map((d) => `${d.code}@${d.line}:${d.column}`)).toEqual([
      'markdown/unsupported-syntax@3:5',
      'markdown/unsupported-syntax@5:1',
      'markdown/unsupported-syntax@7:10',
      'markdown/unsupported-syntax@9:1',
    ]);
    expect(html).toContain('<p>Updated: {{ $page.lastUpdated }}</p>');
    // The markdown-it directive as written, not a link to a page named like its argument.
    expect(html).toContain('<p>@[code](./x.js)</p>');
    expect(outline.links.map((link) => link.url)).toEqual([]);
  });

  it('in a VuePress tree, any double-brace expression outside code is a Vue expression it does not evaluate', async () => {
    const page = '# T\n\nCopyright 2014-{{new Date().getFullYear()}} us.\n\nTwo is {{ 1 + 1 }}.\n\n`{{ code }}` and {{ $const.X }} and {{}}.\n';
    const vue = await renderMarkdown(page, { vuepress: true, constants: { X: 'x' } });
    expect(vue.tree.diagnostics.map((d) => `${d.code}@${d.line}:${d.column}`)).toEqual(['markdown/unsupported-syntax@3:16', 'markdown/unsupported-syntax@5:8']);
    expect(vue.tree.diagnostics[1]!.message).toBe('"{{ 1 + 1 }}" is a Vue expression, which is not evaluated; it is shown as written.');
    // Outside a VuePress tree double braces may be text of its own (a template language's docs).
    expect((await renderMarkdown(page, { constants: { X: 'x' } })).tree.diagnostics).toEqual([]);
  });

  it("warns of markdown-it-include given its own includeRe (`!!! include x.md !!!`) and, in a VuePress tree, of markdown-it-center-text's `->text<-`", async () => {
    const page = '# T\n\n!!! include parts/params.md !!!\n\n->Centered text<-\n\nA -> B and C <- D.\n\n!!!include(x.md)!!!\n';
    const vue = await renderMarkdown(page, { vuepress: true });
    expect(vue.tree.diagnostics.filter((d) => d.code === 'markdown/unsupported-syntax').map((d) => `${d.line}:${d.column} ${d.message}`)).toEqual([
      '3:1 "!!! include parts/params.md !!!" is an include in a form the config\'s markdown-it-include was given (its includeRe), which docsbuild does not read (write "!!!include(path)!!!" or "<!--@include: path-->"); it is shown as written.',
      '5:1 "->Centered text<-" is markdown-it-center-text\'s centered text, which is not centered (use a "::: center" container); it is shown as written.',
    ]);
    expect(vue.html).toContain('<p>!!! include parts/params.md !!!</p>');
    // Outside a VuePress tree the arrows are text; the include form is reported all the same.
    expect((await renderMarkdown(page)).tree.diagnostics.filter((d) => d.code === 'markdown/unsupported-syntax').map((d) => d.line)).toEqual([3]);
  });

  it("leaves an '@' before a link whose text names no directive as that: a thanks to @[someone](url), as VuePress 1 shows it (mpx)", async () => {
    const { codes, html } = await renderMarkdown('# T\n\nThanks to @[zhuzhh](https://github.com/zhuzhh) for help.\n\n@[osf](abc)\n');
    expect(codes).toEqual(['markdown/unsupported-syntax@5']);
    expect(html).toContain('@<a href="https://github.com/zhuzhh"');
    expect(html).toContain('<p>@[osf](abc)</p>');
  });

  it('says nothing about code, v-pre, constants or step references', async () => {
    const { codes } = await renderMarkdown('# T\n\n`{{ $page.title }}`\n\n::: v-pre\n{{ $page.title }}\n:::\n\n{{steps.trigger.event}} user@[host](https://example.com/) a@b\n\n```md\n!!!include(x.md)!!!\n```\n');
    expect(codes).toEqual([]);
  });
});
