import { createHash } from 'node:crypto';
import path from 'node:path';

export interface PageRoute {
  /** VuePress's regularPath: `README.md` → `/a/`, `x.md` → `/a/x.html`. */
  regularPath: string;
  /** The URL path under the base: the permalink if set, else regularPath. */
  path: string;
  /** Stable identifier derived from `path`. */
  key: string;
}

const INDEX_FILE = /^(readme|index)\.md$/i;

/** regularPath of a source file path relative to the content root. */
export function regularPathOf(relativePath: string): string {
  const dir = path.posix.dirname(relativePath);
  const name = path.posix.basename(relativePath);
  const folder = dir === '.' ? '/' : `/${dir}/`;
  return INDEX_FILE.test(name) ? folder : `${folder}${name.replace(/\.md$/i, '')}.html`;
}

export function routeOf(relativePath: string, permalink?: string): PageRoute {
  const regularPath = regularPathOf(relativePath);
  const routePath = permalink ?? regularPath;
  return { regularPath, path: routePath, key: keyOf(routePath) };
}

/** Same path, same key, on every machine and in every build. */
export function keyOf(routePath: string): string {
  return `v-${createHash('sha256').update(routePath).digest('hex').slice(0, 10)}`;
}
