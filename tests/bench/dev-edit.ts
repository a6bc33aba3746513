/**
 * `npm run bench:dev`: edit-to-screen time of `docsbuild dev` on the real
 * site and on a generated tree of 10,000 pages. Copies content/ to a temp folder, starts the dev server, opens a page
 * in Chromium, then edits that page's Markdown several times and measures,
 * for each edit, file write → `update` event in the browser → page updated
 * in the DOM. Three kinds of edit, each in its own table: a line of text
 * added (the site model as it was), a `##` heading renamed (one no page
 * links to), and the page's title changed. Writes tests/bench/DEV-EDIT.md.
 * Needs /usr/bin/chromium.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import fg from 'fast-glob';
import { resolveConfig } from '../../cli/config';
import { startDevServer } from '../../cli/serve/dev';
import { generateTree, writeTree } from './generate-tree';
import { timedDevEngine } from './timed-engine';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EDITS = 5;
const PAGE = 'limits/README.md';
const CHROMIUM = '/usr/bin/chromium';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
/** The generated tree's size (tests/bench/generate-tree.ts); DOCSBUILD_BENCH_DEV_PAGES=0 measures the real site only. */
const GENERATED_PAGES = Number(process.env.DOCSBUILD_BENCH_DEV_PAGES ?? 10_000);
/** Only the kinds of edit whose names include one of these words (DOCSBUILD_BENCH_DEV_KINDS=title,site); all by default. */
const KINDS = process.env.DOCSBUILD_BENCH_DEV_KINDS?.split(',');
/** DOCSBUILD_BENCH_DEV_REAL=0 measures the generated tree only. */
const REAL_SITE = process.env.DOCSBUILD_BENCH_DEV_REAL !== '0';

interface Row {
  event: number;
  screen: number;
  rebuild?: number;
}

interface SiteRun {
  label: string;
  page: string;
  /** Per kind of edit. */
  kinds: { kind: EditKind; rows: Row[]; load: number[] }[];
  startMs: number;
}

/** An edit of the page's text: the new text for edit `i`, and what the page then shows. */
interface EditKind {
  name: string;
  /** The file it edits, in the content folder: the page by default. */
  file?: string;
  /** Edits of this kind (EDITS by default). */
  count?: number;
  edit(original: string, i: number): { text: string; shows: (tab: Page) => Promise<boolean> };
}

const inMain = (text: string) => async (tab: Page) => (await tab.locator('main').innerText()).includes(text);

/** A line added at the end: the page's model (title, headings, links) as it was. */
const TEXT_EDIT: EditKind = {
  name: 'a line of text added',
  edit: (original, i) => {
    const marker = `Edit number ${i} from the dev benchmark.`;
    return { text: `${original}\n${marker}\n`, shows: inMain(marker) };
  },
};

/** The page's title changed: in its frontmatter when it has one there, else its `#` heading. */
const TITLE_EDIT: EditKind = {
  name: 'the title changed',
  edit: (original, i) => {
    const title = `Retitled ${i} by the dev benchmark`;
    const text = /^title: .*$/m.test(original) ? original.replace(/^title: .*$/m, `title: ${JSON.stringify(title)}`) : original.replace(/^# .*$/m, `# ${title}`);
    // The document's title: a page whose frontmatter names its title may show another `#` heading.
    return { text, shows: async (tab) => (await tab.title()).includes(title) };
  },
};

/** A `##` heading renamed: the page's last one whose anchor no page of the tree links to (a dead anchor would stop the build). */
function headingEdit(original: string, linked: string): EditKind {
  // Plain words only: the check looks for the heading's text as written, and inline code or emphasis changes that on the page.
  const headings = [...original.matchAll(/^## ([\w ,.'-]+)$/gm)].map((m) => m[1]!);
  const heading = headings.reverse().find((h) => !linked.includes(`#${slugOf(h)}`)) ?? headings[0]!;
  return {
    name: `a heading renamed (“${heading}”)`,
    edit: (text, i) => {
      const renamed = `${heading} renamed ${i}`;
      return { text: text.replace(`## ${heading}`, `## ${renamed}`), shows: inMain(renamed) };
    },
  };
}

/** site.yaml's first top-nav entry renamed: the site record changes (nav, every page's HTML, made when asked for), no page does. */
const SITE_EDIT: EditKind = {
  name: 'site.yaml: a top-nav entry renamed',
  file: 'site.yaml',
  count: 3,
  edit: (original, i) => {
    const text = `Nav ${i} by the dev benchmark`;
    const nav = original.indexOf('\nnav:');
    const renamed = original.slice(0, nav) + original.slice(nav).replace(/text: ("?)[^",}\n]+\1/, `text: ${text}`);
    return { text: renamed, shows: async (tab) => (await tab.locator('header').innerText()).includes(text) };
  },
};

/** Near enough github-slugger's slug to tell whether a page links to a heading. */
const slugOf = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');

/** The page's URL path under the base, as VuePress names it: README.md → its folder, x.md → x.html. */
const urlPathOf = (relativePath: string) => relativePath.replace(/(^|\/)README\.md$/, '$1').replace(/\.md$/, '.html');

/** Starts `docsbuild dev` on `dir/content`, opens `page` in Chromium, edits it EDITS times and times each edit to the screen. */
async function measure(label: string, dir: string, page: string, config: Parameters<typeof resolveConfig>[1], siteEdits = SITE_EDIT.count): Promise<SiteRun> {
  const linked = (await Promise.all(fg.sync('**/*.md', { cwd: path.join(dir, 'content') }).map((f) => readFile(path.join(dir, 'content', f), 'utf8')))).join('\n');
  const rebuilds: number[] = [];
  // The full builds that finished, by when they began: after a restore the next kind waits for one (see below).
  const finished: number[] = [];
  const engine = timedDevEngine(({ began }) => finished.push(began));
  const started = performance.now();
  const server = await startDevServer({
    config: resolveConfig(dir, config),
    host: '127.0.0.1',
    port: 0,
    engine,
    watchViewer: false,
    log: (text) => {
      // The server's time to the update event: a quick edit's (its page alone), else the rebuild's.
      const ms = /^(?:Updated|Rebuilt) in (\d+) ms/.exec(text)?.[1];
      if (ms) rebuilds.push(Number(ms));
    },
  });
  const startMs = Math.round(performance.now() - started);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'], headless: true });
  const kinds: SiteRun['kinds'] = [];
  try {
    process.stderr.write(`${label}: dev server up at ${server.url} in ${startMs} ms\n`);
    const tab = await browser.newPage();
    await tab.goto(`${server.url}${urlPathOf(page)}`);
    await tab.locator('html[data-viewer="ready"]').waitFor({ state: 'attached' });
    const pageText = await readFile(path.join(dir, 'content', page), 'utf8');
    for (const kind of [TEXT_EDIT, headingEdit(pageText, linked), TITLE_EDIT, SITE_EDIT].filter((k) => KINDS === undefined || KINDS.some((name) => k.name.includes(name)))) {
      const rows: Row[] = [];
      const file = path.join(dir, 'content', kind.file ?? page);
      const original = await readFile(file, 'utf8');
      for (let i = 1; i <= (kind === SITE_EDIT ? siteEdits! : (kind.count ?? EDITS)); i++) {
        const { text, shows } = kind.edit(original, i);
        const before = await tab.evaluate(() => window.__DOCSBUILD_DEV__?.build ?? 0);
        const rebuildsBefore = rebuilds.length;
        const written = Date.now();
        await writeFile(file, text);
        await tab.waitForFunction((n) => (window.__DOCSBUILD_DEV__?.build ?? 0) > n, before, { timeout: 600_000, polling: 20 });
        const state = await tab.evaluate(() => window.__DOCSBUILD_DEV__!);
        if (!(await shows(tab))) throw new Error(`Edit ${i} (${kind.name}) is not on the page.`);
        rows.push({ event: state.eventAt! - written, screen: state.renderedAt! - written, rebuild: rebuilds[rebuildsBefore] });
        process.stderr.write(`${label}, ${kind.name}, edit ${i}: event ${rows.at(-1)!.event} ms, screen ${rows.at(-1)!.screen} ms\n`);
        await new Promise((r) => setTimeout(r, 300));
      }
      kinds.push({ kind, rows, load: os.loadavg() });
      // The page as it was before the next kind (its full build, as after every edit of the kind, gives way to the next edit).
      const before = await tab.evaluate(() => window.__DOCSBUILD_DEV__?.build ?? 0);
      const restored = Date.now();
      await writeFile(file, original);
      await tab.waitForFunction((n) => (window.__DOCSBUILD_DEV__?.build ?? 0) > n, before, { timeout: 600_000, polling: 50 });
      // The restore's full build, too: its update (the quick edit's came first) must not be taken for the next kind's first
      // (at 10,000 pages a site.yaml edit's "event" was the restore's build, seconds before its own).
      while (!finished.some((began) => began >= restored)) await new Promise((r) => setTimeout(r, 50));
      await new Promise((r) => setTimeout(r, 300));
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return { label, page, kinds, startMs };
}

function table(run: SiteRun): string[] {
  return [
    `## ${run.label}`,
    '',
    `${EDITS} edits of each kind of ${run.page} (a copy), then site.yaml's, Chromium open on that page; the server started (first build) in ${run.startMs} ms.`,
    '',
    ...run.kinds.flatMap(({ kind, rows, load }) => {
      const rebuilds = rows.flatMap((r) => (r.rebuild === undefined ? [] : [r.rebuild]));
      return [
        `### ${kind.name}`,
        '',
        '| edit | write → event | write → screen | server (quick edit or rebuild) |',
        '| --- | --- | --- | --- |',
        ...rows.map((r, i) => `| ${i + 1} | ${r.event} ms | ${r.screen} ms | ${r.rebuild ?? '?'} ms |`),
        `| **median** | **${median(rows.map((r) => r.event))} ms** | **${median(rows.map((r) => r.screen))} ms** | ${rebuilds.length > 0 ? median(rebuilds) : '?'} ms |`,
        '',
        `Load average ${load.map((l) => l.toFixed(1)).join(' ')} after these edits.`,
        '',
      ];
    }),
  ];
}

async function main(): Promise<void> {
  const runs: SiteRun[] = [];
  const real = await mkdtemp(path.join(os.tmpdir(), 'docsbuild-bench-dev-'));
  try {
    await cp(path.join(ROOT, 'content'), path.join(real, 'content'), { recursive: true });
    // As `docsbuild dev` runs it on a site this size: the page cache, in this thread.
    if (REAL_SITE) runs.push(await measure('The real site', real, PAGE, { config: false, threads: 0, cache: true }));
  } finally {
    await rm(real, { recursive: true, force: true });
  }
  if (GENERATED_PAGES > 0) {
    const generated = await mkdtemp(path.join(os.tmpdir(), 'docsbuild-bench-dev-'));
    try {
      const tree = await generateTree({ pages: GENERATED_PAGES });
      await writeTree(path.join(generated, 'content'), tree);
      // A page in the middle of the tree; the first build uses workers (the default), later ones only process what changed.
      const page = tree.pages[Math.floor(tree.pages.length / 2)]!.relativePath;
      // One site.yaml edit: a full build; no page's HTML is made until asked for (serve/dev-output.ts), 8-10 s at this size under load 2-3
      // (15-18 s when every page's HTML was made again).
      runs.push(await measure(`${GENERATED_PAGES.toLocaleString('en')} generated pages`, generated, page, { config: false, cache: true }, 1));
    } finally {
      await rm(generated, { recursive: true, force: true });
    }
  }
  const report = [
    '# docsbuild dev: edit-to-screen',
    '',
    '`npm run bench:dev`: times from the file write to the `update` event arriving in the browser, and to the page re-rendered in the DOM.',
    'Targets (issue 20): 60 ms median on the real site, 100 ms at 10,000 pages.',
    '',
    ...runs.flatMap(table),
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, Node ${process.version}.`,
    '',
  ].join('\n');
  process.stdout.write(report);
  await writeFile(path.join(ROOT, 'tests', 'bench', 'DEV-EDIT.md'), report);
}

await main();
