import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../cli/build';
import { resolveConfig } from '../../cli/config';
import { PAGE_PARTS } from '../../cli/features/parts';
import { MemoryOutput } from '../../cli/output/sink';
import { createPagePipeline, type PagePipeline } from '../../cli/page/page-pipeline';
import { FIXTURES } from '../helpers/build-fixture';

const PAGES = ['README.md', 'guide/README.md', 'guide/setup.md', 'api/ref.md'];
const WORDS = ['river', 'lantern', 'quorum', 'basalt', 'meadow', 'signal', 'harbor', 'copper', 'install', 'guide'];

/** A small seeded generator: the same edits every run, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % below;
  };
}

/**
 * After an edit, the search index and llms-full.txt are made from what the
 * last build stored of each page (output/feature-states.ts) and the last
 * llms-full.txt, reading only the edited pages' bodies: the files must be
 * byte for byte a cold build's, whatever the edit added or took away.
 */
describe('site-wide files by difference', () => {
  let root: string;
  let pipeline: PagePipeline;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'docsbuild-by-difference-'));
    cpSync(path.join(FIXTURES, 'basic', 'content'), path.join(root, 'content'), { recursive: true });
    pipeline = createPagePipeline(PAGE_PARTS);
  });
  afterAll(() => {
    pipeline.dispose();
    rmSync(root, { recursive: true, force: true });
  });

  const config = () => resolveConfig(root, { config: false });
  const warm = (previous?: MemoryOutput) => {
    const output = new MemoryOutput(previous);
    return build({ ...config(), pages: { cache: { dir: path.join(root, 'cache'), toolVersion: 'test' } } }, { mode: 'build', output, pipeline }).then((result) => ({ result, output }));
  };
  const same = (a: BuildResult, b: BuildResult) => {
    expect([...a.files.keys()]).toEqual([...b.files.keys()]);
    for (const [name, content] of a.files) expect(Buffer.from(b.files.get(name)!), name).toEqual(Buffer.from(content));
  };

  it('random one-page edits: the index and llms-full.txt equal a cold build, and only the edited page is read', { timeout: 60_000 }, async () => {
    const next = random(20);
    const added = new Map<string, string[]>(PAGES.map((p) => [p, []]));
    let last = await warm();
    expect(last.result.files.has('llms-full.txt')).toBe(true);
    expect([...last.result.files.keys()].some((name) => name.includes('/search/'))).toBe(true);
    for (let step = 0; step < 6; step++) {
      const page = PAGES[next(PAGES.length)]!;
      const file = path.join(root, 'content', page);
      const blocks = added.get(page)!;
      const words = Array.from({ length: 3 + next(6) }, () => WORDS[next(WORDS.length)]).join(' ');
      // Add a paragraph, add a section (a new document of the index), or take back what an earlier step added.
      const kind = blocks.length > 0 && next(3) === 0 ? 'remove' : next(2) === 0 ? 'paragraph' : 'section';
      const text = readFileSync(file, 'utf8');
      if (kind === 'remove') writeFileSync(file, text.replace(blocks.pop()!, ''));
      else {
        const block = kind === 'paragraph' ? `\n${words} step${step}.\n` : `\n## ${WORDS[next(WORDS.length)]} part ${step}\n\n${words}.\n`;
        blocks.push(block);
        writeFileSync(file, text + block);
      }
      const now = await warm(last.output);
      expect(now.result.pagesFromCache, `step ${step}: ${kind} in ${page}`).toBe(PAGES.length - 1);
      expect(now.result.bodiesRead, `step ${step}: ${kind} in ${page}`).toBe(1);
      same(now.result, await build(config(), { mode: 'build', pipeline }));
      last = now;
    }
  });
});
