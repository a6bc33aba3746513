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
      // A new array only from the first child that changed: most nodes have none on their way.
      const old = node.children as Nodes[];
      let children: Nodes[] | undefined;
      for (let at = 0; at < old.length; at++) {
        const child = copy(old[at]!);
        if (children) children.push(child);
        else if (child !== old[at]) (children = old.slice(0, at)).push(child);
      }
      if (children) out = { ...out, children } as Nodes;
    }
    return out;
  };
  return copy(tree) as Root;
}
