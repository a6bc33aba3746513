import { beforeAll, describe, expect, it } from 'vitest';
import { createCodeHighlighter, type Highlighter } from '../../../../cli/markdown/highlight';
import { extractOutline } from '../../../../cli/page/outline';
import { renderPage } from '../../../../cli/page/render';
import { parseFrontmatter } from '../../../../cli/page/frontmatter';
import { createMarkdownParser, parseMarkdown } from '../../../../cli/page/markdown';
import { validateFrontmatter } from '../../../../cli/page/validate';
import type { HtmlPolicy } from '../../../../cli/html/policy';
import { sourceFile } from '../../../helpers/pages';

let highlighter: Highlighter;
beforeAll(async () => {
  highlighter = await createCodeHighlighter(['js']);
});
const parse = createMarkdownParser();

/** The markdown stage (diagnostics and all, unlike tests/helpers/pages.ts), the outline, then render. */
function render(markdown: string, html?: HtmlPolicy) {
  const valid = validateFrontmatter(parseFrontmatter(sourceFile('page.md', markdown)).page!).page;
  const tree = parseMarkdown(valid, { parse, constants: { values: {}, used: new Set(), report: true }, languages: new Set(['js']), html });
  const outline = extractOutline(tree, { headerLevels: [2, 3] });
  return { ...renderPage(tree, outline, { highlighter, html }), diagnostics: tree.diagnostics };
}

describe('cli/page/render', () => {
  it('neutralises a javascript: Markdown link and reports it; internal links become placeholders', () => {
    const out = render('# T\n\n[x](javascript:alert(1)) [y](&#32;javascript:alert(2)) [z](./other.md#a) [w](https://example.com/)\n');
    expect(out.html).toContain('<p><a>x</a> <a>y</a> <a href="__docsbuild_link_0__">z</a> <a href="https://example.com/" target="_blank" rel="noopener noreferrer">w</a></p>');
    expect(out.linkUrls).toEqual(['./other.md#a']);
    expect(out.diagnostics.map((d) => `${d.code}@${d.line}:${d.column}`)).toEqual(['link/unsafe-url@3:1', 'link/unsafe-url@3:26']);
  });

  it('gives hostile headings safe ids and anchors', () => {
    const out = render('# T\n\n## "><img src=x onerror=alert(1)> x\n\n## Über & <b>"quotes"</b>\n');
    // The slug comes from the heading's text (its HTML left out); the HTML itself is cleaned.
    // The "#" link follows the heading (its name stays the heading's own), in the tab order, labelled with the heading's text.
    // The raw image's local src is a placeholder, filled with the published file once the site is known.
    expect(out.html).toContain(
      '<div class="heading"><h2 id="-x">"><img src="__docsbuild_link_0__"> x</h2><a href="#-x" class="header-anchor" aria-label="Link to section: &#x22;> x"><span aria-hidden="true">#</span></a></div>',
    );
    expect(out.html).toContain('<h2 id="über--quotes">Über &#x26; <b>"quotes"</b></h2><a href="#%C3%BCber--quotes" class="header-anchor" aria-label="Link to section: Über &#x26; &#x22;quotes&#x22;">');
    expect(out.html).not.toContain('onerror');
    expect(out.diagnostics.map((d) => `${d.code}@${d.line}:${d.column}`)).toEqual(['html/removed@3:6']);
  });

  it('colours code with classes only, and opens links to other sites in a new tab, raw HTML ones too', () => {
    const out = render('# T\n\n```js\nconst x = 1;\n```\n\n<a href="https://example.com/">raw</a>\n');
    expect(out.html).not.toContain('style=');
    expect(out.html).toMatch(/<pre class="shiki shiki-themes github-light github-dark shk-l-[0-9a-f]+ /);
    expect(out.html).toContain('<a href="https://example.com/" target="_blank" rel="noopener noreferrer">raw</a>');
  });

  it('gives a raw link to a page of the site a placeholder, its URL first; a bare #anchor and the pipeline\'s own # links stay', () => {
    const out = render('# T\n\n[[toc]]\n\n## A\n\n<p><a title="t" href="./setup.md#x">raw</a> <a href="#a">here</a></p>\n\n[md](./md.md) and <a href=/guide/>g</a>.\n');
    expect(out.html).toContain('<p><a href="__docsbuild_link_1__" title="t">raw</a> <a href="#a">here</a></p>');
    expect(out.html).toContain('<p><a href="__docsbuild_link_0__">md</a> and <a href="__docsbuild_link_2__">g</a>.</p>');
    expect(out.html).toContain('<li><a href="#a">A</a></li>');
    expect(out.html).toContain('<a href="#a" class="header-anchor"');
    expect(out.linkUrls).toEqual(['./md.md', './setup.md#x', '/guide/']);
  });

  it("keeps a raw link's own rel words that describe it (a paid link's sponsored) beside the new tab's", () => {
    const out = render('# T\n\n<a href="https://vueschool.io/x" target="_blank" rel="sponsored noopener">Learn</a> <a href="https://a.org/" rel="nofollow prefetch">A</a>\n');
    expect(out.html).toContain('<a href="https://vueschool.io/x" rel="sponsored noopener noreferrer" target="_blank">Learn</a>');
    expect(out.html).toContain('<a href="https://a.org/" rel="nofollow noopener noreferrer" target="_blank">A</a>');
  });

  it('embeds an iframe only when the site allows its origin', () => {
    const page = '# T\n\n<iframe src="https://www.youtube-nocookie.com/embed/x" title="V"></iframe>\n';
    expect(render(page).html).not.toContain('<iframe');
    expect(render(page, { allowIframeOrigins: ['https://www.youtube-nocookie.com'] }).html).toContain('<iframe src="https://www.youtube-nocookie.com/embed/x" title="V"></iframe>');
  });

  it('renders what the markdown stage cut or left out, without throwing', () => {
    const quotes = render(`# Q\n\n${'> '.repeat(2000)}deep\n`);
    expect(quotes.diagnostics.map((d) => d.code)).toEqual(['markdown/too-deep']);
    expect(quotes.html.match(/<blockquote>/g)!.length).toBeLessThanOrEqual(200);
    // Once past micromark's reach (it overflowed on some stacks): now cut before parsing, and rendered up to the limit like the quotes.
    const mixed = render(`# P\n\n${'> - '.repeat(2000)}x\n`);
    expect(mixed.diagnostics.map((d) => d.code)).toEqual(['markdown/too-deep']);
    expect(mixed.html.match(/<blockquote>/g)!.length).toBeGreaterThan(50);
    // Tree levels: a quote is one, a list and its item two; the node at the limit stays, emptied.
    expect(mixed.html.match(/<blockquote>/g)!.length + 2 * mixed.html.match(/<ul>/g)!.length).toBeLessThanOrEqual(201);
    const divs = render(`# D\n\nText.\n\n${'<div>'.repeat(3000)}x\n`);
    expect(divs.html).toContain('<p>Text.</p>');
    expect(divs.html).not.toContain('<div>');
  });
});

describe('cli/page: outline and render take values and change none', () => {
  it('leave the parsed tree as it was: heading ids and link placeholders live in the renderer\'s own copy', () => {
    const valid = validateFrontmatter(parseFrontmatter(sourceFile('page.md', '# T\n\n## A [link](./b.md)\n\n[r]: ./c.md\n\n![i](./i.png) [[ref]][r]\n\n> ## Quoted\n')).page!).page;
    const tree = parseMarkdown(valid, { parse, constants: { values: {}, used: new Set(), report: true }, languages: new Set(), html: undefined });
    const before = structuredClone(tree.tree);
    const outline = extractOutline(tree, { headerLevels: [2, 3] });
    expect(outline.headingIds).toEqual(['t', 'a-link', 'quoted']);
    const first = renderPage(tree, outline, { highlighter });
    expect(tree.tree).toEqual(before);
    // Run again on the same values: the same HTML, so no step depends on another's side effects.
    expect(renderPage(tree, extractOutline(tree, { headerLevels: [2, 3] }), { highlighter })).toEqual(first);
    expect(first.html).toContain('<h2 id="a-link">');
    expect(first.html).toContain('<h2 id="quoted">');
    expect(first.linkUrls).toEqual(['./b.md', './c.md', './i.png']);
  });
});
