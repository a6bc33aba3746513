import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveConfig } from '../../../../cli/config';
import { decodeUtf8, loadSources } from '../../../../cli/source/load';

describe('cli/source/load', () => {
  describe('decodeUtf8', () => {
    it('strips a BOM', () => {
      expect(decodeUtf8(new Uint8Array([0xef, 0xbb, 0xbf, 0x41]))).toBe('A');
    });
    it('turns CRLF and lone CR into LF so line numbers stay right', () => {
      expect(decodeUtf8(Buffer.from('a\r\nb\rc\n'))).toBe('a\nb\nc\n');
    });
    it('rejects invalid UTF-8', () => {
      expect(decodeUtf8(new Uint8Array([0x41, 0xff, 0x42]))).toBeUndefined();
    });
    it('rejects NUL bytes (binary files)', () => {
      expect(decodeUtf8(new Uint8Array([0x41, 0x00, 0x42]))).toBeUndefined();
    });
    it('keeps non-ASCII text', () => {
      expect(decodeUtf8(Buffer.from('Größe ✓'))).toBe('Größe ✓');
    });
  });

  describe('loadSources', () => {
    let root: string;
    beforeAll(async () => {
      root = await mkdtemp(path.join(tmpdir(), 'docsbuild-load-'));
      await mkdir(path.join(root, 'content/b/node_modules'), { recursive: true });
      await writeFile(path.join(root, 'content/site.yaml'), 'title: T\n');
      await writeFile(path.join(root, 'content/z.md'), '# Z\n');
      await writeFile(path.join(root, 'content/b/README.md'), '# B\n');
      await writeFile(path.join(root, 'content/a.md'), '# A\n');
      await writeFile(path.join(root, 'content/b/node_modules/x.md'), '# ignored\n');
      await writeFile(path.join(root, 'content/bad.md'), Buffer.from([0x23, 0x20, 0xc3, 0x28, 0x0a]));
    });
    afterAll(() => rm(root, { recursive: true, force: true }));

    it('reads every page sorted by path, skipping node_modules, and reports undecodable files', async () => {
      const loaded = await loadSources(resolveConfig(root, { config: false }));
      expect(loaded.pages.map((p) => p.relativePath)).toEqual(['a.md', 'b/README.md', 'z.md']);
      expect(loaded.siteConfig?.text).toBe('title: T\n');
      expect(loaded.diagnostics).toHaveLength(1);
      expect(loaded.diagnostics[0]).toMatchObject({ code: 'file/not-utf8', file: 'content/bad.md', line: 1, column: 3 });
    });

    it('reads a site.yaml larger than the page limit (a 10,000-page sidebar)', async () => {
      const big = await mkdtemp(path.join(tmpdir(), 'docsbuild-bigconfig-'));
      await mkdir(path.join(big, 'content'));
      const sidebar = Array.from({ length: 80_000 }, (_, i) => `  - /page-${i}/`).join('\n');
      await writeFile(path.join(big, 'content/site.yaml'), `title: T\nsidebar:\n${sidebar}\n`);
      const loaded = await loadSources(resolveConfig(big, { config: false }));
      expect(loaded.siteConfig?.text.length).toBeGreaterThan(1024 * 1024);
      expect(loaded.diagnostics).toEqual([]);
      await rm(big, { recursive: true, force: true });
    });

    it('reports a missing site.yaml', async () => {
      const empty = await mkdtemp(path.join(tmpdir(), 'docsbuild-empty-'));
      await mkdir(path.join(empty, 'content'));
      const loaded = await loadSources(resolveConfig(empty, { config: false }));
      expect(loaded.diagnostics.map((d) => d.code)).toEqual(['config/missing']);
      expect(loaded.diagnostics[0]!.hint).toBe('Create content/site.yaml (README.md#site-config lists every key), or pass --content to the folder that holds it.');
      await rm(empty, { recursive: true, force: true });
    });

    it('says, for a VitePress tree without site.yaml, that its config is not read, naming the tree\'s own site.yaml', async () => {
      const project = await mkdtemp(path.join(tmpdir(), 'docsbuild-vitepress-'));
      await mkdir(path.join(project, 'docs', '.vitepress'), { recursive: true });
      await writeFile(path.join(project, 'docs', '.vitepress', 'config.js'), 'export default { title: "T" }\n');
      await writeFile(path.join(project, 'docs', 'index.md'), '# Home\n');
      const loaded = await loadSources(resolveConfig(project, { config: false, content: 'docs' }));
      expect(loaded.diagnostics.map((d) => [d.code, d.file])).toEqual([['config/missing', 'docs/site.yaml']]);
      expect(loaded.diagnostics[0]!.hint).toMatch(/^Create docs\/site\.yaml .*not a VitePress config/);
      await rm(project, { recursive: true, force: true });
    });
  });
});
