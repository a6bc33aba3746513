import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Layout, type LayoutProps } from '../../../viewer/components/Layout';
import { isWithin } from '../../../viewer/components/NavLink';
import { holdsPath, Sidebar, wholeTree, type SidebarNode } from '../../../viewer/components/Sidebar';
import type { PageMeta, ShellSite } from '../../../viewer/view';
import { hashOf } from '../../support/hash';
import { navLinksOf } from '../../../shared/nav-links';

/** The sidebar's tree list with nothing in it, as the layout renders it (viewer/components/Sidebar.tsx's Items). */
const EMPTY_LIST = '<ul class="sidebar-items"></ul>';
const LIST_START = '<ul class="sidebar-items">';
/** The tree list's end, where the sidebar ends and the page's column begins (Layout.tsx). */
const LIST_END = '</ul><!--/$--></nav></div><div class="page-wrap"';

/**
 * The layout of one page's HTML, as renderToString(<Layout>) makes it, put
 * together from parts that most pages share. The top bar and the drawer's
 * nav read the page's path only through the nav links it is at or under:
 * rendered once per such state. The sidebar tree, from its top-level
 * entries: one that does not hold the page renders the same on every page,
 * so it is rendered once per site; only the entries that hold the page (its
 * link marked current, its sections listed, its group open) are rendered for
 * it. The page, "on this page" and the footer are rendered per page, in a
 * layout without the nav and the tree. Rendering all of it for each page
 * made a site.yaml change cost every page's layout again (45 s at 10,000
 * pages). tests/unit/cli/features/viewer/page-layout.test.ts holds the
 * result to the whole render's, byte for byte. Undefined for a page that
 * shows no tree (`sidebar: auto` or `false`), or if a render is not shaped
 * as expected: the caller renders the whole layout then.
 *
 * The entry that holds the page is rendered whole, in one render: building
 * it from its parts too (each group's opening around its children, the
 * other children kept) took one render per depth, and a render's fixed cost
 * made that slower than the one (profiled at 2,000 pages).
 */
export function pageLayoutHtml(props: LayoutProps & { view: { kind: 'page'; page: PageMeta } }, tree: readonly SidebarNode[], shells?: PageShells): string | undefined {
  const page = props.view.page;
  // `sidebar: auto` or `false` (the tree is not shown) and the empty tree: nothing to share.
  if (page.sidebarMode !== undefined || tree.length === 0) return undefined;
  const { site } = props;
  const pages = wholeTree(tree).pages;
  // What comes before the tree (the top bar, the drawer's nav) depends on the page only through the nav links it is under.
  const held = heldFor(site, tree, pages);
  const navKey = `${props.showProgress}:${props.sidebarOpen}:${page.navbar === false}:${navStateOf(site, page.path)}`;
  let before = held.before.get(navKey);
  if (before === undefined) {
    const shell = renderLayout({ ...props, sidebar: { items: [], pages } });
    const at = shell.indexOf(EMPTY_LIST);
    // Nothing before the sidebar is the page's own HTML (the top bar's text is escaped), so the first empty list is the tree's.
    if (at < 0) return undefined;
    held.before.set(navKey, (before = shell.slice(0, at)));
  }
  // What comes after it (the page, "on this page", the footer) does not read the nav: rendered without it, the top bar is little.
  // The one entry that holds the page (the usual case) is rendered in the same render: each render has a fixed cost.
  const holders = tree.filter((entry) => holdsPath(entry, page.path));
  const holder = holders.length === 1 ? holders[0] : undefined;
  const render = (html: string) => renderLayout({ ...props, site: { ...site, nav: NO_NAV }, sidebar: { items: holder ? [holder] : [], pages }, view: { ...props.view, html } });
  const shell = shells ? shells.shell(page.path, shellKey(held, props, holder && tree.indexOf(holder)), props.view.html, render) : render(props.view.html);
  const start = shell.indexOf(LIST_START);
  // The tree list is the sidebar's last child, the page's column next: nothing in the list (escaped titles) is that markup.
  const end = shell.indexOf(LIST_END, start);
  if (start < 0 || end < 0) return undefined;
  const holderHtml = shell.slice(start + LIST_START.length, end);
  let list = LIST_START;
  for (let i = 0; i < tree.length; i++) {
    const entry = tree[i]!;
    const html =
      entry === holder ? holderHtml : holders.includes(entry) ? entryHtml(site, entry, pages, page) : (held.entries[i] ??= entryHtml(site, entry, pages, undefined));
    if (html === undefined) return undefined;
    list += html;
  }
  return `${before}${list}${shell.slice(end)}`;
}

const NO_NAV: ShellSite['nav'] = [];

/** Where the page's own HTML goes in its column (PageView.tsx): nothing before it is the page's. */
const PAGE_HTML_AT = 'data-page-html="">';

/**
 * Each page's own render (the layout without the nav, with the sidebar
 * entry that holds it), without the page's HTML, kept between the builds
 * of a long-lived process (the dev server's, in EmitContext.kept) by page
 * path: a site.yaml change that leaves it as it was (a nav entry renamed or
 * added, another group changed) takes it as it is instead of rendering
 * every page again. One entry per page path the site has had.
 */
export class PageShells {
  private kept = new Map<string, { key: string; before: string; after: string }>();

  /** The render for `key` with `html` in the page's place: kept, or made by `render` and kept. */
  shell(path: string, key: string, html: string, render: (html: string) => string): string {
    let kept = this.kept.get(path);
    if (kept?.key !== key) {
      const made = render('');
      const at = made.indexOf(PAGE_HTML_AT, made.indexOf(LIST_END));
      if (at < 0) return render(html);
      kept = { key, before: made.slice(0, at + PAGE_HTML_AT.length), after: made.slice(at + PAGE_HTML_AT.length) };
      this.kept.set(path, kept);
    }
    return `${kept.before}${html}${kept.after}`;
  }
}

/**
 * Everything a page's own render reads: the site's shell but its nav, the
 * entry that holds the page (by its content: a build's tree is a new
 * object), and the page's chunk by its name (a hash of all of the chunk, its
 * HTML included) and sidebar pieces.
 */
function shellKey(held: Held, props: LayoutProps & { view: { page: PageMeta } }, holder: number | undefined): string {
  // Hashes, once per build: a top-level group of a large site is hundreds of KB as text, and each page's key is kept.
  held.siteKey ??= hashOf({ ...held.site, nav: NO_NAV });
  const entry = holder === undefined ? '' : (held.entryKeys[holder] ??= hashOf(held.tree[holder]));
  const { page } = props.view;
  return [held.siteKey, held.pages, entry, page.chunk, (page.sidebar ?? []).join(','), props.showProgress, props.sidebarOpen].join('\0');
}

/** Which of the site's nav links the page is at or under (NavLink's `aria-current` and `active`): all the top bar and drawer read of its path. */
function navStateOf(site: ShellSite, path: string): string {
  let state = '';
  for (const item of site.nav) {
    for (const link of navLinksOf(item)) state += link.external ? '-' : link.link === path ? 'c' : isWithin(link.link, path) ? 'w' : '-';
  }
  return state;
}

/**
 * What one site's pages share, rendered once: the markup before the tree by
 * nav state, and the tree's entries that hold no page being rendered. Kept
 * by the tree (a build's pages share its array) for as long as the shell's
 * fields are the same values (each page's shell is a new object of them).
 */
interface Held {
  site: ShellSite;
  tree: readonly SidebarNode[];
  /** Hashes of the shell but its nav, and of the top-level entries (shellKey), once each. */
  siteKey?: string;
  entryKeys: string[];
  pages: number;
  before: Map<string, string>;
  entries: (string | undefined)[];
}
const rendered = new WeakMap<readonly SidebarNode[], Held>();

function heldFor(site: ShellSite, tree: readonly SidebarNode[], pages: number): Held {
  let held = rendered.get(tree);
  if (!held || held.pages !== pages || !sameFields(held.site, site)) rendered.set(tree, (held = { site, tree, entryKeys: [], pages, before: new Map(), entries: [] }));
  return held;
}

function sameFields(a: object, b: object): boolean {
  const keys = Object.keys(a) as (keyof typeof a)[];
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && a[key] === b[key]);
}

/**
 * One top-level entry as the sidebar renders it among the others: the
 * sidebar rendered with that entry alone (and the whole tree's page count,
 * which decides whether groups start closed), its list's markup taken off.
 * Undefined if the markup around it is not what was expected.
 */
function entryHtml(site: ShellSite, entry: SidebarNode, pages: number, page: PageMeta | undefined): string | undefined {
  const html = renderToString(
    createElement(Sidebar, {
      site,
      items: { items: [entry], pages },
      currentPath: page?.path,
      branch: page?.sidebar,
      headers: page?.headers ?? [],
      headerDepth: page?.sidebarDepth ?? 1,
      open: false,
      withoutNav: true,
    }),
  );
  const start = html.indexOf(LIST_START);
  const end = html.lastIndexOf('</ul>');
  if (start < 0 || end < start) return undefined;
  return html.slice(start + LIST_START.length, end);
}

export function renderLayout(props: LayoutProps): string {
  return renderToString(createElement(Layout, props));
}
