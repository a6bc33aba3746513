import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../cli/build';
import { hasErrors } from '../../cli/diagnostics/diagnostic';
import { resolveConfig } from '../../cli/config';
import { PAGE_PARTS } from '../../cli/features/parts';
import { MemoryOutput } from '../../cli/output/sink';
import { createPagePipeline, type PagePipeline } from '../../cli/page/page-pipeline';
import { FIXTURES } from '../helpers/build-fixture';
import { expectSameFiles } from '../helpers/same-files';

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
    expectSameFiles(b.files, a.files);
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
      const cold = await build(config(), { mode: 'build', pipeline });
      same(now.result, cold);
      expect(now.result.diagnostics).toEqual(cold.diagnostics);
      // The download sizes too: those of files kept from the last build are the ones stored with them.
      expect(now.result.sizes, `step ${step}: ${kind} in ${page}`).toEqual(cold.sizes);
      // The link checks of pages the edit cannot affect are the last build's (site/checks/stored-checks.ts).
      expect(now.result.pagesChecked, `step ${step}: ${kind} in ${page}`).toBeLessThan(PAGES.length);
      last = now;
    }
  });

  it('edits that change what links resolve to: problems and files equal a cold build', { timeout: 60_000 }, async () => {
    const write = (name: string, text: string) => writeFileSync(path.join(root, 'content', name), text);
    const read = (name: string) => readFileSync(path.join(root, 'content', name), 'utf8');
    const setup = read('guide/setup.md');
    const ref = read('api/ref.md');
    const site = read('site.yaml');
    const steps: [string, () => void][] = [
      ['a new page linking to two others and an anchor', () => write('guide/extra.md', '# Extra\n\nSee [the reference](../api/ref.md) and [install](./setup.md#install).\n')],
      ['a linked heading renamed', () => write('guide/setup.md', setup.replace('## Install', '## Installing'))],
      ['the heading back', () => write('guide/setup.md', setup)],
      ['a linked page removed', () => rmSync(path.join(root, 'content', 'api/ref.md'))],
      ['the page back', () => write('api/ref.md', ref)],
      ['a redirect added, and a link through it', () => {
        write('site.yaml', site.replace('redirects:\n', 'redirects:\n  /moved/: /api/reference/\n'));
        write('guide/extra.md', '# Extra\n\nSee [the reference](/moved/#nowhere).\n');
      }],
      // site.yaml's parse is then the stored one (site/stored-site-config.ts): the problem is placed by parsing it again.
      ['a redirect from a path no page has yet', () => write('site.yaml', site.replace('redirects:\n', 'redirects:\n  /guide/new.html: /guide/setup.html\n'))],
      ['a page at that path, site.yaml unchanged: the redirect shadows it, at its line', () => write('guide/new.md', '# New\n\nText.\n')],
    ];
    let last = await warm();
    for (const [what, edit] of steps) {
      edit();
      const now = await warm(last.output);
      const cold = await build(config(), { mode: 'build', pipeline });
      expect(now.result.diagnostics, what).toEqual(cold.diagnostics);
      same(now.result, cold);
      last = now;
    }
    // The renamed heading was a problem of the pages linking to it, which did not change themselves.
    rmSync(path.join(root, 'content', 'guide/extra.md'));
    rmSync(path.join(root, 'content', 'guide/new.md'));
    write('site.yaml', site);
  });

  // A page whose text is unchanged takes the digest of its links from the last build while the site index's link fingerprint
  // is unchanged (features/link-digests.ts): an edit of another page that changes where its links lead must change its output.
  it('edits of other pages that change where an unchanged page\'s links lead, with dead links as warnings: files equal a cold build', { timeout: 60_000 }, async () => {
    const write = (name: string, text: string) => writeFileSync(path.join(root, 'content', name), text);
    const read = (name: string) => readFileSync(path.join(root, 'content', name), 'utf8');
    const setup = read('guide/setup.md');
    const site = read('site.yaml');
    write('site.yaml', `${site}rules:\n  link/dead: warning\n  link/dead-anchor: warning\n  link/missing-file: warning\n`);
    // `#Install` finds the anchor `install` in another case, and is written as it; without it, as written.
    write('guide/extra.md', '# Extra\n\nSee [install](./setup.md#Install), [later](/guide/later.html) and [a file](../later.txt).\n');
    const steps: [string, () => void][] = [
      ['the heading it finds in another case renamed', () => write('guide/setup.md', setup.replace('## Install', '## Installing'))],
      ['the heading back', () => write('guide/setup.md', setup)],
      ['the page it links to added', () => write('guide/later.md', '# Later\n\nText.\n')],
      // As many pages, in the same order, with the same anchors: only a path changed.
      ['that page moved away', () => renameSync(path.join(root, 'content', 'guide/later.md'), path.join(root, 'content', 'guide/latest.md'))],
      ['that page removed', () => rmSync(path.join(root, 'content', 'guide/latest.md'))],
      ['the file it links to added', () => write('later.txt', 'Later.\n')],
      ['that file removed', () => rmSync(path.join(root, 'content', 'later.txt'))],
    ];
    let last = await warm();
    try {
      for (const [what, edit] of steps) {
        edit();
        const now = await warm(last.output);
        const cold = await build(config(), { mode: 'build', pipeline });
        expect(hasErrors(cold.diagnostics), `${what}: ${cold.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code).join(', ')}`).toBe(false);
        expect(now.result.diagnostics, what).toEqual(cold.diagnostics);
        same(now.result, cold);
        last = now;
      }
    } finally {
      rmSync(path.join(root, 'content', 'guide/extra.md'));
      write('guide/setup.md', setup);
      write('site.yaml', site);
    }
  });
});
