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

/**
 * Container markers at a line's start: `>` (one level), or a list marker
 * (`-`, `+`, `*`, `1.`, `1)`: a list and its item, two levels), each with the
 * indentation CommonMark allows before it.
 */
const CONTAINER_PREFIX = /^(?:[ \t]{0,3}(?:>[ \t]?|(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)))+/gm;
const MARKER = /[ \t]{0,3}(?:(>)[ \t]?|(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$))/y;

/**
 * The Markdown with every line that opens more than `max` levels of
 * containers cut where it does. micromark's time grows with the square of
 * one line's nesting (2,000 `> - ` took 6 s, and overflowed the stack in a
 * deep caller, so the same page got another diagnostic on a worker), while
 * everything past `max` is deeper than MAX_NESTING and is pruned anyway: the
 * cut changes no output and no diagnostic, and bounds the parse. Lines keep
 * their numbers, and what stays keeps its columns. A line of list markers
 * that is a paragraph's text (`2. 2. …` cannot start a list there) counts as
 * nesting too; at hundreds of markers that is no prose.
 */
export function cutDeepLines(markdown: string, max: number = 2 * MAX_NESTING): string {
  let cut: string | undefined;
  let kept = 0;
  for (const prefix of markdown.matchAll(CONTAINER_PREFIX)) {
    // A level takes at least one character, so a shorter prefix cannot be too deep.
    if (prefix[0].length <= max) continue;
    const at = levelCrossing(prefix[0], max);
    if (at === undefined) continue;
    const lineEnd = markdown.indexOf('\n', prefix.index + at);
    cut = (cut ?? '') + markdown.slice(kept, prefix.index + at);
    kept = lineEnd === -1 ? markdown.length : lineEnd;
  }
  return cut === undefined ? markdown : cut + markdown.slice(kept);
}

/** Where in a line's container prefix the markers go past `max` levels. */
function levelCrossing(prefix: string, max: number): number | undefined {
  let levels = 0;
  MARKER.lastIndex = 0;
  for (let start = 0; start < prefix.length; start = MARKER.lastIndex) {
    const marker = MARKER.exec(prefix);
    if (!marker) return undefined;
    levels += marker[1] ? 1 : 2;
    if (levels > max) return start;
  }
  return undefined;
}
