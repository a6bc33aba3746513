import { describe, expect, it } from 'vitest';
import { pageDescriptionOf, pageLangOf, showsEditLink, sidebarDepthOf, titleFromTemplate } from '../../../../../cli/features/viewer/chunk';

describe('cli/features/viewer/chunk', () => {
  it("makes VitePress's titleTemplate the document title: :title filled in, other text after the title, false the title alone", () => {
    expect(titleFromTemplate(':title - API / NativeScript', 'NORMAL')).toBe('NORMAL - API / NativeScript');
    expect(titleFromTemplate(':title | :title', 'A')).toBe('A | A');
    expect(titleFromTemplate('Vite Docs', 'Config')).toBe('Config | Vite Docs');
    expect(titleFromTemplate(false, 'Config')).toBe('Config');
    expect(titleFromTemplate(true, 'Config')).toBeUndefined();
    expect(titleFromTemplate(undefined, 'Config')).toBeUndefined();
  });

  it('showsEditLink: frontmatter editLink wins; without it, every page unless the site\'s link is opt-in (VuePress PageEdit)', () => {
    expect([showsEditLink(undefined, undefined), showsEditLink(false, undefined), showsEditLink(true, undefined)]).toEqual([true, false, true]);
    expect([showsEditLink(undefined, true), showsEditLink(false, true), showsEditLink(true, true)]).toEqual([false, false, true]);
  });

  it('sidebarDepthOf takes the frontmatter, else the group\'s, else the site\'s depth, and leaves the default 1 out of the chunk', () => {
    expect(sidebarDepthOf(0, 2, 3)).toBe(0);
    expect(sidebarDepthOf(undefined, 2, 0)).toBe(2);
    expect(sidebarDepthOf(undefined, undefined, 0)).toBe(0);
    expect(sidebarDepthOf(undefined, undefined, undefined)).toBeUndefined();
    expect(sidebarDepthOf(1, 2, 2)).toBeUndefined();
  });

  it("pageLangOf takes the frontmatter's lang, else the deepest locales folder the page is in, else none (the site's)", () => {
    const locales = { '/fr/': { lang: 'fr-FR' }, '/fr/ca/': { lang: 'fr-CA' }, '/zh-cn/': { lang: 'zh-CN' } };
    expect(pageLangOf('de', '/fr/guide/', locales)).toBe('de');
    expect(pageLangOf(undefined, '/fr/', locales)).toBe('fr-FR');
    expect(pageLangOf(undefined, '/fr/ca/faq.html', locales)).toBe('fr-CA');
    expect(pageLangOf(undefined, '/zh-cn/guide/a.html', locales)).toBe('zh-CN');
    expect(pageLangOf(undefined, '/french.html', locales)).toBeUndefined();
    expect(pageLangOf(undefined, '/fr', locales)).toBeUndefined();
  });

  it("pageDescriptionOf takes the page's own, else its deepest locales folder's that has one, else none (the site's)", () => {
    const locales = { '/zh/': { lang: 'zh-CN', description: '中文描述' }, '/zh/tw/': { lang: 'zh-TW' }, '/fr/': { lang: 'fr-FR' } };
    expect(pageDescriptionOf('Its own.', '/zh/guide.html', locales)).toBe('Its own.');
    expect(pageDescriptionOf(undefined, '/zh/guide.html', locales)).toBe('中文描述');
    expect(pageDescriptionOf(undefined, '/zh/tw/', locales)).toBe('中文描述');
    expect(pageDescriptionOf(undefined, '/fr/', locales)).toBe('');
    expect(pageDescriptionOf(undefined, '/guide.html', locales)).toBe('');
  });

});
