import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../cli/build';
import { resolveConfig } from '../../cli/config';
import { buildFixture } from '../helpers/build-fixture';

/**
 * A project of the given files, in a temporary folder made and built before
 * the describe block's tests and removed after them; `project` is the
 * folder docsbuild runs in, `content` its --content.
 */
function builtProject(prefix: string, files: Record<string, string>, project = '', content = 'docs'): () => BuildResult {
  let folder: string;
  let result: BuildResult;
  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), prefix));
    for (const [name, body] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
      writeFileSync(path.join(folder, name), body);
    }
    result = await build(resolveConfig(path.join(folder, project), { content, config: false }), { mode: 'build' });
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  return () => result;
}

/** What the vuepress-markdown fixture's pages become beyond their HTML (which fixtures.test.ts compares). */
describe('Markdown of VuePress and VitePress trees, end to end', () => {
  let result: BuildResult;
  const text = (name: string) => String(result.files.get(name));
  const chunk = (prefix: string) => JSON.parse(text([...result.files.keys()].find((n) => n.startsWith(`assets/pages/${prefix}.`))!)) as Record<string, unknown>;

  beforeAll(async () => {
    result = await buildFixture('vuepress-markdown');
  });

  it("labels prev/next links with VitePress's { text, link }", () => {
    expect(result.diagnostics).toEqual([]);
    expect(chunk('index').next).toEqual({ path: '/guide/', title: 'Read the guide next' });
    // Without a link, the sidebar's neighbour under the given label.
    expect(chunk('guide').prev).toEqual({ path: '/', title: 'Back to the start' });
  });

  it('puts the included text in the .md copy, llms.txt and the search index, and keeps badges out of header titles', () => {
    expect(text('guide/index.md')).toContain('## Install\n\nInstall the package before you start.');
    expect(text('guide/index.md')).toContain('```js\nfor (let attempt = 1; attempt <= 3; attempt++) {');
    expect(text('guide/index.md')).not.toContain('@include');
    const manifest = JSON.parse(text('pages.json')) as { pages: { path: string; headers: { title: string }[] }[] };
    expect(manifest.pages.find((p) => p.path === '/guide/')!.headers.map((h) => h.title)).toEqual(['Retries', 'Install']);
    const termShards = [...result.files.keys()].filter((n) => /^assets\/search\/terms-/.test(n));
    expect(termShards.some((name) => /"package"/.test(text(name)))).toBe(true);
  });
});

/** `--content ../docs`: a content folder beside the project, as monorepos keep it. */
describe('includes when the content folder lies outside the project root', () => {
  const built = builtProject(
    'docsbuild-beside-',
    {
      'project/package.json': '{}\n',
      'docs/site.yaml': 'title: Beside\n',
      'docs/README.md': '# Home\n\nSee [the API](./api/).\n',
      'docs/api/README.md': '# API\n\nBefore.\n\n<!--@include: ../.includes/first-call.md-->\n\n<<< ../.includes/call.sh\n\nAfter.\n',
      'docs/.includes/first-call.md': '## First call\n\nSend one request with your key.\n',
      'docs/.includes/call.sh': 'curl -H "Authorization: Bearer $KEY" https://example.com/v1/me\n',
    },
    'project',
    '../docs',
  );
  const text = (name: string) => String(built().files.get(name));

  it('writes the included text and snippet into the .md copy as into the page', () => {
    expect(built().diagnostics).toEqual([]);
    const copy = text('api/index.md');
    expect(copy).toContain('Before.\n\n## First call\n\nSend one request with your key.\n');
    expect(copy).toContain('```bash\ncurl -H "Authorization: Bearer $KEY" https://example.com/v1/me\n```');
    expect(copy).not.toContain('@include');
    expect(text('api/index.html')).toContain('Send one request with your key.');
  });
});

/** markdown-it-include with its root set to the docs folder (`md.use(include, path.resolve(__dirname, '..'))`), as Chart.js's docs set it. */
describe("markdown-it-include's form when its root is the content folder", () => {
  const built = builtProject('docsbuild-include-root-', {
    'docs/.vuepress/config.js': "module.exports = { title: 'Charts', themeConfig: { sidebar: ['/', '/axes/'] } };\n",
    'docs/README.md': '# Home\n\nSee [the axes](./axes/).\n',
    'docs/axes/README.md': '# Axes\n\nEvery axis takes these.\n\n!!!include(axes/_common.md)!!!\n',
    'docs/axes/_common.md': '## Common options\n\nA `display` flag and a `weight`.\n',
  });
  const text = (name: string) => String(built().files.get(name));

  it('reads the file from the content folder into the page and its .md copy', () => {
    expect(built().diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(text('axes/index.html')).toContain('A <code>display</code> flag and a <code>weight</code>.');
    expect(text('axes/index.md')).toContain('## Common options\n\nA `display` flag and a `weight`.');
    expect(text('axes/index.md')).not.toContain('!!!include');
  });
});

/** A content folder whose own package.json runs `vuepress build` (no folder named): VuePress runs there, and `@/` is that folder. */
describe('snippets and includes when VuePress runs in the content folder', () => {
  const built = builtProject('docsbuild-run-folder-', {
    'docs/package.json': JSON.stringify({ scripts: { build: 'vuepress build --no-cache' } }),
    'docs/.vuepress/config.js': "module.exports = { title: 'Charts', themeConfig: { sidebar: ['/'] } };\n",
    'docs/README.md': '# Home\n\n<<< @/scripts/scale.js\n',
    'docs/scripts/scale.js': 'export const scale = (value) => value * 2;\n',
  });

  it('reads `<<< @/scripts/x.js` from the content folder', () => {
    expect(built().diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(String(built().files.get('index.html'))).toMatch(/data-lang="js"><code>.*scale/);
  });
});
