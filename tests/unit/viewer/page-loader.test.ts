import { describe, expect, it } from 'vitest';
import type { PageChunk } from '../../../schema/manifest';
import { ChunkLoadError, createChunkLoader } from '../../../viewer/chunk-loader';
import { afterNewDeploy } from '../../../viewer/page-loader';
import type { RouteData, RoutePage } from '../../../viewer/route-data';
import { MANIFEST, REDIRECTS, page } from './fixtures';
import { routeFiles } from './route-files';

const LIMITS_RECORD = page('/limits/');
const LIMITS: RoutePage = { path: '/limits/', chunk: LIMITS_RECORD.chunk, title: LIMITS_RECORD.title, sidebar: [] };
const OLD_CHUNK = LIMITS.chunk;
const NEW_CHUNK = 'assets/pages/limits.fedcba9876.json';
const chunkOf = (title: string): PageChunk => ({ version: 1, key: 'v-1', path: '/limits/', title, description: '', headers: [], html: `<h1>${title}</h1>` });

/**
 * A server after a new deploy: its route data names /limits/ by `limitsChunk`
 * (or not at all), and only the chunks in `chunks` exist. Records every request.
 */
function server(options: { limitsChunk?: string; chunks?: Record<string, PageChunk>; version?: number; status?: number }) {
  const requests: { url: string; cache?: RequestCache }[] = [];
  const pages = MANIFEST.pages.filter((p) => p.path !== '/limits/');
  if (options.limitsChunk) pages.push({ ...LIMITS_RECORD, chunk: options.limitsChunk });
  const routes = routeFiles({ ...MANIFEST, pages }, REDIRECTS).files;
  if (options.version) routes.set('routes.json', { ...(routes.get('routes.json') as object), version: options.version });
  const files: Record<string, unknown> = { ...Object.fromEntries(routes), ...options.chunks };
  const fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    const name = String(input).replace('/docs/', '');
    requests.push({ url: String(input), cache: init?.cache });
    if (options.status) return Promise.resolve(new Response('', { status: options.status }));
    return Promise.resolve(name in files ? new Response(JSON.stringify(files[name])) : new Response('gone', { status: 404 }));
  }) as typeof globalThis.fetch;
  return { fetch, requests, loader: createChunkLoader({ base: '/docs/', timeoutMs: 1000, fetch }) };
}
const kindOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (e: unknown) => (e instanceof ChunkLoadError ? e.kind : `not a ChunkLoadError: ${String(e)}`),
  );

describe('viewer/page-loader', () => {
  it('fetches the route table again past the cache, adopts it, and loads the page\'s new chunk', async () => {
    const { fetch, loader, requests } = server({ limitsChunk: NEW_CHUNK, chunks: { [NEW_CHUNK]: chunkOf('Limits, redeployed') } });
    const adopted: RouteData[] = [];
    const fresh = await afterNewDeploy('/limits/', LIMITS, loader, '/docs/', (routes) => adopted.push(routes), fetch);
    expect(fresh.chunk.title).toBe('Limits, redeployed');
    expect(fresh.page.chunk).toBe(NEW_CHUNK);
    expect(adopted).toHaveLength(1);
    expect(adopted[0]!.peek('/limits/')).toMatchObject({ kind: 'page', page: { chunk: NEW_CHUNK } });
    // routes.json and the /limits/ shard past the cache, then the new chunk (content-hashed: any cache will do).
    expect(requests.map((r) => r.cache)).toEqual(['no-cache', 'no-cache', undefined]);
    expect(requests.map((r) => r.url)).toEqual(['/docs/routes.json', expect.stringMatching(/^\/docs\/assets\/routes\//), `/docs/${NEW_CHUNK}`]);
  });

  it('ends as missing when the new deploy has no such page, the same chunk, or a new chunk that is missing too', async () => {
    for (const limitsChunk of [undefined, OLD_CHUNK, NEW_CHUNK]) {
      const { fetch, loader } = server({ limitsChunk });
      let adopted = 0;
      expect(await kindOf(afterNewDeploy('/limits/', LIMITS, loader, '/docs/', () => adopted++, fetch)), String(limitsChunk)).toBe('missing');
      // The fresh table is kept even then: the next navigation uses it.
      expect(adopted).toBe(1);
    }
  });

  it('ends as outdated for a route table of another format, and as other when it cannot be fetched', async () => {
    const newer = server({ limitsChunk: NEW_CHUNK, version: 3 });
    expect(await kindOf(afterNewDeploy('/limits/', LIMITS, newer.loader, '/docs/', () => undefined, newer.fetch))).toBe('outdated');
    const down = server({ status: 503 });
    expect(await kindOf(afterNewDeploy('/limits/', LIMITS, down.loader, '/docs/', () => undefined, down.fetch))).toBe('other');
    const broken = server({ chunks: {} });
    const notJson = (() => Promise.resolve(new Response('<html>'))) as typeof globalThis.fetch;
    expect(await kindOf(afterNewDeploy('/limits/', LIMITS, broken.loader, '/docs/', () => undefined, notJson))).toBe('other');
  });
});
