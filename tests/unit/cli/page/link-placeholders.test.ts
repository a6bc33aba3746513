import { beforeAll, describe, expect, it } from 'vitest';
import { createCodeHighlighter, type Highlighter } from '../../../../cli/markdown/highlight';
import { fillHrefs, placeholderFor, type Href } from '../../../../cli/page/link-placeholders';
import { extractOutline } from '../../../../cli/page/outline';
import { renderPage } from '../../../../cli/page/render';
import { pageTree } from '../../../helpers/pages';

let highlighter: Highlighter;
beforeAll(async () => {
  highlighter = await createCodeHighlighter([]);
});

/** A page rendered as a build renders it: internal URLs as placeholders. */
function rendered(markdown: string) {
  const tree = pageTree(markdown);
  return renderPage(tree, extractOutline(tree, { headerLevels: [2, 3] }), { highlighter });
}

const page = (href: string): Href => ({ kind: 'page', href });
const asset = (href: string): Href => ({ kind: 'asset', href });
const none = (written: string): Href => ({ kind: 'none', written });

describe('cli/page/link-placeholders', () => {
  it('fills each placeholder with its href, escaped for an attribute', () => {
    const { html, linkUrls } = rendered('[a](/a/) and [b](/b/?x=1&y="2") ![i](./i.png)\n');
    expect(linkUrls).toEqual(['/a/', '/b/?x=1&y="2"', './i.png']);
    expect(fillHrefs(html, [page('/docs/a/'), page('/docs/b/?x=1&y="2"'), asset('/docs/assets/media/i.0123.png')])).toBe(
      '<p><a href="/docs/a/">a</a> and <a href="/docs/b/?x=1&amp;y=&quot;2&quot;">b</a> <img src="/docs/assets/media/i.0123.png" alt="i"></p>',
    );
  });

  it('renders a link that leads nowhere as its text in a span titled with the URL, never a link', () => {
    const { html } = rendered('See [the *old* guide](/gone/ "Old") and [x](/a/).\n');
    expect(fillHrefs(html, [none('/gone/'), page('/docs/a/')])).toBe(
      '<p>See <span title="Broken link: /gone/">the <em>old</em> guide</span> and <a href="/docs/a/">x</a>.</p>',
    );
  });

  it('renders an image of a missing file, or of a page, as its alt text', () => {
    const { html } = rendered('![a <chart>](./gone.png) ![page](/a/)\n');
    expect(fillHrefs(html, [none('./gone.png'), page('/docs/a/')])).toBe(
      '<p><span title="Missing image: ./gone.png">a &#x3C;chart></span> <span title="Missing image: /docs/a/">page</span></p>',
    );
  });

  it('handles an image inside a dead link, and a dead image inside a live one, once each', () => {
    const { html } = rendered('[![logo](./logo.png)](/gone/) [![x](./gone.png)](/a/)\n');
    expect(fillHrefs(html, [none('/gone/'), asset('/docs/logo.png'), page('/docs/a/'), none('./gone.png')])).toBe(
      '<p><span title="Broken link: /gone/"><img src="/docs/logo.png" alt="logo"></span> <a href="/docs/a/"><span title="Missing image: ./gone.png">x</span></a></p>',
    );
  });

  it('keeps reference links and external targets working', () => {
    const { html } = rendered('[dead][d] and [live][l]\n\n[d]: /gone/\n[l]: /a/\n');
    expect(fillHrefs(html, [none('/gone/'), page('/docs/a/')])).toBe(
      '<p><span title="Broken link: /gone/">dead</span> and <a href="/docs/a/">live</a></p>',
    );
    expect(fillHrefs(`<a href="${placeholderFor(0)}">x</a>`, [{ kind: 'external', href: ' https://x.dev/' }])).toBe('<a href=" https://x.dev/">x</a>');
  });
});
