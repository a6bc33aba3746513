import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, buildIntoFolder, type BuildResult } from '../../../../../cli/build';
import { resolveConfig } from '../../../../../cli/config';
import { expectSameBytes } from '../../../../helpers/same-files';

const FIXTURE = path.resolve(__dirname, '../../../../fixtures/viewer-site');
const text = (content: string | Uint8Array | undefined) => (typeof content === 'string' ? content : new TextDecoder().decode(content));

describe('cli/features/llms-full', () => {
  let result: BuildResult;
  beforeAll(async () => {
    result = await build(resolveConfig(FIXTURE, { config: false }), { mode: 'build' });
  }, 120_000);

  it('holds every page with a .md copy, in sidebar order, each copy whole under its title and URL', () => {
    const full = text(result.files.get('llms-full.txt'));
    const site = result.manifest!.site;
    expect(full.startsWith(`# ${site.title}\n`)).toBe(true);
    const blocks = [...full.matchAll(/\n---\ntitle: (.*)\nurl: (.*)\n---\n\n/g)];
    const copies = [...result.files.keys()].filter((name) => name.endsWith('.md'));
    expect(blocks.length).toBe(copies.length);
    // Sidebar order first: the order the site's reading order gives.
    const sidebarPaths: string[] = [];
    const walk = (items: typeof site.sidebar) => {
      for (const item of items) {
        if (item.type === 'page') sidebarPaths.push(item.path);
        else if (item.type === 'group') walk(item.children);
      }
    };
    walk(site.sidebar);
    const urls = blocks.map((b) => b[2]!);
    const expectedFirst = sidebarPaths.filter((p, at) => sidebarPaths.indexOf(p) === at).map((p) => p.replace(/\/$/, '/index').replace(/\.html$/, '') + '.md');
    expect(urls.slice(0, expectedFirst.length).map((u) => u.slice(u.indexOf(site.base) + site.base.length))).toEqual(expectedFirst.map((p) => p.slice(1)));
    // Each copy appears whole, right after its header.
    for (const block of blocks) {
      const name = block[2]!.slice(block[2]!.indexOf(site.base) + site.base.length);
      const copy = text(result.files.get(name));
      expect(full.slice(block.index! + block[0].length).startsWith(copy), name).toBe(true);
    }
  });

  it('is made from the copies alone: the same input, the same bytes', async () => {
    const again = await build(resolveConfig(FIXTURE, { config: false }), { mode: 'build' });
    expect(again.files.get('llms-full.txt')).toEqual(result.files.get('llms-full.txt'));
  }, 120_000);

  it('written part by part into an output folder, it is the same bytes, cold and after an edit (taken from the last file)', async () => {
    const project = mkdtempSync(path.join(tmpdir(), 'docsbuild-llms-full-'));
    try {
      cpSync(path.join(FIXTURE, 'content'), path.join(project, 'content'), { recursive: true });
      const config = () => resolveConfig(project, { config: false, cache: true, threads: 0 });
      const intoFolder = async () => {
        const folder = await buildIntoFolder(config());
        await folder.commit();
        return readFileSync(path.join(project, 'dist', 'llms-full.txt'));
      };
      expectSameBytes(await intoFolder(), result.files.get('llms-full.txt')!);
      // An edit: the other copies come from the last build's file, the edited one from its new copy.
      appendFileSync(path.join(project, 'content', 'limits', 'README.md'), '\nA paragraph added by the test.\n');
      const edited = await build(resolveConfig(project, { config: false }), { mode: 'build' });
      const again = await intoFolder();
      expect(again.toString()).toContain('A paragraph added by the test.');
      expectSameBytes(again, edited.files.get('llms-full.txt')!);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  }, 120_000);

  it('after an edit of more pages than it holds changed copies for (64, or an eighth), it is still the bytes of a cold build', async () => {
    const project = mkdtempSync(path.join(tmpdir(), 'docsbuild-llms-full-many-'));
    const pages = 80;
    try {
      const content = path.join(project, 'content');
      mkdirSync(path.join(content, 'notes'), { recursive: true });
      writeFileSync(path.join(content, 'site.yaml'), 'title: Many\nbase: /docs/\n');
      writeFileSync(path.join(content, 'README.md'), '# Home\n\nWelcome.\n');
      for (let at = 0; at < pages; at++) writeFileSync(path.join(content, 'notes', `note-${at}.md`), `# Note ${at}\n\nText of note ${at}.\n`);
      const intoFolder = async () => {
        const folder = await buildIntoFolder(resolveConfig(project, { config: false, cache: true, threads: 0 }));
        await folder.commit();
        return readFileSync(path.join(project, 'dist', 'llms-full.txt'));
      };
      await intoFolder();
      // All but five pages changed: the five copies come from the last file, the others are read as their turn comes.
      for (let at = 0; at < pages - 5; at++) appendFileSync(path.join(content, 'notes', `note-${at}.md`), `\nEdited ${at}.\n`);
      const again = await intoFolder();
      const cold = await build(resolveConfig(project, { config: false }), { mode: 'build' });
      expect(again.toString()).toContain('Edited 74.');
      expectSameBytes(again, cold.files.get('llms-full.txt')!);
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  }, 120_000);
});
