import type { Manifest, PageChunk } from '../../../schema/manifest';
import { wholeTree } from '../../../viewer/components/Sidebar';
import { headFor } from '../../../shared/head';
import { metaOf, shellOf, type BootData } from '../../../viewer/view';
import { htmlFileOf, NOT_FOUND_FILE } from '../../output/layout';
import { renderDocument, type DocumentAssets } from './document';
import { pageLayoutHtml, renderLayout, type PageShells } from './page-layout';

export interface PrerenderInput {
  manifest: Manifest;
  /** Every page's chunk, by page path. */
  chunks: ReadonlyMap<string, PageChunk>;
  assets: DocumentAssets;
  /** Put into every file as a `<meta http-equiv>` (see cli/security/csp.ts). */
  contentSecurityPolicy?: string;
}

/** What every route's HTML shares: the site, the viewer's assets and the policy. */
export interface DocumentSite {
  site: Manifest['site'];
  assets: DocumentAssets;
  /** Put into every file as a `<meta http-equiv>` (see cli/security/csp.ts). */
  contentSecurityPolicy?: string;
}

/**
 * Static HTML for every route, rendered with the viewer's own layout: the
 * page reads without JavaScript and search engines see its text, title,
 * description and canonical link. Plus `404.html`, the shell static hosts
 * serve for unknown paths; its script resolves redirects and path variants.
 * (The build renders route by route with pageDocument as chunks are made.)
 */
export function prerenderSite(input: PrerenderInput): Map<string, string> {
  const shared: DocumentSite = { site: input.manifest.site, assets: input.assets, contentSecurityPolicy: input.contentSecurityPolicy };
  const files = new Map<string, string>();
  for (const record of input.manifest.pages) {
    const chunk = input.chunks.get(record.path);
    if (!chunk) throw new Error(`No chunk for the page ${record.path}.`);
    files.set(htmlFileOf(record.path), pageDocument(shared, chunk, record.chunk));
  }
  // The shell is written last: it cannot be replaced by a page that happens to be at /404.html.
  files.set(NOT_FOUND_FILE, notFoundDocument(shared));
  return files;
}

/**
 * One page's HTML file, from its chunk and the chunk's name (the boot data names it, so hydration needs no fetch).
 * `shells`: each page's own render kept from the last builds (the dev server's, see PageShells).
 */
export function pageDocument(shared: DocumentSite, chunk: PageChunk, chunkName: string, sidebar: readonly string[] = [], shells?: PageShells): string {
  const { site } = shared;
  const page = metaOf(chunk, chunkName, sidebar);
  const boot: BootData = { base: site.base, site: shellOf(site), page };
  const own = common(shared);
  const layout = { site: boot.site, sidebar: wholeTree(site.sidebar), view: { kind: 'page' as const, page, html: chunk.html }, showProgress: false, sidebarOpen: false };
  return renderDocument({
    ...own,
    lang: chunk.lang ?? own.lang,
    headTags: [...own.headTags, ...(chunk.meta ?? []).map((attrs) => ({ tag: 'meta', attrs }))],
    head: headFor(site, { kind: 'page', title: chunk.title, description: chunk.description, path: chunk.path, metaTitle: chunk.metaTitle }),
    appHtml: pageLayoutHtml(layout, site.sidebar, shells) ?? renderLayout(layout),
    boot,
  });
}

/** The 404 shell. */
export function notFoundDocument(shared: DocumentSite): string {
  const { site } = shared;
  return renderDocument({
    ...common(shared),
    head: headFor(site, { kind: 'not-found' }),
    appHtml: renderLayout({ site: shellOf(site), sidebar: wholeTree(site.sidebar), view: { kind: 'not-found' }, showProgress: false, sidebarOpen: false, shell: true }),
    boot: { base: site.base, site: shellOf(site) },
  });
}

function common({ site, assets, contentSecurityPolicy }: DocumentSite) {
  return { lang: site.lang, base: site.base, headTags: site.headTags, assets, contentSecurityPolicy };
}
