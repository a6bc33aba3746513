import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../helpers/render';

describe('cli/markdown/components', () => {
  it('renders a Badge, in a heading too, and keeps it out of the header title and slug', async () => {
    const { html, outline, codes } = await renderMarkdown('# T\n\n## retry <Badge text="beta" type="warning"/>\n\nText <Badge text="new" vertical="middle"/> and <Badge type="tip">slot text</Badge>.\n');
    expect(codes).toEqual([]);
    expect(outline.headers).toEqual([{ level: 2, title: 'retry', slug: 'retry' }]);
    expect(html).toContain('<h2 id="retry">retry <span class="badge warning">beta</span></h2><a href="#retry" class="header-anchor" aria-label="Link to section: retry">');
    expect(html).toContain('<p>Text <span class="badge tip badge-middle">new</span> and <span class="badge tip">slot text</span>.</p>');
  });

  it('a Badge with a text shows that text alone, as Badge.vue does (`text || slot`); one never closed leaves what follows', async () => {
    const { html } = await renderMarkdown('# T\n\nA <badge text="Not released" type="error"> ***Not released*** </badge> after.\n\nB <Badge text="open" type="tip"> and the rest.\n');
    expect(html).toContain('<p>A <span class="badge error">Not released</span> after.</p>');
    expect(html).toContain('<p>B <span class="badge tip">open</span> and the rest.</p>');
  });

  it("renders VuePress 1's Badge colour names as their kinds: green a tip, yellow and warn a warning", async () => {
    const { html } = await renderMarkdown('# T\n\n<Badge text="a" type="green"/> <Badge text="b" type="yellow"/> <Badge text="c" type="warn"/> <Badge text="d" type="error"/>\n');
    expect(html.match(/<span class="badge [^"]*">\w<\/span>/g)).toEqual([
      '<span class="badge tip">a</span>',
      '<span class="badge warning">b</span>',
      '<span class="badge warning">c</span>',
      '<span class="badge error">d</span>',
    ]);
  });

  it('renders a Badge written in lower case, as Vue resolves <badge> to it, and leaves other lower-case words to HTML', async () => {
    const { html, codes } = await renderMarkdown('# T\n\n- <badge text="Not released yet." vertical="middle" type="error"> ***Not released yet.*** </badge> and <badge type="tip">slot</badge>\n');
    expect(codes).toEqual([]);
    expect(html).toContain('<li><span class="badge error badge-middle">Not released yet.</span> and <span class="badge tip">slot</span></li>');
    expect((await renderMarkdown('# T\n\nA <badges>x</badges> <badgey/>.\n')).html).not.toContain('class="badge');
  });

  it('reads HTML written in capitals (<IMG SRC>, <A HREF>) as HTML, not as components to drop; a PascalCase <Table> stays a component', async () => {
    const text = '# T\n\n<DIV ALIGN="center">\n<A HREF="https://example.com/"><IMG SRC="https://example.com/logo.png" ALT="Logo" WIDTH="80"></A>\n</DIV>\n\nA <B>bold</B> word.\n';
    const { html, codes } = await renderMarkdown(text);
    expect(codes).toEqual([]);
    expect(html).toContain('<img src="https://example.com/logo.png" alt="Logo" width="80">');
    expect(html).toMatch(/<a href="https:\/\/example.com\/"[^>]*><img/);
    expect(html).toContain('A <b>bold</b> word.');
    const component = await renderMarkdown('# T\n\n<Table>\nrows\n</Table>\n');
    expect(component.codes).toEqual(['html/unknown-component@3']);
  });

  it('renders CodeGroup/CodeBlock as prerendered tabs, the active one first selected', async () => {
    const page = '# T\n\n<CodeGroup>\n<CodeBlock title="npm">\n\n```bash\nnpm i x\n```\n\n</CodeBlock>\n\n<code-block title="yarn" active>\n\n```bash\nyarn add x\n```\n\n</code-block>\n</CodeGroup>\n';
    const { html, codes } = await renderMarkdown(page);
    expect(codes).toEqual([]);
    expect(html).toContain(
      '<div class="code-group"><div role="tablist" class="code-group-tabs"><button type="button" role="tab" id="code-group-0-0-tab" aria-controls="code-group-0-0" aria-selected="false" tabindex="-1">npm</button><button type="button" role="tab" id="code-group-0-1-tab" aria-controls="code-group-0-1" aria-selected="true" tabindex="0">yarn</button></div><div role="tabpanel" id="code-group-0-0" aria-labelledby="code-group-0-0-tab" class="code-group-panel" data-title="npm">',
    );
    expect(html).toContain('<div role="tabpanel" id="code-group-0-1" aria-labelledby="code-group-0-1-tab" class="code-group-panel" data-title="yarn" data-active="true">');
    expect(html.match(/<pre /g)).toHaveLength(2);
    expect(html).not.toMatch(/```|CodeBlock|code-block/);
  });

  it("renders VitePress's ::: code-group with the fences' titles", async () => {
    const { html, codes } = await renderMarkdown('# T\n\n::: code-group\n\n```js [config.js]\nexport default {}\n```\n\n```ts\nexport default {}\n```\n\n:::\n');
    expect(codes).toEqual([]);
    expect(html).toMatch(/<button [^>]+>config\.js<\/button><button [^>]+>ts<\/button>/);
    expect(html).toContain('id="code-group-0-1"');
  });

  it("renders the tabs plugins' :::: tabs as tabs, each ::: tab block a panel of Markdown under its label", async () => {
    const page = [
      '# T',
      '',
      ':::: tabs cache-lifetime="10" :options="{ useUrlFragment: false }"',
      '',
      '::: tab Queue',
      'Jobs wait in **order**.',
      ':::',
      '',
      ':::tab "Dead letters" id="dead"',
      '```js',
      'retry(job)',
      '```',
      ':::',
      '',
      '::: tab Webhooks lazy',
      '::: tip',
      'Signed.',
      ':::',
      ':::',
      '',
      '::::',
      '',
      'After.',
    ].join('\n');
    const { html, codes } = await renderMarkdown(page);
    expect(codes).toEqual([]);
    expect(html).toMatch(/<button [^>]+>Queue<\/button><button [^>]+>Dead letters<\/button><button [^>]+>Webhooks<\/button><\/div>/);
    expect(html).toContain('data-title="Queue" data-active="true"><p>Jobs wait in <strong>order</strong>.</p></div>');
    expect(html.match(/<pre /g)).toHaveLength(1);
    expect(html).toContain('<div class="custom-block tip"><p class="custom-block-title">Tip</p><p>Signed.</p></div>');
    // The group ends at "::::": the paragraph after it is the page's, not a tab's.
    expect(html).toMatch(/<\/div><\/div>\s*<p>After\.<\/p>$/);
    expect(html).not.toMatch(/:::|cache-lifetime|lazy/);
  });

  it('runs every later pass inside the tabs: constants, page links, headers, emoji, and warnings at their own line and column', async () => {
    const page = [
      '# T', // 1
      '',
      '::: code-group',
      '',
      '```bash-const [curl]', // 5
      'curl {{ $const.API }}/me',
      '```',
      '',
      ':::',
      '', // 10
      ':::: tabs',
      '',
      '::: tab One',
      '',
      '## Inside a tab :tada:', // 15
      '',
      'See [the guide](./guide.md), {{ $const.API }} and {{ $page.lastUpdated }}.',
      '',
      ':::',
      '', // 20
      '::::',
    ].join('\n');
    const { html, outline, codes, tree } = await renderMarkdown(page, { constants: { API: 'https://api.example.com' } });
    expect(html).toContain('data-lang="bash"');
    expect(html).toContain(' https://api.example.com/me</span>');
    expect(html).toContain('https://api.example.com and');
    expect(html).not.toContain('$const');
    expect(outline.headers).toEqual([{ level: 2, title: 'Inside a tab 🎉', slug: 'inside-a-tab-' }]);
    expect(outline.links).toEqual([expect.objectContaining({ url: './guide.md', line: 17 })]);
    // The warning points at the expression as written, after a constant on its line that grew when filled in.
    expect(codes).toEqual(['markdown/unsupported-syntax@17']);
    expect(tree.diagnostics[0]).toMatchObject({ column: 51 });
  });

  it('reads container and tab lines with long blank runs in one pass (a hostile page once cost quadratic time)', async () => {
    const blanks = ' '.repeat(200_000);
    const page = `# T\n\n:::: tabs${blanks}\n::: tab One${blanks}two${blanks}\nText.\n:::\n::: tab Three${blanks}lazy\nMore.\n:::\n::::${blanks}\n`;
    const { html, codes } = await renderMarkdown(page);
    expect(codes).toEqual([]);
    expect(html).toMatch(/<button [^>]+>One {200000}two<\/button><button [^>]+>Three<\/button><\/div>/);
  });

  it('shows ClientOnly content, drops OutboundLink, and keeps Markdown inside components', async () => {
    const { html, codes } = await renderMarkdown('# T\n\n<ClientOnly>\n\n**Bold** inside.\n\n</ClientOnly>\n\n[site](https://example.com/)<OutboundLink/>\n');
    expect(codes).toEqual([]);
    expect(html).toContain('<p><strong>Bold</strong> inside.</p>');
    expect(html).toContain('<a href="https://example.com/" target="_blank" rel="noopener noreferrer">site</a></p>');
    expect(html).not.toMatch(/ClientOnly|OutboundLink|clientonly/i);
  });

  it("shows what a <template> holds, as Vue renders a component's slot or a fragment: its Markdown, headings and anchors kept, no warning for it", async () => {
    const page = [
      '# T',
      '',
      '<Card>',
      '<template slot="left">',
      '',
      'Text in a **named** slot.',
      '',
      '### Slot heading',
      '',
      '</template>',
      '<template v-slot:right>',
      '',
      'More text.',
      '',
      '</template>',
      '</Card>',
      '',
      '<template>',
      '',
      'A plain fragment.',
      '',
      '</template>',
      '',
      'Written as `<template>`, in code, it stays.',
      '',
    ].join('\n');
    const { html, tree, outline } = await renderMarkdown(page);
    expect(html).toContain('<p>Text in a <strong>named</strong> slot.</p>');
    expect(html).toContain('<h3 id="slot-heading">Slot heading</h3>');
    expect(html).toContain('<p>More text.</p>');
    expect(html).toContain('<p>A plain fragment.</p>');
    expect(html).toContain('<code>&#x3C;template></code>');
    expect(html).not.toMatch(/<template|slot=/);
    expect(outline.anchors.has('slot-heading')).toBe(true);
    expect(tree.diagnostics.map((d) => `${d.code} ${d.subject}`)).toEqual(['html/unknown-component Card']);
  });

  it('warns once per unknown component name, and keeps its content', async () => {
    const { html, tree } = await renderMarkdown('# T\n\n<RetryChart :max="3">Backs off.</RetryChart>\n\n<RetryChart/>\n\n<my-widget>\n\nKept **text**.\n\n</my-widget>\n');
    expect(tree.diagnostics.map((d) => `${d.code}@${d.line} ${d.message}`)).toEqual([
      'html/unknown-component@3 <RetryChart> is a Vue component docsbuild does not render; its content is shown without it.',
      'html/unknown-component@7 <my-widget> is a Vue component docsbuild does not render; its content is shown without it.',
    ]);
    expect(html).toContain('Backs off.');
    expect(html).toContain('<p>Kept <strong>text</strong>.</p>');
    expect(html).not.toMatch(/retrychart|my-widget/i);
  });

  it("reads a component of a folder of .vuepress/components/ by the name VuePress 1 gives it (<support-SponsorGroup>), as a component, not stray HTML", async () => {
    const { html, tree } = await renderMarkdown('# T\n\n<support-SponsorGroup group="gold">Thanks to our sponsors</support-SponsorGroup>\n');
    expect(tree.diagnostics.map((d) => `${d.code}@${d.line} ${d.message}`)).toEqual([
      'html/unknown-component@3 <support-SponsorGroup> is a Vue component docsbuild does not render; its content is shown without it.',
    ]);
    expect(html).toContain('Thanks to our sponsors');
    expect(html).not.toMatch(/sponsorgroup/i);
  });

  it('leaves a component inside an HTML comment to the comment: no warning, no broken comment, nothing shown', async () => {
    const { html, tree } = await renderMarkdown('# T\n\n<!-- <CodingAD /> -->\n\nText.\n\n<div>\n<!-- <Ad/> --><Live/>\n</div>\n\n<!-- <Open/>\n');
    expect(tree.diagnostics.map((d) => `${d.code}@${d.line}`)).toEqual(['html/unknown-component@8', 'markdown/unclosed-comment@11']);
    expect(html).toContain('<p>Text.</p>');
    expect(html).not.toMatch(/coding|<ad|open|-->/i);
  });
});

describe('inline SVG', () => {
  it('keeps a drawing through the SVG allow-list, its own references following the renamed ids', async () => {
    const svg =
      '<svg viewBox="0 0 100 50" role="img" aria-label="Flow"><defs><marker id="arrow" markerWidth="10" markerHeight="10" refX="5" refY="5" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="currentColor"/></marker></defs><rect x="1" y="1" width="40" height="20" rx="4" fill="none" stroke="currentColor" stroke-width="2"/><line x1="41" y1="11" x2="80" y2="11" stroke="currentColor" marker-end="url(#arrow)"/><text x="20" y="14" text-anchor="middle">Step</text></svg>';
    const { html, codes } = await renderMarkdown(`# T\n\n${svg}\n`);
    expect(codes).toEqual([]);
    expect(html).toContain(
      '<svg viewBox="0 0 100 50" role="img" aria-label="Flow"><defs><marker id="user-content-arrow" markerWidth="10" markerHeight="10" refX="5" refY="5" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="currentColor"></path></marker></defs><rect x="1" y="1" width="40" height="20" rx="4" fill="none" stroke="currentColor" stroke-width="2"></rect><line x1="41" y1="11" x2="80" y2="11" stroke="currentColor" marker-end="url(#user-content-arrow)"></line><text x="20" y="14" text-anchor="middle">Step</text></svg>',
    );
  });

  it('removes scripts, foreignObject, handlers, styles and javascript: links from SVG, and reports them', async () => {
    const { html, codes } = await renderMarkdown(
      '# T\n\n<svg viewBox="0 0 10 10" onload="alert(1)" style="color:red"><script>alert(2)</script><foreignObject><b>x</b></foreignObject><a href="javascript:alert(3)"><text>t</text></a><use href="https://evil.example/x.svg#a"/><image href="https://evil.example/i.png"/></svg>\n',
    );
    expect(codes).toEqual(['html/removed@3']);
    expect(html).not.toMatch(/onload|style=|script|alert|foreignObject|javascript|<use|<image|evil/i);
    expect(html).toContain('<svg viewBox="0 0 10 10">');
  });
});

describe('component lines, as VuePress reads them', () => {
  it('ends the HTML at a component tag line, so a fence right under <code-block> is a fence', async () => {
    const page = '# T\n\n<code-group>\n<code-block title="YARN" active>\n```bash\nyarn add x\n```\n</code-block>\n\n<code-block title="NPM">\n```bash\nnpm i x\n```\n</code-block>\n</code-group>\n';
    const { html, codes } = await renderMarkdown(page);
    expect(codes).toEqual([]);
    expect(html).not.toContain('```');
    expect(html.match(/<pre /g)).toHaveLength(2);
    expect(html).toMatch(/>YARN<\/button><button [^>]+>NPM<\/button>/);
  });

  it('keeps a component written inside a block of HTML', async () => {
    const { html, codes } = await renderMarkdown('# T\n\n<div>\n  <Badge text="kept"/>\n</div>\n');
    expect(codes).toEqual([]);
    expect(html).toContain('<span class="badge tip">kept</span>');
  });
});
