import { isWebUrl } from '../../shared/urls';
import type { Diagnostic, Place } from '../diagnostics/diagnostic';
import { diagnostic } from '../diagnostics/diagnostic';
import { didYouMean } from '../diagnostics/suggest';
import { localeFallbackRedirects } from './locale-fallback';
import { findPage, findRedirect } from './site-index';
import type { IndexedPage } from './site-index';

/** A redirect as redirects.json lists it: a site path, and the final page path (or URL) it leads to. */
export interface Redirect {
  from: string;
  to: string;
}

export interface RedirectTable {
  /** Source → final page path, sorted by source; includes the `/x/index.html` twins. */
  redirects: Redirect[];
  diagnostics: Diagnostic[];
}

/**
 * Resolves the config's redirects to final page paths (collapsing chains),
 * adds an `index.html` twin for every folder page and, with site.yaml
 * `localeFallback`, a redirect from each locale-less path of a locale's page
 * (locale-fallback.ts) that nothing else claims.
 */
export function buildRedirects(
  configured: Readonly<Record<string, string>>,
  pages: ReadonlyMap<string, IndexedPage>,
  locate: (from: string) => Place,
  options: { allowExternal?: boolean; localeFallback?: readonly string[] } = {},
): RedirectTable {
  const diagnostics: Diagnostic[] = [];
  const declared = new Map(Object.entries(configured));
  const resolved = new Map<string, string>();
  const fallbacks = localeFallbackRedirects(pages, options.localeFallback ?? [], (path) => findRedirect(declared, path) !== undefined);

  for (const [from, firstTarget] of declared) {
    const at = locate(from);
    const shadowed = findPage({ pages }, from);
    if (shadowed) {
      diagnostics.push(
        // A variant (`/a/b/` for `/a/b.html`) is one URL to the viewer's router, though a static host may serve either file.
        diagnostic('redirect/shadows-page', at, `Redirect source "${from}" is ${shadowed.path === from ? 'the path' : `another form of the path ${shadowed.path}`} of the page ${shadowed.file}.`, undefined, from),
      );
      continue;
    }
    const seen = [from];
    let target = firstTarget;
    for (;;) {
      if (isWebUrl(target)) {
        if (options.allowExternal) resolved.set(from, target);
        else {
          diagnostics.push(
            diagnostic('redirect/external-target', at, `Redirect "${from}" sends readers to another site, ${target}.`, undefined, from),
          );
        }
        break;
      }
      // A target under no locale folder reaches a locale's page as a visitor does (site.yaml localeFallback).
      const fallback = findRedirect(fallbacks, target);
      const page = findPage({ pages }, target) ?? (fallback && pages.get(fallback.to));
      if (page) {
        if (seen.length > 1) {
          diagnostics.push(
            diagnostic(
              'redirect/chain',
              at,
              `Redirect "${from}" → "${firstTarget}" goes on through ${seen.length - 1} more redirect(s) to "${page.path}".`,
              `Point it straight at "${page.path}".`,
              from,
            ),
          );
        }
        resolved.set(from, page.path);
        break;
      }
      const next = findRedirect(declared, target);
      if (!next) {
        diagnostics.push(
          diagnostic(
            'redirect/dead-target',
            at,
            `Redirect "${from}" points to "${target}", which is no page.`,
            didYouMean(target, pages.keys(), 'Point the redirect at an existing page path.'),
            from,
          ),
        );
        break;
      }
      if (seen.includes(next.from)) {
        diagnostics.push(diagnostic('redirect/loop', at, `Redirects loop: ${[...seen, next.from].join(' → ')}.`, undefined, from));
        break;
      }
      seen.push(next.from);
      target = next.to;
    }
  }

  for (const [from, to] of fallbacks) resolved.set(from, to);
  for (const pagePath of pages.keys()) {
    if (pagePath.endsWith('/')) resolved.set(`${pagePath}index.html`, pagePath);
  }
  const redirects = [...resolved].map(([from, to]) => ({ from, to })).sort((a, b) => (a.from < b.from ? -1 : 1));
  return { redirects, diagnostics };
}
