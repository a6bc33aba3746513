/**
 * Output names the viewer needs too: output/layout.ts names every file and
 * takes these from here. (The route data carries a chunk's id, not its
 * whole name.)
 */
export const CHUNK_DIR = 'assets/pages';
/** The reader's route data root (schema/routes.ts). */
export const ROUTES_FILE = 'routes.json';
/** Every page's record, for tools (and the viewer's search, for its hits). */
export const MANIFEST_FILE = 'pages.json';
/** The reader's route data beyond routes.json (schema/routes.ts). */
export const ROUTES_DIR = 'assets/routes';

/** A sidebar piece: numbered, all of them under one hash of their contents (routes.json carries it), as document shards are. */
export function sidebarPieceNameOf(index: number, hash: string): string {
  return `${ROUTES_DIR}/sidebar-${index}.${hash}.json`;
}

/** The local search index (schema/search-index.ts). */
export const SEARCH_DIR = 'assets/search';

/**
 * A document shard of the search index: numbered, all of them under one hash
 * of their contents (which the index root carries), so the root need not
 * list thousands of names.
 */
export function searchDocShardNameOf(index: number, hash: string): string {
  return `${SEARCH_DIR}/docs-${index}.${hash}.json`;
}

const PREFIX = `${CHUNK_DIR}/`;
const SUFFIX = '.json';

/** `assets/pages/limits.0123456789.json` → `limits.0123456789`. */
export function chunkIdOf(chunk: string): string {
  if (!chunk.startsWith(PREFIX) || !chunk.endsWith(SUFFIX)) throw new Error(`Not a chunk name: ${chunk}`);
  return chunk.slice(PREFIX.length, -SUFFIX.length);
}

/** `limits.0123456789` → `assets/pages/limits.0123456789.json`. */
export function chunkNameOf(id: string): string {
  return `${PREFIX}${id}${SUFFIX}`;
}
