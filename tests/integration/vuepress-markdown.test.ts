import { beforeAll, describe, expect, it } from 'vitest';
import type { BuildResult } from '../../cli/build';
import { buildFixture } from '../helpers/build-fixture';

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
