import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../../../cli/diagnostics/diagnostic';
import type { SummarisedPage } from '../../../../../cli/page/types';
import { PageCheckMemory, type CheckPage } from '../../../../../cli/site/checks/page-check-memory';
import type { SiteModel } from '../../../../../cli/site/model';
import type { SitePage } from '../../../../../cli/site/pages';
import { createSiteIndex, type IndexedPage } from '../../../../../cli/site/site-index';

/** A page as the memory sees it: its summary object (a new one when it changed), its entry, and the paths it links to. */
function pageAt(path: string, links: string[]): SitePage & { links: string[] } {
  const indexed: IndexedPage = { path, title: path, relativePath: `${path.slice(1)}README.md`, file: `content${path}README.md`, anchors: new Set() };
  return { summary: {} as SitePage['summary'], page: {} as SummarisedPage, indexed, at: 0, links };
}

function modelOf(pages: SitePage[], redirects = new Map<string, string>()): SiteModel {
  return { pages, index: createSiteIndex('/docs/', pages.map((p) => p.indexed), redirects) } as unknown as SiteModel;
}

/** A check that reports each link, records its target, and counts the pages it ran for. */
function counting() {
  const ran: string[] = [];
  const check: CheckPage = (page, targets) => {
    ran.push(page.indexed.path);
    const links = (page as SitePage & { links: string[] }).links;
    for (const link of links) targets.add(link);
    return links.map((link): Diagnostic => ({ code: 'link/dead-anchor', severity: 'error', file: page.indexed.file, line: 1, column: 1, message: `${page.indexed.path} → ${link}`, hint: '' }));
  };
  return { ran, check };
}

describe('cli/site/checks/page-check-memory', () => {
  const site = {};
  const a = pageAt('/a/', ['/b/']);
  const b = pageAt('/b/', []);
  const c = pageAt('/c/', ['/c/']);

  it('checks every page once, then only the changed pages and those linking to them', () => {
    const memory = new PageCheckMemory();
    const first = counting();
    const all = memory.check(modelOf([a, b, c]), site, first.check);
    expect(first.ran).toEqual(['/a/', '/b/', '/c/']);
    expect(memory.lastChecked).toBe(3);

    // Nothing changed: nothing checked, the same problems (as new objects).
    const none = counting();
    const again = memory.check(modelOf([a, b, c]), site, none.check);
    expect(none.ran).toEqual([]);
    expect(again).toEqual(all);
    expect(again[0]).not.toBe(all[0]);

    // /b/ changed (another summary): it and /a/, which links to it; not /c/.
    const b2 = { ...b, page: {} as SummarisedPage };
    const some = counting();
    expect(memory.check(modelOf([a, b2, c]), site, some.check)).toEqual(all);
    expect(some.ran).toEqual(['/a/', '/b/']);
    expect(memory.lastChecked).toBe(2);

    // /c/ changed its links: only itself, and its new problems are given, in the pages' order.
    const c2 = { ...c, page: {} as SummarisedPage, links: ['/a/', '/b/'] };
    const own = counting();
    const after = memory.check(modelOf([a, b2, c2]), site, own.check);
    expect(own.ran).toEqual(['/c/']);
    expect(after.map((d) => d.message)).toEqual(['/a/ → /b/', '/c/ → /a/', '/c/ → /b/']);
  });

  it('checks every page again when the page paths, the redirects or site.yaml changed', () => {
    const memory = new PageCheckMemory();
    memory.check(modelOf([a, b, c]), site, counting().check);
    const d = pageAt('/d/', []);
    for (const [what, model, withSite] of [
      ['a new page', modelOf([a, b, c, d]), site],
      ['a page gone', modelOf([a, b]), site],
      ['a new redirect', modelOf([a, b], new Map([['/old/', '/a/']])), site],
      ['another site.yaml', modelOf([a, b], new Map([['/old/', '/a/']])), {}],
    ] as const) {
      const run = counting();
      memory.check(model, withSite, run.check);
      expect(run.ran, what).toEqual(model.pages.map((p) => p.indexed.path));
    }
  });

  it('kept between processes: pages known by a key, the state stored and taken back, a page without a key always checked', () => {
    const keys = new Map<string, string | undefined>([['/a/', 'ka'], ['/b/', 'kb'], ['/c/', undefined]]);
    const identityOf = (page: SitePage) => keys.get(page.indexed.path);
    const first = new PageCheckMemory();
    const all = first.check(modelOf([a, b, c]), 'site 1', counting().check, identityOf);
    // /c/ has no key: it is left out of what is stored, so another process checks it again.
    expect(first.state!.pages.map(([file]) => file)).toEqual(['content/a/README.md', 'content/b/README.md']);
    const withoutC = counting();
    PageCheckMemory.from(structuredClone(first.state!)).check(modelOf([a, b, c]), 'site 1', withoutC.check, identityOf);
    expect(withoutC.ran).toEqual(['/c/']);
    keys.set('/c/', 'kc');
    first.check(modelOf([a, b, c]), 'site 1', counting().check, identityOf);
    expect(first.changed).toBe(true);
    const state = first.state!;
    expect(state.pages.map(([file, id]) => [file, id])).toEqual([['content/a/README.md', 'ka'], ['content/b/README.md', 'kb'], ['content/c/README.md', 'kc']]);

    // Another process: nothing changed, nothing checked, the same problems, and nothing to store again.
    const second = PageCheckMemory.from(structuredClone(state));
    const none = counting();
    expect(second.check(modelOf([a, b, c]), 'site 1', none.check, identityOf)).toEqual(all);
    expect(none.ran).toEqual([]);
    expect(second.changed).toBe(false);

    // /b/'s key changed (its text): it and /a/, which links to it.
    keys.set('/b/', 'kb2');
    const some = counting();
    PageCheckMemory.from(structuredClone(state)).check(modelOf([a, b, c]), 'site 1', some.check, identityOf);
    expect(some.ran).toEqual(['/a/', '/b/']);

    // Another site.yaml or settings: every page.
    const every = counting();
    PageCheckMemory.from(structuredClone(state)).check(modelOf([a, b, c]), 'site 2', every.check, identityOf);
    expect(every.ran).toEqual(['/a/', '/b/', '/c/']);
  });
});
