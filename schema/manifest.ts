import { z } from 'zod';
import { FrontmatterSchema } from './frontmatter';

/** Bumped whenever the shape of pages.json, redirects.json or a chunk changes incompatibly. */
export const MANIFEST_VERSION = 1;

export const HeaderSchema = z.strictObject({
  level: z.number().int().min(1).max(6),
  title: z.string(),
  slug: z.string(),
});
export type Header = z.infer<typeof HeaderSchema>;

/** One page in pages.json. Field semantics follow VuePress 1. */
export const PageRecordSchema = z.strictObject({
  title: z.string(),
  description: z.string(),
  frontmatter: FrontmatterSchema,
  /** `README.md` → its folder with a trailing slash; `x.md` → `/…/x.html`. */
  regularPath: z.string(),
  /** Source path relative to the content root, with `/` separators. */
  relativePath: z.string(),
  /** Stable identifier derived from `path`. */
  key: z.string(),
  /** URL path under the base: `regularPath` unless frontmatter `permalink` sets it. */
  path: z.string(),
  headers: z.array(HeaderSchema),
  /** The page's chunk, relative to the site root (under the base). */
  chunk: z.string(),
});
export type PageRecord = z.infer<typeof PageRecordSchema>;

const NavLinkRecord = z.strictObject({ text: z.string(), link: z.string(), external: z.boolean() });
/** A titled group of links in a dropdown. */
const NavGroupRecord = z.strictObject({ text: z.string(), items: z.array(NavLinkRecord) });
export const NavItemRecordSchema = z.union([
  NavLinkRecord,
  z.strictObject({ text: z.string(), items: z.array(z.union([NavLinkRecord, NavGroupRecord])) }),
]);
export type NavItemRecord = z.infer<typeof NavItemRecordSchema>;
export type NavLinkRecord = z.infer<typeof NavLinkRecord>;
export type NavGroupRecord = z.infer<typeof NavGroupRecord>;

/** A page of the site, a link to another site's page (opened in a new tab), or a group. */
export type SidebarItemRecord =
  | { type: 'page'; path: string; title: string }
  | { type: 'link'; link: string; title: string }
  | { type: 'group'; title: string; collapsed: boolean; children: SidebarItemRecord[] };
export const SidebarItemRecordSchema: z.ZodType<SidebarItemRecord> = z.lazy(() =>
  z.union([
    z.strictObject({ type: z.literal('page'), path: z.string(), title: z.string() }),
    z.strictObject({ type: z.literal('link'), link: z.url({ protocol: /^https?$/ }), title: z.string() }),
    z.strictObject({
      type: z.literal('group'),
      title: z.string(),
      collapsed: z.boolean(),
      children: z.array(SidebarItemRecordSchema),
    }),
  ]),
);

export const HeadTagRecordSchema = z.strictObject({
  tag: z.string(),
  attrs: z.record(z.string(), z.union([z.string(), z.boolean()])),
  children: z.string().optional(),
});
export type HeadTagRecord = z.infer<typeof HeadTagRecordSchema>;

/** The site record: what every page and the viewer need to know about the site. */
export const SiteRecordSchema = z.strictObject({
  title: z.string(),
  description: z.string(),
  base: z.string(),
  host: z.string().optional(),
  lang: z.string(),
  headTags: z.array(HeadTagRecordSchema),
  nav: z.array(NavItemRecordSchema),
  sidebar: z.array(SidebarItemRecordSchema),
  versions: z
    .strictObject({
      current: z.string(),
      menu: z.array(z.strictObject({ text: z.string(), link: z.string(), external: z.boolean(), badge: z.string().optional() })),
    })
    .optional(),
  search: z.strictObject({
    provider: z.enum(['local', 'docsearch', 'none']),
    docsearch: z
      .strictObject({ appId: z.string(), apiKey: z.string(), indexName: z.string(), facetFilters: z.array(z.string()) })
      .optional(),
    /** Provider local: the index file (`assets/search.<hash>.json`), fetched when the reader first opens search. */
    index: z.string().optional(),
  }),
  viewer: z.strictObject({ scrollSpyThrottleMs: z.number(), loadTimeoutMs: z.number() }),
  constants: z.record(z.string(), z.union([z.string(), z.number()])),
  /** site.yaml `markdown.allowIframeOrigins`, when set: the frame-src of the Content-Security-Policy. */
  iframeOrigins: z.array(z.string()).optional(),
  /** site.yaml `editLink`: each chunk carries its own URL (`editUrl`); this is the pattern and the link's text. */
  editLink: z.strictObject({ pattern: z.string(), text: z.string(), optIn: z.boolean().optional() }).optional(),
  /** site.yaml `lastUpdated`, when on: the label before each page's date (chunks carry the date, `lastUpdated`). */
  lastUpdated: z.strictObject({ text: z.string() }).optional(),
  /** site.yaml `footer`. */
  footer: z.strictObject({ copyright: z.string().optional() }).optional(),
});
export type SiteRecord = z.infer<typeof SiteRecordSchema>;

/** dist/pages.json */
export const ManifestSchema = z.strictObject({
  version: z.literal(MANIFEST_VERSION),
  site: SiteRecordSchema,
  /** Sorted by `path`. */
  pages: z.array(PageRecordSchema),
});
export type Manifest = z.infer<typeof ManifestSchema>;

/** dist/redirects.json: every source path maps straight to its final page path. */
export const RedirectsSchema = z.strictObject({
  version: z.literal(MANIFEST_VERSION),
  redirects: z.array(z.strictObject({ from: z.string(), to: z.string() })),
});
export type Redirects = z.infer<typeof RedirectsSchema>;

/** dist/assets/pages/<name>.<hash>.json: one page, rendered. */
export const PageChunkSchema = z.strictObject({
  version: z.literal(MANIFEST_VERSION),
  key: z.string(),
  path: z.string(),
  title: z.string(),
  description: z.string(),
  headers: z.array(HeaderSchema),
  /** The page body as HTML, produced by the pipeline's renderer only. */
  html: z.string(),
  prev: z.strictObject({ path: z.string(), title: z.string() }).optional(),
  next: z.strictObject({ path: z.string(), title: z.string() }).optional(),
  /** "Edit this page": site.yaml `editLink.pattern` with the page's source path (`relativePath`). */
  editUrl: z.string().optional(),
  /** When the page's source was last committed (ISO 8601, UTC), with site.yaml `lastUpdated` on and the source tracked by git. */
  lastUpdated: z.string().optional(),
  /** Frontmatter `metaTitle`: the document title as written, in place of "Page | Site". */
  metaTitle: z.string().optional(),
  /** Frontmatter `meta`: the page's own `<meta>` tags (attributes escaped when written). */
  meta: z.array(z.record(z.string(), z.string())).optional(),
  /** The page's language, when not the site's: frontmatter `lang`, else that of its site.yaml `locales` folder. */
  lang: z.string().optional(),
  /** Frontmatter `sidebar`: `auto`, the page's own sections as its sidebar; `false`, none. */
  sidebarMode: z.union([z.literal('auto'), z.literal(false)]).optional(),
  /**
   * How deep the sidebar lists the page's sections when it is the reader's:
   * 0 none, 2 or more its `##` sections and the deeper ones under each;
   * absent, 1: the `##` sections (frontmatter, else its group's, else site.yaml's).
   */
  sidebarDepth: z.number().int().min(0).max(6).optional(),
  /** Frontmatter `navbar: false`: the top bar without its navigation links. */
  navbar: z.literal(false).optional(),
});
export type PageChunk = z.infer<typeof PageChunkSchema>;
