import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { CachedResponse } from './response-cache';

/**
 * Compressed representations of cached catalog responses. A top-100 list is ~300 KB of JSON and
 * every browser asks for br or gzip: sending a quarter of the bytes is what lets one process serve
 * it at a low tail latency. Each body is compressed once (on the libuv thread pool, not the event
 * loop) and kept beside the cached identity body, so the hot path stays a lookup.
 */
export type ContentCoding = 'br' | 'gzip' | 'identity';

/** Server preference first: brotli is ~10% smaller than gzip on catalog JSON at a similar cost. */
const COMPRESSED: ContentCoding[] = ['br', 'gzip'];
/** Below this the headers outweigh the saving. */
const MIN_COMPRESSED_BYTES = 1024;

const compressors: Record<Exclude<ContentCoding, 'identity'>, (body: Buffer) => Promise<Buffer>> = {
  // Quality 4: within ~1% of quality 9's size here, at a fraction of the CPU (catalog text is mostly
  // ids, numbers and prose that higher qualities barely shrink further).
  br: (body) =>
    promisify(brotliCompress)(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 4,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
  gzip: (body) => promisify(gzip)(body, { level: 6 }),
};

/** The coding to answer with for this Accept-Encoding header (identity when none is acceptable). */
export function chooseCoding(acceptEncoding: string | undefined, bodyBytes: number): ContentCoding {
  if (!acceptEncoding || bodyBytes < MIN_COMPRESSED_BYTES) return 'identity';
  return (negotiate(acceptEncoding, COMPRESSED) as ContentCoding | null) ?? 'identity';
}

export interface Representation {
  body: Buffer;
  etag: string;
  coding: ContentCoding;
}

const encoded = new WeakMap<CachedResponse, Partial<Record<ContentCoding, Promise<Representation>>>>();

/**
 * The response's body in `coding`, compressed on first use and remembered for the life of the
 * cached response. Each coding gets its own strong ETag (RFC 9110 8.8.3: a different content coding
 * is a different representation); `sameContent` treats them as one for If-None-Match.
 */
export function represent(response: CachedResponse, coding: ContentCoding): Promise<Representation> {
  let forResponse = encoded.get(response);
  if (!forResponse) {
    forResponse = {};
    encoded.set(response, forResponse);
  }
  const known = forResponse[coding];
  if (known) return known;
  const made =
    coding === 'identity'
      ? Promise.resolve({ body: response.body, etag: response.etag, coding })
      : compressors[coding](response.body).then(
          (body) => ({ body, etag: `${response.etag.slice(0, -1)}:${coding}"`, coding }),
          (err: unknown) => {
            delete forResponse[coding]; // not remembered: the next request tries again
            throw err;
          },
        );
  forResponse[coding] = made;
  return made;
}

/** An ETag without its coding suffix: a client holding any coding of the content holds it all. */
export function sameContent(etag: string): string {
  return etag.replace(/:(br|gzip)"$/, '"');
}
