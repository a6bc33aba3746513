import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toolVersionOf } from '../../cli/config';

const BUILD = path.resolve(__dirname, '../../build');
/** What only processing a page needs: a build whose pages all come from the cache must not load these. */
const PAGE_PIPELINE = ['shiki', 'shiki/textmate', 'remark-parse', 'remark-gfm', 'unified', 'gray-matter', 'hast-util-raw', 'mdast-util-to-hast'];
/** What only rendering pages' HTML or bundling the viewer needs (about 110 ms of start-up): `check`, `--help` and an up-to-date build must not load these. */
const RENDER_AND_BUNDLE = ['react', 'react-dom', 'react-dom/server', 'react/jsx-runtime', 'esbuild'];

/** Every module the compiled file loads before it runs: its static imports, followed through the chunks. */
function staticImports(file: string, seen = new Set<string>()): Set<string> {
  const text = readFileSync(path.join(BUILD, file), 'utf8');
  // Statements at a line's start or after a ";" (the page worker is minified: its imports share a line).
  for (const m of text.matchAll(/(?:^|;)(?:import|export)\b[^;]*?\bfrom\s*"([^"]+)"|(?:^|;)import\s*"([^"]+)"/gm)) {
    const specifier = m[1] ?? m[2]!;
    if (seen.has(specifier)) continue;
    seen.add(specifier);
    if (specifier.startsWith('./')) staticImports(specifier.slice(2), seen);
  }
  return seen;
}

describe('CLI start-up', () => {
  it('loads the Markdown parser and shiki only when a page must be processed', () => {
    const loaded = staticImports('cli.js');
    expect([...loaded].some((s) => s.startsWith('./chunk-')), 'the CLI is split into chunks').toBe(true);
    expect(loaded.has('zod')).toBe(true);
    for (const name of PAGE_PIPELINE) expect(loaded.has(name), name).toBe(false);
    for (const name of RENDER_AND_BUNDLE) expect(loaded.has(name), name).toBe(false);
    // The worker, which processes pages, does load them: shiki as a package, the parser bundled into its one file
    // (scripts/compile.mjs: hundreds of modules were most of its start), with no chunk of the CLI's.
    const worker = staticImports('worker.js');
    expect(worker.has('shiki')).toBe(true);
    expect([...worker].filter((s) => s.startsWith('./') || s === 'remark-parse' || s === 'unified')).toEqual([]);
    // mdast-util-from-markdown, which remark-parse runs, is in the file itself.
    expect(readFileSync(path.join(BUILD, 'worker.js'), 'utf8')).toContain('function fromMarkdown(');
    // The page-HTML worker renders with React from its first line.
    expect(staticImports('document-worker.js').has('react-dom/server')).toBe(true);
  });

  it('keys the page cache by every compiled file of the tool, chunks included, and nothing else', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'docsbuild-tool-'));
    try {
      const write = (name: string, text: string) => writeFileSync(path.join(dir, name), text);
      write('cli.js', 'cli');
      write('worker.js', 'worker');
      write('chunk-AB12.js', 'chunk');
      const cli = path.join(dir, 'cli.js');
      const version = toolVersionOf(cli);
      write('cli.js.map', 'map');
      write('bench.js', 'bench');
      expect(toolVersionOf(cli)).toBe(version);
      write('chunk-AB12.js', 'changed chunk');
      expect(toolVersionOf(cli)).not.toBe(version);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
