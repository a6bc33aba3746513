import { ROUTES_VERSION, RoutesRootSchema, RouteShardSchema, SidebarPieceSchema, type RoutesRoot, type RouteShard, type SidebarPiece } from '../../../schema/routes';
import { shardFinder } from '../shard-finder';
import { ROUTES_FILE, routeShardFileOf, sidebarPieceFilesOf } from '../../output/layout';
import { keptGzipSize } from '../../output/sizes';
import type { EmitContext, Feature, FeatureRun } from '../types';
import { buildRouteShards, type RouteEntry } from './route-shards';
import { packSidebar } from './sidebar-pieces';

/**
 * The reader's route data (schema/routes.ts): routes.json, the route shards
 * and the sidebar pieces. The sidebar pieces are written first (start), so
 * each page's HTML can name the pieces of its branch of the sidebar; the
 * shards last (finish), once every chunk has its name.
 */
export const routesFeature: Feature = { name: 'routes', start };

async function start({ model, pages, output, published }: EmitContext): Promise<FeatureRun> {
  const sidebar = packSidebar(model.record.sidebar);
  const pieces = sidebar.pieces.map((items): SidebarPiece => ({ version: ROUTES_VERSION, items }));
  const pieceContents = pieces.map(json);
  const pieceFiles = sidebarPieceFilesOf(pieceContents);
  const pieceNames = pieceFiles.names;
  const pieceSizes: number[] = [];
  for (const [at, piece] of pieces.entries()) pieceSizes.push(await putPiece(output, pieceNames[at]!, piece, pieceContents[at]!));
  const branchNames = new Map([...sidebar.branches].map(([path, branch]) => [path, branch.map((at) => pieceNames[at]!)]));
  published.sidebarBranches = branchNames;

  return {
    async finish() {
      const entries: RouteEntry[] = pages.map(({ page, indexed }) => ({
        path: page.route.path,
        chunk: published.chunks.get(page.route.path)!.name,
        title: indexed.title,
        branch: sidebar.branches.get(page.route.path),
      }));
      const { prefixes, shards } = buildRouteShards(entries, model.redirects);
      const shardFiles: RoutesRoot['shards'] = [];
      const shardSizes: number[] = [];
      for (const [at, shard] of shards.entries()) {
        const { name, gzip } = await putShard(output, prefixes[at]!, shard);
        shardFiles.push([prefixes[at]!, name]);
        shardSizes.push(gzip);
      }
      const root: RoutesRoot = RoutesRootSchema.parse({
        version: ROUTES_VERSION,
        shards: shardFiles,
        pieces: { count: pieceNames.length, hash: pieceFiles.hash },
        sidebar: { pages: sidebar.pages, items: sidebar.items },
        ...(published.searchIndex ? { search: published.searchIndex.name } : {}),
      });
      const rootText = json(root);
      const shardOf = shardFinder(prefixes);
      await output.put(ROUTES_FILE, rootText);
      published.routeData = {
        root: keptGzipSize(rootText),
        // What a visit to each page fetches besides its HTML: its shard and its branch of the sidebar.
        byPage: new Map(
          entries.map((entry) => [
            entry.path,
            { shard: shardSizes[shardOf(entry.path)]!, sidebar: (entry.branch ?? []).reduce((sum, at) => sum + pieceSizes[at]!, 0) },
          ]),
        ),
      };
    },
  };
}

/**
 * A route shard: the previous output's file of the same name (its name
 * holds a hash of its bytes) kept with its gzip size, so that after an edit
 * the shards it left as they were are neither validated nor compressed
 * again; else validated, written and its gzip size stored with it.
 */
async function putShard(output: EmitContext['output'], prefix: string, shard: RouteShard): Promise<{ name: string; gzip: number }> {
  const unchecked = routeShardFileOf(prefix, json(shard));
  const kept = await output.reuse(shardKey(unchecked));
  // The same bytes as a file made from a shard that passed the schema (below): this one passes it too.
  if (kept) return { name: unchecked, gzip: kept.meta ?? keptGzipSize(json(shard)) };
  const content = json(RouteShardSchema.parse(shard));
  const name = routeShardFileOf(prefix, content);
  const gzip = keptGzipSize(content);
  await output.put(name, content, { key: shardKey(name), meta: gzip });
  return { name, gzip };
}

/**
 * A sidebar piece, as putShard puts a shard: the previous output's file of
 * the same name (its name holds a hash of every piece's bytes) kept with
 * its gzip size, else validated, written and its gzip size stored with it.
 * After an edit at 10,000 pages, validating and compressing the 181 pieces
 * again was two thirds of this feature's start (100 of 150 ms of CPU).
 */
async function putPiece(output: EmitContext['output'], name: string, piece: SidebarPiece, content: string): Promise<number> {
  const kept = await output.reuse(pieceKey(name));
  if (kept?.meta !== undefined) return kept.meta;
  // The name was made from these bytes: the schema (strict objects and tuples) gives back what it accepts unchanged.
  if (json(SidebarPieceSchema.parse(piece)) !== content) throw new Error(`The sidebar piece ${name} is not as its schema gives it back.`);
  const gzip = keptGzipSize(content);
  if (!kept) await output.put(name, content, { key: pieceKey(name), meta: gzip });
  return gzip;
}

/** A sidebar piece is known by its name, which holds a hash of every piece's content. */
function pieceKey(name: string): string {
  return `sidebar-piece:${name}`;
}

/** A shard is known by its name, which holds a hash of its content. */
function shardKey(name: string): string {
  return `route-shard:${name}`;
}

function json(value: unknown): string {
  return `${JSON.stringify(value)}\n`;
}
