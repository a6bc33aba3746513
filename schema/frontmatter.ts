import { z } from 'zod';
import { Permalink, SitePath } from './paths';

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
  /** Previous/next page links shown under the page; `false` hides them. */
  prev: z.union([SitePath, z.literal(false)]).optional(),
  next: z.union([SitePath, z.literal(false)]).optional(),
  /** `false` keeps the page out of the search index. */
  search: z.boolean().optional(),
  /** Old anchor → the heading slug it now stands for: links to `#old` still land (a previous slug rule, a renamed heading). */
  anchors: z.record(z.string().min(1), z.string().min(1)).optional(),
  /** VuePress default theme: the home page layout (hero, features, footer); its title is "Home" unless `title` says otherwise. */
  home: z.boolean().optional(),
});

export type Frontmatter = z.infer<typeof FrontmatterSchema>;

/** The keys the schema knows, for "unknown key" warnings and "did you mean" hints. */
export const KNOWN_FRONTMATTER_KEYS: readonly string[] = Object.keys(FrontmatterSchema.shape);
