import type { PageChunk } from '../schema/manifest';
import { SUPPORTED_VERSION } from './version';

/**
 * How a chunk failed: `missing` (404/410) shows the not-found page;
 * `outdated` (a chunk of another format version: the site was deployed again
 * with a newer viewer) asks for a reload; the others an alert with a retry.
 */
export type LoadErrorKind = 'missing' | 'timeout' | 'outdated' | 'other';

export class ChunkLoadError extends Error {
  constructor(
    readonly kind: LoadErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

export interface ChunkLoaderOptions {
  /** The site base, e.g. `/docs/`; chunk names are relative to it. */
  base: string;
  /** A load that has not finished after this long fails as `timeout`. */
  timeoutMs: number;
  /** Injected for tests; defaults to the global fetch. */
  fetch?: typeof fetch;
}

export interface ChunkLoader {
  /** The chunk, from the cache or the network. A failed load is forgotten, so calling again retries. */
  load(chunk: string): Promise<PageChunk>;
  /** Starts loading a chunk the reader may open next; failures are ignored (and retried on navigation). */
  prefetch(chunk: string): void;
  /** Puts a chunk that is already on the page into the cache. */
  seed(chunk: string, data: PageChunk): void;
}

/** A per-app chunk cache: chunk names are content-hashed, so a cached chunk never goes stale. */
export function createChunkLoader(options: ChunkLoaderOptions): ChunkLoader {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const cache = new Map<string, Promise<PageChunk>>();

  const fetchChunk = async (chunk: string): Promise<PageChunk> => {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs);
    try {
      const response = await doFetch(`${options.base}${chunk}`, { signal: controller.signal });
      if (response.status === 404 || response.status === 410) throw new ChunkLoadError('missing', `${response.status} ${chunk}`);
      if (!response.ok) throw new ChunkLoadError('other', `${response.status} ${chunk}`);
      // A body cut short, or an HTML page where JSON should be, fails here as `other`.
      const data = (await response.json()) as Partial<PageChunk> | null;
      if (data?.version !== SUPPORTED_VERSION) throw new ChunkLoadError('outdated', chunk);
      if (!isPageChunk(data)) throw new ChunkLoadError('other', chunk);
      return data;
    } catch (error) {
      if (error instanceof ChunkLoadError) throw error;
      // Messages stay terse: the reader sees the alert's text, developers the kind and the file.
      throw new ChunkLoadError(timedOut ? 'timeout' : 'other', `${timedOut ? 'timeout' : (error as Error).message} ${chunk}`);
    } finally {
      clearTimeout(timer);
    }
  };

  const load = (chunk: string): Promise<PageChunk> => {
    const cached = cache.get(chunk);
    if (cached) return cached;
    const pending = fetchChunk(chunk);
    cache.set(chunk, pending);
    pending.catch(() => {
      if (cache.get(chunk) === pending) cache.delete(chunk);
    });
    return pending;
  };

  return {
    load,
    prefetch(chunk) {
      load(chunk).catch(() => undefined);
    },
    seed(chunk, data) {
      cache.set(chunk, Promise.resolve(data));
    },
  };
}

/**
 * The fields rendering relies on, checked before React sees them (the viewer
 * carries no zod): a chunk of the right version but the wrong shape would
 * otherwise crash rendering and leave a blank page. Kept small: every byte
 * here counts against the first-load budget.
 */
export function isPageChunk(data: unknown): data is PageChunk {
  type Loose = { path?: unknown; title?: unknown; slug?: unknown } | null | undefined;
  const c = data as Partial<Record<keyof PageChunk, unknown>> | null;
  const text = (v: unknown) => typeof v === 'string';
  const link = (v: Loose) => v === undefined || (text(v?.path) && text(v?.title));
  return (
    text(c?.html) &&
    text(c?.title) &&
    Array.isArray(c?.headers) &&
    c.headers.every((h: Loose) => text(h?.slug) && text(h?.title)) &&
    link(c.prev as Loose) &&
    link(c.next as Loose)
  );
}
