import { describe, expect, it } from 'vitest';
import { sectionsOf } from '../../../../shared/search/sections';

const headers = [
  { level: 2, title: 'HTTP payload size', slug: 'http-payload-size' },
  { level: 3, title: 'Raising it', slug: 'raising-it' },
];
const anchor = (slug: string) => `<a href="#${slug}" class="header-anchor" aria-hidden="true" tabindex="-1">#</a>`;

describe('shared/search/sections', () => {
  it('splits at the header elements: the part before the first header, then one section per header', () => {
    const html = [
      `<h1 id="limits">${anchor('limits')}Limits</h1>`,
      '<p>Every limit.</p>',
      `<h2 id="http-payload-size">${anchor('http-payload-size')}HTTP payload size</h2>`,
      '<p>Up to <strong>512KB</strong> per <code>request</code>.</p>',
      `<h3 id="raising-it">${anchor('raising-it')}Raising it</h3>`,
      '<ul><li>Ask</li><li>support</li></ul>',
    ].join('\n');
    expect(sectionsOf(html, headers)).toEqual([
      { slug: '', heading: '', level: 1, text: 'Every limit.' },
      { slug: 'http-payload-size', heading: 'HTTP payload size', level: 2, text: 'Up to 512KB per request.' },
      { slug: 'raising-it', heading: 'Raising it', level: 3, text: 'Ask support' },
    ]);
  });

  it('keeps words of neighbouring blocks apart and inline elements together', () => {
    expect(sectionsOf('<p>one</p><p>two</p><table><tr><td>a</td><td>b</td></tr></table><p>pay<em>load</em></p>', [])[0]!.text).toBe('one two a b payload');
  });

  it('skips code blocks, the [[toc]] list, aria-hidden elements and comments', () => {
    const html =
      '<p>text</p><pre class="shiki"><code><span>const</span> <span>x</span></code></pre>' +
      '<nav class="table-of-contents" aria-label="Table of contents"><ul><li><a href="#a">A</a></li></ul></nav>' +
      '<span aria-hidden="true">hidden</span><!-- note --><p>more</p>';
    expect(sectionsOf(html, [])[0]!.text).toBe('text more');
  });

  it('decodes character references as hast-util-to-html writes them, and reads attributes holding ">"', () => {
    const html = '<p>a &#x3C; b &#x26; c &amp; d &#169;</p><img alt="x > y" src="i.png"><p title="1 > 0">e</p>';
    expect(sectionsOf(html, [])[0]!.text).toBe('a < b & c & d © e');
  });

  it('treats a heading whose id is no header (an h4, or a level not configured) as text', () => {
    const html = '<h2 id="other">Other</h2><p>x</p><h4 id="deep">Deep</h4><p>y</p>';
    expect(sectionsOf(html, headers)).toEqual([{ slug: '', heading: '', level: 1, text: 'Other x Deep y' }]);
  });
});
