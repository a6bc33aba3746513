import { describe, expect, it } from 'vitest';
import { containersOfPage, vuepressTitles, type ContainerNode } from '../../../../cli/markdown/containers';
import { markDirectives as markContainers } from '../../../../cli/markdown/directives';
import { pageTree } from '../../../helpers/pages';
import { renderMarkdown } from '../../../helpers/render';

describe('cli/markdown/containers', () => {
  it('rewrites marker lines in place, keeping the line count', () => {
    const input = '::: tip\ntext\n:::\n';
    const marked = markContainers(input);
    expect(marked.split('\n')).toHaveLength(input.split('\n').length);
    expect(marked).toContain('<!--docsbuild:open:3:tip:-->');
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

  it('groups a container inside a list item or a block quote, where markdown-it-container puts it', async () => {
    const text = [
      '1. First step:',
      '',
      '    ::: tip',
      '    Four spaces deep in a numbered item.',
      '    :::',
      '',
      '2. Second step.',
      '',
      '- Bullet:',
      '',
      '  ::: warning',
      '  Two spaces under a bullet.',
      '  :::',
      '',
      '> ::: danger',
      '> Inside a quote.',
      '> :::',
      '',
    ].join('\n');
    const t = pageTree(text);
    expect(t.diagnostics).toEqual([]);
    const [ordered, bullets, quote] = t.tree.children;
    const first = ordered?.type === 'list' ? ordered.children[0] : undefined;
    expect(first?.children.map((c) => c.type)).toEqual(['paragraph', 'container']);
    expect(first?.children[1]).toMatchObject({ kind: 'tip' });
    expect(bullets?.type === 'list' && bullets.children[0]!.children[1]).toMatchObject({ type: 'container', kind: 'warning' });
    expect(quote?.type === 'blockquote' && quote.children[0]).toMatchObject({ type: 'container', kind: 'danger' });
    const { html } = await renderMarkdown(text);
    expect(html).not.toContain(':::');
    expect(html).toMatch(/<li>\s*<p>Bullet:<\/p>\s*<div class="custom-block warning">/);
  });

  it('closes a container above a list at a ":::" indented under its last item, as markdown-it-container does (vssue\'s docs)', async () => {
    const text = [
      '::: tip',
      'Set the platform:',
      '',
      '- platform `github`',
      '- platform `gitea`',
      '  :::',
      '',
      '::: warning',
      'Second box.',
      ':::',
      '',
      'After.',
      '',
    ].join('\n');
    const t = pageTree(text);
    expect(t.diagnostics).toEqual([]);
    expect(t.tree.children.map((c) => (c.type === 'container' ? `${c.type}:${c.kind}` : c.type))).toEqual(['container:tip', 'container:warning', 'paragraph']);
    const tip = t.tree.children[0];
    expect(tip?.type === 'container' && tip.children.map((c) => c.type)).toEqual(['paragraph', 'list']);
    const { html } = await renderMarkdown(text);
    expect(html).not.toContain(':::');
    // A container opened in the item keeps its own closer; the tip above is then closed at the top level.
    const inner = pageTree(['::: tip', '- item', '', '  ::: warning', '  Inner.', '  :::', ':::', ''].join('\n'));
    expect(inner.diagnostics).toEqual([]);
    const outer = inner.tree.children[0];
    expect(outer).toMatchObject({ type: 'container', kind: 'tip' });
    const item = outer?.type === 'container' && outer.children[0]?.type === 'list' ? outer.children[0].children[0] : undefined;
    expect(item?.children[1]).toMatchObject({ type: 'container', kind: 'warning' });
  });

  it('closes a container in a list item at a ":::" indented a little deeper than its opener, as markdown-it-container does (vue-storefront)', async () => {
    const page = '# T\n\n- item\n  ::: warning\n  Body.\n   :::\n  More text in item.\n\n- other\n';
    expect(pageTree(page, { vuepress: true }).diagnostics).toEqual([]);
    const { html, tree } = await renderMarkdown(page);
    expect(tree.diagnostics).toEqual([]);
    expect(html).toMatch(/<li>\s*<p>item<\/p>\s*<div class="custom-block warning"><p class="custom-block-title">Warning<\/p><p>Body.<\/p><\/div>\s*<p>More text in item.<\/p>\s*<\/li>/);
  });

  it('leaves a ":::" line four spaces deep outside a list as the indented code it is', () => {
    const text = 'Text.\n\n    ::: tip\n    code, not a container\n    :::\n';
    expect(markContainers(text)).toBe(text);
    expect(pageTree(text).tree.children[1]).toMatchObject({ type: 'code', value: '::: tip\ncode, not a container\n:::' });
  });

  it('reads 40,000 indented ":::" lines in bounded time (a look up for a list item per line was quadratic)', () => {
    const page = `Text.\n\n${'    ::: tip\n'.repeat(40_000)}`;
    expect(markContainers(page)).toBe(page);
  });

  it('nests containers', () => {
    const t = pageTree('::: tip\n::: danger\ninner\n:::\n:::\n');
    const outer = t.tree.children[0];
    expect(outer?.type === 'container' && outer.children[0]).toMatchObject({ type: 'container', kind: 'danger' });
  });

  it('ends the outermost container a ":::" can close in a VuePress tree, with what is open inside it, as markdown-it-container does (vue-cli, vee-validate)', () => {
    const shape = (nodes: readonly { type: string }[]): unknown[] =>
      nodes.map((node) => (node.type === 'container' ? { [(node as ContainerNode).kind]: shape((node as ContainerNode).children) } : node.type));
    // vue-cli's browser-compatibility page: a tip in a tip, one ":::" for both; the warning after it stands on its own.
    const page = '::: tip\nOuter.\n\n::: tip Detecting\nInner.\n:::\n\n::: warning Caveat\nAfter.\n:::\n';
    const vuepress = pageTree(page, { vuepress: true });
    expect(shape(vuepress.tree.children)).toEqual([{ tip: ['paragraph', { tip: ['paragraph'] }] }, { warning: ['paragraph'] }]);
    expect(vuepress.diagnostics.map((d) => [d.code, d.line, d.message])).toEqual([
      [
        'markdown/unclosed-container',
        4,
        '"::: tip" is never closed on its own: the ":::" on line 6 ends the "::: tip" opened on line 1, and this one with it (as in VuePress). To nest, give the outer container more colons ("::::").',
      ],
    ]);
    // Elsewhere a ":::" ends the innermost container, so three colons nest.
    expect(shape(pageTree(page).tree.children)).toEqual([{ tip: ['paragraph', { tip: ['paragraph'] }, { warning: ['paragraph'] }] }]);
    // More colons outside nest in both; a "::::" ends an inner ":::" left open with its outer one.
    const nested = ':::: details More\n::: tip\na\n:::\n::: warning\nb\n:::\n::::\n\nAfter.\n';
    for (const vuepress of [true, false]) {
      const t = pageTree(nested, { vuepress });
      expect(shape(t.tree.children)).toEqual([{ details: [{ tip: ['paragraph'] }, { warning: ['paragraph'] }] }, 'paragraph']);
      expect(t.diagnostics).toEqual([]);
    }
    const early = pageTree(':::: details More\n::: tip\na\n::::\n\nAfter.\n', { vuepress: true });
    expect(shape(early.tree.children)).toEqual([{ details: [{ tip: ['paragraph'] }] }, 'paragraph']);
    expect(early.diagnostics.map((d) => [d.code, d.line])).toEqual([['markdown/unclosed-container', 2]]);
    // A ":::" cannot end a "::::": with no container of three colons open, it is a stray end.
    expect(pageTree(':::: details More\nx\n:::\n::::\n', { vuepress: true }).diagnostics.map((d) => [d.code, d.line])).toEqual([['markdown/stray-container-end', 3]]);
  });

  it('reports an unclosed container at its line', () => {
    const t = pageTree('# T\n\n::: tip\nnever closed\n');
    expect(t.diagnostics).toEqual([expect.objectContaining({ code: 'markdown/unclosed-container', line: 3 })]);
    // An unknown type is named as written, not as the tip it is drawn as.
    const unknown = pageTree('# T\n\n::: theorem A title\ntext\n\n::: tip\nx\n:::\n');
    expect(unknown.diagnostics.map((d) => [d.code, d.line, d.message])).toEqual([
      ['markdown/unknown-container', 3, '"::: theorem" is not a container type.'],
      ['markdown/unclosed-container', 3, '"::: theorem" is never closed, so it runs to the end of the page.'],
    ]);
  });

  it('reports an unknown type and a stray end', () => {
    const t = pageTree('::: aside\nx\n:::\n\n:::\n');
    expect(t.diagnostics.map((d) => [d.code, d.line])).toEqual([
      ['markdown/unknown-container', 1],
      ['markdown/stray-container-end', 5],
    ]);
  });

  it('leaves what an HTML comment holds to the comment: a commented-out container is neither shown nor reported', async () => {
    const page = '# T\n\n<!-- old\n::: warning\nsecret\n:::\n-->\n\n<!-- two\n  ::: tip\nhidden\n::: -->\n\n::: tip\nShown.\n:::\n';
    const { html, codes } = await renderMarkdown(page);
    expect(codes).toEqual([]);
    expect(html).not.toMatch(/secret|>hidden|custom-block warning/);
    expect(html).toContain('<div class="custom-block tip"><p class="custom-block-title">Tip</p><p>Shown.</p></div>');
    expect(markContainers(page).split('\n').filter((line) => line.includes('docsbuild:'))).toEqual(['<!--docsbuild:open:3:tip:-->', '<!--docsbuild:close:3-->']);
  });

  it('reports a type written in any script (::: 注意, :::危险提示!!) as unknown at its opening line, not its end as stray', () => {
    const t = pageTree('# T\n\n::: 注意\nBody.\n:::\n\n:::危险提示!! Title\nMore.\n:::\n');
    expect(t.diagnostics.map((d) => [d.code, d.line, d.message])).toEqual([
      ['markdown/unknown-container', 3, '"::: 注意" is not a container type.'],
      ['markdown/unknown-container', 7, '"::: 危险提示!!" is not a container type.'],
    ]);
    // Drawn as tips (when baselined), each titled with its own word or title, not "Tip".
    expect(t.tree.children.filter((c) => c.type === 'container').map((c) => c.type === 'container' && [c.kind, c.title])).toEqual([
      ['tip', '注意'],
      ['tip', 'Title'],
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


describe('containers of VuePress, VitePress and GitHub trees', () => {
  it("renders the reco and vdoing themes' right and center blocks without a box, aligned by class", async () => {
    const { html, tree } = await renderMarkdown('::: theorem Newton\nA body at rest stays at rest.\n\n::: right\nFrom the encyclopedia\n:::\n:::\n\n::: center\nCentred.\n:::\n');
    expect(tree.diagnostics.map((d) => d.code)).toEqual(['markdown/unknown-container']);
    expect(html).toContain('<div class="right"><p>From the encyclopedia</p></div>');
    expect(html).toContain('<div class="center"><p>Centred.</p></div>');
  });

  it('renders info and note boxes, and v-pre and slot without a box', async () => {
    const { html, codes } = await renderMarkdown('# T\n\n::: info\nA.\n:::\n\n::: note Heads up\nB.\n:::\n\n::: slot header\nC.\n:::\n');
    expect(codes).toEqual([]);
    expect(html).toContain('<div class="custom-block info"><p class="custom-block-title">Info</p><p>A.</p></div>');
    expect(html).toContain('<div class="custom-block note"><p class="custom-block-title">Heads up</p><p>B.</p></div>');
    expect(html).toContain('<div class="slot"><p>C.</p></div>');
  });

  it('leaves {{ }} as written inside v-pre', async () => {
    const t = pageTree('# T\n\n::: v-pre\n`{{ $const.NAME }}` and {{ $const.NAME }}\n:::\n\n{{ $const.NAME }}\n', { constants: { NAME: 'x' } });
    expect(t.diagnostics).toEqual([]);
    const { html } = await renderMarkdown('# T\n\n::: v-pre\n{{ $const.NAME }}\n:::\n');
    expect(html).toContain('<div class="v-pre"><p>{{ $const.NAME }}</p></div>');
    expect(t.scope.used).toEqual(new Set(['NAME']));
  });

  it('turns GitHub alerts into boxes of their kind; other quotes stay quotes', async () => {
    const { html } = await renderMarkdown('# T\n\n> [!NOTE]\n> Read this.\n\n> [!CAUTION]\n> Careful.\n\n> [!TIP] not alone\n\n> Plain.\n');
    expect(html).toContain('<div class="custom-block note"><p class="custom-block-title">Note</p><p>Read this.</p></div>');
    expect(html).toContain('<div class="custom-block caution"><p class="custom-block-title">Caution</p><p>Careful.</p></div>');
    expect(html).toContain('<blockquote>\n<p>[!TIP] not alone</p>\n</blockquote>');
    expect(html).toContain('<blockquote>\n<p>Plain.</p>\n</blockquote>');
  });

  it('knows the types a site declares, with their titles', async () => {
    const { html, codes } = await renderMarkdown('# T\n\n::: upgrade\nNew in 2.\n:::\n\n::: vue\nX\n:::\n', {
      containers: [{ type: 'upgrade', title: 'Upgrade note' }, { type: 'vue' }],
    });
    expect(codes).toEqual([]);
    expect(html).toContain('<div class="custom-block upgrade"><p class="custom-block-title">Upgrade note</p><p>New in 2.</p></div>');
    expect(html).toContain('<div class="custom-block vue"><p class="custom-block-title">Vue</p><p>X</p></div>');
    // A type declared with an empty title is a box without a title line, unless one is written after the type.
    const untitled = await renderMarkdown('# T\n\n::: callout\nPlain.\n:::\n\n::: callout Heads up\nTitled.\n:::\n', { containers: [{ type: 'callout', title: '' }] });
    expect(untitled.codes).toEqual([]);
    expect(untitled.html).toContain('<div class="custom-block callout"><p>Plain.</p></div>');
    expect(untitled.html).toContain('<div class="custom-block callout"><p class="custom-block-title">Heads up</p><p>Titled.</p></div>');
  });

  it('closes a container left open at the end of the page, with a warning', async () => {
    const { html, tree } = await renderMarkdown('# T\n\n::: warning\nStill shown.\n');
    expect(tree.diagnostics.map((d) => [d.code, d.severity, d.line])).toEqual([['markdown/unclosed-container', 'warning', 3]]);
    expect(html).toContain('<div class="custom-block warning"><p class="custom-block-title">Warning</p><p>Still shown.</p></div>');
  });

  it('titles a declared type by the first locale whose folder holds the page, in the order written, else by its own title', () => {
    const declared = [{ type: 'new', title: 'NEW', localeTitles: { '/zh/': '新的', '/zh/tw/': '新', '/ko/': '새로운' } }, { type: 'plain', title: 'Plain' }];
    expect(containersOfPage(declared, 'zh/tw/guide.md')).toEqual([{ type: 'new', title: '新的' }, { type: 'plain', title: 'Plain' }]);
    expect(containersOfPage(declared, 'ko/README.md')).toEqual([{ type: 'new', title: '새로운' }, { type: 'plain', title: 'Plain' }]);
    expect(containersOfPage(declared, 'guide/zh/x.md')).toEqual([{ type: 'new', title: 'NEW' }, { type: 'plain', title: 'Plain' }]);
    // Without titles by locale, the list as it is.
    const plain = [{ type: 'plain', title: 'Plain' }];
    expect(containersOfPage(plain, 'zh/a.md')).toBe(plain);
  });

  it("in a VuePress tree, a type its theme does not register (info) is titled as the site declares it; the theme's own (tip) keep the theme's titles", () => {
    const titles = vuepressTitles('zh/a.md', [{ type: 'info', title: 'INFO' }, { type: 'tip', title: 'Hint' }]);
    expect(titles.info).toBeUndefined();
    expect(titles.tip).toBe('提示');
    expect(vuepressTitles('a.md').info).toBe('Info');
  });
});
