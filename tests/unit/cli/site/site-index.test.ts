import { describe, expect, it } from 'vitest';
import { createSiteIndex, findPage, withPageEdited, type IndexedPage } from '../../../../cli/site/site-index';

const page = (path: string, title: string, anchors: string[]): IndexedPage => ({ path, title, relativePath: `${path.slice(1) || 'README'}.md`, file: `content${path}.md`, anchors: new Set(anchors) });

describe('cli/site/site-index withPageEdited', () => {
  it('gives an index with the page replaced by path and by source file, and leaves the one it was given as it was', () => {
    const guide = page('/guide.html', 'Guide', ['setup']);
    const index = createSiteIndex('/docs/', [page('/', 'Start', []), guide], new Map([['/old.html', '/guide.html']]));
    const edited = { ...guide, title: 'Guide, renamed', anchors: new Set(['set-up']) };
    const next = withPageEdited(index, edited);
    expect(findPage(next, '/guide')).toBe(edited);
    expect(next.byRelativePath.get(guide.relativePath)).toBe(edited);
    expect(next.pages.size).toBe(2);
    expect(next.redirects).toBe(index.redirects);
    expect(findPage(index, '/guide')).toBe(guide);
    expect(index.byRelativePath.get(guide.relativePath)).toBe(guide);
  });
});
