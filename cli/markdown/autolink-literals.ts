import type { Root } from 'mdast';
import type { Processor } from 'unified';
import { eachNode, EXIT, SKIP } from './walk';

/** The name of remark-gfm's transform that turns bare URLs and e-mail addresses in text into links (mdast-util-gfm-autolink-literal). */
export const AUTOLINK_TRANSFORM_NAME = 'transformGfmAutolinkLiterals';

type Transform = (tree: Root) => Root | undefined | void;

/**
 * remark-gfm's autolink-literal transform walks every page's tree four times
 * (one unist-util-visit-parents walk per pattern, a new closure named per node
 * visited), finding nothing on most pages: 4% of a page worker's time on the
 * 2,000-page bench tree, none of whose pages has a bare URL or address
 * (micromark links most of those itself; the transform finds the rest, such
 * as one joined from character references). Each of its patterns needs
 * `http://`, `https://` or `www.` (any case) or an `@` in a text node outside
 * links, so it runs only on a tree that has one; otherwise it would have
 * changed nothing.
 */
export function guardAutolinkLiterals(transform: Transform): Transform {
  const guarded: Transform = (tree) => (mayHaveAutolinkLiteral(tree) ? transform(tree) : undefined);
  return guarded;
}

/** Whether a text node outside links and link references (the nodes the transform skips) holds what an autolink literal starts with. */
export function mayHaveAutolinkLiteral(tree: Root): boolean {
  let found = false;
  eachNode(tree, (node) => {
    if (node.type === 'link' || node.type === 'linkReference') return SKIP;
    if (node.type === 'text' && (node.value.includes('@') || LITERAL_START.test(node.value))) {
      found = true;
      return EXIT;
    }
    return undefined;
  });
  return found;
}
const LITERAL_START = /https?:\/\/|www\./i;

interface MdastExtension {
  transforms?: Transform[];
}

/** A unified plugin, used after remark-gfm: puts the guard around its autolink-literal transform in the parser's mdast extensions. */
export function remarkGuardAutolinkLiterals(this: Processor): void {
  guardTransformsIn(this.data('fromMarkdownExtensions') ?? []);
}

/**
 * Guards every autolink-literal transform in a list of mdast extensions
 * (nested lists too, as mdast-util-gfm makes them); returns how many, so a
 * test notices a remark-gfm whose transform is no longer found by its name.
 */
export function guardTransformsIn(extensions: readonly unknown[]): number {
  let guarded = 0;
  for (const extension of extensions.flat(Infinity)) {
    const { transforms } = (extension ?? {}) as MdastExtension;
    if (!Array.isArray(transforms)) continue;
    for (let at = 0; at < transforms.length; at++) {
      if (transforms[at]!.name !== AUTOLINK_TRANSFORM_NAME) continue;
      transforms[at] = guardAutolinkLiterals(transforms[at]!);
      guarded++;
    }
  }
  return guarded;
}
