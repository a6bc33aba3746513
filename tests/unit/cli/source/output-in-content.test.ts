import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isInsideOutput, isOutputFolder, outputInContent } from '../../../../cli/source/output-in-content';

describe('outputInContent', () => {
  const content = path.resolve('/site/docs');
  it('gives the output folder relative to the content folder, only when it lies inside it', () => {
    expect(outputInContent(content, path.join(content, 'dist'))).toBe('dist');
    expect(outputInContent(content, path.join(content, '.vuepress', 'dist'))).toBe('.vuepress/dist');
    expect(outputInContent(content, path.resolve('/site/dist'))).toBeUndefined();
    expect(outputInContent(content, path.resolve('/site/docs-out'))).toBeUndefined();
    expect(outputInContent(content, content)).toBeUndefined();
    expect(outputInContent(content, undefined)).toBeUndefined();
  });
});

describe('isOutputFolder and isInsideOutput', () => {
  it("know the output folder and the siblings a build makes beside it, and nothing else", () => {
    expect(isOutputFolder('dist', 'dist')).toBe(true);
    expect(isOutputFolder('dist.tmp-123-k2j4', 'dist')).toBe(true);
    expect(isOutputFolder('dist.old-9-a', 'dist')).toBe(true);
    expect(isOutputFolder('dist.notes', 'dist')).toBe(false);
    expect(isOutputFolder('dist.tmp-x', 'dist')).toBe(false);
    expect(isOutputFolder('guide/dist', 'dist')).toBe(false);
    expect(isOutputFolder('.vuepress/dist.old-1-b', '.vuepress/dist')).toBe(true);
    expect(isOutputFolder('.vuepress/dist', '.vuepress/dist')).toBe(true);
    expect(isOutputFolder('dist.old-1-b', '.vuepress/dist')).toBe(false);
  });
  it('place a file in or out of them', () => {
    expect(isInsideOutput('dist/index.md', 'dist')).toBe(true);
    expect(isInsideOutput('dist.old-1-b/a/b.md', 'dist')).toBe(true);
    expect(isInsideOutput('dist.md', 'dist')).toBe(false);
    expect(isInsideOutput('distant/a.md', 'dist')).toBe(false);
    expect(isInsideOutput('guide/dist/a.md', 'dist')).toBe(false);
    expect(isInsideOutput('.vuepress/dist/a.md', '.vuepress/dist')).toBe(true);
    expect(isInsideOutput('.vuepress/config.js', '.vuepress/dist')).toBe(false);
  });
});
