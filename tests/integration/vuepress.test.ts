import { describe, expect, it } from 'vitest';
import { htmlFileOf } from '../../cli/output/layout';
import { buildFixture } from '../helpers/build-fixture';

/** A VuePress 1 tree's pages in the static HTML: the default theme's frontmatter and the anchor aliases. */
describe('VuePress 1 trees', () => {
  it('writes metaTitle as the <title>, meta tags escaped, and the public folder at the site root', async () => {
    const result = await buildFixture('vuepress-anchors');
    const home = result.files.get(htmlFileOf('/')) as string;
    expect(home).toContain('<title>Anchor aliases, the home page</title>');
    expect(home).toContain('<meta name="keywords" content="anchors &quot;quoted&quot; &lt;tag&gt;">');
    expect(home).toContain('<h1 class="hero-title">Anchors that last</h1>');
    expect(result.files.has('images/mark.svg')).toBe(true);
  });

  it('puts each heading\'s aliases in the static HTML, so a browser lands on them without the viewer', async () => {
    const result = await buildFixture('vuepress-anchors');
    const guide = result.files.get(htmlFileOf('/guide/')) as string;
    expect(guide).toContain('<h2 id="palette-styl"><span id="palettestyl"></span><span id="colour-file"></span>palette.styl</h2>');
  });

  it('takes a page\'s lang and leaves out the edit link where the page says editLink: false', async () => {
    const result = await buildFixture('vuepress-site');
    const options = result.files.get(htmlFileOf('/reference/options.html')) as string;
    expect(options).toContain('<html lang="fr">');
    const chunkOf = (path: string) => JSON.parse(result.files.get(result.manifest!.pages.find((p) => p.path === path)!.chunk) as string) as { editUrl?: string };
    expect(chunkOf('/reference/options.html').editUrl).toBeUndefined();
    expect(chunkOf('/guide/').editUrl).toBe('https://github.com/example/lantern/edit/master/docs/guide/README.md');
  });
});
