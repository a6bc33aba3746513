import type { Header } from '../schema/manifest';

/** The highest header level on a page (usually 2, for `##`). */
export function topLevel(headers: readonly Header[]): number {
  return headers.reduce((min, h) => Math.min(min, h.level), 6);
}

/** The top-level section a header is in: itself, or the last `##` before a `###`. */
export function sectionOf(headers: readonly Header[], slug: string | undefined): string | undefined {
  if (slug === undefined) return undefined;
  const top = topLevel(headers);
  let section: string | undefined;
  for (const h of headers) {
    if (h.level === top) section = h.slug;
    if (h.slug === slug) return section;
  }
  return undefined;
}

/**
 * The sections the sidebar lists under the reader's page at a depth
 * (VuePress's sidebarDepth): none at 0, the top-level headers at 1, and
 * from 2 each with every deeper header after it, in one list (as VuePress 1's
 * groupHeaders nests them).
 */
export function sidebarSections(headers: readonly Header[], depth: number): HeaderNode[] {
  if (depth <= 0) return [];
  const top = topLevel(headers);
  const sections: HeaderNode[] = [];
  for (const header of headers) {
    if (header.level === top) sections.push({ header, children: [] });
    else if (depth >= 2) sections[sections.length - 1]?.children.push({ header, children: [] });
  }
  return sections;
}

export interface HeaderNode {
  header: Header;
  children: HeaderNode[];
}

/** Flat headers in page order → a tree by level, for the nested "on this page" list. */
export function nestHeaders(headers: readonly Header[]): HeaderNode[] {
  const roots: HeaderNode[] = [];
  const stack: HeaderNode[] = [];
  for (const header of headers) {
    while (stack.length > 0 && stack[stack.length - 1]!.header.level >= header.level) stack.pop();
    const node: HeaderNode = { header, children: [] };
    (stack.length > 0 ? stack[stack.length - 1]!.children : roots).push(node);
    stack.push(node);
  }
  return roots;
}
