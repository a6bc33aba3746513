import type { PageChunk, SiteRecord } from '../schema/manifest';
import type { LoadErrorKind } from './chunk-loader';

/**
 * A chunk without its HTML, plus the chunk's file name and the sidebar
 * pieces that hold the page (route data, schema/routes.ts): what a
 * prerendered page embeds about itself.
 */
export type PageMeta = Omit<PageChunk, 'html'> & { chunk: string; sidebar?: readonly string[] };

/** What the main area shows. */
export type View =
  | { kind: 'page'; page: PageMeta; html: string }
  | { kind: 'not-found'; path?: string }
  /** The page exists but its chunk failed to load: an alert with a retry. */
  | { kind: 'error'; error: Exclude<LoadErrorKind, 'missing'>; path: string; title: string; description: string; timeoutMs: number }
  /** The 404 shell before the location is resolved. */
  | { kind: 'pending' };

/**
 * What of the site record the layout needs to hydrate, minus the sidebar
 * tree (which grows with the site, and is hydrated once pages.json is in):
 * small, and carried by every HTML file, so the top bar, the menus, the
 * theme toggle, search and the page work before the route table arrives.
 */
export type ShellSite = Pick<SiteRecord, 'title' | 'description' | 'base' | 'host' | 'lang' | 'nav' | 'versions' | 'search' | 'viewer' | 'editLink' | 'lastUpdated' | 'footer'>;

/** The shell of a site record (used when prerendering). */
export function shellOf(site: SiteRecord): ShellSite {
  const { title, description, base, host, lang, nav, versions, search, viewer, editLink, lastUpdated, footer } = site;
  return { title, description, base, host, lang, nav, versions, search, viewer, editLink, lastUpdated, footer };
}

/** The JSON a prerendered HTML file carries in `<script type="application/json" id="docsbuild-boot">`. */
export interface BootData {
  base: string;
  site: ShellSite;
  /** The page prerendered into this file; absent in the 404 shell. */
  page?: PageMeta;
}

export const BOOT_ELEMENT_ID = 'docsbuild-boot';
export const APP_ELEMENT_ID = 'app';
export const MAIN_ELEMENT_ID = 'main';
export const SIDEBAR_ELEMENT_ID = 'sidebar';

/** The page metadata of a loaded chunk. */
export function metaOf(chunk: PageChunk, chunkName: string, sidebar: readonly string[] = []): PageMeta {
  const { html: _html, ...meta } = chunk;
  return { ...meta, chunk: chunkName, ...(sidebar.length > 0 ? { sidebar } : {}) };
}

/** The chunk a prerendered page stands for, rebuilt from its metadata and the HTML already in the DOM. */
export function chunkOf(meta: PageMeta, html: string): PageChunk {
  const { chunk: _chunk, sidebar: _sidebar, ...rest } = meta;
  return { ...rest, html };
}
