import { describe, expect, it } from 'vitest';
import { isRewrittenLinkUrl, rawLinkUrls } from '../../../../cli/html/raw-links';
import { rawImageUrls } from '../../../../cli/html/raw-images';

const AT_START = { line: 1, column: 1 };
const urlsOf = (html: string) => rawLinkUrls(html, AT_START).map((link) => link.url);

describe('cli/html/raw-links rawLinkUrls', () => {
  it("should pass over what a <script> or <style> holds, which is code (vue-storefront builds HTML in a script's strings), keeping later places", () => {
    const html = '<div>👩‍💻</div>\n<script>\nshow(\'<a href=\\"./no.md\\"><img src=\\"x.png\\"></a>\');\n</script>\n<style>a[href="./css.md"] { }</style>\n<a href="./yes.md">y</a>';
    expect(rawLinkUrls(html, AT_START)).toEqual([{ url: './yes.md', line: 6, column: 1 }]);
    expect(rawImageUrls(html, AT_START)).toEqual([]);
    // A script never closed runs to the end, as in a browser.
    expect(urlsOf('<a href="./a.md">a</a><SCRIPT>x = "<a href=\'./b.md\'>"')).toEqual(['./a.md']);
  });

  it('should read an href in each of the three quotings', () => {
    expect(urlsOf(`<a href="./double.md">d</a> <a href='./single.md'>s</a> <a href=./unquoted.md>u</a>`)).toEqual([
      './double.md',
      './single.md',
      './unquoted.md',
    ]);
  });

  it('should read tag and attribute names in any case, as HTML does', () => {
    expect(urlsOf('<A HREF="/guide/">Guide</A> <a Href=/faq/>FAQ</a>')).toEqual(['/guide/', '/faq/']);
  });

  it('should read blanks and line breaks around "=" and before the attribute', () => {
    expect(urlsOf('<a\n  class="x"\n  href = "./x.md"\n>x</a>')).toEqual(['./x.md']);
  });

  it('should place each link at its tag\'s "<", several on one line and across lines', () => {
    const html = '<div>\n  <a href="./a.md">a</a> <a href="./b.md">b</a>\n<p><a\nhref="./c.md">c</a></p>\n</div>';
    expect(rawLinkUrls(html, { line: 10, column: 3 })).toEqual([
      { url: './a.md', line: 11, column: 3 },
      { url: './b.md', line: 11, column: 26 },
      { url: './c.md', line: 12, column: 4 },
    ]);
    // On the node's first line, the column counts from the node's own.
    expect(rawLinkUrls('<a href="./a.md">', { line: 4, column: 6 })).toEqual([{ url: './a.md', line: 4, column: 6 }]);
  });

  it('should pass over a tag without an href, and take the next one that has one', () => {
    expect(rawLinkUrls('<a name="top"></a> <a id="x">x</a>\n<a href="./y.md">y</a>', AT_START)).toEqual([{ url: './y.md', line: 2, column: 1 }]);
    expect(urlsOf('<a name="top">')).toEqual([]);
  });

  it('should read only <a>: not <abbr>, <area>, a custom element, or an href-like attribute of another name', () => {
    expect(urlsOf('<abbr href="./a.md">A</abbr> <area href="./b.md"> <a-card href="./c.md"></a-card> <a data-href="./d.md">d</a>')).toEqual([]);
  });

  it('should skip links in comments, an unclosed one too, keeping the places after them', () => {
    expect(urlsOf('<!-- <a href="./hidden.md">h</a> -->')).toEqual([]);
    expect(rawLinkUrls('<!-- a\nnote --> <a href="./shown.md">s</a>', AT_START)).toEqual([{ url: './shown.md', line: 2, column: 10 }]);
    expect(urlsOf('<a href="./before.md">b</a><!-- <a href="./after.md">')).toEqual(['./before.md']);
  });

  it('should skip other sites, other schemes and empty hrefs, and keep a bare #anchor (checked like a Markdown one)', () => {
    const html = '<a href="https://example.com/">e</a><a href="mailto:a@b.c">m</a><a href="//cdn.example.com/x">c</a><a href="">n</a><a href="#usage">u</a>';
    expect(urlsOf(html)).toEqual(['#usage']);
  });

  it('should decode character references as a browser does, so an encoded scheme is another scheme', () => {
    expect(urlsOf('<a href="./x.md?a=1&amp;b=2">x</a>')).toEqual(['./x.md?a=1&b=2']);
    expect(urlsOf('<a href="&#106;avascript:alert(1)">j</a>')).toEqual([]);
    // A tab inside a scheme: a browser drops it; the check (site/links.ts) reads the URL the same way.
    expect(urlsOf('<a href="jav&#x09;ascript:alert(1)">j</a>')).toEqual(['jav\tascript:alert(1)']);
  });
});

describe('cli/html/raw-links isRewrittenLinkUrl', () => {
  it('should rewrite a local path, and leave a bare #anchor, another site and an empty href as written', () => {
    expect(['./setup.md', '/guide/', '../a/README.md#x', '?tab=2'].map(isRewrittenLinkUrl)).toEqual([true, true, true, true]);
    expect(['#usage', 'https://example.com/', 'mailto:a@b.c', '//host/x', ''].map(isRewrittenLinkUrl)).toEqual([false, false, false, false, false]);
  });
});

describe('cli/html/raw-images rawImageUrls (the same scan)', () => {
  it('should read an uppercase <IMG SRC> and decode its references', () => {
    expect(rawImageUrls('<IMG SRC="./a&amp;b.png">', AT_START)).toEqual([{ url: './a&b.png', line: 1, column: 1 }]);
  });
});
