import path from 'node:path';
import { isWebUrl } from '../../shared/urls';
import type { SidebarEntryInput, SiteConfig } from '../../schema/site-config';
import type { NavGroupRecord, NavItemRecord, NavLinkRecord, SidebarItemRecord } from '../../schema/manifest';
import { navLinksOf } from '../../shared/nav-links';
import type { Diagnostic, Place } from '../diagnostics/diagnostic';
import { diagnostic } from '../diagnostics/diagnostic';
import { didYouMean } from '../diagnostics/suggest';
import { localeFallbackOf } from './locale-fallback';
import { findPage, findRedirect, type IndexedPage, type SiteIndex } from './site-index';
import { anchorHint } from './checks/links';
import { safeDecode } from './links';

type NavDropdownEntry = NavLinkRecord | NavGroupRecord;

export interface Navigation {
  nav: NavItemRecord[];
  sidebar: SidebarItemRecord[];
  /** Page paths in sidebar order: the reading order for prev/next links. */
  order: string[];
  /** Page path → the sidebarDepth of the group it is directly in (its first listing), where the group has one. */
  groupDepths: Map<string, number>;
  /** Page path → the text its first listing gives it (`{ text, link }`), where it gives one: prev/next show it, as VuePress's do. */
  sidebarTexts: Map<string, string>;
  diagnostics: Diagnostic[];
}


/** Resolves nav and sidebar entries to pages (with their titles) and checks that every page is reachable. */
export function resolveNavigation(
  config: SiteConfig,
  index: SiteIndex,
  locate: (path: readonly PropertyKey[]) => Place,
): Navigation {
  const diagnostics: Diagnostic[] = [];
  const order: string[] = [];
  const groupDepths = new Map<string, number>();
  const sidebarTexts = new Map<string, string>();
  const listed = new Set<string>();
  const deadLink = (link: string, at: Place, what: string) =>
    diagnostics.push(
      diagnostic(
        'config/dead-link',
        at,
        `${what} "${link}" points to no page.`,
        didYouMean(link, index.pages.keys(), 'Point the entry at an existing page path, or add the page.'),
        link,
      ),
    );
  /**
   * The page a link leads to: its own, or the target of a redirect it goes
   * through (which the published site serves; a warning, as for a page's
   * link: the entry links straight to the target). Undefined for none.
   */
  const pageOf = (link: string, pagePath: string, at: readonly PropertyKey[], what: string): IndexedPage | undefined => {
    const page = findPage(index, pagePath) ?? localeFallbackOf(pagePath, undefined, index.localeFallback, (p) => findPage(index, p));
    if (page) return page;
    const redirect = findRedirect(index.redirects, pagePath);
    const target = redirect && index.pages.get(redirect.to);
    if (redirect && target) {
      diagnostics.push(
        diagnostic('link/through-redirect', locate(at), `${what} "${link}" goes through the redirect "${redirect.from}" → "${target.path}".`, `Link straight to "${target.path}".`, link),
      );
    }
    return target;
  };
  /** A page's path, a URL as it is, or undefined (reported) for a link to no page: the entry is left out. */
  const resolveLink = (link: string, at: readonly PropertyKey[], what: string): string | undefined => {
    if (isWebUrl(link)) return link;
    const page = pageOf(link, link, at, what);
    if (!page) deadLink(link, locate(at), what);
    return page?.path;
  };
  const navLink = (item: { text: string; link: string }, at: readonly PropertyKey[]): NavLinkRecord[] => {
    if (isWebUrl(item.link)) return [{ text: item.text, link: item.link, external: true }];
    // A nav link may name a section of its page (vuejs/docs: "/support-vuejs/#one-time-donations"): the page, then the anchor.
    const hashAt = item.link.indexOf('#');
    if (hashAt < 0) {
      const link = resolveLink(item.link, at, 'Nav link');
      return link === undefined ? [] : [{ text: item.text, link, external: false }];
    }
    const page = pageOf(item.link, item.link.slice(0, hashAt), at, 'Nav link');
    if (!page) {
      deadLink(item.link, locate(at), 'Nav link');
      return [];
    }
    const fragment = item.link.slice(hashAt + 1);
    const anchor = safeDecode(fragment);
    if (anchor !== '' && !page.anchors.has(anchor)) {
      diagnostics.push(
        diagnostic('link/dead-anchor', locate(at), `Nav link "${item.link}" points to "#${anchor}", which is no heading on ${page.path}.`, anchorHint(anchor, page.anchors, page.path), item.link),
      );
    }
    return [{ text: item.text, link: fragment === '' ? page.path : `${page.path}#${fragment}`, external: false }];
  };

  // A dead entry is left out (a group with none left too), as in the sidebar: never a link to nowhere.
  const nav: NavItemRecord[] = config.nav.flatMap((item, i): NavItemRecord[] => {
    if (!('items' in item)) return navLink(item, ['nav', i, 'link']);
    const items = item.items.flatMap((sub, j): NavDropdownEntry[] => {
      if (!('items' in sub)) return navLink(sub, ['nav', i, 'items', j, 'link']);
      const links = sub.items.flatMap((link, k) => navLink(link, ['nav', i, 'items', j, 'items', k, 'link']));
      return links.length === 0 ? [] : [{ text: sub.text, items: links }];
    });
    return items.length === 0 ? [] : [{ text: item.text, items }];
  });

  // A group's sidebarDepth is for the pages directly in it, not those of groups inside it (as VuePress's SidebarGroup passes it on).
  const walk = (entries: readonly SidebarEntryInput[], at: readonly PropertyKey[], depth?: number): SidebarItemRecord[] =>
    entries.flatMap((entry, i): SidebarItemRecord[] => {
      const here = [...at, i];
      if (typeof entry === 'string' || 'link' in entry) {
        // A path, or `{ text, link }`: a page shown with its own text, or another site's page.
        const { link, text } = typeof entry === 'string' ? { link: entry, text: undefined } : entry;
        if (text !== undefined && isWebUrl(link)) return [{ type: 'link', link, title: text }];
        const linkAt = typeof entry === 'string' ? here : [...here, 'link'];
        const page = pageOf(link, link, linkAt, 'Sidebar entry');
        if (!page) {
          deadLink(link, locate(linkAt), 'Sidebar entry');
          return [];
        }
        const listedBefore = listed.has(page.path);
        listed.add(page.path);
        order.push(page.path);
        if (depth !== undefined && !groupDepths.has(page.path)) groupDepths.set(page.path, depth);
        if (text !== undefined && !listedBefore) sidebarTexts.set(page.path, text);
        return [{ type: 'page', path: page.path, title: text ?? page.title }];
      }
      const children = walk(entry.children, [...here, 'children'], entry.sidebarDepth);
      // A group whose every entry is dead (reported above) would be a heading over nothing.
      return children.length === 0 ? [] : [{ type: 'group', title: entry.title, collapsed: entry.collapsed ?? false, children }];
    });
  const sidebar = walk(config.sidebar, ['sidebar']);

  if (config.sidebar.length > 0) {
    // The hint names the file the sidebar came from: site.yaml, or a VuePress tree's config (its themeConfig.sidebar).
    const from = locate(['sidebar']).file;
    const where = /\.ya?ml$/.test(from) ? `"sidebar:" in ${path.basename(from)}` : `themeConfig.sidebar in ${from}`;
    // A page the top nav links to is reachable too (a VuePress site's FAQ), and so is the home page (the site title links to it).
    const reachable = new Set(['/', ...order, ...nav.flatMap(navLinksOf).map((link) => link.link.split('#')[0]!)]);
    for (const page of index.pages.values()) {
      if (reachable.has(page.path)) continue;
      diagnostics.push(
        diagnostic(
          'page/not-in-sidebar',
          { file: page.file },
          `The page ${page.path} is in no sidebar entry, so readers cannot browse to it.`,
          `Add "${page.path}" to ${where}.`,
          page.path,
        ),
      );
    }
  }
  return { nav, sidebar, order: [...new Set(order)], groupDepths, sidebarTexts, diagnostics };
}
