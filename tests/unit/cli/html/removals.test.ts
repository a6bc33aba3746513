import { describe, expect, it } from 'vitest';
import { DEFAULT_HTML_POLICY, type HtmlPolicy } from '../../../../cli/html/policy';
import { attributeName, reportRemovedHtml } from '../../../../cli/html/removals';
import { pageTree } from '../../../helpers/pages';

const report = (markdown: string, policy: HtmlPolicy = DEFAULT_HTML_POLICY) =>
  reportRemovedHtml(pageTree(markdown).tree, 'content/page.md', policy).map((d) => `${d.line}:${d.column} ${d.code} ${d.message}`);

describe('cli/html/removals', () => {
  it('reports nothing for allowed HTML, plain Markdown and comments', () => {
    expect(report('# T\n\n<details open><summary>More</summary>\n\n<kbd>Ctrl</kbd> <sup>1</sup>\n\n</details>\n\n<!-- note -->\n\n[ok](https://x.org/) [rel](./a.md) [mail](mailto:a@b.c)\n')).toEqual([]);
  });

  it('lists what is removed on a line, once each, at the first removal', () => {
    expect(report('# T\n\nA <span onclick="a()" class="x">b</span> and <span onclick="c()">d</span> <script>e()</script>\n')).toEqual([
      '3:3 html/removed Removed from the HTML: <span onclick>, <span class>, <script>.',
    ]);
  });

  it('does not report the target and rel the renderer gives a link to another site anyway, but does report others, and those on links inside the site', () => {
    expect(report('# T\n\n<a href="https://x.org/" target="_blank" rel="noopener noreferrer">x</a> <a href="https://y.org/" rel="noopener" target="_blank">y</a>\n')).toEqual([]);
    expect(report('# T\n\n<a href="https://x.org/" target="_self" rel="nofollow">x</a>\n')).toEqual(['3:1 html/removed Removed from the HTML: <a target>.']);
    // rel words that only describe the link are kept (sponsored, nofollow, ugc…); others are removed and reported.
    expect(report('# T\n\n<a href="https://x.org/" rel="sponsored noopener">x</a> <a href="/b.html" rel="ugc">b</a>\n')).toEqual([]);
    expect(report('# T\n\n<a href="https://x.org/" rel="nofollow prefetch">x</a>\n')).toEqual(['3:1 html/removed Removed from the HTML: <a rel>.']);
    expect(report('# T\n\n<a href="./b.html" target="_blank" rel="noopener">b</a>\n')).toEqual(['3:1 html/removed Removed from the HTML: <a target>.']);
  });

  it("does not report VuePress's v-pre, which asks for what docsbuild does anyway ({{ }} shown as written), but does report other Vue directives", () => {
    expect(report('# T\n\n<div v-pre>\n\n`{{ text }}`\n\n</div>\n')).toEqual([]);
    expect(report('# T\n\n<div v-if="x" v-pre>y</div>\n')).toEqual(['3:1 html/removed Removed from the HTML: <div v-if>.']);
  });

  it('does not report a style said again in attributes, with its spacing, but does report one with more in it', () => {
    expect(report('# T\n\n<img src="a.png" style="float: right; width: 300px; margin-left: 20px;">\n\n<p style="text-align: center">x</p>\n')).toEqual([]);
    expect(report('# T\n\n<img src="a.png" style="width: 300px; border-radius: 8px">\n')).toEqual(['3:1 html/removed Removed from the HTML: <img style>.']);
    expect(report('# T\n\n<img src="a.png" style="zoom:80%;">\n')).toEqual([]);
  });

  it('shows the URL of a removed href or src', () => {
    expect(report('<a href="javascript:alert(1)">x</a>')).toEqual(['1:1 html/removed Removed from the HTML: <a href="javascript:alert(1)">.']);
  });

  it('places removals at their file line, after frontmatter', () => {
    expect(report('---\ntitle: T\n---\n\nText\n\n<img src="a.png" onerror="x()">\n')).toEqual(['7:1 html/removed Removed from the HTML: <img onerror>.']);
  });

  it('reports Markdown links and images with a forbidden scheme as link/unsafe-url, each at its own column', () => {
    expect(report('# T\n\nSee [a](javascript:alert(1)) and ![b](data:image/png;base64,AAAA).\n\n[c][r]\n\n[r]: vbscript:x\n')).toEqual([
      '3:5 link/unsafe-url Link "javascript:alert(1)" uses a URL scheme that is not allowed, so it is not a link in the page.',
      '3:34 link/unsafe-url Image "data:image/png;base64,AAAA" uses a URL scheme that is not allowed, so the image is not shown.',
      '5:1 link/unsafe-url Link "vbscript:x" uses a URL scheme that is not allowed, so it is not a link in the page.',
    ]);
  });

  it('reports a refused URL among allowed ones, and a definition refused for the image that uses it', () => {
    // Pages whose URLs all pass are not cleaned at all: these must still be.
    expect(report('# T\n\n[ok](https://x.org/) [tel](tel:+1) then [bad](javascript:x)\n')).toEqual([
      '3:41 link/unsafe-url Link "javascript:x" uses a URL scheme that is not allowed, so it is not a link in the page.',
    ]);
    expect(report('# T\n\n![pic][d]\n\n[d]: data:image/png;base64,AAAA\n')).toHaveLength(1);
  });

  it('leaves a URL with no scheme to the link check ("(https://…)" is a path), even when the sanitizer drops it', () => {
    expect(report('# T\n\nSee [a](<(https://example.com/a)>) and ![b](<(x:y)>).\n')).toEqual([]);
    // A scheme behind a space or a tab is reported: the link check takes such a URL for another site's and says nothing.
    expect(report('# T\n\n[a](< javascript:x>) [b](<java\tscript:y>)\n')).toEqual([
      '3:1 link/unsafe-url Link "%20javascript:x" uses a URL scheme that is not allowed, so it is not a link in the page.',
      '3:22 link/unsafe-url Link "java%09script:y" uses a URL scheme that is not allowed, so it is not a link in the page.',
    ]);
  });

  it('reports an iframe unless its origin is allowed', () => {
    const frame = '<iframe src="https://www.youtube-nocookie.com/embed/x"></iframe>\n';
    expect(report(frame)).toEqual(['1:1 html/removed Removed from the HTML: <iframe>.']);
    expect(report(frame, { allowIframeOrigins: ['https://www.youtube-nocookie.com'] })).toEqual([]);
  });

  it("names the setting that keeps an iframe, with its src's origin; an iframe with no https src has the general hint", () => {
    const hintOf = (markdown: string) => reportRemovedHtml(pageTree(markdown).tree, 'content/page.md', DEFAULT_HTML_POLICY)[0]?.hint;
    expect(hintOf('<iframe\n  src="https://codesandbox.io/embed/x?fontsize=14"\n></iframe>\n')).toBe(
      'To embed it, list "https://codesandbox.io" in markdown.allowIframeOrigins in site.yaml (a VuePress tree: docsbuild migrate writes site.yaml).',
    );
    expect(hintOf('<iframe src="javascript:alert(1)"></iframe>\n')).toMatch(/README\.md#raw-html/);
    expect(hintOf('<b onclick="x()">b</b>\n')).toMatch(/README\.md#raw-html/);
  });

  it('finds HTML inside headings and containers too', () => {
    expect(report('# T <b onclick="x()">b</b>\n\n::: tip\nIn <i style="color:red">it</i>.\n:::\n')).toEqual([
      '1:5 html/removed Removed from the HTML: <b onclick>.',
      '4:4 html/removed Removed from the HTML: <i style>.',
    ]);
  });

  it('does not report ids: they are renamed, not removed', () => {
    expect(report('<a id="top" name="top">x</a>')).toEqual([]);
  });

  it('names attributes as they are written in HTML', () => {
    expect(attributeName('className')).toBe('class');
    expect(attributeName('htmlFor')).toBe('for');
    expect(attributeName('onMouseOver')).toBe('onmouseover');
    expect(attributeName('dataDocsbuildTrusted')).toBe('data-docsbuild-trusted');
    expect(attributeName('ariaHidden')).toBe('aria-hidden');
  });
});
