import type { Node, Parent } from 'unist';

/**
 * How deep a page's tree may nest (root → blockquote → list → item → …).
 * Real pages stay under 20; the stages after parsing walk trees
 * recursively, and near 2,000 levels they overflow the call stack.
 */
export const MAX_NESTING = 200;

/** The first node found below `max` levels, or undefined. Iterative, so any depth can be measured. */
export function firstTooDeep(tree: Node, max: number = MAX_NESTING): Node | undefined {
  const stack: { node: Node; depth: number }[] = [{ node: tree, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (depth > max) return node;
    const children = (node as Partial<Parent>).children;
    if (Array.isArray(children)) for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i]!, depth: depth + 1 });
  }
  return undefined;
}

/** Cuts off everything below `max` levels, so later stages never meet a tree too deep for them. */
export function pruneBelow(tree: Node, max: number = MAX_NESTING): void {
  const stack: { node: Node; depth: number }[] = [{ node: tree, depth: 0 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    const parent = node as Partial<Parent>;
    if (!Array.isArray(parent.children)) continue;
    if (depth >= max) parent.children = [];
    else for (const child of parent.children) stack.push({ node: child, depth: depth + 1 });
  }
}
