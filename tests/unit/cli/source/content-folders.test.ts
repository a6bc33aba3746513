import { describe, expect, it } from 'vitest';
import { isReadFolder } from '../../../../cli/source/content-folders';

describe('cli/source/content-folders', () => {
  it("takes the root's .vuepress/ and what is under it, and no other dot folder", () => {
    expect(isReadFolder('.vuepress')).toBe(true);
    expect(isReadFolder('.vuepress/public')).toBe(true);
    expect(isReadFolder('.vuepress/config')).toBe(true);
    expect(isReadFolder('guide/.vuepress')).toBe(false);
    expect(isReadFolder('.vuepress/.temp')).toBe(false);
    expect(isReadFolder('.vitepress')).toBe(false);
    expect(isReadFolder('.git')).toBe(false);
  });

  it('leaves out node_modules anywhere, and the output folder with the folders a build makes beside it', () => {
    expect(isReadFolder('node_modules')).toBe(false);
    expect(isReadFolder('.vuepress/node_modules')).toBe(false);
    expect(isReadFolder('guide')).toBe(true);
    expect(isReadFolder('.vuepress/dist', '.vuepress/dist')).toBe(false);
    expect(isReadFolder('.vuepress/dist.tmp-12-abc', '.vuepress/dist')).toBe(false);
    expect(isReadFolder('.vuepress/dist', 'dist')).toBe(true);
    expect(isReadFolder('dist', 'dist')).toBe(false);
  });
});
