import type { Manifest, Redirects } from '../../../schema/manifest';
import { ROUTES_VERSION, type RoutesRoot } from '../../../schema/routes';
import type { ShardLimits } from '../../../shared/prefix-shards';
import { buildRouteShards } from '../../../cli/features/routes/route-shards';
import { packSidebar } from '../../../cli/features/routes/sidebar-pieces';
import { sidebarPieceNameOf } from '../../../shared/output-names';

export const PIECES_HASH = '0123456789';
/** A sidebar piece's name in routeFiles' output. */
export const pieceName = (at: number) => sidebarPieceNameOf(at, PIECES_HASH);

/**
 * The route data files the build would write for a manifest and its
 * redirects (made by the build's own functions), and a fetch that serves
 * them under /docs/ and records every request. Small shard limits split
 * even a handful of pages, so tests see more than one shard.
 */
export function routeFiles(manifest: Manifest, redirects: Redirects, limits: ShardLimits = { maxKeys: 4, minKeys: 2, cutAfter: '/' }) {
  const sidebar = packSidebar(manifest.site.sidebar);
  const pieceNames = sidebar.pieces.map((_, at) => sidebarPieceNameOf(at, PIECES_HASH));
  const { prefixes, shards } = buildRouteShards(
    manifest.pages.map((p) => ({ path: p.path, chunk: p.chunk, title: p.title, branch: sidebar.branches.get(p.path) })),
    redirects.redirects,
    limits,
  );
  const shardNames = prefixes.map((prefix, at) => `assets/routes/routes-${at}.0123456789.json`);
  const root: RoutesRoot = {
    version: ROUTES_VERSION,
    shards: prefixes.map((prefix, at) => [prefix, shardNames[at]!]),
    pieces: { count: pieceNames.length, hash: PIECES_HASH },
    sidebar: { pages: sidebar.pages, items: sidebar.items },
  };
  const files = new Map<string, unknown>([
    ['routes.json', root],
    ...shards.map((shard, at): [string, unknown] => [shardNames[at]!, shard]),
    ...sidebar.pieces.map((items, at): [string, unknown] => [pieceNames[at]!, { version: ROUTES_VERSION, items }]),
  ]);
  return { files, root, shardNames };
}

/** A fetch over `files` (names relative to /docs/), recording each request; a missing file is a 404. */
export function serve(files: ReadonlyMap<string, unknown>) {
  const requests: { url: string; cache?: RequestCache }[] = [];
  const fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    requests.push({ url, cache: init?.cache });
    const name = url.replace(/^\/docs\//, '');
    return Promise.resolve(files.has(name) ? new Response(JSON.stringify(files.get(name))) : new Response('gone', { status: 404 }));
  }) as typeof globalThis.fetch;
  return { fetch, requests };
}
