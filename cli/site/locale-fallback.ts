import { findPage, type IndexedPage } from './site-index';

/**
 * site.yaml `localeFallback`: a path under no locale folder that is no page
 * leads to the same path under a locale folder, as vuepress-plugin-redirect's
 * `locales: true` sends a reader (Sanic's pages link to `/guide/x.md` from
 * `/en/` and `/zh/` alike). The plugin tries the locale of the page the
 * reader was last on, then the reader's languages, then each locale in
 * order; a build knows the linking page but not the reader, so a link tries
 * its page's own locale folder and then the folders in order, and a visit
 * from outside is a redirect to the first folder in order that has the page.
 */

/** The locale folder of `fallback` a site path is in, if any (the deepest, for nested ones). */
export function localeFolderOf(sitePath: string, folders: readonly string[]): string | undefined {
  let found: string | undefined;
  for (const folder of folders) if (sitePath.startsWith(folder) && (found === undefined || folder.length > found.length)) found = folder;
  return found;
}

/**
 * The page a locale-less site path leads to: under the linking page's own
 * locale folder first (`from`, a site path), then under each folder in
 * order. Undefined for a path already under a locale folder (its locale has
 * no such page: another locale's would be the wrong language unasked), or
 * when no folder has it. `find` looks a path up (a page path, or a source's
 * relative path for a `.md` link).
 */
export function localeFallbackOf<T>(sitePath: string, from: string | undefined, folders: readonly string[], find: (localPath: string) => T | undefined): T | undefined {
  if (folders.length === 0 || localeFolderOf(sitePath, folders) !== undefined) return undefined;
  const own = from === undefined ? undefined : localeFolderOf(from, folders);
  for (const folder of own === undefined ? folders : [own, ...folders]) {
    const found = find(`${folder}${sitePath.slice(1)}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * The redirects a visit from outside takes: each locale-less form of a page
 * path under a locale folder (`/guide/x.html` for `/en/guide/x.html`, `/`
 * for `/en/`) to the first folder in order that has the page, unless the
 * path is a page, or `taken` (a redirect the config declares).
 */
export function localeFallbackRedirects(pages: ReadonlyMap<string, IndexedPage>, folders: readonly string[], taken: (path: string) => boolean): Map<string, string> {
  const redirects = new Map<string, string>();
  for (const folder of folders) {
    for (const path of pages.keys()) {
      if (localeFolderOf(path, folders) !== folder) continue;
      const from = `/${path.slice(folder.length)}`;
      if (redirects.has(from) || localeFolderOf(from, folders) !== undefined || findPage({ pages }, from) || taken(from)) continue;
      redirects.set(from, path);
    }
  }
  return redirects;
}
