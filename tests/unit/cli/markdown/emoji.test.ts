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
});
