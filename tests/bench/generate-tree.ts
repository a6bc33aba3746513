/**
 * A deterministic synthetic content tree for the benchmark: N pages in nested
 * folders (README.md folder pages and x.md pages), a site.yaml whose sidebar
 * reaches every page, a few redirects and constants. The same seed and size
 * give the same bytes on every machine; the tree passes `docsbuild check`
 * with no diagnostics at all.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pageMarkdown, type PlannedHeading, type PlannedPage } from './page-body';
import { createRng, type Rng } from './prng';
import { NOUNS, VERBS, capitalize, identifier, noun, verb } from './prose';

export const DEFAULT_SEED = 'docsbuild-bench-1';
/** Average size of the generated pages (the figure the parse-floor estimate in the issues is for). */
export const PAGE_BYTES = 4600;
export const BASE = '/docs/';

export const CONSTANTS: Readonly<Record<string, string>> = {
  PRODUCT_NAME: 'Acme Flow',
  API_BASE_URL: 'https://api.example.com/v1',
  API_VERSION: 'v1',
  PAYLOAD_LIMIT: '512KB',
  TIMEOUT_SECONDS: '300',
  FREE_TIER_INVOCATIONS: '10,000',
};

export interface TreeOptions {
  pages: number;
  seed?: string;
  /** Average target size of one page file in bytes. */
  pageBytes?: number;
}

export interface GeneratedTree {
  /** Relative path → file content, sorted by path; includes site.yaml. */
  files: Map<string, string>;
  pages: PlannedPage[];
  /** Bytes of the Markdown pages (site.yaml excluded). */
  pageBytes: number;
}

interface Folder {
  dir: string;
  depth: number;
  readme: PlannedPage;
  leaves: PlannedPage[];
  subfolders: Folder[];
}

/** At most this many pages sit directly in a folder before it grows subfolders. */
const LEAVES_MAX = 12;
const FAN_OUT = 8;
const MAX_DEPTH = 6;

type Slugger = { slug(text: string): string };

/**
 * Plans and writes the tree in memory: a pure function of the options.
 * github-slugger is imported here, not at the top: the bench bundle's static
 * imports are then only what the parse floor itself needs, so the floor
 * process loads no module the floor does not use.
 */
export async function generateTree(options: TreeOptions): Promise<GeneratedTree> {
  const { default: GithubSlugger } = await import('github-slugger');
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isInteger(options.pages) || options.pages < 1) throw new Error(`pages must be a whole number ≥ 1, not ${options.pages}`);
  const structure = createRng(seed, 'structure', options.pages);
  const pages: PlannedPage[] = [];
  const newPage = (relativePath: string, title: string): PlannedPage => {
    const page = planPage(pages.length, relativePath, title, createRng(seed, 'plan', pages.length), new GithubSlugger());
    pages.push(page);
    return page;
  };
  const root = planFolder('', 0, options.pages, 'Synthetic Docs', structure, newPage);

  const constantNames = Object.keys(CONSTANTS);
  const files = new Map<string, string>();
  let pageBytes = 0;
  for (const page of pages) {
    const text = pageMarkdown(page, createRng(seed, 'page', page.index), {
      base: BASE,
      pages,
      constants: constantNames,
      // The home page uses every constant, so none is ever reported as unused.
      mustUseConstants: page.index === 0 ? constantNames : [],
      targetBytes: options.pageBytes ?? PAGE_BYTES,
    });
    files.set(page.relativePath, text);
    pageBytes += Buffer.byteLength(text);
  }
  files.set('site.yaml', siteYaml(root, pages, createRng(seed, 'site')));
  return { files: new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))), pages, pageBytes };
}

/** Writes a generated tree into `dir`, replacing whatever was there. */
export async function writeTree(dir: string, tree: GeneratedTree): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  const dirs = new Set([...tree.files.keys()].map((f) => path.dirname(path.join(dir, f))));
  for (const d of [...dirs].sort()) await mkdir(d, { recursive: true });
  const entries = [...tree.files];
  for (let i = 0; i < entries.length; i += 64) {
    await Promise.all(entries.slice(i, i + 64).map(([name, text]) => writeFile(path.join(dir, name), text)));
  }
}

/** A folder of `budget` pages: its README, some leaf pages, and subfolders sharing the rest. */
function planFolder(
  dir: string,
  depth: number,
  budget: number,
  title: string,
  r: Rng,
  newPage: (relativePath: string, title: string) => PlannedPage,
): Folder {
  const readme = newPage(path.posix.join(dir, 'README.md'), title);
  const rest = budget - 1;
  const subCount = rest <= LEAVES_MAX || depth >= MAX_DEPTH ? 0 : Math.min(FAN_OUT, Math.ceil((rest - 5) / LEAVES_MAX));
  const leafCount = subCount === 0 ? rest : Math.min(rest - subCount, r.int(3, 8));
  const taken = new Set<string>();
  const uniqueName = (name: string) => {
    let candidate = name;
    for (let n = 2; taken.has(candidate); n++) candidate = `${name}-${n}`;
    taken.add(candidate);
    return candidate;
  };

  const leaves: PlannedPage[] = [];
  for (let i = 0; i < leafCount; i++) {
    const leafTitle = `${capitalize(verb(r))} ${r.pick(['the', 'a', 'your'])} ${noun(r)} ${noun(r)}`;
    leaves.push(newPage(path.posix.join(dir, `${uniqueName(kebab(leafTitle))}.md`), leafTitle));
  }

  // Share the remaining pages among the subfolders, unevenly but each at least one.
  const weights = Array.from({ length: subCount }, () => 0.7 + r.next() * 0.6);
  const total = weights.reduce((a, b) => a + b, 0);
  let remaining = rest - leafCount;
  const subfolders: Folder[] = [];
  for (let i = 0; i < subCount; i++) {
    const left = subCount - i - 1;
    const share = i === subCount - 1 ? remaining : Math.max(1, Math.min(remaining - left, Math.round(((rest - leafCount) * weights[i]!) / total)));
    remaining -= share;
    const folderTitle = `${capitalize(r.pick(NOUNS))} ${r.pick(NOUNS)}s`;
    const name = uniqueName(kebab(folderTitle));
    subfolders.push(planFolder(path.posix.join(dir, name), depth + 1, share, folderTitle, r, newPage));
  }
  return { dir, depth, readme, leaves, subfolders };
}

const H2_TITLES: readonly ((r: Rng) => string)[] = [
  () => 'Overview',
  () => 'Before you begin',
  (r) => `Configure the ${noun(r)}`,
  (r) => `How ${noun(r)}s work`,
  (r) => `${capitalize(verb(r))} a ${noun(r)}`,
  (r) => `The \`${identifier(r)}\` option`,
  () => 'Limits',
  () => 'Troubleshooting',
];
const H3_TITLES: readonly ((r: Rng) => string)[] = [
  () => 'Example',
  () => 'Options',
  () => 'Parameters',
  () => 'Response',
  () => 'Errors',
  (r) => `Using \`${noun(r)}.${verb(r)}()\``,
  (r) => `${capitalize(verb(r))} ${noun(r)}s in bulk`,
];

/** Title, description and headings (with their github-slugger slugs) of one page. */
function planPage(index: number, relativePath: string, title: string, r: Rng, slugger: Slugger): PlannedPage {
  const anchors = [slugger.slug(title)];
  const headings: PlannedHeading[] = [];
  const add = (depth: 2 | 3, markdown: string) => {
    const slug = slugger.slug(markdown.replace(/`/g, ''));
    anchors.push(slug);
    headings.push({ depth, markdown, slug });
  };
  const h2Count = r.int(2, 4);
  for (let i = 0; i < h2Count; i++) {
    add(2, r.pick(H2_TITLES)(r));
    const h3Count = r.int(0, 1);
    for (let j = 0; j < h3Count; j++) add(3, r.pick(H3_TITLES)(r));
  }
  add(2, 'Related pages');
  const description = `${capitalize(verb(r))} and ${verb(r)} ${noun(r)}s with the ${noun(r)} ${r.pick(VERBS)} API.`;
  return { index, relativePath, path: regularPath(relativePath), title, description, headings, anchors };
}

function siteYaml(root: Folder, pages: readonly PlannedPage[], r: Rng): string {
  const sidebarOf = (folder: Folder): SidebarItem[] => [
    folder.readme.path,
    ...folder.leaves.map((p) => p.path),
    ...folder.subfolders.map((sub) => ({
      title: sub.readme.title,
      ...(sub.depth >= 2 ? { collapsed: true } : {}),
      children: sidebarOf(sub),
    })),
  ];
  const nav = [
    { text: 'Home', link: '/' },
    ...root.subfolders.slice(0, 4).map((sub) => ({ text: sub.readme.title, link: sub.readme.path })),
    { text: 'Status', link: 'https://status.example.com/' },
  ];
  // Redirect sources live under /legacy/, which no generated folder is called.
  const redirects: Record<string, string> = {};
  const targets = r.shuffle(pages).slice(0, Math.min(6, pages.length));
  targets.forEach((page, i) => {
    const from = i % 2 === 0 ? `/legacy/${kebab(page.title)}-${i}/` : `/legacy/${kebab(page.title)}-${i}.html`;
    redirects[from] = page.path;
  });
  const lines = [
    '# Generated by tests/bench/generate-tree.ts; do not edit.',
    'title: Synthetic Docs',
    `description: A generated site of ${pages.length} pages for the docsbuild benchmark.`,
    `base: ${BASE}`,
    'nav:',
    ...nav.map((item) => `  - { text: ${scalar(item.text)}, link: ${scalar(item.link)} }`),
    'sidebar:',
    ...yamlList(sidebarOf(root), '  '),
    'redirects:',
    ...Object.entries(redirects).map(([from, to]) => `  ${scalar(from)}: ${scalar(to)}`),
    'constants:',
    ...Object.entries(CONSTANTS).map(([name, value]) => `  ${name}: ${scalar(value)}`),
  ];
  return `${lines.join('\n')}\n`;
}

type SidebarItem = string | { title: string; collapsed?: boolean; children: SidebarItem[] };

/** The sidebar as block YAML, the way a writer would lay it out (the yaml package is not loaded for this). */
function yamlList(items: readonly SidebarItem[], indent: string): string[] {
  return items.flatMap((item) =>
    typeof item === 'string'
      ? [`${indent}- ${scalar(item)}`]
      : [
          `${indent}- title: ${scalar(item.title)}`,
          ...(item.collapsed ? [`${indent}  collapsed: true`] : []),
          `${indent}  children:`,
          ...yamlList(item.children, `${indent}    `),
        ],
  );
}

/** A plain YAML scalar when that reads back as the same string, else a double-quoted (JSON) one. */
function scalar(text: string): string {
  const plain = /^[A-Za-z0-9/][\w/ .,-]*$/.test(text) && !text.endsWith(' ') && !/^[\d.,]+$|^(true|false|null|yes|no|on|off)$/i.test(text);
  return plain ? text : JSON.stringify(text);
}

function regularPath(relativePath: string): string {
  const dir = path.posix.dirname(relativePath);
  const folder = dir === '.' ? '/' : `/${dir}/`;
  const name = path.posix.basename(relativePath);
  return name === 'README.md' ? folder : `${folder}${name.slice(0, -'.md'.length)}.html`;
}

function kebab(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
