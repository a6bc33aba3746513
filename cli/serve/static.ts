import { UNSERVED_FILES, NOT_FOUND_FILE } from '../output/layout';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { cacheControlOf, REVALIDATE } from '../output/cache-policy';
import { contentTypeOf, isCompressible } from './content-types';
import { MIN_COMPRESS_BYTES, negotiateEncoding, type CompressionLevel } from './encoding';
import type { FileSource, StaticEntry } from './file-source';
import { requestTarget } from './request-path';

export interface StaticOptions {
  source: FileSource;
  /** The site base, `/docs/`. */
  base: string;
  compression: CompressionLevel;
}

const HIDDEN = new Set<string>(UNSERVED_FILES);

/**
 * Serves a built site the way a static host does: folder → index.html, the
 * redirect stubs as files, unknown paths → 404.html with status 404, the
 * shared cache policy, brotli or gzip by Accept-Encoding, ETag and 304, HEAD.
 * Hostile paths get 400 before anything is read.
 */
export function createStaticHandler(options: StaticOptions) {
  const { source, base } = options;
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    response.setHeader('X-Content-Type-Options', 'nosniff');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
      return;
    }
    const target = requestTarget(request.url ?? '/', base);
    if (target.kind === 'bad') {
      response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request\n');
      return;
    }
    if (target.kind === 'redirect') {
      response.writeHead(301, { Location: target.location, 'Cache-Control': REVALIDATE }).end();
      return;
    }
    if (target.kind === 'files') {
      for (const name of target.names) {
        if (HIDDEN.has(name)) continue;
        const entry = await source.get(name);
        if (entry) return send(request, response, name, entry, 200, options);
      }
    }
    const notFound = await source.get(NOT_FOUND_FILE);
    if (notFound) return send(request, response, NOT_FOUND_FILE, notFound, 404, options);
    response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': REVALIDATE }).end('Not found\n');
  };
}

async function send(request: IncomingMessage, response: ServerResponse, name: string, entry: StaticEntry, status: number, options: StaticOptions) {
  const type = contentTypeOf(name);
  const compressible = isCompressible(type) && entry.body.length >= MIN_COMPRESS_BYTES;
  const encoding = compressible ? negotiateEncoding(header(request, 'accept-encoding')) : 'identity';
  const etag = encoding === 'identity' ? entry.etag : `${entry.etag.slice(0, -1)}-${encoding === 'br' ? 'br' : 'gz'}"`;
  const headers: Record<string, string | number> = { 'Content-Type': type, 'Cache-Control': status === 200 ? cacheControlOf(name) : REVALIDATE };
  if (compressible) headers.Vary = 'Accept-Encoding';
  if (status === 200) {
    headers.ETag = etag;
    if (matches(header(request, 'if-none-match'), entry.etag)) {
      response.writeHead(304, headers).end();
      return;
    }
  }
  const body = encoding === 'identity' ? entry.body : await entry.encode(encoding, options.compression);
  if (encoding !== 'identity') headers['Content-Encoding'] = encoding;
  headers['Content-Length'] = body.length;
  response.writeHead(status, headers);
  response.end(request.method === 'HEAD' ? undefined : body);
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/** If-None-Match against the entry, in any of its encodings (weak comparison, as RFC 9110 asks for GET). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.slice(1, -1);
  return ifNoneMatch.split(',').some((raw) => {
    const tag = raw.trim().replace(/^W\//, '');
    if (tag === '*') return true;
    const value = tag.replace(/^"|"$/g, '');
    return value === bare || value === `${bare}-br` || value === `${bare}-gz`;
  });
}
