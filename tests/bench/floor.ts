/**
 * The parse floor: what any Markdown docs build must at least do with the
 * same files. Read each file from disk, split (and YAML-parse) its
 * frontmatter with gray-matter, parse the body with unified + remark-parse +
 * remark-gfm. Nothing else: no validation, no outline, no links, no render,
 * no output. Trees are dropped as soon as they are parsed, so the floor's
 * peak RSS is the memory floor of a streaming build too.
 *
 * The code floor adds what any docs build that colours code at build time
 * must also do: every fenced block with a language shiki knows highlighted
 * once, with one theme (one tokenizing pass; docsbuild's two themes share
 * one too, markdown/shared-tokenizing.ts), by shiki's own codeToHast. It
 * says how much of a build's time above the parse floor is highlighting.
 *
 * It runs in a child process of its own (`node build/bench.js floor DIR
 * THREADS [code]`) so its peak RSS is its own, and prints one JSON line at exit.
 * With 2 threads, two worker_threads each take every other file; the main
 * thread only lists the files and waits.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import matter from 'gray-matter';
import type { Code } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { useLinearEditMap } from '../../cli/markdown/linear-edit-map';

export interface FloorReport {
  role: 'floor';
  threads: number;
  pages: number;
  bytes: number;
  /** Top-level nodes of every tree, summed: proof the parses happened. */
  nodes: number;
  /** Code blocks highlighted (the code floor; 0 for the parse floor). */
  highlighted: number;
  /** Time inside the process from its first line to the last parse (module loading excluded). */
  innerMs: number;
  /** Peak RSS of the whole process (all threads), in KiB, from getrusage. */
  maxRssKiB: number;
}

export interface FloorWorkerData {
  role: 'floor-worker';
  files: string[];
  code: boolean;
}

interface ParseTotals {
  pages: number;
  bytes: number;
  nodes: number;
  highlighted: number;
}

/** The one theme the code floor highlights with. */
const CODE_FLOOR_THEME = 'github-light';

function listMarkdown(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => path.join(dir, name));
}

/**
 * The floor's work on a list of files, on the current thread; with `code`,
 * every fenced block is highlighted too, after the parses (shiki loads the
 * grammars the blocks name once, as a build's worker does).
 */
export async function parseFiles(files: readonly string[], code = false): Promise<ParseTotals> {
  useLinearEditMap();
  const processor = unified().use(remarkParse).use(remarkGfm);
  const totals: ParseTotals = { pages: 0, bytes: 0, nodes: 0, highlighted: 0 };
  const blocks: { lang: string; value: string }[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    // Options (even empty ones) keep gray-matter from caching every file by its text.
    const { content } = matter(text, {});
    const tree = processor.parse(content);
    totals.pages++;
    totals.bytes += text.length;
    totals.nodes += tree.children.length;
    if (code) collectCode(tree.children, blocks);
  }
  if (blocks.length > 0) totals.highlighted = await highlightAll(blocks);
  return totals;
}

function collectCode(nodes: readonly { type: string; children?: unknown }[], into: { lang: string; value: string }[]): void {
  for (const node of nodes) {
    if (node.type === 'code') {
      const { lang, value } = node as Code;
      if (lang) into.push({ lang: lang.toLowerCase(), value });
    } else if (Array.isArray(node.children)) collectCode(node.children as { type: string }[], into);
  }
}

async function highlightAll(blocks: readonly { lang: string; value: string }[]): Promise<number> {
  const { bundledLanguages, createHighlighter } = await import('shiki');
  const langs = [...new Set(blocks.map((b) => b.lang))].filter((lang) => lang in bundledLanguages);
  const shiki = await createHighlighter({ themes: [CODE_FLOOR_THEME], langs });
  let highlighted = 0;
  for (const { lang, value } of blocks) {
    if (!langs.includes(lang)) continue;
    shiki.codeToHast(value, { lang, theme: CODE_FLOOR_THEME });
    highlighted++;
  }
  shiki.dispose();
  return highlighted;
}

/** Entry of the floor child process: parses the tree on 1 or 2 threads, prints a FloorReport line. */
export async function runFloorProcess(contentDir: string, threads: number, entryUrl: URL, code = false): Promise<void> {
  const started = performance.now();
  const files = listMarkdown(contentDir);
  let totals: ParseTotals;
  if (threads <= 1) {
    totals = await parseFiles(files, code);
  } else {
    const shares = Array.from({ length: threads }, (_, t) => files.filter((_, i) => i % threads === t));
    const results = await Promise.all(
      shares.map(
        (share) =>
          new Promise<ParseTotals>((resolve, reject) => {
            const data: FloorWorkerData = { role: 'floor-worker', files: share, code };
            const worker = new Worker(entryUrl, { workerData: data });
            worker.once('message', (message: ParseTotals) => resolve(message));
            worker.once('error', reject);
            worker.once('exit', (code) => {
              if (code !== 0) reject(new Error(`floor worker exited with ${code}`));
            });
          }),
      ),
    );
    totals = results.reduce((a, b) => ({ pages: a.pages + b.pages, bytes: a.bytes + b.bytes, nodes: a.nodes + b.nodes, highlighted: a.highlighted + b.highlighted }));
  }
  const report: FloorReport = {
    role: 'floor',
    threads,
    ...totals,
    innerMs: performance.now() - started,
    maxRssKiB: process.resourceUsage().maxRSS,
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
}
