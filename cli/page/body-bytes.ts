import type { PageBody, PageBodyBytes } from './types';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * A body as the UTF-8 bytes of its JSON: what the page cache stores after
 * the summary line, made where the page is rendered (a worker) so that the
 * main thread passes it on without parsing and serializing it again. Parts
 * are plain JSON (PagePart), so the body read back is equal to the one made.
 */
export function encodeBody(body: PageBody): PageBodyBytes {
  return encoder.encode(JSON.stringify(body));
}

/** The body in `bytes`, if it has the shape of one (a damaged file fails JSON.parse or this). */
export function decodeBody(bytes: PageBodyBytes): PageBody | undefined {
  let body: Partial<PageBody> | null;
  try {
    body = JSON.parse(decoder.decode(bytes)) as Partial<PageBody> | null;
  } catch {
    return undefined;
  }
  // The features' parts are checked by shape only.
  return body !== null && typeof body === 'object' && typeof body.html === 'string' && body.parts !== null && typeof body.parts === 'object' ? (body as PageBody) : undefined;
}

/** The body as an object, decoding it if it came as bytes (undefined only for damaged bytes). */
export function bodyObject(body: PageBody | PageBodyBytes): PageBody | undefined {
  return body instanceof Uint8Array ? decodeBody(body) : body;
}
