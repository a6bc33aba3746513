import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { Manifest, PageChunk } from '../../schema/manifest';
import { Layout, type LayoutProps } from '../../viewer/components/Layout';
import { headFor } from '../../viewer/head';
import { metaOf, type BootData } from '../../viewer/view';
import { renderDocument, type DocumentAssets } from '../viewer-output/document';

export interface PrerenderInput {
  manifest: Manifest;
  /** Every page's chunk, by page path. */
  chunks: ReadonlyMap<string, PageChunk>;
  assets: DocumentAssets;
  /** Put into every file as a `<meta http-equiv>` (see cli/security/csp.ts). */
  contentSecurityPolicy?: string;
}

export const NOT_FOUND_FILE = '404.html';

/**
 * Static HTML for every route, rendered with the viewer's own layout: the
 * page reads without JavaScript and search engines see its text, title,
 * description and canonical link. Plus `404.html`, the shell static hosts
 * serve for unknown paths; its script resolves redirects and path variants.
 */
export function prerenderSite(input: PrerenderInput): Map<string, string> {
  const { site, pages } = input.manifest;
  const files = new Map<string, string>();
  const render = (props: LayoutProps) => renderToString(createElement(Layout, props));
  const common = { lang: site.lang, base: site.base, headTags: site.headTags, assets: input.assets, contentSecurityPolicy: input.contentSecurityPolicy };

  for (const record of pages) {
    const chunk = input.chunks.get(record.path);
    if (!chunk) throw new Error(`No chunk for the page ${record.path}.`);
    const page = metaOf(chunk, record.chunk);
    const boot: BootData = { base: site.base, page };
    files.set(
      htmlFileOf(record.path),
      renderDocument({
        ...common,
        head: headFor(site, { kind: 'page', title: chunk.title, description: chunk.description, path: chunk.path }),
        appHtml: render({ site, view: { kind: 'page', page, html: chunk.html }, showProgress: false, sidebarOpen: false }),
        boot,
      }),
    );
  }
  // The shell is written last: it cannot be replaced by a page that happens to be at /404.html.
  files.set(
    NOT_FOUND_FILE,
    renderDocument({
      ...common,
      head: headFor(site, { kind: 'not-found' }),
      appHtml: render({ site, view: { kind: 'not-found' }, showProgress: false, sidebarOpen: false, shell: true }),
      boot: { base: site.base },
    }),
  );
  return files;
}

/** Where a route's HTML goes: `/a/b/` → `a/b/index.html`, `/a/b.html` → `a/b.html`, `/a` → `a/index.html`. */
export function htmlFileOf(pagePath: string): string {
  const relative = pagePath.slice(1);
  if (relative === '' || relative.endsWith('/')) return `${relative}index.html`;
  if (relative.endsWith('.html')) return relative;
  return `${relative}/index.html`;
}
