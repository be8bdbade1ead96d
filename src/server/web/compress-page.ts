import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';

/** Below this the headers outweigh the saving (a page without its first view is ~2 kB). */
const MIN_BYTES = 1024;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface EncodedPage {
  body: Buffer | string;
  coding: 'br' | 'gzip' | null;
}

/**
 * A page in the coding the client accepts. A server-rendered page (its markup and its data) is tens
 * of kB of repetitive text that br shrinks ~8×, on the slow links where it matters most. Compressed
 * per request (each page has its own data and preview tags), on the thread pool; brotli quality 5
 * costs ~1 ms for such a page.
 */
export async function encodePage(html: string, acceptEncoding: string | undefined): Promise<EncodedPage> {
  if (!acceptEncoding || html.length < MIN_BYTES) return { body: html, coding: null };
  const coding = negotiate(acceptEncoding, ['br', 'gzip']) as 'br' | 'gzip' | null;
  if (coding === 'br')
    return {
      body: await brotli(html, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
      coding,
    };
  if (coding === 'gzip') return { body: await gzipAsync(html, { level: 6 }), coding };
  return { body: html, coding: null };
}
