import { pathVariants } from '../../shared/paths';
import { ReplacedMap } from '../support/replaced-map';

/** What the site-wide stages know about one page. */
export interface IndexedPage {
  path: string;
  title: string;
  relativePath: string;
  /** Diagnostic path of the source file. */
  file: string;
  anchors: ReadonlySet<string>;
}

/** Every page by path and by source file, and every redirect by source path. */
export interface SiteIndex {
  base: string;
  pages: ReadonlyMap<string, IndexedPage>;
  byRelativePath: ReadonlyMap<string, IndexedPage>;
  /** Redirect source → final page path (chains already collapsed). */
  redirects: ReadonlyMap<string, string>;
  /** Site path of a local file → its output name. */
  assets: ReadonlyMap<string, string>;
  /**
   * The names of the content folder and of the folders above it, innermost
   * last, at most CONTENT_FOLDERS_KEPT (`['site', 'docs']`): a relative path
   * that climbs out of the content folder and back into it
   * (`../../docs/about/x.png` on docs/goal/README.md) leads where it does in
   * VuePress, whose bundler reads the file system. Empty: such paths are
   * clamped at the content root.
   */
  contentFolders: readonly string[];
  /** site.yaml `localeFallback`: where a path under no locale folder is looked for (locale-fallback.ts). */
  localeFallback: readonly string[];
  /** site.yaml `aliases`: a URL prefix → the folder it stands for (aliases.ts). */
  aliases: Readonly<Record<string, string>>;
}

/** Where site.yaml sends paths that are not written as the site's own. */
export interface PathSettings {
  localeFallback?: readonly string[];
  aliases?: Readonly<Record<string, string>>;
}

/** How many folder names contentFolders keeps: no path climbs further out and back in. */
export const CONTENT_FOLDERS_KEPT = 3;

export function createSiteIndex(
  base: string,
  pages: readonly IndexedPage[],
  redirects: ReadonlyMap<string, string>,
  assets: ReadonlyMap<string, string> = new Map(),
  contentFolders: readonly string[] = [],
  { localeFallback = [], aliases = {} }: PathSettings = {},
): SiteIndex {
  return {
    base,
    pages: new Map(pages.map((p) => [p.path, p])),
    byRelativePath: new Map(pages.map((p) => [p.relativePath, p])),
    redirects,
    assets,
    contentFolders: contentFolders.slice(-CONTENT_FOLDERS_KEPT),
    localeFallback,
    aliases,
  };
}

/**
 * The index with one page's entry replaced by its edit (the same path and
 * source file; its title or anchors changed): the dev server's quick edit
 * of a page resolves its links against it without building the site again.
 */
export function withPageEdited(index: SiteIndex, page: IndexedPage): SiteIndex {
  return { ...index, pages: new ReplacedMap(index.pages, page.path, page), byRelativePath: new ReplacedMap(index.byRelativePath, page.relativePath, page) };
}

/** The page a path lands on, accepting the trailing-slash and .html variants. */
export function findPage(index: Pick<SiteIndex, 'pages'>, sitePath: string): IndexedPage | undefined {
  // The path as written is the first variant, and the one most links name.
  const exact = index.pages.get(sitePath);
  if (exact) return exact;
  for (const variant of pathVariants(sitePath)) {
    const page = index.pages.get(variant);
    if (page) return page;
  }
  return undefined;
}

/** The redirect a path hits, accepting the same variants. */
export function findRedirect(redirects: ReadonlyMap<string, string>, sitePath: string): { from: string; to: string } | undefined {
  for (const variant of pathVariants(sitePath)) {
    const to = redirects.get(variant);
    if (to !== undefined) return { from: variant, to };
  }
  return undefined;
}
