import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { AssetFile } from '../source/load';
import { PUBLIC_DIR, VUEPRESS_PUBLIC_DIR } from '../source/load';
import { UsageError } from '../support/errors';
import { mediaFileOf } from './layout';
import type { OutputSink } from './sink';
import { trimCharacter } from '../support/text-scan';

export interface AssetPlan {
  /** Site path a page may link to (`/images/flow.png`, `/favicon.svg`) → output file name. */
  bySitePath: Map<string, string>;
  /** Output file name → the file it is a copy of. */
  files: Map<string, AssetFile>;
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
    plan.files.set(output, asset);
    if (!isPublic) continue;
    plan.publicFiles.set(output, asset.file);
    // A page may name a public file by its own path too (`../.vuepress/public/pics/dot.png`, which VuePress's webpack resolves): the same file.
    plan.bySitePath.set(`/${asset.relativePath}`, output);
  }
  return plan;
}

function hashedName(asset: AssetFile): string {
  const ext = path.posix.extname(asset.relativePath).toLowerCase().replace(/[^.a-z0-9]/g, '');
  const stem = path.posix
    .basename(asset.relativePath, path.posix.extname(asset.relativePath))
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
  return mediaFileOf(trimCharacter(stem, '-').slice(0, 60) || 'file', asset.hash, ext);
}

/** A public file's path, if every segment is a plain name (no "..", no control characters). */
function safeRelative(relativePath: string): string | undefined {
  const segments = relativePath.split('/');
  const plain = segments.every((s) => s !== '' && s !== '.' && s !== '..' && !/[\u0000-\u001f\\]/.test(s));
  return plain ? relativePath : undefined;
}

/**
 * Copies an asset into the output as it was when the build loaded it: by
 * file where the sink can (a folder), never holding it whole; a sink in
 * memory is given its bytes. A file changed since it was hashed fails the
 * build (its output name holds the old hash): its copy is never kept.
 */
export async function putAsset(output: OutputSink, name: string, asset: AssetFile): Promise<void> {
  if (output.copy) return output.copy(name, asset);
  const bytes = await readFile(asset.absolute).catch((error: unknown) => {
    throw assetGone(error, asset) ?? error;
  });
  if (createHash('sha256').update(bytes).digest('hex') !== asset.hash) throw assetChanged(asset);
  await output.put(name, bytes);
}

/** The error for an asset whose bytes are no longer those it was loaded with. */
export function assetChanged(asset: Pick<AssetFile, 'file'>): UsageError {
  return new UsageError(`${asset.file} changed while the build ran (it is copied into the output as it was when the build read it): build again.`);
}

/** assetChanged for an asset deleted (or made a folder) since the build hashed it; undefined for any other error. */
export function assetGone(error: unknown, asset: Pick<AssetFile, 'file'>): UsageError | undefined {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR' ? assetChanged(asset) : undefined;
}
