import { z } from 'zod';

/** Bumped whenever the shape of routes.json or of a route or sidebar file changes incompatibly. */
export const ROUTES_VERSION = 2;

/**
 * The reader's route data: what the viewer needs to route, draw the sidebar
 * and prefetch, and nothing else (pages.json, with every record and header,
 * is for tools). Split so that a visit fetches a small root and the shard of
 * the section it is in, whatever the size of the site: tuples instead of
 * objects, chunk names without their folder and extension, and no base.
 */

/** A sidebar entry: a page `[path, title]`, a link to another site, or a group. */
export type PackedSidebarItem = [path: string, title: string] | PackedSidebarLink | PackedSidebarGroup;
/** A link to another site's page: its text and URL. */
export interface PackedSidebarLink {
  t: string;
  u: string;
}
export interface PackedSidebarGroup {
  /** The group's title. */
  t: string;
  /** 1 when the group starts closed (site.yaml `collapsed: true`). */
  c?: 1;
  /** Its entries, when they are in this file. */
  i?: PackedSidebarItem[];
  /** Otherwise: the sidebar file that holds them (an index into routes.json `pieces`). */
  p?: number;
}
const PackedSidebarItemSchema: z.ZodType<PackedSidebarItem> = z.lazy(() =>
  z.union([
    z.tuple([z.string(), z.string()]),
    z.strictObject({ t: z.string(), u: z.string() }),
    z.strictObject({
      t: z.string(),
      c: z.literal(1).optional(),
      i: z.array(PackedSidebarItemSchema).optional(),
      p: z.number().int().min(0).optional(),
    }),
  ]),
);

/** dist/routes.json: fetched on every visit (revalidated, never cached as immutable: it names the current deploy's shards). */
export const RoutesRootSchema = z.strictObject({
  version: z.literal(ROUTES_VERSION),
  /** Route shards: `[path prefix, file]`, prefixes sorted; a path's shard is the one with its longest prefix (shared/prefix-shards.ts). */
  shards: z.array(z.tuple([z.string(), z.string()])),
  /**
   * Sidebar files, by index (groups and route entries point here): piece i
   * is `assets/routes/sidebar-<i>.<hash>.json` (shared/output-names.ts), one
   * hash for them all, so routes.json does not grow by a name per piece.
   */
  pieces: z.strictObject({ count: z.number().int().min(0), hash: z.string().regex(/^[0-9a-f]*$/) }),
  sidebar: z.strictObject({
    /** Pages in the whole sidebar: above LARGE_SIDEBAR_PAGES, groups away from the reader's page start closed. */
    pages: z.number().int().min(0),
    items: z.array(PackedSidebarItemSchema),
  }),
  /** The local search index file, when the site has one. */
  search: z.string().optional(),
});
export type RoutesRoot = z.infer<typeof RoutesRootSchema>;

/**
 * dist/assets/routes/<prefix>.<hash>.json: the pages and redirects of one
 * path prefix. A page is `[path, chunk, title, sidebar files]`: its chunk's
 * name without `assets/pages/` and `.json`, and the sidebar files (indexes
 * into routes.json `pieces`, outermost first) that hold its branch of the
 * sidebar. A redirect is `[from, to]`, the target's path (which may be in
 * another shard).
 */
export const RouteShardSchema = z.strictObject({
  version: z.literal(ROUTES_VERSION),
  pages: z.array(z.union([z.tuple([z.string(), z.string(), z.string()]), z.tuple([z.string(), z.string(), z.string(), z.array(z.number().int().min(0))])])),
  redirects: z.array(z.tuple([z.string(), z.string()])),
});
export type RouteShard = z.infer<typeof RouteShardSchema>;

/** dist/assets/routes/sidebar-<n>.<hash>.json (routes.json's pieces hash): one group's entries, loaded when the group is opened or holds the reader's page. */
export const SidebarPieceSchema = z.strictObject({
  version: z.literal(ROUTES_VERSION),
  items: z.array(PackedSidebarItemSchema),
});
export type SidebarPiece = z.infer<typeof SidebarPieceSchema>;
