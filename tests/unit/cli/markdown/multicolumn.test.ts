import { describe, expect, it } from 'vitest';
import { blankColumnMarkers } from '../../../../cli/markdown/multicolumn';
import { pageTree } from '../../../helpers/pages';

const ROW = '# T\n\n---:1\nServe `index.html` as an index page.\n:--:1\n```python\napp.static("/", "./index.html")\n```\n:---\n\nAfter.\n';

describe('cli/markdown/multicolumn', () => {
  it("blanks a row's marker lines in place (the line count stays), and says where the first row opens", () => {
    const { text, firstLine } = blankColumnMarkers(ROW);
    expect(firstLine).toBe(3);
    expect(text.split('\n')).toHaveLength(ROW.split('\n').length);
    expect(text).not.toMatch(/---:1|:--:|:---/);
    expect(text).toContain('```python\napp.static("/", "./index.html")\n```');
  });

  it('leaves markers outside a row, in code, and pages without rows as written', () => {
    const loose = 'Name\n:--:\n\n:---\n';
    expect(blankColumnMarkers(loose)).toEqual({ text: loose });
    const fenced = '```\n---:1\nx\n:---\n```\n';
    expect(blankColumnMarkers(fenced)).toEqual({ text: fenced });
  });

  it('in a VuePress tree, shows the columns one after another with one warning; no one-column table is made of a ":--:" line', () => {
    const { tree, diagnostics } = pageTree(ROW, { vuepress: true, languages: ['python'] });
    expect(diagnostics.map((d) => [d.code, d.severity, d.line])).toEqual([['markdown/unsupported-syntax', 'warning', 3]]);
    expect(tree.children.map((node) => node.type)).toEqual(['heading', 'paragraph', 'code', 'paragraph']);
    // A ":--:" with no width under a line was a one-column table; read as GFM (a site.yaml tree), it still is.
    const unnumbered = ROW.replace(':--:1', ':--:');
    expect(pageTree(unnumbered, { vuepress: true, languages: ['python'] }).tree.children.map((node) => node.type)).not.toContain('table');
    expect(pageTree(unnumbered, { languages: ['python'] }).tree.children.map((node) => node.type)).toContain('table');
  });
});
