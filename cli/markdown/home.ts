import type { Image, Link, Root } from 'mdast';
import type { Frontmatter } from '../../schema/frontmatter';

/**
 * The VuePress default theme's home layout (`home: true`), above the page's
 * own content: hero image, title and tagline, the action button, the
 * feature grid and the footer. Its image and button are ordinary image and
 * link nodes, so they are checked and rewritten like any other.
 */
export interface HomeNode {
  type: 'home';
  /**
   * `null` hides it, as in VuePress; by default the site's title, as VuePress 1's hero shows `$title`, which on a home
   * page is the site's (the page's own `title` only when the site has none).
   */
  heroText?: string | null;
  tagline?: string | null;
  features: { title?: string; details?: string }[];
  footer?: string;
  /** The hero image and the action link, when given (in that order). */
  children: (Image | Link)[];
  position?: Root['position'];
  data?: Root['data'];
}

declare module 'mdast' {
  interface RootContentMap {
    home: HomeNode;
  }
}

/** Where a frontmatter key is in the file, for the links' diagnostics. */
export type KeyLine = (key: string) => number;

/**
 * Whether a page may be a home page, and so show the site's title (its hero
 * text by default): a `home` key is anywhere in its text (a superset of the
 * pages whose frontmatter says `home: true`, however it is written). Pages
 * that cannot be are made without the site title, so a new title does not
 * make every page again.
 */
export function mayShowSiteTitle(text: string): boolean {
  return /\bhome\b['"]?\s*:/.test(text);
}

/** The taglines of home pages without their own, by locale folder: the site's description at '/', each locale's where it has one. */
export function homeTaglinesOf(site: { description: string; locales: Readonly<Record<string, { description?: string }>> }): Record<string, string> {
  const taglines: Record<string, string> = { '/': site.description };
  for (const [folder, locale] of Object.entries(site.locales)) if (locale.description !== undefined) taglines[folder] = locale.description;
  return taglines;
}

/** The home layout of a `home: true` page, put first in its tree (its footer last); other pages are left as they are. */
export function addHomeLayout(tree: Root, frontmatter: Frontmatter, lineOf: KeyLine, siteTitle?: string, siteTagline?: string): void {
  if (frontmatter.home !== true) return;
  const at = (key: string) => {
    const line = lineOf(key);
    return { start: { line, column: 1 }, end: { line, column: 1 } };
  };
  const children: (Image | Link)[] = [];
  if (frontmatter.heroImage) {
    children.push({ type: 'image', url: frontmatter.heroImage, alt: frontmatter.heroAlt ?? 'hero', position: at('heroImage') });
  }
  if (frontmatter.actionText && frontmatter.actionLink) {
    children.push({ type: 'link', url: frontmatter.actionLink, children: [{ type: 'text', value: frontmatter.actionText }], position: at('actionLink') });
  }
  const home: HomeNode = {
    type: 'home',
    heroText: frontmatter.heroText === null ? null : (frontmatter.heroText ?? siteTitle ?? frontmatter.title),
    // VuePress: the tagline, else the page's description, else its locale's or the site's; `tagline: null` shows none.
    tagline: frontmatter.tagline === null ? null : (frontmatter.tagline ?? frontmatter.description ?? (siteTagline || undefined)),
    features: (frontmatter.features ?? []).map(({ title, details }) => ({ ...(title == null ? {} : { title }), ...(details == null ? {} : { details }) })),
    children,
    position: at('home'),
  };
  tree.children.unshift(home);
  // The footer comes after the page's own content, as in VuePress's Home.vue: a home layout of its footer alone, last.
  if (frontmatter.footer) tree.children.push({ type: 'home', heroText: null, tagline: null, features: [], footer: frontmatter.footer, children: [], position: at('footer') });
}
