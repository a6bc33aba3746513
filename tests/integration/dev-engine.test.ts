import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../cli/build';
import { resolveConfig } from '../../cli/config';
import { DevEngine, type DevBuildResult } from '../../cli/serve/dev-engine';
import { createRng, type Rng } from '../bench/prng';
import { tempSite } from '../helpers/temp-site';

/**
 * Issue 20: the dev server's engine (pages kept in memory, the highlighter
 * warm, the last good output taken over) must give what a cold build of the
 * same tree gives, byte for byte, after any sequence of edits, renames,
 * deletions, new pages and site.yaml changes. DOCSBUILD_DEV_ENGINE_SEED
 * replays a seed; DOCSBUILD_DEV_ENGINE_STEPS runs longer sequences.
 */
const SEED = process.env.DOCSBUILD_DEV_ENGINE_SEED ?? 'dev-engine-1';
const STEPS = Number(process.env.DOCSBUILD_DEV_ENGINE_STEPS ?? 40);
/** A cold build to compare with after this many steps (and after the last). */
const COMPARE_EVERY = 10;

interface Page {
  title: string;
  intro: string;
  topics: string[];
  /** Other pages' files this one links to (at their `## Stable` heading). */
  links: string[];
  code?: string;
  /** Paragraphs after the intro: adding or removing them moves every line below (links among them). */
  note?: string;
  /** The text of its `## Stable` heading, which other pages link to: `STABLE` keeps the anchor, `Stable point` breaks it. */
  stable?: string;
  /** A link to a page or an anchor that is not there (a dead link the next step removes). */
  dead?: string;
}

interface Tree {
  pages: Map<string, Page>;
  siteTitle: string;
  /** Redirect source → target page file. */
  redirects: Map<string, string>;
  /** Top-nav links to pages (their text, the page's file): each is active on its own page and marked so on every page's HTML. */
  nav: { text: string; file: string }[];
  /** The sidebar: a group per top folder of the pages there (its title), in this order; a collapsed one starts closed. */
  groups: Map<string, { title: string; collapsed: boolean }>;
  /** site.yaml changes made so far. */
  siteChanges: number;
  /** The page whose `## Stable` heading a step renamed (links to it dead), or that links to nothing: the next step mends it. */
  broken?: string;
}

const WORDS = ['alpha', 'beta', 'cache', 'delta', 'edit', 'folder', 'graph', 'header', 'index', 'json', 'kernel', 'limit', 'memory', 'node', 'output'];
const FOLDERS = ['', 'guide/', 'api/', 'api/deep/'];

const words = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.pick(WORDS)).join(' ');
const urlOf = (file: string) => `/${file.replace(/(^|\/)README\.md$/, '$1').replace(/\.md$/, '.html')}`;
const linkFrom = (from: string, to: string) => {
  const relative = path.posix.relative(path.posix.dirname(from), to);
  return relative.startsWith('.') ? relative : `./${relative}`;
};

function pageText(file: string, page: Page): string {
  const links = [...page.links.map((to) => `- [${to}](${linkFrom(file, to)}#stable)`), ...(page.dead ? [`- [gone](${page.dead})`] : [])].join('\n');
  const topics = page.topics.map((t) => `## ${t}\n\nAbout ${t.toLowerCase()}.\n`).join('\n');
  const code = page.code ? `\n\`\`\`${page.code}\nconst value = ${JSON.stringify(page.intro)};\n\`\`\`\n` : '';
  const note = page.note === undefined ? '' : `\n${page.note}`;
  return `# ${page.title}\n\n${page.intro}\n${note}${code}\n## ${page.stable ?? 'Stable'}\n\n${links || 'No links.'}\n\n${topics}`;
}

const topFolderOf = (file: string) => (file.includes('/') ? file.slice(0, file.indexOf('/') + 1) : '');

function siteYaml(tree: Tree): string {
  const redirects = [...tree.redirects].map(([from, to]) => `  ${from}: ${urlOf(to)}`);
  const nav = tree.nav.filter((item) => tree.pages.has(item.file)).map((item) => `  - { text: ${item.text}, link: ${urlOf(item.file)} }`);
  // Every page there is now in its folder's group (a page made since is in none until site.yaml is written again: a warning).
  const files = [...tree.pages.keys()].sort();
  const sidebar = [...tree.groups].flatMap(([folder, group]) => {
    const children = files.filter((file) => topFolderOf(file) === folder).map((file) => `      - ${urlOf(file)}`);
    return children.length === 0 ? [] : [`  - title: ${group.title}`, `    collapsed: ${group.collapsed}`, '    children:', ...children];
  });
  return [
    `title: ${tree.siteTitle}`,
    ...(redirects.length ? ['redirects:', ...redirects] : []),
    ...(nav.length ? ['nav:', ...nav] : []),
    ...(sidebar.length ? ['sidebar:', ...sidebar] : []),
    '',
  ].join('\n');
}

function newPage(rng: Rng, files: readonly string[]): Page {
  return {
    title: `Page ${words(rng, 2)} ${rng.int(1, 999)}`,
    intro: words(rng, rng.int(3, 12)),
    topics: Array.from({ length: rng.int(0, 3) }, (_, i) => `Topic ${i} ${words(rng, 1)}`),
    links: rng.shuffle(files).slice(0, rng.int(0, 2)),
    code: rng.chance(0.4) ? rng.pick(['js', 'ts', 'yaml', 'bash']) : undefined,
  };
}

const SITE_CHANGES = ['nav', 'sidebar', 'title', 'nav', 'redirect', 'sidebar'];

/** Edits that leave the site model as it was: the dev engine's quick path must take them. */
const BODY_ONLY = new Set(['edit', 'body']);
/** Edits of one page's title, headings or links: the quick path takes them too when they are the one change (modelEdit). */
const MODEL_EDITS = new Set(['anchor', 'title', 'topics', 'link', 'dead']);

/** One random change to the tree; returns its kind and the files to write (text) or remove (null). */
function change(rng: Rng, tree: Tree): { kind: string; writes: Map<string, string | null> } {
  const writes = new Map<string, string | null>();
  const files = [...tree.pages.keys()].sort();
  const touch = (file: string) => writes.set(file, pageText(file, tree.pages.get(file)!));
  const repointTo = (from: string, to: string | undefined) => {
    for (const [file, page] of tree.pages) {
      if (!page.links.includes(from)) continue;
      page.links = to === undefined ? page.links.filter((l) => l !== from) : page.links.map((l) => (l === from ? to : l));
      touch(file);
    }
    for (const [source, target] of tree.redirects) if (target === from) (to === undefined ? tree.redirects.delete(source) : tree.redirects.set(source, to));
    tree.nav = tree.nav.flatMap((item) => (item.file !== from ? [item] : to === undefined ? [] : [{ ...item, file: to }]));
    writes.set('site.yaml', siteYaml(tree));
  };
  if (tree.broken !== undefined && tree.pages.has(tree.broken)) {
    tree.pages.get(tree.broken)!.stable = undefined;
    tree.pages.get(tree.broken)!.dead = undefined;
    touch(tree.broken);
  }
  tree.broken = undefined;
  const kind = rng.pick(['edit', 'edit', 'edit', 'body', 'anchor', 'title', 'title', 'topics', 'link', 'dead', 'rename', 'delete', 'new', 'new', 'site', 'site']);
  const file = rng.pick(files);
  const page = tree.pages.get(file)!;
  if (kind === 'edit') page.intro = words(rng, rng.int(3, 12));
  // Text only, further down the page: the lines below it (its links among them) move.
  else if (kind === 'body') page.note = page.note === undefined ? `${words(rng, 4)}\n\n${words(rng, 6)}\n` : undefined;
  else if (kind === 'anchor') {
    page.stable = rng.pick(['Stable', 'STABLE', 'Stable point'].filter((s) => s !== (page.stable ?? 'Stable')));
    if (page.stable === 'Stable point') tree.broken = file;
  }
  else if (kind === 'title') page.title = `Page ${words(rng, 2)} ${rng.int(1, 999)}`;
  else if (kind === 'topics') page.topics = rng.chance(0.5) ? [...page.topics, `Topic ${page.topics.length} ${words(rng, 1)}`] : page.topics.slice(1);
  else if (kind === 'link') page.links = [...new Set([...page.links, rng.pick(files.filter((f) => f !== file))])];
  else if (kind === 'dead') {
    // A missing page, or a missing anchor of one that is there.
    page.dead = rng.chance(0.5) ? `./missing-${rng.int(1, 9)}.md` : `${linkFrom(file, rng.pick(files))}#nowhere`;
    tree.broken = file;
  }
  if (MODEL_EDITS.has(kind) || BODY_ONLY.has(kind)) touch(file);
  else if (kind === 'rename' || (kind === 'delete' && files.length > 3)) {
    const to = kind === 'rename' ? `${rng.pick(FOLDERS)}${words(rng, 1)}-${rng.int(1, 99)}.md` : undefined;
    if (to !== undefined && tree.pages.has(to)) return { kind, writes };
    tree.pages.delete(file);
    writes.set(file, null);
    if (to !== undefined) tree.pages.set(to, page);
    for (const p of tree.pages.values()) p.links = p.links.filter((l) => l !== to);
    repointTo(file, to);
    if (to !== undefined) touch(to);
  } else if (kind === 'new') {
    const name = `${rng.pick(FOLDERS)}${rng.chance(0.2) ? 'README' : `${words(rng, 1)}-${rng.int(1, 99)}`}.md`;
    if (tree.pages.has(name)) return { kind, writes };
    tree.pages.set(name, newPage(rng, files));
    touch(name);
  } else if (kind === 'site') {
    const groups = [...tree.groups];
    // In turn, so that any seed's first two site.yaml changes are of the nav and of the sidebar.
    const what = SITE_CHANGES[tree.siteChanges++ % SITE_CHANGES.length]!;
    if (what === 'title') tree.siteTitle = `Site ${words(rng, 1)}`;
    else if (what === 'redirect' && (rng.chance(0.5) || tree.redirects.size === 0)) tree.redirects.set(`/old-${rng.int(1, 50)}.html`, file);
    else if (what === 'redirect') tree.redirects.delete(rng.pick([...tree.redirects.keys()]));
    // A nav entry renamed, added (to a page: active there and on the pages under its folder) or removed.
    else if (what === 'nav' && tree.nav.length > 0 && rng.chance(0.5)) rng.pick(tree.nav).text = `Nav ${words(rng, 1)} ${rng.int(1, 99)}`;
    else if (what === 'nav' && (tree.nav.length < 3 || rng.chance(0.5))) tree.nav.push({ text: `Nav ${words(rng, 1)} ${rng.int(1, 99)}`, file });
    else if (what === 'nav') tree.nav.splice(rng.int(0, tree.nav.length - 1), 1);
    // A group renamed, collapsed or opened, or moved to the front.
    else if (rng.chance(0.4)) rng.pick(groups)[1].title = `Group ${words(rng, 1)}`;
    else if (rng.chance(0.5)) {
      const [, group] = rng.pick(groups);
      group.collapsed = !group.collapsed;
    } else {
      const moved = rng.pick(groups);
      tree.groups = new Map([moved, ...groups.filter((g) => g !== moved)]);
    }
    writes.set('site.yaml', siteYaml(tree));
    return { kind: `site ${what}`, writes };
  }
  return { kind, writes };
}

/**
 * A file as text to compare, whether it is held as a string (a cold build's) or as its UTF-8 bytes (the engine's, DevOutput):
 * the text of valid UTF-8, else the bytes in base64 (a string is compared by its bytes too).
 */
function text(content: string | Uint8Array): string {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return `base64:${Buffer.from(bytes).toString('base64')}`;
  }
}

/** The output and the problems, as text to compare: every file's bytes, the engine's deferred ones (page HTML) made as a request makes them. */
async function outcome(result: BuildResult | DevBuildResult) {
  const files = new Map<string, string | Uint8Array>(result.files);
  const deferred = 'deferred' in result ? result.deferred : new Map();
  for (const [name, content] of deferred) files.set(name, await content.bytes());
  return { diagnostics: result.diagnostics, files: Object.fromEntries([...files].map(([name, content]) => [name, text(content)])) };
}

/** One file of an engine's build, made if it was deferred. */
async function fileOf(result: DevBuildResult, name: string): Promise<string | Uint8Array | undefined> {
  return result.files.get(name) ?? result.deferred.get(name)?.bytes();
}

describe('the dev engine after random changes', () => {
  const rng = createRng(SEED);
  const tree: Tree = {
    pages: new Map(),
    siteTitle: 'Engine',
    redirects: new Map(),
    nav: [{ text: 'Guide', file: 'guide/README.md' }],
    siteChanges: 0,
    groups: new Map(['', 'guide/', 'api/'].map((folder) => [folder, { title: `Group ${folder || 'top'}`, collapsed: false }])),
  };
  for (const file of ['README.md', 'guide/README.md', 'guide/setup.md', 'api/ref.md']) tree.pages.set(file, newPage(rng, [...tree.pages.keys()]));
  const site = tempSite({ 'site.yaml': siteYaml(tree), ...Object.fromEntries([...tree.pages].map(([file, page]) => [file, pageText(file, page)])) });
  afterAll(() => site.remove());

  it(`gives a cold build's bytes after ${STEPS} steps (seed ${SEED}), and a quick edit the full build's`, async () => {
    // The engine as `docsbuild dev` runs it, with the page cache; the cold build with neither cache nor memory.
    const engineConfig = resolveConfig(site.root, { config: false, cache: true, cacheDir: '.cache' });
    const engine = new DevEngine();
    let compared = 0;
    const quick = { taken: 0, declined: 0, checked: 0, model: 0 };
    let lastGood = false;
    let deferredPages = 0;
    const kinds = new Set<string>();
    try {
      for (let step = 1; step <= STEPS; step++) {
        const { kind, writes } = change(rng, tree);
        kinds.add(kind);
        for (const [file, text] of writes) {
          const absolute = path.join(site.contentDir, file);
          if (text === null) rmSync(absolute);
          else {
            mkdirSync(path.dirname(absolute), { recursive: true });
            writeFileSync(absolute, text);
          }
        }
        // The dev server's order: the quick path for the screen first, then the full build.
        const [edited] = writes.keys();
        const quickEdit = writes.size === 1 && lastGood ? await engine.quick(engineConfig, path.join(site.contentDir, edited!), { modelEdit: true }) : undefined;
        if (lastGood && writes.size === 1) {
          if (BODY_ONLY.has(kind)) expect(quickEdit, `step ${step}: a ${kind} edit of ${edited} takes the quick path`).toBeDefined();
          if (BODY_ONLY.has(kind)) expect(quickEdit?.changesModel, `step ${step}: a ${kind} edit leaves the model`).toBe(false);
          // (A link the page had already, for one, changes nothing.)
          if (MODEL_EDITS.has(kind)) expect(quickEdit, `step ${step}: a ${kind} edit of ${edited} takes the quick path`).toBeDefined();
          if (quickEdit) quick.taken++;
          else quick.declined++;
          if (quickEdit?.changesModel) quick.model++;
        }
        const result = await engine.build(engineConfig);
        lastGood = result.files.size > 0;
        // The page HTML the comparison makes from the engine's deferred files, as a browser's request would.
        if (lastGood) deferredPages = Math.max(deferredPages, [...result.deferred.keys()].filter((name) => name.endsWith('.html')).length);
        if (quickEdit && lastGood) {
          for (const [name, content] of await quickEdit.files) expect(text(content), `step ${step}: ${name} from the quick path`).toEqual(text((await fileOf(result, name)) ?? ''));
          quick.checked++;
        }
        if (step % COMPARE_EVERY !== 0 && step !== STEPS) continue;
        const cold = await build(resolveConfig(site.root, { config: false }), { mode: 'build' });
        expect(await outcome(result), `step ${step} of seed ${SEED}`).toEqual(await outcome(cold));
        if (cold.files.size > 0) compared++;
      }
    } finally {
      engine.release();
    }
    // The comparisons were of built sites, not only of lists of problems; quick edits were made and declined.
    expect(compared).toBeGreaterThan(0);
    expect(deferredPages).toBeGreaterThan(2);
    expect(quick.checked).toBeGreaterThan(0);
    expect(quick.declined).toBeGreaterThan(0);
    expect(quick.model).toBeGreaterThan(0);
    // site.yaml changes of the nav and of the sidebar (every page's top bar or tree) were among the steps.
    expect([...kinds].filter((k) => k === 'site nav' || k === 'site sidebar').sort()).toEqual(['site nav', 'site sidebar']);
  }, 120_000);
});

describe('the dev engine after a site.yaml change', () => {
  it('makes no page again for a new site title, but a page that may be a home page (which shows it)', async () => {
    const pages = { 'README.md': '# Start\n\nHello.\n', 'guide.md': '# Guide\n\nText.\n', 'api.md': '# API\n\nMore.\n' };
    for (const home of [false, true]) {
      const site = tempSite({ 'site.yaml': 'title: First\n', ...pages, ...(home ? { 'README.md': '---\nhome: true\n---\n\n# Start\n' } : {}) });
      const config = resolveConfig(site.root, { config: false, threads: 0 });
      const engine = new DevEngine();
      try {
        await engine.build(config);
        writeFileSync(path.join(site.contentDir, 'site.yaml'), 'title: Second\n');
        const result = await engine.build(config);
        // Pages from the engine's memory, not made again: all but the home page.
        expect(result.pagesFromCache, home ? 'with a home page' : 'without one').toBe(home ? 2 : 3);
        const cold = await build(resolveConfig(site.root, { config: false }), { mode: 'build' });
        expect(await outcome(result)).toEqual(await outcome(cold));
        if (home) expect(text((await fileOf(result, 'index.html')) ?? '')).toContain('Second');
      } finally {
        engine.release();
        site.remove();
      }
    }
  });
});

describe('the dev engine: which one-page edits are quick', () => {
  it('takes a title, heading or link edit as one that changes the model, and leaves a new path, frontmatter or code language to the full build', async () => {
    const guide = '---\ntitle: Guide\n---\n\n## Setup\n\nSee [start](./README.md).\n\n```js\nlet a;\n```\n';
    const site = tempSite({ 'site.yaml': 'title: Kinds\n', 'README.md': '# Start\n\nHello.\n', 'guide.md': guide });
    const config = resolveConfig(site.root, { config: false, threads: 0 });
    const file = path.join(site.contentDir, 'guide.md');
    const engine = new DevEngine();
    const cases: [string, string, 'text' | 'model' | undefined][] = [
      ['a line of text', `${guide}\nMore.\n`, 'text'],
      ['the frontmatter title', guide.replace('title: Guide', 'title: Guide two'), 'model'],
      ['a heading', guide.replace('## Setup', '## Set up'), 'model'],
      ['a link', guide.replace('./README.md', './README.md#nowhere'), 'model'],
      ['the path (permalink)', guide.replace('title: Guide', 'title: Guide\npermalink: /elsewhere/'), undefined],
      ['other frontmatter', guide.replace('title: Guide', 'title: Guide\nsidebarDepth: 2'), undefined],
      ['a code language no page had', guide.replace('```js', '```python'), undefined],
    ];
    try {
      for (const [what, text, expected] of cases) {
        writeFileSync(file, guide);
        await engine.build(config);
        writeFileSync(file, text);
        const edit = await engine.quick(config, file, { modelEdit: true });
        expect(edit === undefined ? undefined : edit.changesModel ? 'model' : 'text', what).toBe(expected);
        // Without modelEdit (another change pending), only a text edit is quick.
        expect((await engine.quick(config, file)) !== undefined, `${what}, alone`).toBe(expected === 'text');
      }
    } finally {
      engine.release();
      site.remove();
    }
  });
});
