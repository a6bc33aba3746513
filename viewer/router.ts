import { pathVariants } from '../shared/paths';
import type { Manifest, PageRecord, Redirects } from '../schema/manifest';

/** Everything needed to turn a URL into a page: built once from pages.json and redirects.json. */
export interface RouteTable {
  base: string;
  pages: ReadonlyMap<string, PageRecord>;
  /** Redirect source → final page path (the build already collapsed chains). */
  redirects: ReadonlyMap<string, string>;
}

export type Resolution =
  /** A redirect or another spelling of a page resolves to the page: the URL then shows `page.path`. */
  | { kind: 'page'; page: PageRecord }
  | { kind: 'not-found'; path: string };

export function createRouteTable(manifest: Manifest, redirects: Redirects): RouteTable {
  return {
    base: manifest.site.base,
    pages: new Map(manifest.pages.map((p) => [p.path, p])),
    redirects: new Map(redirects.redirects.map((r) => [r.from, r.to])),
  };
}

/**
 * The site path (`/limits/`) of a URL pathname (`/docs/limits/`), decoded;
 * undefined when the pathname is outside the base. `/docs` counts as `/docs/`.
 */
export function sitePathOf(pathname: string, base: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURI(pathname);
  } catch {
    decoded = pathname;
  }
  if (decoded === base.slice(0, -1)) return '/';
  if (!decoded.startsWith(base)) return undefined;
  return `/${decoded.slice(base.length)}`;
}

/** The URL pathname of a site path: `/limits/` → `/docs/limits/`. */
export function hrefOf(base: string, sitePath: string): string {
  return `${base}${sitePath.slice(1)}`;
}

/** Resolves a site path to a page: exact page, then redirect, then each variant as page or redirect. */
export function resolvePath(sitePath: string, table: RouteTable): Resolution {
  for (const variant of pathVariants(sitePath)) {
    const page = table.pages.get(variant);
    if (page) return { kind: 'page', page };
    const target = table.redirects.get(variant);
    const redirected = target !== undefined ? table.pages.get(target) : undefined;
    if (redirected) return { kind: 'page', page: redirected };
  }
  return { kind: 'not-found', path: sitePath };
}
