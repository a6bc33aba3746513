import { createHash } from 'node:crypto';
import type { Diagnostic } from '../../diagnostics/diagnostic';
import type { SiteModel } from '../model';
import type { SitePage } from '../pages';

/** One page's link checks: its problems, and the pages its links lead to (their anchors decide some of those problems). */
export type CheckPage = (page: SitePage, targets: Set<string>) => Diagnostic[];

/**
 * What stands for a page's summary: the dev server's summary object (a new
 * one when the page changed), or the CLI's cache key of the page, a hash of
 * all its summary is made from. Undefined: unknown, the page is checked.
 */
export type PageIdentity = (page: SitePage) => unknown;

interface Checked {
  id: unknown;
  diagnostics: readonly Diagnostic[];
  /** Paths of the pages its links resolved to (each once). */
  targets: Iterable<string>;
}

/**
 * What a memory holds, as stored-checks.ts keeps it between CLI builds: page
 * identities as strings, and each page's targets as places in `paths` (at
 * 10,000 pages the paths written out each time were 6 of the file's 12 MB).
 */
export interface CheckState {
  site: string;
  shape: string;
  paths: string[];
  pages: [file: string, id: string, diagnostics: Diagnostic[], targets: number[]][];
}

/**
 * The dev server's link checks by difference. A page's link problems
 * follow from its own links and entry, the site's page paths, redirects and
 * files (what a link resolves to, and the "did you mean" hints), and the
 * anchors of the pages it links to. While the site's paths, redirects,
 * files and site.yaml are as they were, only the pages that changed (the
 * summary the page memory gives is another object) and the pages whose
 * links lead to one of them are checked again; the others' problems are
 * the last build's. Any change of those site-wide inputs checks every page.
 * tests/integration/dev-engine.test.ts compares the result with a cold
 * build's problems; the CLI keeps a memory between builds in the cache
 * (stored-checks.ts), tests/integration/site-wide-by-difference.test.ts.
 */
export class PageCheckMemory {
  private site: unknown;
  private shape: string | undefined;
  private checked = new Map<string, Checked>();
  /** How many pages the last call checked (the others' problems were kept). */
  lastChecked = 0;
  /** Whether the last call changed what the memory holds (a CLI build then stores it again). */
  changed = false;

  /**
   * The pages' problems in the model's order (the order a full check gives);
   * `site` stands for site.yaml and the settings: the parsed site.yaml (one
   * object per text), or a string made of them.
   */
  check(model: SiteModel, site: unknown, checkPage: CheckPage, identityOf: PageIdentity = (page) => page.page): Diagnostic[] {
    const shape = shapeOf(model);
    const all = site !== this.site || shape !== this.shape;
    const ids = model.pages.map(identityOf);
    const same = (last: Checked | undefined, id: unknown) => last !== undefined && id !== undefined && last.id === id;
    const changed = new Set<string>();
    if (!all) model.pages.forEach((page, i) => same(this.checked.get(page.indexed.file), ids[i]) || changed.add(page.indexed.path));
    const next = new Map<string, Checked>();
    const diagnostics: Diagnostic[] = [];
    this.lastChecked = 0;
    model.pages.forEach((page, i) => {
      const last = this.checked.get(page.indexed.file);
      let checked: Checked;
      if (!all && same(last, ids[i]) && !leadsTo(last!.targets, changed)) checked = last!;
      else {
        const targets = new Set<string>();
        checked = { id: ids[i], diagnostics: checkPage(page, targets), targets };
        this.lastChecked++;
      }
      next.set(page.indexed.file, checked);
      // Copies: what follows (rules, suppressions, the baseline) gets its own objects, never the kept ones.
      for (const d of checked.diagnostics) diagnostics.push({ ...d });
    });
    this.changed = all || this.lastChecked > 0 || next.size !== this.checked.size;
    this.checked = next;
    this.site = site;
    this.shape = shape;
    return diagnostics;
  }

  /** What it holds, when the pages' identities and the site's are strings (the CLI's); else undefined. */
  get state(): CheckState | undefined {
    if (typeof this.site !== 'string' || this.shape === undefined) return undefined;
    const paths: string[] = [];
    const places = new Map<string, number>();
    const placeOf = (target: string) => places.get(target) ?? (places.set(target, paths.length), paths.push(target) - 1);
    const pages: CheckState['pages'] = [];
    for (const [file, { id, diagnostics, targets }] of this.checked) {
      // A page without a key is left out: the next build checks it, and the pages linking to it, again.
      if (id === undefined) continue;
      if (typeof id !== 'string') return undefined;
      pages.push([file, id, [...diagnostics], [...targets].map(placeOf)]);
    }
    return { site: this.site, shape: this.shape, paths, pages };
  }

  /** A memory holding what `state` gave. */
  static from(state: CheckState): PageCheckMemory {
    const memory = new PageCheckMemory();
    memory.site = state.site;
    memory.shape = state.shape;
    // Arrays, not sets: they are only walked (leadsTo), and 10,000 sets were most of the time the stored checks took to load.
    for (const [file, id, diagnostics, targets] of state.pages) memory.checked.set(file, { id, diagnostics, targets: targets.map((at) => state.paths[at]!) });
    return memory;
  }
}

function leadsTo(targets: Iterable<string>, changed: ReadonlySet<string>): boolean {
  if (changed.size === 0) return false;
  for (const target of targets) if (changed.has(target)) return true;
  return false;
}

/**
 * What every link resolves against: the base, each page's path and files,
 * the redirects and the files in the content folder; as a hash (about a
 * megabyte of text at 10,000 pages, kept and stored).
 */
function shapeOf({ index }: SiteModel): string {
  const parts = [index.base];
  for (const page of index.pages.values()) parts.push(`${page.path}\0${page.relativePath}\0${page.file}`);
  parts.push('');
  for (const [from, to] of index.redirects) parts.push(`${from}\0${to}`);
  parts.push('');
  for (const [path, name] of index.assets) parts.push(`${path}\0${name}`);
  return createHash('sha256').update(parts.join('\n')).digest('base64url');
}
