import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../../cli/build';
import { resolveConfig } from '../../../cli/config';
import { CONSTANTS, generateTree, writeTree, type GeneratedTree } from '../../bench/generate-tree';

const PAGES = 30;

describe('tests/bench/generate-tree', () => {
  let root: string;
  let tree: GeneratedTree;
  let result: BuildResult;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'docsbuild-bench-tree-'));
    tree = await generateTree({ pages: PAGES, seed: 'unit' });
    await writeTree(path.join(root, 'content'), tree);
    const config = resolveConfig(root, { content: 'content', out: 'dist', config: false });
    result = await build(config, { mode: 'check' });
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('writes the requested number of pages plus site.yaml', async () => {
    const written = (await readdir(path.join(root, 'content'), { recursive: true })).filter((f) => f.endsWith('.md'));
    expect(written).toHaveLength(PAGES);
    expect(tree.files.has('site.yaml')).toBe(true);
    expect(result.pageCount).toBe(PAGES);
  });

  it('passes check with no errors (and no warnings)', () => {
    const summary = result.diagnostics.map((d) => `${d.severity} ${d.code} ${d.file}:${d.line}:${d.column} ${d.message}`);
    expect(summary.filter((line) => line.startsWith('error'))).toEqual([]);
    expect(summary).toEqual([]);
  });

  it('nests folders, with README folder pages and x.md pages', () => {
    const paths = [...tree.files.keys()];
    expect(paths.some((p) => p.split('/').length >= 3 && p.endsWith('/README.md'))).toBe(true);
    expect(paths.some((p) => p.endsWith('.md') && !p.endsWith('README.md'))).toBe(true);
  });

  it('writes pages with the features the pipeline has work to do on', () => {
    const pages = [...tree.files].filter(([name]) => name.endsWith('.md')).map(([, text]) => text);
    const all = pages.join('\n');
    for (const feature of ['\n## ', '\n### ', '| --- |', '```js\n', '```bash\n', '```json\n', '```python\n', '::: tip', '{{ $const.', '.md#', '](/']) {
      expect(all, feature).toContain(feature);
    }
    for (const name of Object.keys(CONSTANTS)) expect(all).toContain(name);
    const average = tree.pageBytes / PAGES;
    expect(average).toBeGreaterThan(4000);
    expect(average).toBeLessThan(5200);
  });

  it('is deterministic: the same seed gives the same files, another seed other files', async () => {
    const again = await generateTree({ pages: PAGES, seed: 'unit' });
    expect([...again.files]).toEqual([...tree.files]);
    const onDisk = await readFile(path.join(root, 'content', 'site.yaml'), 'utf8');
    expect(onDisk).toBe(again.files.get('site.yaml'));
    const other = await generateTree({ pages: PAGES, seed: 'other' });
    expect([...other.files]).not.toEqual([...tree.files]);
  });
});
