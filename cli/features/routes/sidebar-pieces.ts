import type { SidebarItemRecord } from '../../../schema/manifest';
import type { PackedSidebarItem } from '../../../schema/routes';
import { LARGE_SIDEBAR_PAGES } from '../../../shared/sidebar';

/** A group with at least this many pages under it gets a file of its own (in a sidebar over LARGE_SIDEBAR_PAGES). */
export const PIECE_MIN_PAGES = 24;

export interface PackedSidebar {
  /** Pages in the whole sidebar. */
  pages: number;
  /** The top of the tree, for routes.json; big groups point at a piece. */
  items: PackedSidebarItem[];
  /** The groups' entries that live in files of their own, by piece index. */
  pieces: PackedSidebarItem[][];
  /** For each page in the sidebar, the pieces that hold it (outermost first; every place it appears). */
  branches: Map<string, number[]>;
}

/**
 * The sidebar tree in the reader's packed form. Up to LARGE_SIDEBAR_PAGES
 * pages it is one tree (every group may start open, so the viewer needs it
 * all). Above that, groups away from the reader's page start closed, and a
 * group with PIECE_MIN_PAGES or more under it becomes a piece, loaded when it
 * is opened or holds the reader's page: routes.json then carries the top of
 * the tree, not every page of the site.
 */
export function packSidebar(items: readonly SidebarItemRecord[]): PackedSidebar {
  const counts = new Map<readonly SidebarItemRecord[], number>();
  const count = (list: readonly SidebarItemRecord[]): number => {
    let n = counts.get(list);
    if (n === undefined) {
      n = 0;
      for (const item of list) n += item.type === 'page' ? 1 : item.type === 'link' ? 0 : count(item.children);
      counts.set(list, n);
    }
    return n;
  };
  const total = count(items);
  const split = total > LARGE_SIDEBAR_PAGES;
  const pieces: PackedSidebarItem[][] = [];
  const branches = new Map<string, number[]>();

  const pack = (list: readonly SidebarItemRecord[], branch: readonly number[]): PackedSidebarItem[] =>
    list.map((item): PackedSidebarItem => {
      if (item.type === 'page') {
        const known = branches.get(item.path);
        if (!known) branches.set(item.path, [...branch]);
        else for (const piece of branch) if (!known.includes(piece)) known.push(piece);
        return [item.path, item.title];
      }
      if (item.type === 'link') return { t: item.title, u: item.link };
      const group: PackedSidebarItem = { t: item.title, ...(item.collapsed ? { c: 1 as const } : {}) };
      if (split && count(item.children) >= PIECE_MIN_PAGES) {
        const at = pieces.push([]) - 1;
        pieces[at] = pack(item.children, [...branch, at]);
        return { ...group, p: at };
      }
      return { ...group, i: pack(item.children, branch) };
    });
  return { pages: total, items: pack(items, []), pieces, branches };
}
