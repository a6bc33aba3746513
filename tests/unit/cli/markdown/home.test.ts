import { describe, expect, it } from 'vitest';
import type { Root } from 'mdast';
import type { Frontmatter } from '../../../../schema/frontmatter';
import { addHomeLayout, homeTaglinesOf, mayShowSiteTitle, type HomeNode } from '../../../../cli/markdown/home';
import { renderMarkdown } from '../../../helpers/render';

describe('cli/markdown/home mayShowSiteTitle', () => {
  it('is true for a page whose frontmatter has a home key, however it is written', () => {
    expect(mayShowSiteTitle('---\nhome: true\n---\n')).toBe(true);
    expect(mayShowSiteTitle('\uFEFF---\ntitle: x\nhome:   true # the hero\n---\n')).toBe(true);
    expect(mayShowSiteTitle('---\n"home": true\n---\n')).toBe(true);
    expect(mayShowSiteTitle("---\n'home' : true\n---\n")).toBe(true);
  });

  it('is false for a page that names no home key', () => {
    expect(mayShowSiteTitle('---\ntitle: Homepage\n---\n# Home\n\nBack home.\n')).toBe(false);
    expect(mayShowSiteTitle('# Guide\n\nText.\n')).toBe(false);
  });
});

describe('cli/markdown/home addHomeLayout', () => {
  const heroOf = (frontmatter: Record<string, unknown>, siteTitle?: string) => {
    const tree: Root = { type: 'root', children: [] };
    addHomeLayout(tree, { home: true, ...frontmatter } as Frontmatter, () => 1, siteTitle);
    return (tree.children[0] as HomeNode).heroText;
  };

  it("shows heroText, else the site's title as VuePress 1 does (a home page's $title is the site's), else the page's title", () => {
    expect(heroOf({ title: 'a', heroText: 'Hero' }, 'Site')).toBe('Hero');
    // vue-element-admin's home page says `title: a`; VuePress shows "vue-element-admin" there.
    expect(heroOf({ title: 'a' }, 'vue-element-admin')).toBe('vue-element-admin');
    expect(heroOf({ title: 'Welcome' })).toBe('Welcome');
    expect(heroOf({ title: 'a', heroText: null }, 'Site')).toBeNull();
  });

  it("shows the tagline, else the page's description, else its locale's or the site's description ($description), and none for tagline: null", async () => {
    const taglines = homeTaglinesOf({ description: 'Site words', locales: { '/fr/': { description: 'Mots du site' }, '/ja/': {} } });
    expect(taglines).toEqual({ '/': 'Site words', '/fr/': 'Mots du site' });
    const tagline = async (frontmatter: string, relativePath = 'README.md') =>
      /<p class="hero-tagline">([^<]*)<\/p>/.exec((await renderMarkdown(`---\nhome: true\n${frontmatter}---\n\nBody.\n`, { relativePath, homeTaglines: taglines })).html)?.[1];
    expect(await tagline('tagline: Own\ndescription: Page words\n')).toBe('Own');
    expect(await tagline('description: Page words\n')).toBe('Page words');
    expect(await tagline('')).toBe('Site words');
    expect(await tagline('', 'fr/README.md')).toBe('Mots du site');
    expect(await tagline('', 'ja/README.md')).toBe('Site words');
    expect(await tagline('tagline: null\n')).toBeUndefined();
    // An empty site description shows none, as an empty $description does in VuePress.
    expect(/hero-tagline/.test((await renderMarkdown('---\nhome: true\n---\n', { homeTaglines: { '/': '' } })).html)).toBe(false);
  });

  it("puts the footer after the page's own content, as VuePress's Home.vue does", async () => {
    const { html } = await renderMarkdown('---\nhome: true\ntitle: Home\ntagline: Tag\nfooter: MIT Licensed\n---\n\n::: warning Version\nOlder docs.\n:::\n');
    expect(html.indexOf('hero-tagline')).toBeGreaterThan(-1);
    expect(html.indexOf('Older docs.')).toBeGreaterThan(html.indexOf('hero-tagline'));
    expect(html.indexOf('<footer class="home-footer">MIT Licensed</footer>')).toBeGreaterThan(html.indexOf('Older docs.'));
    expect(html.match(/home-footer/g)).toHaveLength(1);
  });
});
