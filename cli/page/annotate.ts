import type { Definition, Image, Link, Nodes, Root } from 'mdast';

type LinkNode = Link | Image | Definition;

/**
 * The page's tree as the renderer needs it: every heading with its slug as
 * `id` (in document order, as extractOutline found them) and each link URL
 * replaced where `linkUrl` gives a new one. A new tree: the parsed one is
 * never changed, so no step depends on another having run first. Only the
 * nodes on the way to a change are copied; the rest is shared.
 */
export function annotateTree(tree: Root, headingIds: readonly string[], linkUrl: (node: LinkNode) => string | undefined): Root {
  let heading = 0;
  // Pre-order, children in order: the order unist-util-visit walks, so the n-th heading gets the n-th id.
  const copy = (node: Nodes): Nodes => {
    let out: Nodes = node;
    if (node.type === 'heading') {
      const id = headingIds[heading++];
      if (id !== undefined) out = { ...node, data: { ...node.data, hProperties: { ...node.data?.hProperties, id } } };
    } else if (node.type === 'link' || node.type === 'image' || node.type === 'definition') {
      const url = linkUrl(node);
      if (url !== undefined) out = { ...node, url };
    }
    if ('children' in node) {
      const children = (node.children as Nodes[]).map(copy);
      if (children.some((child, at) => child !== node.children[at])) out = { ...out, children } as Nodes;
    }
    return out;
  };
  return copy(tree) as Root;
}
