import { createHash } from 'node:crypto';
import { CHUNK_DIR, MANIFEST_FILE, ROUTES_DIR, ROUTES_FILE, SEARCH_DIR, searchDocShardNameOf, sidebarPieceNameOf } from '../../shared/output-names';
import { trimCharacter } from '../support/text-scan';

/**
 * Every name in the output folder, in one place: the features ask here what
 * to call a file, and the cache policy (cache-policy.ts), the size report and
 * the collision checks read the same rules back. A new kind of file gets its
 * name here, or it is not in the layout.
 */

/** A short content hash for file names: same bytes, same name (10 hex digits). */
export function contentHash(content: string | Uint8Array): string {
  return shortHash(createHash('sha256').update(content).digest('hex'));
}

/** contentHash given the content's whole sha256 in hex (a file hashed a piece at a time, support/hash.ts hashFile). */
export function shortHash(sha256: string): string {
  return sha256.slice(0, 10);
}

/** `assets/<stem>.<contentHash>.<ext>`: cached forever by every host (see cache-policy.ts). */
export function hashedAssetName(stem: string, content: string | Uint8Array, ext: string): string {
  return `${ASSETS_DIR}/${stem}.${contentHash(content)}.${ext}`;
}

export const ASSETS_DIR = 'assets';

/**
 * The viewer bundle's names, as esbuild writes them: its `[hash]` is 8 base32
 * characters (`main.7B7VPI2U.js`), which features/viewer/content-names.ts then
 * replaces by a hash of the same form taken from the files' contents.
 */
export const BUNDLE_NAMES = {
  entries: `${ASSETS_DIR}/[name].[hash]`,
  chunks: `${ASSETS_DIR}/chunk.[hash]`,
  searchChunks: `${ASSETS_DIR}/search-chunk.[hash]`,
  assets: `${ASSETS_DIR}/[name].[hash]`,
} as const;

/** The two hash forms above: the pipeline's 10 hex digits and esbuild's 8 base32 characters. */
export const HASH_SOURCE = String.raw`(?:[0-9a-f]{10}|[A-Z2-7]{8})`;

// Pages.

export { CHUNK_DIR };

/** A name safe for an output file, derived from a page path: `/api/rest/` → `api-rest`. */
export function fileNameOf(routePath: string): string {
  const name = routePath
    .replace(/\.html$/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
  return trimCharacter(name, '-').slice(0, 80) || 'index';
}

/** A page chunk: name from the page path, hash from its bytes. */
export function chunkFileOf(pagePath: string, content: string): string {
  return `${CHUNK_DIR}/${fileNameOf(pagePath)}.${contentHash(content)}.json`;
}

/** Where a route's HTML goes: `/a/b/` → `a/b/index.html`, `/a/b.html` → `a/b.html`, `/a` → `a/index.html`. */
export function htmlFileOf(pagePath: string): string {
  const relative = pagePath.slice(1);
  if (relative === '' || relative.endsWith('/')) return `${relative}index.html`;
  if (relative.endsWith('.html')) return relative;
  return `${relative}/index.html`;
}

/**
 * Where a page's Markdown copy goes: beside its HTML file, same name, `.md`
 * (`/a/` → `a/index.md`, `/a/x.html` → `a/x.md`), so two copies collide only
 * where two HTML files would.
 */
export function markdownFileOf(pagePath: string): string {
  const relative = pagePath.slice(1);
  if (relative === '' || relative.endsWith('/')) return `${relative}index.md`;
  if (relative.endsWith('.html')) return `${relative.slice(0, -'.html'.length)}.md`;
  return `${relative}/index.md`;
}

/** Where a redirect's stub goes: `/a` and `/a/` → `a/index.html`, `/a.html` → `a.html`. */
export function stubFileOf(from: string): string {
  const relative = from.slice(1);
  if (relative.endsWith('.html')) return relative;
  return relative === '' || relative.endsWith('/') ? `${relative}index.html` : `${relative}/index.html`;
}

/** Files a page links to that are not in public/: content-hashed, so a changed image never hides behind a cached one. */
export const MEDIA_DIR = `${ASSETS_DIR}/media`;

export function mediaFileOf(stem: string, sha256: string, ext: string): string {
  return `${MEDIA_DIR}/${stem}.${shortHash(sha256)}${ext}`;
}

// Site-wide files.

/** The shell static hosts serve for unknown paths. */
export const NOT_FOUND_FILE = '404.html';
export { MANIFEST_FILE };
/** The reader's route data (schema/routes.ts): the root, revalidated on every visit, and its content-hashed shards and sidebar pieces. */
export { ROUTES_FILE };
export { ROUTES_DIR };

export function routeShardFileOf(prefix: string, content: string): string {
  return `${ROUTES_DIR}/routes-${fileNameOf(prefix)}.${contentHash(content)}.json`;
}

/** The sidebar pieces' one hash, of all their contents in order, and their names (`sidebar-<i>.<hash>.json`). */
export function sidebarPieceFilesOf(contents: readonly string[]): NumberedFiles {
  return numberedFiles(contents, sidebarPieceNameOf);
}
export const REDIRECTS_FILE = 'redirects.json';
export const MANIFEST_SCHEMA_FILE = 'pages.schema.json';
/** The local search index (schema/search-index.ts): a root, term shards and document shards, all content-hashed. */
export { SEARCH_DIR };

export function searchRootFileOf(content: string): string {
  return `${SEARCH_DIR}/index.${contentHash(content)}.json`;
}

export function searchTermShardFileOf(index: number, content: string): string {
  return `${SEARCH_DIR}/terms-${index}.${contentHash(content)}.json`;
}

/** The document shards' one hash, of all their contents in order, and their names (`docs-<i>.<hash>.json`). */
export function searchDocShardFilesOf(contents: readonly string[]): NumberedFiles {
  return numberedFiles(contents, searchDocShardNameOf);
}

/** Files named by number under one hash of them all: a reader is told the count and the hash, not every name. */
export interface NumberedFiles {
  hash: string;
  names: string[];
}

function numberedFiles(contents: readonly string[], nameOf: (index: number, hash: string) => string): NumberedFiles {
  const hash = contentHash(contents.join('\n'));
  return { hash, names: contents.map((_, index) => nameOf(index, hash)) };
}
export const CODE_STYLESHEET_STEM = 'code';
export const REDIRECT_SCRIPT_STEM = 'redirect';
export const ANALYTICS_SCRIPT_STEM = 'analytics';

/** Files for static hosts, crawlers and language models, at the root. */
export const ROOT_FILES = {
  netlifyRedirects: '_redirects',
  netlifyHeaders: '_headers',
  vercel: 'vercel.json',
  nginx: 'nginx.conf',
  sitemap: 'sitemap.xml',
  robots: 'robots.txt',
  llms: 'llms.txt',
  llmsFull: 'llms-full.txt',
} as const;

/** Host-specific configuration in the output: a host reads it, and no server should send it to readers. */
export const HOST_CONFIG_FILES = [ROOT_FILES.netlifyHeaders, ROOT_FILES.netlifyRedirects, ROOT_FILES.nginx, ROOT_FILES.vercel] as const;

/** Every output folder holds this file (output/folder.ts writes it): a later build replaces only a folder that has it. */
export const OUTPUT_MARKER = '.docsbuild-output';

/** Files in the output that no server should send to readers: host configuration and the output marker. */
export const UNSERVED_FILES = [...HOST_CONFIG_FILES, OUTPUT_MARKER] as const;

// What the build owns, read by output/claims.ts: a page, a redirect or a public file may claim none of it.

/** The site-wide files every build writes at a fixed name. */
export const SITE_FILES = [NOT_FOUND_FILE, MANIFEST_FILE, MANIFEST_SCHEMA_FILE, REDIRECTS_FILE, ROUTES_FILE, OUTPUT_MARKER] as const;

/** Folders whose every file the build names (content-hashed): nothing of the content goes in them. */
export const GENERATED_DIRS = [CHUNK_DIR, MEDIA_DIR, ROUTES_DIR, SEARCH_DIR] as const;

/** The files for hosts, crawlers and language models: a file of your own in public/ takes the place of ours, a page or a redirect may not. */
export const HOST_FILES: readonly string[] = Object.values(ROOT_FILES);

/** The longest file or folder name most file systems take (bytes of UTF-8), and the longest path. */
export const MAX_NAME_BYTES = 255;
export const MAX_PATH_BYTES = 4095;
