import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/open';
import { ReplyError } from '../errors';
import { send } from '../http/cached-json';
import {
  type CachedResponse,
  jsonResponse,
  ResponseCache,
  type ResponseCacheOptions,
} from '../http/response-cache';
import type { CursorCodec } from './cursor';

/** What a catalog read loads on a miss: the response to cache, or null when there is nothing. */
export type Load = (db: Db) => Promise<CachedResponse | null>;

/** The catalog's answers, cached: every catalog route reads through here. */
export class CatalogResponses {
  private readonly cache: ResponseCache;
  private readonly tracked: ResponseCache[] = [];

  constructor(
    private readonly db: Db,
    readonly options: ResponseCacheOptions,
  ) {
    this.cache = new ResponseCache(options);
  }

  /** Serves a cached (or freshly loaded) response, answering 304 when the client already has it. */
  async serve(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    load: Load,
    notFound?: () => ReplyError,
  ) {
    let loadMs: number | undefined;
    const response = await this.cache.get(key, async () => {
      const started = performance.now();
      const loaded = await load(this.db);
      loadMs = performance.now() - started;
      return loaded;
    });
    if (!response) throw notFound ? notFound() : new ReplyError('NOT_FOUND', 'Not found.');
    // What a miss cost the database and the shaping of its answer (benchmarks, browsers' dev tools).
    if (loadMs !== undefined) void reply.header('Server-Timing', `db;dur=${loadMs.toFixed(1)}`);
    return send(request, reply, response);
  }

  /** The fresh cached response under `key`, if there is one, without loading it. */
  lookup(key: string): CachedResponse | undefined {
    return this.cache.lookup(key);
  }

  /** Caches of catalog data kept beside the responses (totals), dropped with them. */
  track(cache: ResponseCache): void {
    this.tracked.push(cache);
  }

  /** Drops every cached answer (the data changed: see change-signal.ts). */
  clear(): void {
    this.cache.clear();
    for (const cache of this.tracked) cache.clear();
  }
}

/** A record as a response, or null (not cached) when there is none. */
export const nullable = (value: unknown) => (value === null ? null : jsonResponse(value));

/** What every file of catalog routes is registered with. */
export interface CatalogRouteOptions {
  responses: CatalogResponses;
  /** Signs and reads keyset cursors (the dialect's keyset pages). */
  cursors: CursorCodec;
}

/** The catalog's Fastify scope, as its route files see it (zod schemas typing the requests). */
export type CatalogApp = Parameters<FastifyPluginAsyncZod>[0];
