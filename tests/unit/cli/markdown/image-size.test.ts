import { describe, expect, it } from 'vitest';
import { takeImageSizes } from '../../../../cli/markdown/image-size';
import { pageTree } from '../../../helpers/pages';
import { renderMarkdown } from '../../../helpers/render';

describe('cli/markdown/image-size', () => {
  it('blanks a size out in place and keeps it by where its image starts; width or height alone', () => {
    const text = 'Intro ![Flow](./flow.png =740x155) and ![Wide](<./a b.png> =300x)\n\n- ![Tall](x.png =x90)\n';
    const { text: blanked, sizes } = takeImageSizes(text);
    expect(blanked).toHaveLength(text.length);
    expect(blanked).toBe('Intro ![Flow](./flow.png         ) and ![Wide](<./a b.png>      )\n\n- ![Tall](x.png     )\n');
    expect([...sizes]).toEqual([
      ['1:7', { width: '740', height: '155' }],
      ['1:40', { width: '300' }],
      ['3:3', { height: '90' }],
    ]);
  });

  it('leaves code, a lone "=x" and text that only looks like it as written', () => {
    const text = '```md\n![a](b.png =1x2)\n```\n\n`![c](d.png =3x4)` and ![e](f.png =x) and ![g](h.png = 5x6)\n';
    expect(takeImageSizes(text)).toEqual({ text, sizes: new Map() });
  });

  it('in a VuePress tree, the image is shown at its size; in a site.yaml tree it stays text, as GitHub shows it', async () => {
    const page = '# T\n\n![Diagram](https://example.com/flow.png =740x155)\n\n> Then ![A](https://example.com/a.png =10x20) and *![B](https://example.com/b.png =30x)*\n';
    const { html } = await renderMarkdown(page, { vuepress: true });
    expect(html).toContain('<img src="https://example.com/flow.png" alt="Diagram" width="740" height="155">');
    expect(html).toContain('<img src="https://example.com/a.png" alt="A" width="10" height="20">');
    expect(html).toContain('<img src="https://example.com/b.png" alt="B" width="30">');
    const image = pageTree(page, { vuepress: true }).tree.children[1];
    expect(image?.type === 'paragraph' && image.children[0]?.type).toBe('image');
    const gfm = pageTree(page).tree.children[1];
    expect(gfm?.type === 'paragraph' && gfm.children.map((c) => c.type)).not.toContain('image');
  });
});
