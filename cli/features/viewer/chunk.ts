import { neighbourOf, type Frontmatter } from '../../../schema/frontmatter';
import { MANIFEST_VERSION, PageChunkSchema, type PageChunk } from '../../../schema/manifest';
import { chunkFileOf } from '../../output/layout';
import { fillHrefs, type Href } from '../../page/link-placeholders';
import { stableStringify } from '../../support/json';
import type { SiteIndex } from '../../site/site-index';
import { findPage } from '../../site/site-index';
import type { EmitPage } from '../types';
import { deepestFolderOf } from '../../support/folders';

/** A page's neighbours for the prev/next links: frontmatter first, else the sidebar's reading order. */
export interface Neighbours {
  prev?: { path: string; title: string };
  next?: { path: string; title: string };
}

/** The chunk of a page, from its body HTML with the links filled in. */
export function makeChunk(page: EmitPage, html: string, hrefs: readonly Href[], around: Neighbours): PageChunk {
  return {
    version: MANIFEST_VERSION,
    key: page.page.route.key,
    path: page.page.route.path,
    title: page.indexed.title,
    description: page.page.description ?? '',
    headers: page.page.headers,
    html: fillHrefs(html, hrefs),
    ...around,
    ...themeOf(page.page.frontmatter, page.indexed.title),
  };
}

/** The VuePress frontmatter that changes how a page is shown: its own title and meta tags, its sidebar (none on a home page), its top bar (its language: pageLangOf). */
function themeOf(frontmatter: EmitPage['page']['frontmatter'], title: string): Pick<PageChunk, 'metaTitle' | 'meta' | 'sidebarMode' | 'navbar'> {
  const { meta, navbar } = frontmatter;
  // A `home: true` page has no sidebar, as in VuePress's default theme (its Layout's shouldShowSidebar).
  const sidebar = frontmatter.home === true ? false : frontmatter.sidebar;
  const metaTitle = frontmatter.metaTitle ?? titleFromTemplate(frontmatter.titleTemplate, title);
  return {
    ...(metaTitle ? { metaTitle } : {}),
    ...(meta && meta.length > 0 ? { meta } : {}),
    ...(sidebar === 'auto' || sidebar === false ? { sidebarMode: sidebar } : {}),
    ...(navbar === false ? { navbar } : {}),
  };
}

/**
 * The document title VitePress makes of a page's `titleTemplate`: `:title`
 * replaced by the page's title; other text after "Title | "; `false` the
 * title alone; `true` (or none) the site's usual "Title | Site".
 */
export function titleFromTemplate(template: string | boolean | undefined, title: string): string | undefined {
  if (template === false) return title;
  if (typeof template !== 'string' || template.trim() === '') return undefined;
  return template.includes(':title') ? template.replaceAll(':title', title) : `${title} | ${template}`;
}

/** Whether a page shows "Edit this page" when the site has one: VuePress's rule, the page's frontmatter over the site's setting. */
export function showsEditLink(frontmatter: boolean | undefined, optIn: boolean | undefined): boolean {
  return frontmatter ?? !optIn;
}

/**
 * A page's language when it is not the site's: its frontmatter's, else that
 * of the deepest of site.yaml's `locales` folders it is in.
 */
/**
 * A page's description for its `<meta name="description">`: its own, else
 * that of its site.yaml `locales` folder, as VuePress's `$description`
 * reads it (a zh page of a site with a Chinese locale description is not
 * described in English). Empty for the site's description, which the head
 * falls back to.
 */
export function pageDescriptionOf(own: string | undefined, path: string, locales: Readonly<Record<string, { lang: string; description?: string }>>): string {
  if (own) return own;
  const deepest = deepestFolderOf(path, Object.keys(locales).filter((folder) => locales[folder]!.description !== undefined));
  return deepest === undefined ? '' : locales[deepest]!.description!;
}

export function pageLangOf(frontmatter: string | undefined, path: string, locales: Readonly<Record<string, { lang: string }>>): string | undefined {
  if (frontmatter) return frontmatter;
  const deepest = deepestFolderOf(path, Object.keys(locales));
  return deepest === undefined ? undefined : locales[deepest]!.lang;
}

/**
 * How deep the sidebar lists a page's sections, in VuePress 1's order of
 * precedence: the page's frontmatter, its sidebar group's, the site's, else
 * 1 (its `##` sections, as VuePress and docsbuild show them by default),
 * which the chunk leaves out.
 */
export function sidebarDepthOf(frontmatter: number | undefined, group: number | undefined, site: number | undefined): number | undefined {
  const depth = frontmatter ?? group ?? site ?? 1;
  return depth === 1 ? undefined : depth;
}

/** A chunk's bytes, checked against the contract (a violation is our bug, caught before it ships). */
export function chunkContent(chunk: PageChunk): string {
  return stableStringify(PageChunkSchema.parse(chunk));
}

/** A chunk's file name: from the page path and a hash of its bytes. */
export function chunkFile(chunk: PageChunk): { name: string; content: string } {
  const content = chunkContent(chunk);
  return { name: chunkFileOf(chunk.path, content), content };
}

/** The sidebar's reading order, for prev/next: page paths, each one's place in it, and the texts the sidebar gives pages. */
export interface ReadingOrder {
  order: readonly string[];
  position: ReadonlyMap<string, number>;
  sidebarTexts: ReadonlyMap<string, string>;
}

/**
 * Prev/next from frontmatter, else from the sidebar's reading order. A
 * link's label is frontmatter's text, else (for the sidebar's neighbour) the
 * sidebar's text for the page (VuePress's `[path, title]`, which VuePress's
 * prev/next show too), else the page's title.
 */
export function neighbours(page: EmitPage['page'], { order, position, sidebarTexts }: ReadingOrder, index: SiteIndex): Neighbours {
  const at = position.get(page.route.path) ?? -1;
  const pick = (written: Frontmatter['prev'], fallback: string | undefined) => {
    const override = neighbourOf(written);
    if (override === false) return undefined;
    if (override?.link !== undefined) {
      const target = findPage(index, override.link);
      return target && { path: target.path, title: override.text ?? target.title };
    }
    const target = fallback === undefined ? undefined : index.pages.get(fallback);
    return target && { path: target.path, title: override?.text ?? sidebarTexts.get(target.path) ?? target.title };
  };
  const fm = page.frontmatter;
  return {
    prev: pick(fm.prev, at > 0 ? order[at - 1] : undefined),
    next: pick(fm.next, at >= 0 && at < order.length - 1 ? order[at + 1] : undefined),
  };
}
