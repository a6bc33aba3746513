import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseDocument } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildResult } from '../../cli/build';
import { resolveConfig } from '../../cli/config';
import type { Manifest, PageChunk } from '../../schema/manifest';
import { pathVariants } from '../../shared/paths';

/** SPEC.md as data: if a route, redirect or constant the spec names goes missing, this fails. */
const spec = JSON.parse(readFileSync(path.join(__dirname, 'spec.json'), 'utf8')) as {
  site: {
    description: string;
    base: string;
    scrollSpyThrottleMs: number;
    loadTimeoutMs: number;
    nav: string[];
    concepts: string[];
    versions: { current: string; menu: { text: string; badge?: string }[] };
  };
  routes: string[];
  sectionCounts: Record<string, number>;
  redirects: { from: string; to: string | null }[];
  constants: Record<string, string>;
  headings: Record<string, string[]>;
};

const ROOT = path.resolve(__dirname, '../..');

describe('the real site (content/) against SPEC.md', () => {
  let result: BuildResult;
  let manifest: Manifest;
  let redirects: Map<string, string>;
  const chunkOf = (pagePath: string): PageChunk => {
    const page = manifest.pages.find((p) => p.path === pagePath);
    if (!page) throw new Error(`no page ${pagePath}`);
    return JSON.parse(result.files.get(page.chunk) as string) as PageChunk;
  };

  beforeAll(async () => {
    result = await build(resolveConfig(ROOT, { config: false }), { mode: 'build' });
    manifest = JSON.parse(result.files.get('pages.json') as string) as Manifest;
    const table = JSON.parse(result.files.get('redirects.json') as string) as { redirects: { from: string; to: string }[] };
    redirects = new Map(table.redirects.map((r) => [r.from, r.to]));
  });

  it('check reports nothing, not even a warning', () => {
    expect(result.diagnostics.map((d) => `${d.file}:${d.line} ${d.code} ${d.message}`)).toEqual([]);
  });

  it('has a page for every route of §2', () => {
    const paths = new Set(manifest.pages.map((p) => p.path));
    expect(spec.routes.filter((r) => !paths.has(r))).toEqual([]);
  });

  it('has the tutorial and example pages §2 counts', () => {
    for (const [section, atLeast] of Object.entries(spec.sectionCounts)) {
      const children = manifest.pages.filter((p) => p.path.startsWith(section) && p.path !== section);
      expect(children.length, section).toBeGreaterThanOrEqual(atLeast);
    }
  });

  it('serves the quickstart create-new-workflow page as .html with no index twin', () => {
    expect(manifest.pages.find((p) => p.path === '/quickstart/create-new-workflow.html')?.relativePath).toBe('quickstart/create-new-workflow.md');
    expect([...redirects.keys()].filter((from) => from.includes('create-new-workflow'))).toEqual([]);
  });

  it('gives every folder page an index.html twin', () => {
    for (const page of manifest.pages.filter((p) => p.path.endsWith('/'))) expect(redirects.get(`${page.path}index.html`)).toBe(page.path);
  });

  it('redirects every row of the §2 table to a page, the same page the spec names', () => {
    const pages = new Set(manifest.pages.map((p) => p.path));
    const land = (p: string): string | undefined => {
      for (const v of pathVariants(p)) {
        if (pages.has(v)) return v;
        const to = redirects.get(v);
        if (to !== undefined) return to;
      }
      return undefined;
    };
    for (const { from, to } of spec.redirects) {
      const target = land(from);
      expect(target && pages.has(target), `${from} lands on a page`).toBe(true);
      if (to !== null) expect(target, `${from} → ${to}`).toBe(land(to));
    }
  });

  it('defines every constant of §9 with its value', () => {
    expect(manifest.site.constants).toMatchObject(spec.constants);
  });

  it('has the site settings of §1 and §2', () => {
    const { site } = manifest;
    expect(site.description).toBe(spec.site.description);
    expect(site.base).toBe(spec.site.base);
    expect(site.viewer).toEqual({ scrollSpyThrottleMs: spec.site.scrollSpyThrottleMs, loadTimeoutMs: spec.site.loadTimeoutMs });
    expect(site.nav.map((n) => n.text)).toEqual(spec.site.nav);
    const concepts = site.nav.find((n) => n.text === 'Concepts');
    expect(concepts && 'items' in concepts && concepts.items.map((i) => i.text)).toEqual(spec.site.concepts);
    expect(site.versions?.current).toBe(spec.site.versions.current);
    expect(site.versions?.menu.map((v) => ({ text: v.text, ...(v.badge ? { badge: v.badge } : {}) }))).toEqual(spec.site.versions.menu);
    expect(site.search.docsearch?.appId).toBeTruthy();
    expect(site.search.docsearch?.facetFilters).toContain(`version:${spec.site.versions.current}`);
    expect(site.headTags.some((t) => t.tag === 'script' && t.attrs.async === true && String(t.attrs.src).includes('googletagmanager'))).toBe(true);
  });

  it('has the headings §2, §6 and §8 name', () => {
    for (const [pagePath, titles] of Object.entries(spec.headings)) {
      const chunk = chunkOf(pagePath);
      const all = chunk.headers.map((h) => h.title);
      expect(titles.filter((t) => !all.includes(t)), pagePath).toEqual([]);
    }
    expect(chunkOf('/errors/').html).toMatch(/class="custom-block warning"[\s\S]*await/);
  });

  it('puts every page in the sidebar', () => {
    const inSidebar = new Set<string>();
    const walk = (items: Manifest['site']['sidebar']) => {
      for (const item of items) item.type === 'page' ? inSidebar.add(item.path) : item.type === 'group' && walk(item.children);
    };
    walk(manifest.site.sidebar);
    expect(manifest.pages.filter((p) => !inSidebar.has(p.path)).map((p) => p.path)).toEqual([]);
  });
});

describe('figures come from the constants, never typed into pages', () => {
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'docsbuild-spec-'));
    cpSync(path.join(ROOT, 'content'), path.join(work, 'content'), { recursive: true });
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('changing every constant changes every page that states it, and leaves no old figure in prose', async () => {
    const file = path.join(work, 'content/site.yaml');
    const doc = parseDocument(readFileSync(file, 'utf8'));
    for (const name of Object.keys(spec.constants)) doc.setIn(['constants', name], `«${name}»`);
    writeFileSync(file, doc.toString());
    const result = await build(resolveConfig(work, { config: false }), { mode: 'build' });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const chunks = [...result.files].filter(([name]) => name.startsWith('assets/pages/'));
    const prose = (html: string) => html.replace(/<pre[\s\S]*?<\/pre>/g, ' ').replace(/<[^>]+>/g, ' ');
    const limits = chunks.map(([, c]) => JSON.parse(c as string) as PageChunk).find((c) => c.path === '/limits/')!;
    expect(prose(limits.html)).toContain('«PAYLOAD_SIZE_LIMIT»');
    // Distinctive figures: any that is still in prose was typed by hand.
    const distinctive = ['512KB', '256MB', '10GB', '30MB', '6MB', '64KB', '60KB', '512MB', '0.0002', '$19', '100,000', '20,000', '10,000'];
    const typed: string[] = [];
    for (const [, content] of chunks) {
      const chunk = JSON.parse(content as string) as PageChunk;
      const text = `${chunk.title} ${chunk.description} ${prose(chunk.html)}`;
      for (const figure of distinctive) if (text.includes(figure)) typed.push(`${chunk.path}: ${figure}`);
    }
    expect(typed).toEqual([]);
  });
});
