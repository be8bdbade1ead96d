import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/open';
import { chooseCoding, represent } from './content-coding';
import { type CachedResponse, etagMatches, type ResponseCacheOptions } from './response-cache';

/**
 * Public JSON served from the response cache, the same way by every interface that has some (the
 * catalog, the price history): its freshness, its Cache-Control, its content coding and ETag/304.
 *
 * Server-side freshness of a cached response. On PostgreSQL the import command writes from another
 * process while the server runs and the server is not told: a response served is at most
 * CACHE_TTL_MS old plus the duration of its background refresh (the old one is served meanwhile;
 * refreshes wait their turn, two at a time, STALE_MS at most), and a client may keep it
 * CLIENT_MAX_AGE_S more (Cache-Control), so an import shows within ~15 s, ~45 s at worst. The
 * embedded database cannot change under a running server (its data directory is locked to one
 * process, so the import command runs only while the server is stopped), so there entries live
 * until evicted (bounded LRU) and a refresh, which blocks PGlite's one thread, is rare.
 */
export const CACHE_TTL_MS = 5_000;
export const STALE_MS = 30_000;
export const EMBEDDED_CACHE_TTL_MS = 60 * 60_000;
export const CLIENT_MAX_AGE_S = 10;
const CACHE_CONTROL = `public, max-age=${CLIENT_MAX_AGE_S}`;
const JSON_TYPE = 'application/json; charset=utf-8';

/** The response cache's settings for public JSON on this kind of database, holding `maxEntries` at most. */
export function publicCacheOptions(kind: Database['kind'], maxEntries: number): ResponseCacheOptions {
  return {
    ttlMs: kind === 'pglite' ? EMBEDDED_CACHE_TTL_MS : CACHE_TTL_MS,
    staleMs: STALE_MS,
    ttlJitter: 0.2,
    maxEntries,
    // Counts identity bodies; their br and gzip forms (content-coding.ts) add about half as much again.
    maxBytes: 64 * 1024 * 1024,
  };
}

/** The response in the best content coding the client accepts, or 304 when it already has it. */
export async function send(request: FastifyRequest, reply: FastifyReply, response: CachedResponse) {
  const coding = chooseCoding(request.headers['accept-encoding'], response.body.length);
  const { body, etag } = await represent(response, coding);
  void reply.headers(response.headers);
  void reply.header('ETag', etag);
  void reply.header('Cache-Control', CACHE_CONTROL);
  void reply.header('Vary', 'Accept-Encoding');
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  if (coding !== 'identity') void reply.header('Content-Encoding', coding);
  return reply.type(JSON_TYPE).send(body);
}
