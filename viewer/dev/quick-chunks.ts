import type { ChunkLoader } from '../chunk-loader';

/**
 * A quick edit's chunk standing in for its page's chunk until route data
 * that names the new chunk arrives. The route data in use names the page's
 * old chunk, and a click back to the page meanwhile must not show the old
 * text. The stand-in stays out of the loader's cache: chunk names are content
 * hashes, and a cache entry that held other content under the old name
 * outlived the edit. A fix that brought the page back to that content then
 * showed the edit again.
 */
export interface QuickChunks {
  /** The loader the app uses. It gives the stand-in for an old name while that stand-in holds. */
  loader: ChunkLoader;
  /** `chunk` (seeded in the loader) stands for `old` until the route data of update `build` is in use. */
  standIn(old: string, chunk: string, build: number): void;
  /**
   * The route data of update `build` is in use. It names each page's chunk
   * as the server's build made it (the last good build when the build after
   * a quick edit failed), so the stand-ins of that update and earlier ones end.
   */
  routesOf(build: number): void;
}

export function quickChunks(loader: ChunkLoader): QuickChunks {
  const standIns = new Map<string, { chunk: string; build: number }>();
  const current = (chunk: string) => standIns.get(chunk)?.chunk ?? chunk;
  return {
    loader: {
      load: (chunk) => loader.load(current(chunk)),
      prefetch: (chunk) => loader.prefetch(current(chunk)),
      seed: (chunk, data) => loader.seed(chunk, data),
    },
    standIn(old, chunk, build) {
      // An edit back to the text the route data names needs no stand-in, and ends the one an earlier edit left.
      if (old === chunk) standIns.delete(old);
      else standIns.set(old, { chunk, build });
    },
    routesOf(build) {
      for (const [old, standIn] of standIns) if (standIn.build <= build) standIns.delete(old);
    },
  };
}
