import { memo, Suspense, use, useEffect, useRef, useState } from 'react';
import type { Header, SidebarItemRecord } from '../../schema/manifest';
import { useActiveSlug, type ActiveSlug } from '../active-slug';
import { sectionOf, topLevel } from '../outline';
import { hrefOf } from '../router';
import { SIDEBAR_ELEMENT_ID, type ShellSite } from '../view';
import { NavLink } from './NavLink';

/** The sidebar tree, or (in the browser, until pages.json arrives) the promise of it. */
export type SidebarSource = readonly SidebarItemRecord[] | Promise<readonly SidebarItemRecord[]>;

export interface SidebarProps {
  site: ShellSite;
  items: SidebarSource;
  currentPath?: string;
  /** The current page's headers: its top-level (`##`) sections are listed under it. */
  headers: readonly Header[];
  active?: ActiveSlug;
  open: boolean;
}

/**
 * The page tree from site.sidebar; a drawer on narrow screens that also
 * carries the top navigation. The tree comes from pages.json: in the
 * browser it is a Suspense boundary that stays as prerendered (links that
 * work) until pages.json arrives, and is hydrated then. Its props do not
 * change before that (the header in view comes from a store), or React
 * would render it again instead of hydrating it.
 */
export function Sidebar({ site, items, currentPath, headers, active, open }: SidebarProps) {
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
    <div id={SIDEBAR_ELEMENT_ID} className={open ? 'sidebar open' : 'sidebar'} ref={root}>
      <nav aria-label="Documentation">
        <DrawerNav site={site} currentPath={currentPath} />
        <Suspense>
          <SidebarTree items={items} base={site.base} currentPath={currentPath} headers={headers} active={active} />
        </Suspense>
      </nav>
    </div>
  );
}

const SidebarTree = memo(function SidebarTree({ items, ...rest }: { items: SidebarSource; base: string; currentPath?: string; headers: readonly Header[]; active?: ActiveSlug }) {
  const tree = Array.isArray(items) ? (items as readonly SidebarItemRecord[]) : use(items as Promise<readonly SidebarItemRecord[]>);
  return <Items items={tree} depth={0} collapseInactive={countPages(tree) > LARGE_SIDEBAR_PAGES} {...rest} />;
});

/** The top navigation, flattened, for the drawer (the top bar has no room for it on a phone). */
function DrawerNav({ site, currentPath }: { site: ShellSite; currentPath?: string }) {
  if (site.nav.length === 0) return null;
  return (
    <ul className="drawer-nav">
      {site.nav.map((item) =>
        'items' in item ? (
          item.items.map((sub) => (
            <li key={`${item.text}/${sub.text}`}>
              <NavLink item={sub} base={site.base} currentPath={currentPath} />
            </li>
          ))
        ) : (
          <li key={item.text}>
            <NavLink item={item} base={site.base} currentPath={currentPath} />
          </li>
        ),
      )}
    </ul>
  );
}

/**
 * Above this many pages, groups that do not hold the current page start
 * closed and their links are not rendered until opened: otherwise every
 * prerendered page would carry the whole tree, and a site's HTML would grow
 * with the square of its page count.
 */
export const LARGE_SIDEBAR_PAGES = 200;

interface ItemsProps {
  items: readonly SidebarItemRecord[];
  depth: number;
  base: string;
  currentPath?: string;
  headers: readonly Header[];
  active?: ActiveSlug;
  collapseInactive: boolean;
}

function Items({ items, depth, ...rest }: ItemsProps) {
  return (
    <ul className={depth < 2 ? 'sidebar-items' : 'sidebar-items nested'}>
      {items.map((item, i) =>
        item.type === 'page' ? (
          <PageItem key={item.path} path={item.path} title={item.title} {...rest} />
        ) : (
          <Group key={`${i}-${item.title}`} group={item} depth={depth} {...rest} />
        ),
      )}
    </ul>
  );
}

function Group({ group, depth, ...rest }: { group: Extract<SidebarItemRecord, { type: 'group' }> } & Omit<ItemsProps, 'items'>) {
  const holdsCurrent = contains(group, rest.currentPath);
  const initiallyOpen = holdsCurrent || (!group.collapsed && !rest.collapseInactive);
  const [open, setOpen] = useState(initiallyOpen);
  // Navigating into a closed group opens it.
  useEffect(() => {
    if (holdsCurrent) setOpen(true);
  }, [holdsCurrent]);
  return (
    <li className={depth === 0 ? 'sidebar-group top' : 'sidebar-group'}>
      <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>{group.title}</summary>
        {open && <Items items={group.children} depth={depth + 1} {...rest} />}
      </details>
    </li>
  );
}

/**
 * The page paths under each sidebar array, worked out once per array: every
 * prerendered page asks for them, and walking the tree each time would make
 * a site's build grow with the square of its page count.
 */
const pathsUnder = new WeakMap<readonly SidebarItemRecord[], ReadonlySet<string>>();

function pagePaths(items: readonly SidebarItemRecord[]): ReadonlySet<string> {
  let paths = pathsUnder.get(items);
  if (!paths) {
    const found = new Set<string>();
    for (const item of items) {
      if (item.type === 'page') found.add(item.path);
      else for (const path of pagePaths(item.children)) found.add(path);
    }
    pathsUnder.set(items, (paths = found));
  }
  return paths;
}

function countPages(items: readonly SidebarItemRecord[]): number {
  return pagePaths(items).size;
}

function PageItem({ path, title, base, currentPath, headers, active }: { path: string; title: string } & Omit<ItemsProps, 'items' | 'depth' | 'collapseInactive'>) {
  const current = path === currentPath;
  const activeSlug = useActiveSlug(current ? active : undefined);
  const top = topLevel(headers);
  const sections = current ? headers.filter((h) => h.level === top) : [];
  const activeSection = current ? sectionOf(headers, activeSlug) : undefined;
  return (
    <li>
      <a href={hrefOf(base, path)} className="sidebar-link" aria-current={current ? 'page' : undefined}>
        {title}
      </a>
      {sections.length > 0 && (
        <ul className="sidebar-headers">
          {sections.map((h) => (
            <li key={h.slug}>
              <a href={`#${h.slug}`} aria-current={h.slug === activeSection ? 'location' : undefined}>
                {h.title}
              </a>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function contains(item: SidebarItemRecord, path: string | undefined): boolean {
  if (path === undefined) return false;
  return item.type === 'page' ? item.path === path : pagePaths(item.children).has(path);
}
