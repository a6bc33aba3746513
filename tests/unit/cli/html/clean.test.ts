import type { Element, Root } from 'hast';
import { toHtml } from 'hast-util-to-html';
import { describe, expect, it } from 'vitest';
import { cleanHtml, judgeUrl, urlSurvives } from '../../../../cli/html/clean';
import { pageToHast } from '../../../../cli/html/page-hast';
import { DEFAULT_HTML_POLICY, htmlSchema, type HtmlPolicy } from '../../../../cli/html/policy';
import { createMarkdownParser } from '../../../../cli/page/markdown';
import { annotateTree } from '../../../../cli/page/annotate';
import { extractOutline } from '../../../../cli/page/outline';
import { pageTree } from '../../../helpers/pages';

const parse = createMarkdownParser();
const YOUTUBE: HtmlPolicy = { allowIframeOrigins: ['https://www.youtube-nocookie.com'] };
/** Markdown → hast as the renderer builds it → cleaned → HTML. */
const clean = (markdown: string, policy: HtmlPolicy = DEFAULT_HTML_POLICY) => toHtml(cleanHtml(pageToHast(parse(markdown)), policy));

describe('cli/html/clean', () => {
  it('keeps allowed HTML and drops scripts, styles and event handlers', () => {
    expect(clean('<div onclick="x()"><kbd>Ctrl</kbd><script>alert(1)</script><style>p{}</style></div>')).toBe('<div><kbd>Ctrl</kbd></div>');
    expect(clean('Text <b onmouseover="alert(1)">bold</b> <img src="a.png" alt="A" onerror="alert(1)">')).toBe(
      '<p>Text <b>bold</b> <img src="a.png" alt="A"></p>',
    );
  });

  it("turns a style's image size and float, and a block's text-align, into the attributes GitHub keeps; spacing and the cursor go with it", () => {
    expect(clean('<img src="a.png" style="float: right; width: 300px; margin-left: 20px; margin-bottom: 20px;">')).toBe('<img src="a.png" align="right" width="300">');
    expect(clean('<img src="a.png" width="10" style="WIDTH:48%; height: 120px; cursor: zoom-in">')).toBe('<img src="a.png" width="48%" height="120">');
    expect(clean('<p style="text-align: center">\n  <img src="a.png" alt="A">\n</p>')).toBe('<p align="center">\n  <img src="a.png" alt="A">\n</p>');
    expect(clean('<div style="text-align:center; padding: 0 0 24px 0;">x</div>')).toBe('<div align="center">x</div>');
    // What has no attribute goes, the style with it; what could be said in attributes still is.
    expect(clean('<img src="a.png" style="width: 200px; border-radius: 8px">')).toBe('<img src="a.png" width="200">');
    expect(clean('<span style="text-align: center">x</span> <img src="a.png" style="width: 20em; float: none">')).toBe('<p><span>x</span> <img src="a.png"></p>');
    // A style this reading cannot be sure of is left whole, and removed.
    expect(clean('<img src="a.png" style="width: 10px; background: url(x.png)">')).toBe('<img src="a.png">');
    expect(clean('<img src="a.png" style="width: 10px !important">')).toBe('<img src="a.png">');
  });

  it("turns an image's zoom (Typora's style=\"zoom:80%\") into the viewer's zoom class, in steps of 5%; other classes still go", () => {
    expect(clean('<img src="a.png" alt="A" style="zoom:80%;">')).toBe('<img src="a.png" alt="A" class="zoom-80">');
    expect(clean('<img src="a.png" style="zoom: 0.33; border-radius: 5px">')).toBe('<img src="a.png" class="zoom-35">');
    expect(clean('<img src="a.png" style="zoom: 100%">')).toBe('<img src="a.png">');
    expect(clean('<img src="a.png" style="zoom: 150%">')).toBe('<img src="a.png">');
    expect(clean('<img src="a.png" class="wide zoom-50">')).toBe('<img src="a.png" class="zoom-50">');
    expect(clean('<p style="zoom: 50%">x</p>')).toBe('<p>x</p>');
  });

  it("keeps the text elements GitHub keeps: small, mark, abbr, cite, dfn, time, wbr, bdo, figure and figcaption", () => {
    const text = 'A <small>note</small>, <mark>this</mark>, <abbr title="HyperText">HTML</abbr>, <cite>Book</cite>, <dfn>term</dfn>, <time datetime="2026-01-02">today</time>, long<wbr>word, <bdo dir="rtl">abc</bdo>.';
    expect(clean(text)).toBe(`<p>${text}</p>`);
    expect(clean('<figure><img src="a.png" alt="A"><figcaption>A picture</figcaption></figure>')).toBe('<figure><img src="a.png" alt="A"><figcaption>A picture</figcaption></figure>');
  });

  it('removes javascript:, vbscript: and data: URLs, however they are spelled', () => {
    for (const href of ['javascript:alert(1)', '&#106;avascript:alert(1)', 'jav&#x09;ascript:alert(1)', ' javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'vbscript:x', 'data:text/html,x']) {
      expect(clean(`<a href="${href}">x</a>`), href).toBe('<p><a>x</a></p>');
    }
    expect(clean('<img src="data:image/png;base64,iVBORw0KGgo=">')).toBe('<img>');
    expect(clean('<a href="https://example.com/">ok</a> <a href="/docs/x/">ok</a> <a href="mailto:a@b.c">ok</a>')).toBe(
      '<p><a href="https://example.com/">ok</a> <a href="/docs/x/">ok</a> <a href="mailto:a@b.c">ok</a></p>',
    );
  });

  it('neutralises javascript: in Markdown links and images, whatever the escaping', () => {
    expect(clean('[x](javascript:alert(1)) [y](java&#x09;script:alert(1)) ![z](javascript:alert(1))')).toBe('<p><a>x</a> <a>y</a> <img alt="z"></p>');
  });

  it('keeps an iframe only from a listed origin, and never one without a src', () => {
    const frame = '<iframe src="https://www.youtube-nocookie.com/embed/x" title="Video" allowfullscreen onload="x()"></iframe>';
    expect(clean(frame)).toBe('');
    expect(clean(frame, YOUTUBE)).toBe('<iframe src="https://www.youtube-nocookie.com/embed/x" title="Video" allowfullscreen></iframe>');
    for (const src of ['https://www.youtube-nocookie.com.evil.net/x', 'https://www.youtube-nocookie.com@evil.net/', 'http://www.youtube-nocookie.com/x', 'javascript:alert(1)']) {
      expect(clean(`<iframe src="${src}"></iframe>`, YOUTUBE), src).toBe('');
    }
    expect(clean('<iframe srcdoc="<script>alert(1)</script>"></iframe>', YOUTUBE)).toBe('');
  });

  it('prefixes ids and names written in HTML (no clobbering the viewer), once', () => {
    expect(clean('<a id="docsbuild-boot" name="app">x</a>')).toBe('<p><a id="user-content-docsbuild-boot" name="user-content-app">x</a></p>');
    expect(clean('<span id="user-content-x">x</span>')).toBe('<p><span id="user-content-x">x</span></p>');
  });

  it('keeps footnotes working: their ids and links agree after cleaning', () => {
    const html = clean('Text[^1].\n\n[^1]: The note.\n');
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    const targets = [...html.matchAll(/ href="#([^"]+)"/g)].map((m) => m[1]);
    expect(targets.length).toBeGreaterThan(0);
    for (const target of targets) expect(ids).toContain(target);
    expect(html).toContain('aria-describedby="user-content-footnote-label"');
    expect(html).toContain('id="user-content-footnote-label"');
  });

  it('keeps what the pipeline builds as built, and cleans the writer\'s parts inside it', () => {
    const page = pageTree('## Title <span onclick="x()">here</span>\n\n::: tip Mind <b>this</b>\n<i onclick="y()">inside</i>\n\n:::\n');
    const { headingIds } = extractOutline(page, { headerLevels: [2, 3] });
    const tree = annotateTree(page.tree, headingIds, () => undefined);
    const html = toHtml(cleanHtml(pageToHast(tree, { headingAnchors: true }), DEFAULT_HTML_POLICY));
    expect(html).toContain(
      '<div class="heading"><h2 id="title-here">Title <span>here</span></h2><a href="#title-here" class="header-anchor" aria-label="Link to section: Title here"><span aria-hidden="true">#</span></a></div>',
    );
    // The title is text, never HTML; the writer's HTML inside is cleaned.
    expect(html).toContain('<div class="custom-block tip"><p class="custom-block-title">Mind &#x3C;b>this&#x3C;/b></p><p><i>inside</i></p>');
  });

  it('lets a raw HTML element pose as trusted in no way', () => {
    expect(clean('<pre data-docsbuild-trusted="subtree" class="shiki" style="x"><b onclick="x()">b</b></pre>')).toBe('<pre><b>b</b></pre>');
  });

  it('keeps the raw HTML of a tree too deep to parse out, instead of failing', () => {
    expect(clean(`Text\n\n${'<div>'.repeat(3000)}x`)).toBe('<p>Text</p>\n');
  });

  it('urlSurvives judges a Markdown URL as cleaning would', () => {
    expect(urlSurvives('./guide.md#setup', 'link', DEFAULT_HTML_POLICY)).toBe(true);
    expect(urlSurvives('/docs/x/', 'image', DEFAULT_HTML_POLICY)).toBe(true);
    expect(urlSurvives('tel:+123', 'link', DEFAULT_HTML_POLICY)).toBe(true);
    expect(urlSurvives(' javascript:alert(1)', 'link', DEFAULT_HTML_POLICY)).toBe(false);
    expect(urlSurvives('java\tscript:alert(1)', 'link', DEFAULT_HTML_POLICY)).toBe(false);
    expect(urlSurvives('data:image/png;base64,x', 'image', DEFAULT_HTML_POLICY)).toBe(false);
  });

  it('urlSurvives, judging URLs without a colon once, says what the sanitizer says of each', () => {
    const urls = ['./guide.md#setup', '', ' ', '//evil.example/x', '#a', '?q=1', '../ü ber.md', '%zz', '\\\\host\\x', 'a b\tc', 'x"y<z>'];
    const withColons = ['javascript:alert(1)', ' javascript:x', 'JAVASCRIPT:x', 'java\tscript:x', 'data:x', 'tel:1', 'mailto:a@b', 'https://x', 'a/b:c', 'a?b:c', 'a#b:c', ':x'];
    const policies: HtmlPolicy[] = [DEFAULT_HTML_POLICY, { allowIframeOrigins: ['https://www.youtube.com'] }];
    for (const policy of policies) {
      for (const kind of ['link', 'image'] as const) {
        for (const url of [...urls, ...withColons]) expect(urlSurvives(url, kind, policy), `${kind} ${JSON.stringify(url)}`).toBe(judgeUrl(url, kind, htmlSchema(policy)));
      }
    }
    expect(withColons.filter((url) => !urlSurvives(url, 'link', DEFAULT_HTML_POLICY))).toEqual(['javascript:alert(1)', ' javascript:x', 'JAVASCRIPT:x', 'java\tscript:x', 'data:x', ':x']);
  });

  it('leaves no trace of its marks in the output', () => {
    const tree = pageToHast(parse('# T\n\n```js\nx\n```\n\n[[toc]]\n'));
    const out = cleanHtml(tree, DEFAULT_HTML_POLICY);
    const seen: Element[] = [];
    const walk = (node: Root | Element) => {
      for (const child of node.children) if (child.type === 'element') (seen.push(child), walk(child));
    };
    walk(out);
    expect(seen.length).toBeGreaterThan(2);
    for (const el of seen) {
      expect(Object.keys(el.properties)).not.toContain('dataDocsbuildTrusted');
      expect(el.data?.docsbuildTrustedIndex).toBeUndefined();
    }
    expect(toHtml(out)).not.toContain('docsbuild');
  });
});
