import path from 'node:path';
import type { AssetFile } from '../source/load';
import { PUBLIC_DIR, VUEPRESS_PUBLIC_DIR } from '../source/load';
import { mediaFileOf } from './layout';

export interface AssetPlan {
  /** Site path a page may link to (`/images/flow.png`, `/favicon.svg`) → output file name. */
  bySitePath: Map<string, string>;
  /** Output file name → bytes. */
  files: Map<string, Uint8Array>;
  /** Output file name of each file of public/ → its diagnostic path (`content/public/robots.txt`). */
  publicFiles: Map<string, string>;
}

/**
 * Where each non-page file goes. Public files keep their path (minus
 * `public/`, or `.vuepress/public/` in a VuePress tree); others get a content-hashed name under assets/media/, so a
 * changed image never hides behind a cached one. Names are sanitised: output
 * names never come raw from file names.
 */
export function planAssets(assets: readonly AssetFile[]): AssetPlan {
  const plan: AssetPlan = { bySitePath: new Map(), files: new Map(), publicFiles: new Map() };
  for (const asset of assets) {
    const publicDir = [PUBLIC_DIR, VUEPRESS_PUBLIC_DIR].find((dir) => asset.relativePath.startsWith(`${dir}/`));
    const isPublic = publicDir !== undefined;
    const sitePath = `/${isPublic ? asset.relativePath.slice(publicDir.length + 1) : asset.relativePath}`;
    const output = isPublic ? safeRelative(sitePath.slice(1)) : hashedName(asset);
    if (output === undefined || plan.bySitePath.has(sitePath)) continue;
    plan.bySitePath.set(sitePath, output);
    plan.files.set(output, asset.bytes);
    if (isPublic) plan.publicFiles.set(output, asset.file);
  }
  return plan;
}

function hashedName(asset: AssetFile): string {
  const ext = path.posix.extname(asset.relativePath).toLowerCase().replace(/[^.a-z0-9]/g, '');
  const stem = path.posix
    .basename(asset.relativePath, path.posix.extname(asset.relativePath))
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return mediaFileOf(stem || 'file', asset.bytes, ext);
}

/** A public file's path, if every segment is a plain name (no "..", no control characters). */
function safeRelative(relativePath: string): string | undefined {
  const segments = relativePath.split('/');
  const plain = segments.every((s) => s !== '' && s !== '.' && s !== '..' && !/[\u0000-\u001f\\]/.test(s));
  return plain ? relativePath : undefined;
}
