import { describe, expect, it } from 'vitest';
import { chooseImport, importCandidates, importsOf, parseImportTarget, resolveImport, selectLines } from '../../../../cli/markdown/directives';
import { markdownCopy } from '../../../../cli/features/markdown-copy/copy';
import { renderMarkdown } from '../../../helpers/render';

const PART = '---\ntitle: Not mine\n---\n## Shared step\n\nRun the **setup** once.\n';
const CODE = 'const a = 1;\n// #region call\nclient.call();\n// #endregion call\nconst b = 2;\n';

describe('cli/markdown/directives: imports', () => {
  it('reads the targets of both include forms and of snippet imports, and their lines, outside code only', () => {
    const page = '<!--@include: ./parts/a.md{2,4}-->\n!!!include(b.md)!!!\n<<< @/snippets/x.js#call{1} [x.js]\n```md\n<<< @/not/this.js\n```\n';
    expect(importsOf(page)).toEqual([
      { kind: 'include', target: { path: './parts/a.md', range: [2, 4] }, line: 1 },
      { kind: 'include', target: { path: 'b.md', fromRoot: true }, line: 2 },
      { kind: 'snippet', target: { path: '@/snippets/x.js', region: 'call', lines: '1', title: 'x.js' }, line: 3 },
    ]);
    expect(parseImportTarget('include', './a.md{3,}')).toEqual({ path: './a.md', range: [3, undefined] });
    expect(parseImportTarget('include', './a.md{,5}')).toEqual({ path: './a.md', range: [undefined, 5] });
  });

  it('finds each import form on a page that holds only it, and none on a page of containers and components alone', () => {
    expect(importsOf('# A\n\n<!-- @include: ./a.md -->\n').map((i) => i.target.path)).toEqual(['./a.md']);
    expect(importsOf('# B\n\n!!!include(b.md)!!!\n').map((i) => i.target.path)).toEqual(['b.md']);
    expect(importsOf('# C\n\n<<< @/c.js\n').map((i) => i.target.path)).toEqual(['@/c.js']);
    expect(importsOf('# D\n\n::: tip\nText\n:::\n\n<Badge text="x"/>\n')).toEqual([]);
  });

  it('reads include and snippet lines with long blank runs in one pass (a hostile page once cost quadratic time)', () => {
    const blanks = ' '.repeat(200_000);
    const page = `<!--@include: ./a${blanks}b.md${blanks}-->${blanks}\n!!!include(c${blanks}d.md)!!!${blanks}\n<<< ./e${blanks}f.js${blanks}\n`;
    expect(importsOf(page).map(({ kind, target }) => [kind, target.path.replace(/ +/g, ' ')])).toEqual([
      ['include', './a b.md'],
      ['include', 'c d.md'],
      ['snippet', './e f.js'],
    ]);
  });

  it('resolves from the page folder or the import root, and refuses to leave the project', () => {
    expect(resolveImport('content/api/README.md', './part.md')).toBe('content/api/part.md');
    expect(resolveImport('content/api/README.md', '../shared/x.md')).toBe('content/shared/x.md');
    expect(resolveImport('content/api/README.md', '@/examples/a.js')).toBe('examples/a.js');
    expect(resolveImport('content/api/README.md', '@/examples/a.js', 'content')).toBe('content/examples/a.js');
    expect(resolveImport('content/api/README.md', '../../../etc/passwd')).toBeUndefined();
    expect(resolveImport('content/README.md', '@/../x.js')).toBeUndefined();
    expect(resolveImport('content/api/README.md', 'docs/api/mount.md', '', true)).toBe('docs/api/mount.md');
  });

  it('reaches into a content folder that lies outside the project root (`--content ../docs`), and no further', () => {
    const page = '../docs/api/README.md';
    expect(resolveImport(page, '../.includes/part.md', '', false, '../docs')).toBe('../docs/.includes/part.md');
    expect(resolveImport(page, '../../secret.md', '', false, '../docs')).toBeUndefined();
    expect(resolveImport(page, '../.includes/part.md')).toBeUndefined();
  });

  it("tries markdown-it-include's form from the import root, then from the content folder; every other form in one place", () => {
    expect(importCandidates('docs/axes/bar.md', 'axes/_common.md', '', true, 'docs')).toEqual(['axes/_common.md', 'docs/axes/_common.md']);
    expect(importCandidates('docs/axes/bar.md', 'docs/axes/_common.md', '', true, 'docs')).toEqual(['docs/axes/_common.md', 'docs/docs/axes/_common.md']);
    expect(importCandidates('axes/bar.md', 'axes/_common.md', '', true, '')).toEqual(['axes/_common.md']);
    expect(importCandidates('docs/axes/bar.md', './_common.md', '', false, 'docs')).toEqual(['docs/axes/_common.md']);
    expect(importCandidates('docs/axes/bar.md', '@/x.js', '', true, 'docs')).toEqual(['x.js']);
    expect(importCandidates('docs/a.md', '../../x.md', '', true, 'docs')).toEqual([]);
    // The first place that was read wins; with none, the first names the file in the diagnostic.
    expect(chooseImport(['a.md', 'docs/a.md'], { 'a.md': null, 'docs/a.md': 'A' })).toBe('docs/a.md');
    expect(chooseImport(['a.md', 'docs/a.md'], { 'a.md': 'root', 'docs/a.md': 'A' })).toBe('a.md');
    expect(chooseImport(['a.md', 'docs/a.md'], { 'a.md': null })).toBe('a.md');
  });

  it('selects a region without its markers, and a line range or the whole file as written (its line numbers are the file\'s)', () => {
    expect(selectLines(CODE, { path: 'x', region: 'call' })).toBe('client.call();');
    expect(selectLines(CODE, { path: 'x', range: [1, 3] })).toBe('const a = 1;\n// #region call\nclient.call();');
    expect(selectLines(CODE, { path: 'x' })).toBe(CODE.trimEnd());
    expect(selectLines('a\n// #region outer\nb\n// #region inner\nc\n// #endregion inner\n// #endregion outer\n', { path: 'x', region: 'outer' })).toBe('b\nc');
    expect(selectLines(CODE, { path: 'x', region: 'nope' })).toBeUndefined();
    expect(selectLines('# Regional settings\nText\n', { path: 'x' })).toBe('# Regional settings\nText');
  });
});

describe('cli/markdown/imports', () => {
  it("includes a file's Markdown: its headings become the page's headers, its frontmatter is left out", async () => {
    // markdown-it-include's form reads from the project root, as its `root` option does by default.
    const { html, outline, codes } = await renderMarkdown('# Guide\n\n<!--@include: ./parts/step.md-->\n\n!!!include(content/parts/step.md)!!!\n', {
      relativePath: 'guide.md',
      dependencies: { 'content/parts/step.md': PART },
    });
    expect(codes).toEqual([]);
    expect(outline.headers).toEqual([
      { level: 2, title: 'Shared step', slug: 'shared-step' },
      { level: 2, title: 'Shared step', slug: 'shared-step-1' },
    ]);
    expect(html).toContain('<h2 id="shared-step">Shared step</h2>');
    expect(html).toContain('<p>Run the <strong>setup</strong> once.</p>');
    expect(html).not.toContain('Not mine');
    expect(html).not.toContain('include');
  });

  it("finds markdown-it-include's file in the content folder when the import root has none (a plugin root set to the docs folder)", async () => {
    const { html, codes } = await renderMarkdown('# Guide\n\n!!!include(parts/step.md)!!!\n', {
      relativePath: 'guide.md',
      contentFolder: 'content',
      dependencies: { 'parts/step.md': null, 'content/parts/step.md': PART },
    });
    expect(codes).toEqual([]);
    expect(html).toContain('<h2 id="shared-step">Shared step</h2>');
  });

  it('says, of a missing include in a VuePress tree read from inside its content folder, to run docsbuild where VuePress runs (vue-test-utils: 359 such errors)', async () => {
    const page = '# API\n\n!!!include(docs/api/part.md)!!!\n';
    const missing = { dependencies: { 'docs/api/part.md': null }, relativePath: 'api/README.md' };
    const hints = async (options: Parameters<typeof renderMarkdown>[1]) => (await renderMarkdown(page, options)).tree.diagnostics.map((d) => [d.code, d.hint]);
    expect(await hints({ ...missing, vuepress: true, contentFolder: '' })).toEqual([['link/missing-file', expect.stringContaining('Run docsbuild from there, with --content naming this folder.')]]);
    // Read from the folder above, or in a site.yaml tree, the catalogue's hint.
    expect(await hints({ ...missing, vuepress: true, contentFolder: 'docs' })).toEqual([['link/missing-file', expect.stringContaining('Add the file to the content folder')]]);
    expect(await hints({ ...missing, contentFolder: '' })).toEqual([['link/missing-file', expect.stringContaining('Add the file to the content folder')]]);
  });

  it('imports a snippet as a highlighted block in the language of its extension, with its lines highlighted', async () => {
    const { html, codes, tree } = await renderMarkdown('# T\n\nText\n<<< @/examples/__tests__/call.js{2}\n\n<<< ./local.ts#call\n', {
      relativePath: 'api/x.md',
      dependencies: { 'examples/__tests__/call.js': CODE, 'content/api/local.ts': CODE },
    });
    expect(codes).toEqual([]);
    expect(tree.tree.children.map((c) => c.type)).toEqual(['heading', 'paragraph', 'code', 'code']);
    expect(html).toContain('<p>Text</p>');
    // The whole file as written: its line 2 (the region's start) is the one highlighted.
    expect(html).toMatch(/data-lang="js"><code><span class="line">.*<\/span>\n<span class="line highlighted"><span class="[^"]+">\/\/ #region call<\/span>/);
    // The region alone, without its markers.
    expect(html).toMatch(/data-lang="ts"><code><span class="line"><span class="[^"]+">client.<\/span><span class="[^"]+">call<\/span>/);
    expect(html.match(/region/g)).toHaveLength(2);
    expect(html).not.toContain('<strong>tests</strong>');
  });

  it('reports a missing file, a path leaving the project and a cycle at the including line, leaving nothing behind', async () => {
    const { html, tree } = await renderMarkdown('# T\n\n<!--@include: ./gone.md-->\n\n<<< @/../../secret.js\n\n<!--@include: ./a.md-->\n\n<<< ./x.js#nope\n', {
      relativePath: 'p.md',
      dependencies: { 'content/gone.md': null, 'content/a.md': 'A\n\n<!--@include: ./b.md-->\n', 'content/b.md': 'B\n\n!!!include(./a.md)!!!\n', 'content/x.js': CODE },
    });
    expect(tree.diagnostics.map((d) => `${d.code}@${d.line}:${d.column}`)).toEqual([
      'link/missing-file@3:1',
      'markdown/include-outside-project@5:1',
      'markdown/include-cycle@7:1',
      'link/missing-file@9:1',
    ]);
    expect(tree.diagnostics[2]!.message).toContain('content/a.md → content/b.md → content/a.md');
    expect(html).toContain('<p>A</p>\n<p>B</p>');
    expect(html).not.toContain('secret');
  });
});

describe('.md copies of pages with imports', () => {
  it('write out the included Markdown and the snippet as a fenced block', async () => {
    const { tree } = await renderMarkdown('# Guide\n\n<!--@include: ./parts/step.md-->\n\n<<< @/examples/call.js#call\n\n<!--@include: ./gone.md-->\n', {
      relativePath: 'guide.md',
      dependencies: { 'content/parts/step.md': PART, 'examples/call.js': CODE, 'content/gone.md': null },
    });
    const copy = markdownCopy(tree, { title: 'Guide', constants: {}, resolveLink: () => undefined, imports: {} });
    expect(copy).toBe('# Guide\n\n## Shared step\n\nRun the **setup** once.\n\n```js\nclient.call();\n```\n');
  });
});
