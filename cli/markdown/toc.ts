import type { Root } from 'mdast';

/** A `[[toc]]` marker, filled with the page's headers when rendered. */
export interface TocNode {
  type: 'toc';
  position?: Root['position'];
  data?: Root['data'];
}

declare module 'mdast' {
  interface RootContentMap {
    toc: TocNode;
  }
}

/** A paragraph holding only `[[toc]]`, at the top level of the page, becomes a TocNode. */
export function replaceTocMarkers(tree: Root): void {
  tree.children = tree.children.map((node) => {
    if (node.type !== 'paragraph' || node.children.length !== 1) return node;
    const only = node.children[0]!;
    return only.type === 'text' && only.value.trim() === '[[toc]]' ? { type: 'toc', position: node.position } : node;
  });
}
