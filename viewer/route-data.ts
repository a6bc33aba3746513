import type { RoutesRoot, RouteShard, SidebarPiece, PackedSidebarItem } from '../schema/routes';
import { chunkNameOf, ROUTES_FILE, sidebarPieceNameOf } from '../shared/output-names';
import { pathVariants } from '../shared/paths';
import { shardOf } from '../shared/prefix-shards';
import { isWebUrl } from '../shared/urls';
import { loadOnce } from './load-once';
import type { SidebarNode, SidebarTree } from './components/Sidebar';

/** The route data version this viewer reads: typed from the schema, without pulling zod into the bundle. */
export const SUPPORTED_ROUTES_VERSION: RoutesRoot['version'] = 2;

/** A page as routing knows it: enough to load it and to title a link or an error. */
export interface RoutePage {
  path: string;
  /** Its chunk's file name, relative to the base. */
  chunk: string;
  title: string;
  /** The sidebar pieces (file names) that hold it: its branch of the sidebar. */
  sidebar: readonly string[];
}

export type Resolution =
  /** A redirect or another spelling of a page resolves to the page: the URL then shows `page.path`. */
  | { kind: 'page'; page: RoutePage }
  /** A redirect to another site. */
  | { kind: 'external'; url: string }
  | { kind: 'not-found'; path: string };

export interface RouteData {
  /** routes.json: fetched once; a failure is forgotten, so the next call asks again. */
  root(): Promise<RoutesRoot>;
  /** A site path's page: its shard (and a redirect target's) fetched when not yet in. */
  resolve(sitePath: string): Promise<Resolution>;
  /** The same from what is already in, for prefetching on hover; undefined while a shard it needs is on its way (it is then fetched). */
  peek(sitePath: string): Resolution | undefined;
  /** The sidebar, with the pieces of `branch` (a page's `sidebar`) in. */
  sidebar(branch: readonly string[]): Promise<SidebarTree>;
  /** A group's entries from its sidebar piece, fetched once. */
  piece(name: string): Promise<readonly SidebarNode[]>;
  /** A piece already in, or undefined. */
  loadedPiece(name: string): readonly SidebarNode[] | undefined;
}

interface Shard {
  pages: ReadonlyMap<string, RoutePage>;
  redirects: ReadonlyMap<string, string>;
}
/** Where a site with no shards at all sends every path. */
const NO_SHARD: Shard = { pages: new Map(), redirects: new Map() };

/**
 * The reader's route data (schema/routes.ts): routes.json, then only the
 * shards and sidebar pieces the reader's paths need, each fetched once and
 * kept. `doFetch` lets a caller go past the HTTP cache (after a new deploy,
 * and in `docsbuild dev`).
 */
export function createRouteData(base: string, doFetch: typeof fetch = (i, init) => fetch(i, init)): RouteData {
  let rootPromise: Promise<RoutesRoot> | undefined;
  let root: RoutesRoot | undefined;
  const shards = new Map<string, Promise<Shard>>();
  const loadedShards = new Map<string, Shard>();
  const pieces = new Map<string, Promise<readonly SidebarNode[]>>();
  const loadedPieces = new Map<string, readonly SidebarNode[]>();

  const getJson = async <T extends { version: number }>(name: string): Promise<T> => {
    const response = await doFetch(`${base}${name}`);
    if (!response.ok) throw new Error(`${response.status} ${name}`);
    const data = (await response.json()) as T;
    if (data.version !== SUPPORTED_ROUTES_VERSION) throw new Error(`version ${data.version} ${name}`);
    return data;
  };
  const loadRoot = (): Promise<RoutesRoot> => {
    rootPromise ??= getJson<RoutesRoot>(ROUTES_FILE).then(
      (data) => (root = data),
      (error: unknown) => {
        rootPromise = undefined;
        throw error;
      },
    );
    return rootPromise;
  };
  const pieceName = (at: number) => sidebarPieceNameOf(at, root!.pieces.hash);
  const shardFileOf = (data: RoutesRoot, sitePath: string) => data.shards[shardOf(sitePath, data.shards.map(([prefix]) => prefix))]?.[1];
  const loadShard = (file: string): Promise<Shard> =>
    loadOnce(shards, file, async () => {
      const data = await getJson<RouteShard>(file);
      const shard: Shard = {
        pages: new Map(data.pages.map(([path, chunk, title, branch]) => [path, { path, chunk: chunkNameOf(chunk), title, sidebar: (branch ?? []).map((at) => pieceName(at)) }])),
        redirects: new Map(data.redirects),
      };
      loadedShards.set(file, shard);
      return shard;
    });
  const unpack = (items: readonly PackedSidebarItem[]): SidebarNode[] =>
    items.map((item): SidebarNode =>
      Array.isArray(item)
        ? { type: 'page', path: item[0], title: item[1] }
        : 'u' in item
          ? { type: 'link', link: item.u, title: item.t }
          : { type: 'group', title: item.t, collapsed: item.c === 1, children: item.i ? unpack(item.i) : [], ...(item.p !== undefined ? { piece: pieceName(item.p) } : {}) },
    );
  const loadPiece = (name: string) =>
    loadOnce(pieces, name, async () => {
      const data = await getJson<SidebarPiece>(name);
      await loadRoot();
      const nodes = unpack(data.items);
      loadedPieces.set(name, nodes);
      return nodes;
    });

  /**
   * A path's page from the shards already in, trying its spellings
   * (shared/paths.ts) as pages and redirect sources in turn; or the file of
   * the first shard it still needs.
   */
  const resolveLoaded = (data: RoutesRoot, sitePath: string): Resolution | { missing: string } => {
    const shardFor = (path: string): Shard | { missing: string } => {
      const file = shardFileOf(data, path);
      if (file === undefined) return NO_SHARD;
      return loadedShards.get(file) ?? { missing: file };
    };
    for (const variant of pathVariants(sitePath)) {
      const shard = shardFor(variant);
      if ('missing' in shard) return shard;
      const page = shard.pages.get(variant);
      if (page) return { kind: 'page', page };
      const target = shard.redirects.get(variant);
      if (target === undefined) continue;
      if (isWebUrl(target)) return { kind: 'external', url: target };
      const targetShard = shardFor(target);
      if ('missing' in targetShard) return targetShard;
      const redirected = targetShard.pages.get(target);
      if (redirected) return { kind: 'page', page: redirected };
    }
    return { kind: 'not-found', path: sitePath };
  };

  return {
    root: loadRoot,
    async resolve(sitePath) {
      const data = await loadRoot();
      // Each round fetches one missing shard (a redirect may lead into another); a failed fetch rejects.
      for (;;) {
        const found = resolveLoaded(data, sitePath);
        if (!('missing' in found)) return found;
        await loadShard(found.missing);
      }
    },
    peek(sitePath) {
      if (!root) {
        void loadRoot().catch(() => undefined);
        return undefined;
      }
      const found = resolveLoaded(root, sitePath);
      if (!('missing' in found)) return found;
      void loadShard(found.missing).catch(() => undefined);
      return undefined;
    },
    async sidebar(branch) {
      const data = await loadRoot();
      // The branch's pieces at once, so the tree that hydrates is the one the HTML shows.
      await Promise.all(branch.map(loadPiece));
      return { items: unpack(data.sidebar.items), pages: data.sidebar.pages };
    },
    piece: loadPiece,
    loadedPiece: (name) => loadedPieces.get(name),
  };
}
