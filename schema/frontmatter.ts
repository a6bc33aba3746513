import { z } from 'zod';
import { Permalink, SitePath } from './paths';

/** VitePress's form of `prev`/`next`: a label, and the page (the sidebar's neighbour when left out). */
const NeighbourLink = z.strictObject({ text: z.string().min(1).optional(), link: SitePath.optional() });
/** A `<meta>` tag a page adds to its head (VuePress `meta:`): its attributes, escaped when written. */
const MetaTag = z.record(z.string().regex(/^[a-zA-Z][a-zA-Z0-9:-]*$/, { message: 'must be an attribute name' }), z.string());

/**
 * VuePress 1 default-theme keys, so a VuePress tree's pages keep their
 * layout. `layout` and `pageClass` are accepted, but name code docsbuild
 * never runs (a Vue component, a CSS class of the theme): they get a warning.
 */
const VUEPRESS_THEME_KEYS = {
  /** The home page layout: hero image and text, tagline, action button, feature grid, footer; its title is "Home" unless `title` says otherwise. */
  home: z.boolean().optional(),
  heroImage: z.string().min(1).optional(),
  heroAlt: z.string().optional(),
  heroText: z.string().nullable().optional(),
  tagline: z.string().nullable().optional(),
  actionText: z.string().min(1).optional(),
  actionLink: z.string().min(1).optional(),
  // Other keys of an item (a theme's `link`, `imgUrl`) are left out, as VuePress's default theme leaves them: validate.ts warns of each.
  // An empty `title:` is YAML's null: VuePress shows the feature without a title.
  features: z.array(z.object({ title: z.string().nullable().optional(), details: z.string().nullable().optional() })).optional(),
  footer: z.string().optional(),
  /** `auto`: the page's own headers as its sidebar; `false`: no sidebar. */
  sidebar: z.union([z.literal('auto'), z.literal(false), z.literal(true)]).optional(),
  sidebarDepth: z.number().int().min(0).max(6).optional(),
  /** The document `<title>`, in place of "Page | Site". */
  metaTitle: z.string().min(1).optional(),
  meta: z.array(MetaTag).optional(),
  navbar: z.boolean().optional(),
  /** `false` leaves out "Edit this page" on this page. */
  editLink: z.boolean().optional(),
  lang: z.string().min(1).optional(),
  layout: z.string().optional(),
  pageClass: z.string().optional(),
};

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
  /**
   * VitePress's document title pattern: `:title - API / NativeScript` (`:title` is the page's title), text
   * without `:title` to put after "Title | ", `false` for the page's title alone.
   */
  titleTemplate: z.union([z.string(), z.boolean()]).optional(),
  /** `false` keeps the page out of the search index. */
  search: z.boolean().optional(),
  /** Old anchor → the heading slug it now stands for: links to `#old` still land (a previous slug rule, a renamed heading). */
  anchors: z.record(z.string().min(1), z.string().min(1)).optional(),
  ...VUEPRESS_THEME_KEYS,
});

export type Frontmatter = z.infer<typeof FrontmatterSchema>;

/** The VuePress default theme's keys: in a VuePress tree a value the theme would pass over is left out with a warning, not an error. */
export const VUEPRESS_THEME_KEY_NAMES: ReadonlySet<string> = new Set(Object.keys(VUEPRESS_THEME_KEYS));

/** The keys the schema knows, for "unknown key" warnings and "did you mean" hints. */
export const KNOWN_FRONTMATTER_KEYS: readonly string[] = Object.keys(FrontmatterSchema.shape);

/** `prev`/`next` as a page path and an optional label, whichever form was written; false hides the link. */
export function neighbourOf(value: Frontmatter['prev']): { link?: string; text?: string } | false | undefined {
  if (value === undefined || value === false) return value;
  return typeof value === 'string' ? { link: value } : value;
}
