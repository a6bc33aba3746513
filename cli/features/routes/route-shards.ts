import { shardPrefixes, type ShardLimits } from '../../../shared/prefix-shards';
import { shardFinder } from '../shard-finder';
import { ROUTES_VERSION, type RouteShard } from '../../../schema/routes';
import { chunkIdOf } from '../../../shared/output-names';
import type { Redirect } from '../../site/redirects';

/**
 * Shards of a few hundred routes at most: a navigation into a new section
 * fetches one shard, a few KB of gzip, whatever the size of the site.
 * Folders with fewer than minKeys routes share their parent's shard.
 */
export const ROUTE_SHARD_LIMITS: ShardLimits = { maxKeys: 160, minKeys: 40, cutAfter: '/' };

export interface RouteEntry {
  path: string;
  /** The chunk's output name (`assets/pages/x.<hash>.json`). */
  chunk: string;
  title: string;
  /** Sidebar pieces holding the page (packSidebar's branches). */
  branch?: readonly number[];
}

export interface RouteShards {
  /** Shard prefixes, sorted (shared/prefix-shards.ts). */
  prefixes: string[];
  /** Each prefix's shard, in the same order; a prefix with no routes has an empty shard. */
  shards: RouteShard[];
}

/** The routes (pages and redirect sources) split by path prefix, each entry in its longest prefix's shard. */
export function buildRouteShards(pages: readonly RouteEntry[], redirects: readonly Redirect[], limits: ShardLimits = ROUTE_SHARD_LIMITS): RouteShards {
  const prefixes = shardPrefixes([...pages.map((p) => p.path), ...redirects.map((r) => r.from)], limits);
  const shards: RouteShard[] = prefixes.map(() => ({ version: ROUTES_VERSION, pages: [], redirects: [] }));
  const shardOf = shardFinder(prefixes);
  for (const page of [...pages].sort((a, b) => compare(a.path, b.path))) {
    const entry: RouteShard['pages'][number] = [page.path, chunkIdOf(page.chunk), page.title];
    shards[shardOf(page.path)]!.pages.push(page.branch && page.branch.length > 0 ? [...entry, [...page.branch]] : entry);
  }
  for (const redirect of [...redirects].sort((a, b) => compare(a.from, b.from))) {
    shards[shardOf(redirect.from)]!.redirects.push([redirect.from, redirect.to]);
  }
  return { prefixes, shards };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
