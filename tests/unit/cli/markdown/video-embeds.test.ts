import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../../helpers/render';

const PAGE = '# T\n\n@[youtube](Z5zNPwMDYGg)\n\nSee @[vimeo](https://vimeo.com/76979871) and mail@[youtube](not-an-id).\n';

describe('cli/markdown/video-embeds', () => {
  it("reads markdown-it-video's @[youtube](id) as a link to the video where the site embeds no player: no dead link", async () => {
    const { html, codes, tree } = await renderMarkdown(PAGE);
    expect(codes).toEqual([]);
    expect(html).toContain('<p><a href="https://www.youtube.com/watch?v=Z5zNPwMDYGg" target="_blank" rel="noopener noreferrer">Watch the video on YouTube</a></p>');
    expect(html).toContain('See <a href="https://vimeo.com/76979871" target="_blank" rel="noopener noreferrer">Watch the video on Vimeo</a> and');
    // Not a video id: left as Markdown wrote it (a link the site checks).
    expect(tree.tree.children.some((n) => n.type === 'paragraph' && JSON.stringify(n).includes('"url":"not-an-id"'))).toBe(true);
  });

  it('embeds the player when the site allows its origin (the privacy-enhanced one first)', async () => {
    const { html, codes } = await renderMarkdown(PAGE, { html: { allowIframeOrigins: ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] } });
    expect(codes).toEqual([]);
    expect(html).toContain('<iframe src="https://www.youtube-nocookie.com/embed/Z5zNPwMDYGg" title="YouTube video" width="560" height="315" allow="encrypted-media; picture-in-picture" allowfullscreen loading="lazy"></iframe>');
    expect(html).toContain('<iframe src="https://player.vimeo.com/video/76979871" title="Vimeo video"');
  });
});
