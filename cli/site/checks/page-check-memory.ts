import type { Diagnostic } from '../../diagnostics/diagnostic';
import type { SummarisedPage } from '../../page/types';
import type { SiteModel } from '../model';
import type { SitePage } from '../pages';

/** One page's link checks: its problems, and the pages its links lead to (their anchors decide some of those problems). */
export type CheckPage = (page: SitePage, targets: Set<string>) => Diagnostic[];

interface Checked {
  page: SummarisedPage;
  diagnostics: readonly Diagnostic[];
  /** Paths of the pages its links resolved to. */
  targets: ReadonlySet<string>;
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
 * build's problems.
 */
export class PageCheckMemory {
  private site: object | undefined;
  private shape: string | undefined;
  private checked = new Map<string, Checked>();
  /** How many pages the last call checked (the others' problems were kept). */
  lastChecked = 0;

  /** The pages' problems in the model's order (the order a full check gives); `site` is the parsed site.yaml, one object per text. */
  check(model: SiteModel, site: object, checkPage: CheckPage): Diagnostic[] {
    const shape = shapeOf(model);
    const all = site !== this.site || shape !== this.shape;
    const changed = new Set<string>();
    if (!all) for (const page of model.pages) if (this.checked.get(page.indexed.file)?.page !== page.page) changed.add(page.indexed.path);
    const next = new Map<string, Checked>();
    const diagnostics: Diagnostic[] = [];
    this.lastChecked = 0;
    for (const page of model.pages) {
      const last = this.checked.get(page.indexed.file);
      let checked: Checked;
      if (!all && last && last.page === page.page && !leadsTo(last.targets, changed)) checked = last;
      else {
        const targets = new Set<string>();
        checked = { page: page.page, diagnostics: checkPage(page, targets), targets };
        this.lastChecked++;
      }
      next.set(page.indexed.file, checked);
      // Copies: what follows (rules, suppressions, the baseline) gets its own objects, never the kept ones.
      for (const d of checked.diagnostics) diagnostics.push({ ...d });
    }
    this.checked = next;
    this.site = site;
    this.shape = shape;
    return diagnostics;
  }
}

function leadsTo(targets: ReadonlySet<string>, changed: ReadonlySet<string>): boolean {
  if (changed.size === 0) return false;
  for (const target of targets) if (changed.has(target)) return true;
  return false;
}

/** What every link resolves against: the base, each page's path and files, the redirects and the files in the content folder. */
function shapeOf({ index }: SiteModel): string {
  const parts = [index.base];
  for (const page of index.pages.values()) parts.push(`${page.path}\0${page.relativePath}\0${page.file}`);
  parts.push('');
  for (const [from, to] of index.redirects) parts.push(`${from}\0${to}`);
  parts.push('');
  for (const [path, name] of index.assets) parts.push(`${path}\0${name}`);
  return parts.join('\n');
}
