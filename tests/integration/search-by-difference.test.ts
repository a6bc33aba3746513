import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../cli/build';
import { resolveConfig } from '../../cli/config';
import { PAGE_PARTS } from '../../cli/features/parts';
import { updatesByDifference } from '../../cli/features/search';
import { OutputFolder } from '../../cli/output/folder';
import { outputRecordFile } from '../../cli/output/record';
import { createPagePipeline, type PagePipeline } from '../../cli/page/page-pipeline';
import { FIXTURES } from '../helpers/build-fixture';

/** The search index's files in an output folder, with their inodes. */
const searchFiles = (out: string) =>
  new Map(readdirSync(path.join(out, 'assets', 'search')).map((name) => [name, statSync(path.join(out, 'assets', 'search', name)).ino]));

/**
 * The search index of a CLI build, file by file: a shard whose bytes are
 * unchanged stays as the last build left it (not written, not gzipped for
 * the size report: its gzip size is kept in the output record), and the
 * sizes reported are a cold build's.
 */
describe('search index files by difference', () => {
  let root: string;
  let pipeline: PagePipeline;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'docsbuild-search-difference-'));
    cpSync(path.join(FIXTURES, 'basic', 'content'), path.join(root, 'content'), { recursive: true });
    pipeline = createPagePipeline(PAGE_PARTS);
  });
  afterAll(() => {
    pipeline.dispose();
    rmSync(root, { recursive: true, force: true });
  });

  const cache = () => ({ dir: path.join(root, 'cache'), toolVersion: 'test' });
  const intoFolder = async () => {
    const config = { ...resolveConfig(root, { config: false }), pages: { cache: cache() } };
    const output = await OutputFolder.open(config.outDir, { record: { file: outputRecordFile(cache().dir, config.outDir), toolVersion: 'test' } });
    const result = await build(config, { mode: 'build', output, pipeline });
    await output.commit();
    return { result, out: config.outDir };
  };
  const cold = () => build(resolveConfig(root, { config: false }), { mode: 'build', pipeline });

  it('an edit of a paragraph writes the term shards it changes and keeps the document shards; nothing changed keeps every file', { timeout: 60_000 }, async () => {
    // What an older docsbuild kept of every page's search words: no build reads it now, and the first that stores the index removes it.
    const retired = path.join(cache().dir, 'features', 'search.bin');
    mkdirSync(path.dirname(retired), { recursive: true });
    writeFileSync(retired, 'an older state');
    const first = await intoFolder();
    expect(existsSync(retired)).toBe(false);
    expect(existsSync(path.join(cache().dir, 'features', 'search-index.bin'))).toBe(true);
    const before = searchFiles(first.out);
    const docShards = [...before.keys()].filter((name) => name.startsWith('docs-'));
    expect(docShards.length).toBeGreaterThan(0);

    appendFileSync(path.join(root, 'content', 'guide', 'setup.md'), '\nA paragraph of quartzite words.\n');
    const edited = await intoFolder();
    const after = searchFiles(edited.out);
    for (const name of docShards) expect(after.get(name), name).toBe(before.get(name));
    const newTerms = [...after.keys()].filter((name) => name.startsWith('terms-') && !before.has(name));
    expect(newTerms.length).toBeGreaterThan(0);
    expect(edited.result.sizes?.searchIndex).toEqual((await cold()).sizes?.searchIndex);

    // The same inputs again (the whole index's key unchanged): every file kept, the same sizes.
    const again = await intoFolder();
    expect(searchFiles(again.out)).toEqual(after);
    expect(again.result.sizes?.searchIndex).toEqual(edited.result.sizes?.searchIndex);
  });

  it('updates the stored index for a few changed pages only: past 64 and an eighth of the site, it is made whole (nothing held per page)', () => {
    expect(updatesByDifference(1, 10_000)).toBe(true);
    expect(updatesByDifference(1_250, 10_000)).toBe(true);
    expect(updatesByDifference(1_251, 10_000)).toBe(false);
    expect(updatesByDifference(10_000, 10_000)).toBe(false);
    // A small site is updated up to 64 changed pages, all of them here.
    expect(updatesByDifference(40, 40)).toBe(true);
    expect(updatesByDifference(65, 100)).toBe(false);
  });

  it('every page changed after a stored index: the index made whole is a cold build\'s, file for file', { timeout: 60_000 }, async () => {
    const searchOf = (files: Map<string, string | Uint8Array>) =>
      new Map([...files].filter(([name]) => name.startsWith('assets/search/')).map(([name, content]) => [name, Buffer.from(content).toString('utf8')]));
    const onDisk = (out: string) => new Map([...searchFiles(out).keys()].map((name) => [`assets/search/${name}`, readFileSync(path.join(out, 'assets', 'search', name), 'utf8')]));
    await intoFolder();
    const pages = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? pages(path.join(dir, e.name)) : e.name.endsWith('.md') ? [path.join(dir, e.name)] : []));
    for (const file of pages(path.join(root, 'content'))) appendFileSync(file, '\nOne more sentence about slate.\n');
    const { out } = await intoFolder();
    expect(onDisk(out)).toEqual(searchOf((await cold()).files));
  });

  it('a page added, retitled and removed: the index by difference is a cold build\'s, file for file', { timeout: 60_000 }, async () => {
    const searchOf = (files: Map<string, string | Uint8Array>) =>
      new Map([...files].filter(([name]) => name.startsWith('assets/search/')).map(([name, content]) => [name, Buffer.from(content).toString('utf8')]));
    const onDisk = (out: string) => new Map([...searchFiles(out).keys()].map((name) => [`assets/search/${name}`, readFileSync(path.join(out, 'assets', 'search', name), 'utf8')]));
    await intoFolder();
    const added = path.join(root, 'content', 'guide', 'extra.md');
    const steps: [string, () => void][] = [
      ['added', () => writeFileSync(added, '# Extra basalt\n\nA meadow of quartzite.\n\n## Harbor\n\nCopper lantern.\n')],
      ['retitled', () => writeFileSync(added, '# Extra willow\n\nA meadow of quartzite.\n\n## Harbor\n\nCopper lantern.\n')],
      ['removed', () => rmSync(added)],
    ];
    for (const [step, change] of steps) {
      change();
      const { out } = await intoFolder();
      expect(onDisk(out), step).toEqual(searchOf((await cold()).files));
    }
  });
});
