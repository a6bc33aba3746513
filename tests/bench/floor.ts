/**
 * The parse floor: what any Markdown docs build must at least do with the
 * same files. Read each file from disk, split (and YAML-parse) its
 * frontmatter with gray-matter, parse the body with unified + remark-parse +
 * remark-gfm. Nothing else: no validation, no outline, no links, no render,
 * no output. Trees are dropped as soon as they are parsed, so the floor's
 * peak RSS is the memory floor of a streaming build too.
 *
 * It runs in a child process of its own (`node build/bench.js floor DIR
 * THREADS`) so its peak RSS is its own, and prints one JSON line at exit.
 * With 2 threads, two worker_threads each take every other file; the main
 * thread only lists the files and waits.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import matter from 'gray-matter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

export interface FloorReport {
  role: 'floor';
  threads: number;
  pages: number;
  bytes: number;
  /** Top-level nodes of every tree, summed: proof the parses happened. */
  nodes: number;
  /** Time inside the process from its first line to the last parse (module loading excluded). */
  innerMs: number;
  /** Peak RSS of the whole process (all threads), in KiB, from getrusage. */
  maxRssKiB: number;
}

export interface FloorWorkerData {
  role: 'floor-worker';
  files: string[];
}

interface ParseTotals {
  pages: number;
  bytes: number;
  nodes: number;
}

function listMarkdown(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => path.join(dir, name));
}

/** The floor's work on a list of files, on the current thread. */
export function parseFiles(files: readonly string[]): ParseTotals {
  const processor = unified().use(remarkParse).use(remarkGfm);
  const totals: ParseTotals = { pages: 0, bytes: 0, nodes: 0 };
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    // Options (even empty ones) keep gray-matter from caching every file by its text.
    const { content } = matter(text, {});
    const tree = processor.parse(content);
    totals.pages++;
    totals.bytes += text.length;
    totals.nodes += tree.children.length;
  }
  return totals;
}

/** Entry of the floor child process: parses the tree on 1 or 2 threads, prints a FloorReport line. */
export async function runFloorProcess(contentDir: string, threads: number, entryUrl: URL): Promise<void> {
  const started = performance.now();
  const files = listMarkdown(contentDir);
  let totals: ParseTotals;
  if (threads <= 1) {
    totals = parseFiles(files);
  } else {
    const shares = Array.from({ length: threads }, (_, t) => files.filter((_, i) => i % threads === t));
    const results = await Promise.all(
      shares.map(
        (share) =>
          new Promise<ParseTotals>((resolve, reject) => {
            const data: FloorWorkerData = { role: 'floor-worker', files: share };
            const worker = new Worker(entryUrl, { workerData: data });
            worker.once('message', (message: ParseTotals) => resolve(message));
            worker.once('error', reject);
            worker.once('exit', (code) => {
              if (code !== 0) reject(new Error(`floor worker exited with ${code}`));
            });
          }),
      ),
    );
    totals = results.reduce((a, b) => ({ pages: a.pages + b.pages, bytes: a.bytes + b.bytes, nodes: a.nodes + b.nodes }));
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
