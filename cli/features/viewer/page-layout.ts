import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Layout, type LayoutProps } from '../../../viewer/components/Layout';
import { isWithin } from '../../../viewer/components/NavLink';
import { holdsPath, Sidebar, wholeTree, type SidebarNode } from '../../../viewer/components/Sidebar';
import type { PageMeta, ShellSite } from '../../../viewer/view';

/** The sidebar's tree list with nothing in it, as the layout renders it (viewer/components/Sidebar.tsx's Items). */
const EMPTY_LIST = '<ul class="sidebar-items"></ul>';
const LIST_START = '<ul class="sidebar-items">';

/**
 * The layout of one page's HTML, as renderToString(<Layout>) makes it, put
 * together from parts that most pages share. The top bar and the drawer's
 * nav read the page's path only through the nav links it is at or under:
 * rendered once per such state. The sidebar tree, from its entries: one
 * that does not hold the page renders the same on every page, so it is
 * rendered once per site; only the page's own item (marked current, its
 * sections listed) and the opening of the groups around it are rendered for
 * it (treeHtml). The page, "on this page" and the footer are rendered per page, in a
 * layout without the nav and the tree. Rendering all of it for each page
 * made a site.yaml change cost every page's layout again (45 s at 10,000
 * pages). tests/unit/cli/features/viewer/page-layout.test.ts holds the
 * result to the whole render's, byte for byte. Undefined for a page that
 * shows no tree (`sidebar: auto` or `false`), or if a render is not shaped
 * as expected: the caller renders the whole layout then.
 */
export function pageLayoutHtml(props: LayoutProps & { view: { kind: 'page'; page: PageMeta } }, tree: readonly SidebarNode[]): string | undefined {
  const page = props.view.page;
  // `sidebar: auto` or `false` (the tree is not shown) and the empty tree: nothing to share.
  if (page.sidebarMode !== undefined || tree.length === 0) return undefined;
  const { site } = props;
  const pages = wholeTree(tree).pages;
  const empty = { items: [], pages };
  // What comes before the tree (the top bar, the drawer's nav) depends on the page only through the nav links it is under.
  const held = heldFor(site, tree, pages);
  const navKey = `${props.showProgress}:${props.sidebarOpen}:${page.navbar === false}:${navStateOf(site, page.path)}`;
  let before = held.before.get(navKey);
  if (before === undefined) {
    const shell = renderLayout({ ...props, sidebar: empty });
    const at = shell.indexOf(EMPTY_LIST);
    // Nothing before the sidebar is the page's own HTML (the top bar's text is escaped), so the first empty list is the tree's.
    if (at < 0) return undefined;
    held.before.set(navKey, (before = shell.slice(0, at)));
  }
  // What comes after it (the page, "on this page", the footer) does not read the nav: rendered without it, the top bar is little.
  const shell = renderLayout({ ...props, site: { ...site, nav: NO_NAV }, sidebar: empty });
  const at = shell.indexOf(EMPTY_LIST);
  if (at < 0) return undefined;
  const list = treeHtml({ site, pages, page, held });
  if (list === undefined) return undefined;
  return `${before}${list}${shell.slice(at + EMPTY_LIST.length)}`;
}

const NO_NAV: ShellSite['nav'] = [];

/** Which of the site's nav links the page is at or under (NavLink's `aria-current` and `active`): all the top bar and drawer read of its path. */
function navStateOf(site: ShellSite, path: string): string {
  let state = '';
  for (const item of site.nav) {
    for (const link of 'items' in item ? item.items : [item]) state += link.external ? '-' : link.link === path ? 'c' : isWithin(link.link, path) ? 'w' : '-';
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
  pages: number;
  before: Map<string, string>;
  /** Tree entries (at any depth) that hold no page being rendered, as rendered in place. */
  nodes: Map<SidebarNode, string>;
}
const rendered = new WeakMap<readonly SidebarNode[], Held>();

function heldFor(site: ShellSite, tree: readonly SidebarNode[], pages: number): Held {
  let held = rendered.get(tree);
  if (!held || held.pages !== pages || !sameFields(held.site, site)) rendered.set(tree, (held = { site, tree, pages, before: new Map(), nodes: new Map() }));
  return held;
}

function sameFields(a: object, b: object): boolean {
  const keys = Object.keys(a) as (keyof typeof a)[];
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && a[key] === b[key]);
}

interface TreeContext {
  site: ShellSite;
  pages: number;
  page: PageMeta;
  held: Held;
}

type Group = Extract<SidebarNode, { type: 'group' }>;

/** Where the groups around the current page open and close: rendered around a stand-in for it, and the stand-in's own item. */
interface Frame {
  open: string;
  item: string;
  close: string;
}

/** The stand-in's title: nothing else in a frame's render is it (checked), so it marks the stand-in's item. */
const MARK = '\uE000docsbuild-current\uE000';

/**
 * The sidebar's tree list for the current page: entries that do not hold
 * it as rendered once (Held.nodes); a group that holds it, its opening and
 * closing markup (from a render of the groups down to it around a stand-in
 * for the page) around its children, put together the same way; the page's
 * own item rendered with its sections. Undefined if a render is not shaped
 * as expected (the caller renders the whole layout then).
 */
function treeHtml(context: TreeContext): string | undefined {
  const frame = frameOf(context, []);
  if (!frame?.open.endsWith(LIST_START) || !frame.close.startsWith('</ul>')) return undefined;
  const children = childrenHtml(context, [], frame, context.held.tree);
  return children === undefined ? undefined : `${LIST_START}${children}</ul>`;
}

function childrenHtml(context: TreeContext, chain: readonly Group[], frame: Frame, children: readonly SidebarNode[]): string | undefined {
  const { held, page } = context;
  let list = '';
  for (const child of children) {
    let html: string | undefined;
    if (!holdsPath(child, page.path)) {
      html = held.nodes.get(child);
      if (html === undefined) {
        // Rendered beside the stand-in, which keeps the groups around it open.
        html = between(sidebarHtml(context, within(chain, [child, standIn(page)]), false), frame.open, frame.item + frame.close);
        if (html !== undefined) held.nodes.set(child, html);
      }
    } else if (child.type === 'page') {
      html = between(sidebarHtml(context, within(chain, [child]), true), frame.open, frame.close);
    } else {
      const inner = frameOf(context, [...chain, child]);
      const grandchildren = inner && childrenHtml(context, [...chain, child], inner, child.children);
      const open = inner && between(inner.open, frame.open, '');
      const close = inner && between(inner.close, '', frame.close);
      html = grandchildren !== undefined && open !== undefined && close !== undefined ? `${open}${grandchildren}${close}` : undefined;
    }
    if (html === undefined) return undefined;
    list += html;
  }
  return list;
}

function frameOf(context: TreeContext, chain: readonly Group[]): Frame | undefined {
  const html = sidebarHtml(context, within(chain, [standIn(context.page)]), false);
  const at = html.indexOf(MARK);
  if (at < 0 || html.indexOf(MARK, at + 1) >= 0) return undefined;
  // The stand-in's item is `<li><a …>MARK</a></li>` (rendered without sections, it has no list of its own).
  const start = html.lastIndexOf('<li>', at);
  const end = html.indexOf('</li>', at) + '</li>'.length;
  if (start < 0 || end < at) return undefined;
  return { open: html.slice(0, start), item: html.slice(start, end), close: html.slice(end) };
}

/** `html` without `open` before and `close` after; undefined if it is not so framed. */
function between(html: string, open: string, close: string): string | undefined {
  if (html.length < open.length + close.length || !html.startsWith(open) || !html.endsWith(close)) return undefined;
  return html.slice(open.length, html.length - close.length);
}

function standIn(page: PageMeta): SidebarNode {
  return { type: 'page', path: page.path, title: MARK };
}

/** `items` inside the groups of `chain`, each with only the next as its child. */
function within(chain: readonly Group[], items: SidebarNode[]): SidebarNode[] {
  let nested = items;
  for (let i = chain.length - 1; i >= 0; i--) nested = [{ ...chain[i]!, children: nested }];
  return nested;
}

/** The sidebar with these items, the current page's (its sections too, with `sections`), and the whole tree's page count. */
function sidebarHtml({ site, pages, page }: TreeContext, items: SidebarNode[], sections: boolean): string {
  return renderToString(
    createElement(Sidebar, {
      site,
      items: { items, pages },
      currentPath: page.path,
      branch: page.sidebar,
      headers: sections ? page.headers : [],
      headerDepth: page.sidebarDepth ?? 1,
      open: false,
      withoutNav: true,
    }),
  );
}

export function renderLayout(props: LayoutProps): string {
  return renderToString(createElement(Layout, props));
}
