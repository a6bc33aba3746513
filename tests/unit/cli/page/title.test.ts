import { describe, expect, it } from 'vitest';
import { cleanHeaderText, inferTitle } from '../../../../cli/page/title';

/** Expected VuePress titles are what @vuepress/shared-utils 1.9.10's inferTitle returned for the same input. */
describe('cli/page/title', () => {
  const vuepress = (body: string, frontmatterTitle?: string, home?: boolean) => inferTitle({ body, frontmatterTitle, home, vuepress: true });

  it('takes a heading of any level that opens the page (VuePress)', () => {
    expect(vuepress('\n\n## mount()\ntext')).toBe('mount()');
  });

  it('gives a home page "Home", and frontmatter title wins over it', () => {
    expect(vuepress('# Hi', undefined, true)).toBe('Home');
    expect(vuepress('# Hi', 'T', true)).toBe('T');
  });

  it('makes emoji shortcodes emoji, with parseEmojis\'s pattern (VuePress)', () => {
    expect(vuepress('# Emoji :tada:')).toBe('Emoji 🎉');
    expect(vuepress('# :tada: Start')).toBe('🎉 Start');
    expect(vuepress('# a: b :tada:')).toBe('a: b :tada:');
  });

  it('finds no title when text comes before the first heading (VuePress)', () => {
    expect(vuepress('intro\n# Later')).toBeUndefined();
  });

  it('cleans the heading source as VuePress does', () => {
    expect(vuepress('### `useX` and [link](./a.md) <Badge text="x"/>')).toBe('useX and link');
    expect(vuepress('', '**Bold** &lt;tag&gt;')).toBe('Bold <tag>');
    expect(cleanHeaderText('a \\* b')).toBe('a * b');
  });

  it('keeps the first # heading anywhere outside a VuePress tree, and falls back to an opening heading', () => {
    expect(inferTitle({ body: 'intro\n# Later', firstHeading: 'Later', vuepress: false })).toBe('Later');
    expect(inferTitle({ body: '## mount()\n', vuepress: false })).toBe('mount()');
    expect(inferTitle({ body: 'text only', vuepress: false })).toBeUndefined();
  });
});
