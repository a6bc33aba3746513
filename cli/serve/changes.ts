import type { Manifest } from '../../schema/manifest';
import { stableStringify } from '../support/json';

/** What a browser must do after a rebuild: the `update` event's data. */
export interface SiteUpdate {
  /** Counts successful builds of this server. */
  build: number;
  /** Pages added or changed, with their new chunk names (and, from a quick edit, the chunk itself: the tab need not fetch it). */
  pages: { path: string; chunk: string; content?: string }[];
  /** Paths that are no longer pages. */
  removed: string[];
  /** The site record or the redirects changed: nav, sidebar and routes must be re-read. */
  site: boolean;
  /** The viewer's code or styles changed: only a reload applies them. */
  reload: boolean;
  /** A quick edit (serve/quick-edit.ts): only these pages' chunks changed so far; the route data and pages.json follow with the build after it. */
  quick?: boolean;
}

export interface BuildSnapshot {
  manifest: Manifest;
  /** Chunks the tabs show in place of the manifest's since quick edits (by page path): an edit records its page here, not in a copy of every record. */
  shown?: ReadonlyMap<string, string>;
  redirects: string;
  /** The viewer's scripts and styles by name: content-hashed, so a new name means new code. */
  viewerKey: string;
}

/** The difference between two good builds; undefined when a browser has nothing to do. */
export function siteUpdate(before: BuildSnapshot | undefined, after: BuildSnapshot, build: number): SiteUpdate | undefined {
  const old = new Map(before?.manifest.pages.map((p) => [p.path, before.shown?.get(p.path) ?? p.chunk]) ?? []);
  const pages = after.manifest.pages.filter((p) => old.get(p.path) !== p.chunk).map((p) => ({ path: p.path, chunk: p.chunk }));
  const current = new Set(after.manifest.pages.map((p) => p.path));
  const removed = [...old.keys()].filter((p) => !current.has(p));
  const site = before === undefined || before.redirects !== after.redirects || siteKey(before.manifest) !== siteKey(after.manifest);
  const reload = before !== undefined && before.viewerKey !== after.viewerKey;
  if (before && pages.length === 0 && removed.length === 0 && !site && !reload) return undefined;
  return { build, pages, removed, site, reload };
}

/** The site record without the search index's name: that follows every text edit, and the browser re-reads it with the route table anyway. */
function siteKey(manifest: Manifest): string {
  return stableStringify({ ...manifest.site, search: { ...manifest.site.search, index: undefined } });
}
