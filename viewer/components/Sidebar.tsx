import { memo, Suspense, use, useEffect, useRef, useState } from 'react';
import type { Header } from '../../schema/manifest';
import { useActiveSlug, type ActiveSlug } from '../active-slug';
import { sectionOf, sidebarSections } from '../outline';
import { hrefOf } from '../router';
import { SIDEBAR_ELEMENT_ID, type ShellSite } from '../view';
import { HeaderList } from './HeaderList';
import { ExternalLink } from './ExternalLink';
import { NavEntries } from './NavLink';
import { LARGE_SIDEBAR_PAGES } from '../../shared/sidebar';

/**
 * A sidebar entry. The build prerenders from the whole tree; the browser
 * has the route data's (viewer/route-data.ts), where a big group of a big
 * site may be a `piece`: its children are in a file of their own, fetched
 * when the group is opened or holds the reader's page (until then `children`
 * is empty).
 */
export type SidebarNode =
  | { type: 'page'; path: string; title: string }
  | { type: 'link'; link: string; title: string }
  | { type: 'group'; title: string; collapsed: boolean; children: readonly SidebarNode[]; piece?: string };

export interface SidebarTree {
  items: readonly SidebarNode[];
  /** Pages in the whole tree, loaded or not. */
  pages: number;
}

/** The sidebar tree, or (in the browser, until the route data arrives) the promise of it. */
export type SidebarSource = SidebarTree | Promise<SidebarTree>;

/** Sidebar pieces for groups the reader opens (the route data's). */
export interface SidebarPieces {
  loaded(name: string): readonly SidebarNode[] | undefined;
  load(name: string): Promise<readonly SidebarNode[]>;
}

export interface SidebarProps {
  site: ShellSite;
  items: SidebarSource;
  currentPath?: string;
  /** The sidebar pieces that hold the current page (its PageMeta's `sidebar`): those groups start open. */
  branch?: readonly string[];
  pieces?: SidebarPieces;
  /** The current page's headers: its top-level (`##`) sections are listed under it, */
  headers: readonly Header[];
  /** to this depth (the page's sidebarDepth): 0 none, 1 the top-level ones, 2 also the deeper ones under each. */
  headerDepth: number;
  active?: ActiveSlug;
  open: boolean;
  /** A page with frontmatter `navbar: false`: the drawer leaves out the top navigation's links too. */
  withoutNav?: boolean;
  /** A page with no sidebar (frontmatter `sidebar: false`, a `home: true` page): where the top navigation is not in it either, the pane is left out. */
  withoutEntries?: boolean;
}

/** The whole tree as the build has it (no pieces): for prerendering. */
export function wholeTree(items: readonly SidebarNode[]): SidebarTree {
  return { items, pages: countPages(items) };
}

/**
 * The page tree from site.sidebar; a drawer on narrow screens that also
 * carries the top navigation. In the browser the tree is a Suspense
 * boundary that stays as prerendered (links that work) until the route data
 * arrives, and is hydrated then. Its props do not change before that (the
 * header in view comes from a store), or React would render it again
 * instead of hydrating it.
 */
export function Sidebar({ site, items, currentPath, branch, pieces, headers, headerDepth, active, open, withoutNav, withoutEntries }: SidebarProps) {
  const root = useRef<HTMLDivElement>(null);
  // Keep the current page's link in view inside the scrolling sidebar.
  useEffect(() => {
    const box = root.current;
    const link = box?.querySelector<HTMLElement>('a[aria-current="page"]');
    if (!box || !link) return;
    const top = link.getBoundingClientRect().top - box.getBoundingClientRect().top;
    if (top < 0 || top > box.clientHeight - 40) box.scrollTop += top - box.clientHeight / 3;
  }, [currentPath]);
  return (
    <div id={SIDEBAR_ELEMENT_ID} className={sidebarClass(open, withoutEntries, withoutNav || site.nav.length === 0)} ref={root}>
      <nav aria-label="Documentation">
        {!withoutNav && <DrawerNav site={site} currentPath={currentPath} />}
        <Suspense>
          <SidebarTreeView items={items} base={site.base} currentPath={currentPath} branch={branch ?? NO_BRANCH} pieces={pieces} headers={headers} headerDepth={headerDepth} active={active} />
        </Suspense>
      </nav>
    </div>
  );
}

const NO_BRANCH: readonly string[] = [];

/**
 * `empty`: no entries, so wide screens, where the top navigation is in the
 * top bar, leave the pane out (VuePress shows no sidebar there either);
 * `bare`: no top navigation to carry below 1280px either, so only the
 * phone's drawer is left (layout.css).
 */
function sidebarClass(open: boolean, withoutEntries: boolean | undefined, withoutNav: boolean): string {
  const classes = ['sidebar'];
  if (open) classes.push('open');
  if (withoutEntries) classes.push(withoutNav ? 'empty bare' : 'empty');
  return classes.join(' ');
}

const SidebarTreeView = memo(function SidebarTreeView({ items, ...rest }: Omit<ItemsProps, 'items' | 'depth' | 'collapseInactive'> & { items: SidebarSource }) {
  const tree = 'then' in items ? use(items) : items;
  return <Items items={tree.items} depth={0} collapseInactive={tree.pages > LARGE_SIDEBAR_PAGES} {...rest} />;
});

/** The top navigation for the drawer (the top bar has no room for it on a phone): a dropdown is a group under its label, as VuePress's mobile nav shows it. */
function DrawerNav({ site, currentPath }: { site: ShellSite; currentPath?: string }) {
  if (site.nav.length === 0) return null;
  return (
    <ul className="drawer-nav">
      <NavEntries items={site.nav} base={site.base} currentPath={currentPath} />
    </ul>
  );
}


interface ItemsProps {
  items: readonly SidebarNode[];
  depth: number;
  base: string;
  currentPath?: string;
  branch: readonly string[];
  pieces?: SidebarPieces;
  headers: readonly Header[];
  headerDepth: number;
  active?: ActiveSlug;
  collapseInactive: boolean;
}

function Items({ items, depth, ...rest }: ItemsProps) {
  return (
    <ul className={depth < 2 ? 'sidebar-items' : 'sidebar-items nested'}>
      {items.map((item, i) =>
        item.type === 'page' ? (
          <PageItem key={item.path} path={item.path} title={item.title} {...rest} />
        ) : item.type === 'link' ? (
          <li key={`${i}-${item.link}`}>
            <ExternalLink href={item.link} className="sidebar-link">
              {item.title}
            </ExternalLink>
          </li>
        ) : (
          <Group key={`${i}-${item.title}`} group={item} depth={depth} {...rest} />
        ),
      )}
    </ul>
  );
}

function Group({ group, depth, ...rest }: { group: Extract<SidebarNode, { type: 'group' }> } & Omit<ItemsProps, 'items'>) {
  const holdsCurrent = group.piece !== undefined ? rest.branch.includes(group.piece) : holdsPath(group, rest.currentPath);
  const initiallyOpen = holdsCurrent || (!group.collapsed && !rest.collapseInactive);
  const [open, setOpen] = useState(initiallyOpen);
  const children = usePieceChildren(group, open, rest.pieces);
  // Navigating into a closed group opens it.
  useEffect(() => {
    if (holdsCurrent) setOpen(true);
  }, [holdsCurrent]);
  return (
    <li className={depth === 0 ? 'sidebar-group top' : 'sidebar-group'}>
      <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>{group.title}</summary>
        {open && <Items items={children} depth={depth + 1} {...rest} />}
      </details>
    </li>
  );
}

/** A group's children: its own, or (a piece) those of its file, fetched once it is open. */
function usePieceChildren(group: Extract<SidebarNode, { type: 'group' }>, open: boolean, pieces: SidebarPieces | undefined): readonly SidebarNode[] {
  const [fetched, setFetched] = useState<readonly SidebarNode[] | undefined>(undefined);
  const name = group.piece;
  const ready = name === undefined ? group.children : (pieces?.loaded(name) ?? fetched);
  useEffect(() => {
    if (!open || name === undefined || ready || !pieces) return;
    let live = true;
    // A failed fetch leaves the group empty; closing and opening it again asks again.
    pieces.load(name).then((nodes) => live && setFetched(nodes), () => undefined);
    return () => {
      live = false;
    };
  }, [open, name, ready, pieces]);
  return ready ?? NO_CHILDREN;
}

const NO_CHILDREN: readonly SidebarNode[] = [];

/**
 * The page paths under each sidebar array, worked out once per array: every
 * prerendered page asks for them, and walking the tree each time would make
 * a site's build grow with the square of its page count.
 */
const pathsUnder = new WeakMap<readonly SidebarNode[], ReadonlySet<string>>();

function pagePaths(items: readonly SidebarNode[]): ReadonlySet<string> {
  let paths = pathsUnder.get(items);
  if (!paths) {
    const found = new Set<string>();
    for (const item of items) {
      if (item.type === 'page') found.add(item.path);
      else if (item.type === 'group') for (const path of pagePaths(item.children)) found.add(path);
    }
    pathsUnder.set(items, (paths = found));
  }
  return paths;
}

function countPages(items: readonly SidebarNode[]): number {
  return pagePaths(items).size;
}

function PageItem({ path, title, base, currentPath, headers, headerDepth, active }: { path: string; title: string } & Omit<ItemsProps, 'items' | 'depth' | 'collapseInactive' | 'branch' | 'pieces'>) {
  const current = path === currentPath;
  const activeSlug = useActiveSlug(current ? active : undefined);
  const sections = current ? sidebarSections(headers, headerDepth) : [];
  // The header in view if the list shows it, else its section.
  const listed = sections.some((s) => s.children.some((c) => c.header.slug === activeSlug));
  const activeHeader = current ? (listed ? activeSlug : sectionOf(headers, activeSlug)) : undefined;
  return (
    <li>
      <a href={hrefOf(base, path)} className="sidebar-link" aria-current={current ? 'page' : undefined}>
        {title}
      </a>
      {sections.length > 0 && <HeaderList nodes={sections} activeSlug={activeHeader} className="sidebar-headers" />}
    </li>
  );
}

/** Whether the entry is the page at `path` or a group with it inside (the build's prerender renders only those per page). */
export function holdsPath(item: SidebarNode, path: string | undefined): boolean {
  if (path === undefined) return false;
  return item.type === 'page' ? item.path === path : item.type === 'group' && pagePaths(item.children).has(path);
}
