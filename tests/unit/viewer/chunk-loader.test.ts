import { describe, expect, it } from 'vitest';
import type { PageChunk } from '../../../schema/manifest';
import { ChunkLoadError, createChunkLoader, isPageChunk } from '../../../viewer/chunk-loader';

const CHUNK: PageChunk = { version: 1, key: 'v-1', path: '/limits/', title: 'Limits', description: 'd', headers: [], html: '<h1>Limits</h1>' };

/** A fetch that answers from a script of responses and records the URLs asked for. */
function scriptedFetch(...answers: (() => Response | Promise<Response>)[]) {
  const urls: string[] = [];
  const fetch = ((input: RequestInfo | URL) => {
    urls.push(String(input));
    const next = answers.shift();
    if (!next) throw new Error('unexpected fetch');
    return Promise.resolve().then(next);
  }) as typeof globalThis.fetch;
  return { fetch, urls };
}
const json = (data: unknown, status = 200) => () => new Response(JSON.stringify(data), { status });
const kindOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    return error instanceof ChunkLoadError ? error.kind : `not a ChunkLoadError: ${String(error)}`;
  }
};

describe('viewer/chunk-loader', () => {
  it('loads a chunk from under the base, once, and caches it', async () => {
    const { fetch, urls } = scriptedFetch(json(CHUNK));
    const loader = createChunkLoader({ base: '/docs/', timeoutMs: 1000, fetch });
    expect(await loader.load('assets/pages/limits.1.json')).toEqual(CHUNK);
    expect(await loader.load('assets/pages/limits.1.json')).toEqual(CHUNK);
    expect(urls).toEqual(['/docs/assets/pages/limits.1.json']);
  });

  it('reports 404 and 410 as missing', async () => {
    const { fetch } = scriptedFetch(json({}, 404), json({}, 410));
    const loader = createChunkLoader({ base: '/docs/', timeoutMs: 1000, fetch });
    expect(await kindOf(loader.load('a.json'))).toBe('missing');
    expect(await kindOf(loader.load('b.json'))).toBe('missing');
  });

  it('reports a server error, a network failure, HTML, a truncated body and a malformed chunk as other', async () => {
    const { fetch } = scriptedFetch(
      json({}, 500),
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => new Response('<html>', { status: 200 }),
      () => new Response(JSON.stringify(CHUNK).slice(0, 40), { status: 200 }),
      json({ ...CHUNK, headers: [{ level: 2, title: 'no slug' }] }),
      json({ version: 1 }),
    );
    const loader = createChunkLoader({ base: '/docs/', timeoutMs: 1000, fetch });
    for (const name of ['a', 'b', 'c', 'd', 'e', 'f']) expect(await kindOf(loader.load(`${name}.json`)), name).toBe('other');
  });

  it('reports a chunk of another format version as outdated (only a reload can read it)', async () => {
    const { fetch } = scriptedFetch(json({ ...CHUNK, version: 2 }), json({ html: 'x' }));
    const loader = createChunkLoader({ base: '/docs/', timeoutMs: 1000, fetch });
    expect(await kindOf(loader.load('a.json'))).toBe('outdated');
    expect(await kindOf(loader.load('b.json'))).toBe('outdated');
  });

  it('accepts a chunk only in the shape the viewer renders', () => {
    expect(isPageChunk(CHUNK)).toBe(true);
    expect(isPageChunk({ ...CHUNK, prev: { path: '/', title: 'Home' } })).toBe(true);
    expect(isPageChunk({ ...CHUNK, html: 42 })).toBe(false);
    expect(isPageChunk({ ...CHUNK, headers: null })).toBe(false);
    expect(isPageChunk({ ...CHUNK, next: { path: '/' } })).toBe(false);
    expect(isPageChunk(null)).toBe(false);
    expect(isPageChunk('chunk')).toBe(false);
  });

  it('reports a chunk that does not arrive in time as timeout, and aborts the request', async () => {
    let aborted = false;
    const fetch = ((_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => {
          aborted = true;
          reject(new DOMException('The operation was aborted.', 'AbortError'));
        });
      })) as typeof globalThis.fetch;
    const loader = createChunkLoader({ base: '/docs/', timeoutMs: 30, fetch });
    const started = Date.now();
    expect(await kindOf(loader.load('slow.json'))).toBe('timeout');
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    expect(aborted).toBe(true);
  });

  it('forgets a failed load, so the next load retries', async () => {
    const { fetch, urls } = scriptedFetch(json({}, 500), json(CHUNK));
    const loader = createChunkLoader({ base: '/docs/', timeoutMs: 1000, fetch });
    expect(await kindOf(loader.load('x.json'))).toBe('other');
    expect(await loader.load('x.json')).toEqual(CHUNK);
    expect(urls).toHaveLength(2);
  });

  it('shares a prefetch with the load that follows it, and ignores a failed prefetch', async () => {
    const { fetch, urls } = scriptedFetch(json(CHUNK), json({}, 500), json(CHUNK));
    const loader = createChunkLoader({ base: '/docs/', timeoutMs: 1000, fetch });
    loader.prefetch('x.json');
    expect(await loader.load('x.json')).toEqual(CHUNK);
    loader.prefetch('y.json');
    await new Promise((r) => setTimeout(r, 10));
    expect(await loader.load('y.json')).toEqual(CHUNK);
    expect(urls).toEqual(['/docs/x.json', '/docs/y.json', '/docs/y.json']);
  });

  it('serves a seeded chunk without fetching', async () => {
    const { fetch, urls } = scriptedFetch();
    const loader = createChunkLoader({ base: '/docs/', timeoutMs: 1000, fetch });
    loader.seed('x.json', CHUNK);
    expect(await loader.load('x.json')).toBe(CHUNK);
    expect(urls).toEqual([]);
  });
});
