import { createHash } from 'node:crypto';
import type { Code } from 'mdast';

/**
 * A page's highlighted code blocks as the last build wrote them, for the
 * build after an edit of the page: writers mostly edit prose, and the
 * edited page's blocks were then most of a one-edit build's per-page stage
 * (shiki's start and its first tokenizing: 0.6-1.5 s of the real site's
 * 2.4-2.9 s). A block's HTML depends only on what blockKey hashes (the tool
 * and its settings are in the page cache's key, which the stored blocks
 * come from), so a block found here is written as it was, byte for byte.
 */

/** Where each block sits in the body's HTML: its key, its start and its length (body HTML offsets, UTF-16). */
export type CodeBlockPlaces = [key: string, start: number, length: number][];

/** Everything render.ts's renderCode reads of a block: its language, code, fence options, and whether lines are numbered. */
export function blockKey(node: Code, lineNumbers: boolean): string {
  const material = JSON.stringify([(node.lang ?? '').toLowerCase(), node.value, node.data?.fence ?? null, lineNumbers]);
  return createHash('sha256').update(material).digest('base64url').slice(0, 22);
}

/**
 * The places of the blocks written into `html`, in order (each block's HTML
 * looked for after the one before): a block not found where it was written
 * (never, for the direct renderer's output) is left out.
 */
export function placesOf(html: string, written: readonly (readonly [key: string, html: string])[]): CodeBlockPlaces {
  const places: CodeBlockPlaces = [];
  let from = 0;
  for (const [key, block] of written) {
    const at = html.indexOf(block, from);
    if (at < 0) continue;
    places.push([key, at, block.length]);
    from = at + block.length;
  }
  return places;
}

/** The blocks a stored body holds, by key; empty for a body without places or with places that do not fit its HTML. */
export function storedBlocksOf(html: string, places: unknown): Map<string, string> {
  const blocks = new Map<string, string>();
  if (!Array.isArray(places)) return blocks;
  for (const place of places) {
    if (!Array.isArray(place) || place.length !== 3) continue;
    const [key, start, length] = place as [unknown, number, number];
    if (typeof key !== 'string' || !Number.isInteger(start) || !Number.isInteger(length) || start < 0) continue;
    if (start + length > html.length || !html.startsWith('<pre', start)) continue;
    blocks.set(key, html.slice(start, start + length));
  }
  return blocks;
}
