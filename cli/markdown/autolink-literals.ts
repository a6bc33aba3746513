import type { Root } from 'mdast';
import type { Processor } from 'unified';
import { EMAIL_CONSTRUCT_NAME, withoutTextConstructs, type SyntaxExtension } from './email-literals';
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

/** micromark-extension-gfm-autolink-literal's constructs: `www.` and `http(s)://` links, and bare e-mail addresses. */
const AUTOLINK_CONSTRUCT_NAMES: ReadonlySet<string> = new Set(['wwwAutolink', 'protocolAutolink', EMAIL_CONSTRUCT_NAME]);

/**
 * A unified plugin, used after remark-gfm: GFM without autolink literals,
 * as VuePress 1 reads Markdown (its markdown-it has `linkify` off): a bare
 * URL or address stays text, where remark-gfm made it a link the VuePress
 * site never had. The constructs go from micromark's extensions and the
 * transform that finds the rest from mdast's (copies of both); `<https://…>`
 * is CommonMark's own autolink and stays.
 */
export function remarkWithoutAutolinkLiterals(this: Processor): void {
  const data = this.data();
  data.micromarkExtensions = (data.micromarkExtensions ?? []).map((extension) => withoutTextConstructs(extension as SyntaxExtension, AUTOLINK_CONSTRUCT_NAMES) as never);
  data.fromMarkdownExtensions = (data.fromMarkdownExtensions ?? []).map((extension) => withoutAutolinkTransform(extension) as never);
}

/** An mdast extension (or a nested list of them) without the autolink-literal transform: a copy where it had one. */
function withoutAutolinkTransform(extension: unknown): unknown {
  if (Array.isArray(extension)) return extension.map(withoutAutolinkTransform);
  const { transforms } = (extension ?? {}) as MdastExtension;
  if (!Array.isArray(transforms)) return extension;
  return { ...(extension as object), transforms: transforms.filter((transform) => transform.name !== AUTOLINK_TRANSFORM_NAME) };
}

/** How many autolink-literal constructs and transforms a processor's extensions hold: for the test that notices a remark-gfm that renamed them. */
export function autolinkLiteralParts(micromark: readonly unknown[], mdast: readonly unknown[]): { constructs: number; transforms: number } {
  let constructs = 0;
  for (const extension of micromark.flat(Infinity)) {
    for (const hooked of Object.values((extension as SyntaxExtension).text ?? {})) {
      for (const construct of Array.isArray(hooked) ? hooked : [hooked]) if (AUTOLINK_CONSTRUCT_NAMES.has((construct as { name?: string } | null)?.name ?? '')) constructs++;
    }
  }
  let transforms = 0;
  for (const extension of mdast.flat(Infinity)) for (const transform of (extension as MdastExtension | undefined)?.transforms ?? []) if (transform.name === AUTOLINK_TRANSFORM_NAME) transforms++;
  return { constructs, transforms };
}
