import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../cli/build';
import { resolveConfig } from '../../cli/config';
import { MemoryOutput, type OutputContent, type PutOptions } from '../../cli/output/sink';
import { tempSite } from '../helpers/temp-site';

/** An output that fails on the first page's HTML: the build stops while its features are writing. */
class FailingOutput extends MemoryOutput {
  override async put(name: string, content: OutputContent, options?: PutOptions): Promise<void> {
    if (name.endsWith('.html') && name !== '404.html') throw new Error(`disk full writing ${name}`);
    return super.put(name, content, options);
  }
}

/** Every file under `dir`, relative. */
const filesUnder = (dir: string) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((name) => name.split(path.sep).join('/'));

describe('a build that fails while writing', () => {
  it('leaves no temp file in the cache folder (the search index state it began is aborted), and the next build works', async () => {
    const pages = Object.fromEntries(Array.from({ length: 5 }, (_, at) => [`guide/page-${at}.md`, `# Page ${at}\n\nWords for the search index, page ${at}.\n`]));
    const site = tempSite({ 'site.yaml': 'title: Failing\nsearch:\n  provider: local\n', 'README.md': '# Home\n\nWelcome.\n', ...pages });
    const cacheDir = path.join(site.root, 'cache');
    const config = () => ({ ...resolveConfig(site.root, { config: false }), pages: { cache: { dir: cacheDir, toolVersion: 'test' } } });
    try {
      await expect(build(config(), { mode: 'build', output: new FailingOutput() })).rejects.toThrow(/disk full/);
      expect(filesUnder(cacheDir).filter((name) => name.includes('.tmp'))).toEqual([]);
      const again = await build(config(), { mode: 'build' });
      expect(again.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(again.files.has('guide/page-3.html')).toBe(true);
      expect(filesUnder(cacheDir)).toContain('features/search-index.bin');
    } finally {
      site.remove();
    }
  });
});
