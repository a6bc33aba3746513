import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../helpers/render';

describe('cli/markdown/bound-urls', () => {
  it("reads VuePress's :src=\"$withBase('/x.png')\" as the image it names, in either quoting, without a removal warning", async () => {
    const { html, codes, outline } = await renderMarkdown(
      [
        '# T',
        '',
        `<img :src="$withBase('/images/chart.png')" alt="Chart" width="500px">`,
        '',
        `<p><img v-bind:src='$withBase("/images/a b.png")' alt="A"> <a :href="'/guide/?a=1&b=2'">Guide</a></p>`,
        '',
      ].join('\n'),
    );
    expect(codes).toEqual([]);
    // A site image's src is a placeholder here, filled in with the base once the site's files are known.
    expect(html).toMatch(/<img src="__docsbuild_link_\d+__" alt="Chart" width="500px">/);
    expect(html).toMatch(/<img src="__docsbuild_link_\d+__" alt="A">/);
    // A bound href is a raw link like any other: checked, and a placeholder filled in with the page's URL.
    expect(html).toMatch(/<a href="__docsbuild_link_\d+__">Guide<\/a>/);
    expect(outline.links.map((link) => link.url)).toContain('/guide/?a=1&b=2');
  });

  it('leaves any other binding to the sanitizer, which removes it with a warning; code shows it as written', async () => {
    const { html, codes } = await renderMarkdown(
      ['# T', '', '<img :src="logo" alt="Logo">', '', '`<img :src="$withBase(\'/x.png\')">`', ''].join('\n'),
    );
    expect(codes).toEqual(['html/removed@3']);
    expect(html).toContain('<img alt="Logo">');
    expect(html).toContain('&#x3C;img :src="$withBase(\'/x.png\')">');
  });
});
