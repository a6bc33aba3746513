import { z } from 'zod';
import { Permalink, SitePath } from './paths';

/** VitePress's form of `prev`/`next`: a label, and the page (the sidebar's neighbour when left out). */
const NeighbourLink = z.strictObject({ text: z.string().min(1).optional(), link: SitePath.optional() });

/**
 * Frontmatter a page may carry. Unknown keys are kept (they are reported as a
 * warning by the validate stage, not rejected), so this schema is loose.
 */
export const FrontmatterSchema = z.looseObject({
  /** Page title; defaults to the text of the first `#` heading. */
  title: z.string().min(1).optional(),
  /** One sentence for search results and `<meta name="description">`. */
  description: z.string().min(1).optional(),
  /** Serve the page at this path instead of the one derived from its file name. */
  permalink: Permalink.optional(),
  /** Previous/next page links shown under the page; `false` hides them; VitePress's `{ text, link }` sets the label too. */
  prev: z.union([SitePath, z.literal(false), NeighbourLink]).optional(),
  next: z.union([SitePath, z.literal(false), NeighbourLink]).optional(),
  /** `false` keeps the page out of the search index. */
  search: z.boolean().optional(),
});

export type Frontmatter = z.infer<typeof FrontmatterSchema>;

/** The keys the schema knows, for "unknown key" warnings and "did you mean" hints. */
export const KNOWN_FRONTMATTER_KEYS: readonly string[] = Object.keys(FrontmatterSchema.shape);

/** `prev`/`next` as a page path and an optional label, whichever form was written; false hides the link. */
export function neighbourOf(value: Frontmatter['prev']): { link?: string; text?: string } | false | undefined {
  if (value === undefined || value === false) return value;
  return typeof value === 'string' ? { link: value } : value;
}
