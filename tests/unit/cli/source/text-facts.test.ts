import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importsOf } from '../../../../cli/markdown/directives';
import { fenceLanguages } from '../../../../cli/markdown/fences';
import { mayShowSiteTitle } from '../../../../cli/markdown/home';
import { loadSources, type ListedTree, type SourceFile } from '../../../../cli/source/load';
import { StoredSources } from '../../../../cli/source/stored-sources';
import { parseTextFacts, serializeTextFacts, siteLanguages, textFactsOf } from '../../../../cli/source/text-facts';
import { statFile, type FileStat } from '../../../../cli/source/unchanged-files';

const dir = mkdtempSync(path.join(tmpdir(), 'docsbuild-text-facts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const TEXTS = [
  '# Plain\n\nNo fences, no imports.\n',
  '---\nhome: true\n---\n```js\nx\n```\n~~~Bash-const\n{{ $const.VERSION }}\n~~~\n',
  '# Snippet\n\n<<< @/snippets/a.ts\n\nUses $site.themeConfig.repo and $const.API and $const.API.\n\n```console\n$ ls\n```\n',
  '# Include\n\n<!-- @include: ./part.md -->\n',
];

/** The scans the build made of every page before facts were kept: what each fact must equal. */
function scanned(text: string) {
  const constants = [...new Set([...text.matchAll(/\$(?:const|site\.themeConfig)\.([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!))].sort();
  return { languages: fenceLanguages([text]), imports: importsOf(text).length > 0, home: mayShowSiteTitle(text), constants };
}

describe('cli/source/text-facts', () => {
  it('a text\'s facts are what the scans find, and read back as written', () => {
    for (const text of TEXTS) {
      expect(textFactsOf(text)).toEqual(scanned(text));
      expect(parseTextFacts(serializeTextFacts(textFactsOf(text)))).toEqual(textFactsOf(text));
    }
    expect(textFactsOf(TEXTS[1]!)).toEqual({ languages: ['bash', 'js'], imports: false, home: true, constants: ['VERSION'] });
    // The site's languages from the facts are those of one scan of every text.
    expect(siteLanguages(TEXTS.map((text) => ({ text, facts: textFactsOf(text) })))).toEqual(fenceLanguages(TEXTS));
    for (const damaged of ['', '[', '[[],true,false]', '[["js"],"yes",false,[]]', '{"languages":[]}']) expect(parseTextFacts(damaged)).toBeUndefined();
  });
});

describe('cli/source/text-facts kept with the stored sources', () => {
  const content = path.join(dir, 'content');
  const store = path.join(dir, 'cache', 'sources.bin');
  const config = { root: dir, contentDir: content };
  const write = (relativePath: string, text: string) => {
    mkdirSync(path.dirname(path.join(content, relativePath)), { recursive: true });
    writeFileSync(path.join(content, relativePath), text);
  };
  /** The tree as the CLI lists it, every stat settled (as a build long after the writes takes them). */
  const listed = async (): Promise<ListedTree> => {
    const files = (readdirSync(content, { recursive: true, withFileTypes: true }) as { name: string; parentPath: string; isFile(): boolean }[])
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(content, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .sort();
    const stats = new Map<string, FileStat>();
    for (const file of files) stats.set(file, { ...(await statFile(path.join(content, file))), settled: true });
    return { files, symlinks: [], statOf: (file) => stats.get(file) };
  };
  const load = async () => {
    const files = await StoredSources.open(store, (absolute) => absolute.endsWith('.md'));
    const sources = await loadSources(config, files, undefined, await listed());
    await files.save();
    return sources.pages;
  };
  /** Whether the page's text is still the stored bytes' lazy one: its facts then came from the store, not from a scan. */
  const fromStore = (page: SourceFile) => Object.getOwnPropertyDescriptor(page, 'text')?.get !== undefined;
  const expectScanned = (pages: SourceFile[]) => {
    for (const page of pages) expect(page.facts, page.relativePath).toEqual(scanned(page.text));
  };

  it('each page\'s facts equal a fresh scan of its text after edits, renames, deletions and additions; an unchanged page\'s come from the store', async () => {
    TEXTS.forEach((text, i) => write(`page-${i}.md`, text));
    write('guide/part.md', '# Part\n\n```ts\nlet a;\n```\n');
    const first = await load();
    expect(first.some(fromStore)).toBe(false);
    expectScanned(first);

    const second = await load();
    expect(second.every(fromStore)).toBe(true);
    expectScanned(second);

    // Each fact changes in an edit: a home page no more, new languages, an import and constants added.
    write('page-1.md', '# Not home\n\n```python\nx\n```\n\n!!!include(guide/part.md)!!!\n\n{{ $const.OTHER }}\n');
    write('page-0.md', '---\nhome: true\n---\n# Now home\n');
    renameSync(path.join(content, 'page-2.md'), path.join(content, 'guide', 'moved.md'));
    rmSync(path.join(content, 'page-3.md'));
    write('added.md', '```rust\nfn main() {}\n```\n');
    const third = await load();
    expect(third.map((p) => p.relativePath)).toEqual(['added.md', 'guide/moved.md', 'guide/part.md', 'page-0.md', 'page-1.md']);
    expect(third.filter(fromStore).map((p) => p.relativePath)).toEqual(['guide/part.md']);
    expectScanned(third);
    expect(third.find((p) => p.relativePath === 'page-1.md')!.facts).toEqual({ languages: ['python'], imports: true, home: false, constants: ['OTHER'] });

    // Stored from the last build's reads, the edited, moved and added pages' facts are the new texts'.
    const fourth = await load();
    expect(fourth.every(fromStore)).toBe(true);
    expectScanned(fourth);
  });
});
