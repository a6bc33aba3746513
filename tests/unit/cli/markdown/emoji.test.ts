import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../helpers/render';

describe('cli/markdown/emoji', () => {
  it('turns GitHub shortcodes into emoji in text, headings and links, never in code', async () => {
    const { html, outline } = await renderMarkdown('# T\n\n## Done :tada:\n\n:tada: :100: :+1: [go :rocket:](https://example.com/)\n\n`:tada:`\n\n```text\n:tada:\n```\n');
    expect(html).toContain('<p>🎉 💯 👍 <a href="https://example.com/" target="_blank" rel="noopener noreferrer">go 🚀</a></p>');
    expect(html).toContain('<p><code>:tada:</code></p>');
    expect(html).toContain('<code>:tada:</code></pre>');
    expect(outline.headers).toEqual([{ level: 2, title: 'Done 🎉', slug: 'done-' }]);
  });

  it('leaves unknown names and times as written', async () => {
    const { html } = await renderMarkdown('# T\n\n:not-an-emoji: at 10:30:00\n');
    expect(html).toContain('<p>:not-an-emoji: at 10:30:00</p>');
  });

  it("turns markdown-it-emoji's emoticons into emoji in a VuePress tree, only between spaces and punctuation, never in code, alts or a site.yaml tree", async () => {
    const text = '# T\n\n## Done :D\n\nNice :) and (so :-) is this), ;) <3 and :D!\n\nhttp://example.com, a:) and :)b, 10:30 and C:/tmp stay.\n\n[Hi :P](https://example.com/) `:)` ![:)](a.png)\n';
    const { html, outline } = await renderMarkdown(text, { vuepress: true });
    expect(html).toContain('<p>Nice 😃 and (so 😃 is this), 😉 ❤️ and 😄!</p>');
    expect(html).toContain('<p>http://example.com, a:) and :)b, 10:30 and C:/tmp stay.</p>');
    expect(html).toContain('>Hi 😛</a>');
    expect(html).toContain('<code>:)</code>');
    expect(html).toContain('alt=":)"');
    expect(outline.headers.map((h) => h.title)).toEqual(['Done 😄']);
    const gfm = await renderMarkdown(text);
    expect(gfm.html).toContain('<p>Nice :) and (so :-) is this), ;) &#x3C;3 and :D!</p>');
  });
});
