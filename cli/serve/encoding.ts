import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip' | 'identity';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this, compression saves less than its headers cost. */
export const MIN_COMPRESS_BYTES = 1024;

/**
 * The best encoding the client accepts (`Accept-Encoding`, with q-values and
 * `*`): brotli, then gzip, then none. On a tie brotli wins: it is smaller.
 */
export function negotiateEncoding(header: string | undefined): Encoding {
  if (!header) return 'identity';
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam === undefined ? 1 : Number(qParam.slice(2));
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const weight = (name: string) => q.get(name) ?? q.get('*') ?? 0;
  const br = weight('br');
  const gz = Math.max(weight('gzip'), q.get('x-gzip') ?? 0);
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return 'identity';
}

/** How hard to compress: `best` for preview (each file once), `fast` for dev (files change on every edit). */
export type CompressionLevel = 'best' | 'fast';

export function compress(body: Uint8Array, encoding: Exclude<Encoding, 'identity'>, level: CompressionLevel): Promise<Buffer> {
  if (encoding === 'br') {
    const quality = level === 'best' ? constants.BROTLI_MAX_QUALITY : 4;
    return brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  }
  return gzipAsync(body, { level: level === 'best' ? 9 : 1 });
}
