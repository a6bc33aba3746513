import type { PageChunk } from '../schema/manifest';
import { ChunkLoadError, type ChunkLoader } from './chunk-loader';
import { createRouteData, type RouteData, type RoutePage } from './route-data';

/**
 * Chunk names carry a content hash, so after a new deploy the names this tab
 * knows may be gone (404). Then: fetch the route data once more, past any
 * cache, `adopt` it (later navigations use it), and load the page's new
 * chunk. A page the new deploy no longer has, or a chunk still missing, ends
 * as `missing` (not-found); route data of another format as `outdated`; one
 * that cannot be fetched as `other`.
 */
export async function afterNewDeploy(
  sitePath: string,
  page: RoutePage,
  loader: ChunkLoader,
  base: string,
  adopt: (routes: RouteData) => void,
  doFetch: typeof fetch = fetch,
): Promise<{ page: RoutePage; chunk: PageChunk }> {
  // no-cache: revalidate, so neither a CDN nor the browser answers with the old deploy's files.
  const routes = createRouteData(base, (input) => doFetch(input, { cache: 'no-cache' }));
  const resolution = await routes.resolve(sitePath).catch((error: Error) => {
    throw new ChunkLoadError(error.message.startsWith('version') ? 'outdated' : 'other', error.message);
  });
  adopt(routes);
  // The same chunk (it really is gone), or no such page in the new deploy: not found.
  if (resolution.kind !== 'page' || resolution.page.chunk === page.chunk) throw new ChunkLoadError('missing', page.chunk);
  return { page: resolution.page, chunk: await loader.load(resolution.page.chunk) };
}
