import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { randomBytes } from 'node:crypto';
import {
  Event,
  EVENTS_DEFAULT_LIMIT,
  MarketWithEvent,
  type OrderField,
  Series,
  Tag,
  TagWithCount,
} from '../../contract/catalog';
import { CATALOG_ID } from '../../contract/catalog-id';
import { EventsQuery, SlugParam, text } from '../../contract/catalog-query';
import { eventsSearchParams } from '../../contract/events-page-query';
import {
  asksForAbsent,
  EventsKeysetQuery,
  MarketsKeysetQuery,
  MarketsQuery,
  PublicSearchQuery,
  SeriesQuery,
  TagsQuery,
} from '../../contract/dialect-query';
import { ErrorBodySchema } from '../../contract/errors';
import type { PluginOptions } from '../app';
import type { Db } from '../db/open';
import { ReplyError, answerUnknownInScope } from '../errors';
import { chooseCoding, represent } from './content-coding';
import { CursorCodec } from './cursor';
import * as repository from './repository';
import {
  type CachedResponse,
  etagMatches,
  jsonResponse,
  ResponseCache,
  type ResponseCacheOptions,
} from './response-cache';

/**
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

export interface CatalogPluginOptions extends PluginOptions {
  /** Response cache tuning (tests, benchmarks); defaults suit the demo catalog. */
  cache?: Partial<ResponseCacheOptions>;
}

const IdParams = z.object({ id: z.string().regex(CATALOG_ID, 'must be a decimal integer') });
const SlugParams = z.object({ slug: SlugParam });
/** Market ids are text (real ones are decimal): any readable id of up to 100 characters. */
const MarketIdParams = z.object({ id: text(100) });
const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema };

/** The catalog interface (docs/api.md §6): read-only events, tags and series, cached, any origin. */
export const catalogPlugin: FastifyPluginAsync<CatalogPluginOptions> = async (
  root,
  { config, database, cache },
) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const db = database.db;
  const cacheOptions = {
    ttlMs: database.kind === 'pglite' ? EMBEDDED_CACHE_TTL_MS : CACHE_TTL_MS,
    staleMs: STALE_MS,
    ttlJitter: 0.2,
    maxEntries: 1_000,
    // Counts identity bodies; their br and gzip forms (content-coding.ts) add about half as much again.
    maxBytes: 64 * 1024 * 1024,
    ...cache,
  };
  const responses = new ResponseCache(cacheOptions);

  // Scoped to this plugin: the trading interface registers its own, restricted CORS in its scope.
  await app.register(cors, {
    origin: '*',
    credentials: false,
    methods: ['GET', 'HEAD'],
    exposedHeaders: ['X-Total-Count', 'ETag'],
    maxAge: 600,
  });
  await registerOpenApi(app, config.GAMMA_BASE);
  answerUnknownInScope(app);

  /** Serves a cached (or freshly loaded) response, answering 304 when the client already has it. */
  const serve = async (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    load: (db: Db) => Promise<CachedResponse | null>,
    notFound?: () => ReplyError,
  ) => {
    let loadMs: number | undefined;
    const response = await responses.get(key, async () => {
      const started = performance.now();
      const loaded = await load(db);
      loadMs = performance.now() - started;
      return loaded;
    });
    if (!response) throw notFound ? notFound() : new ReplyError('NOT_FOUND', 'Not found.');
    // What a miss cost the database and the shaping of its answer (benchmarks, browsers' dev tools).
    if (loadMs !== undefined) void reply.header('Server-Timing', `db;dur=${loadMs.toFixed(1)}`);
    return send(request, reply, response);
  };

  /** Totals per filter set: paging through one list (offset, limit, order) counts once. */
  const totals = new ResponseCache({ ...cacheOptions, maxEntries: 10_000, maxBytes: 1024 * 1024 });
  const countOf = async (db: Db, query: EventsQuery) => {
    const filtersOnly = { ...query, limit: EVENTS_DEFAULT_LIMIT, offset: 0, order: [], ascending: true };
    const cached = await totals.get(eventsCacheKey(filtersOnly), async () => ({
      body: Buffer.from(String(await repository.countEvents(db, query))),
      etag: '',
      headers: {},
    }));
    return Number(cached!.body.toString());
  };

  /**
   * The /events query strings seen before, exactly as sent, with their cache key. A request whose
   * URL was already validated and answered skips validation and goes straight to its cached body
   * (same URL, same validation result): the hot path of a top list is a map lookup.
   */
  const knownUrls = new Map<string, string>();
  let knownChars = 0;
  const rememberUrl = (url: string, key: string) => {
    if (knownUrls.has(url)) return;
    // Bounded (entries and characters: a URL may be ~16 kB); starting over only costs revalidation.
    if (knownUrls.size >= 10_000 || knownChars > 4_000_000) {
      knownUrls.clear();
      knownChars = 0;
    }
    knownUrls.set(url, key);
    knownChars += url.length + key.length;
  };
  const fromKnownUrl = async (request: FastifyRequest, reply: FastifyReply) => {
    const key = knownUrls.get(request.url);
    const hit = key === undefined ? undefined : responses.lookup(key);
    if (hit) return send(request, reply, hit);
  };

  app.get(
    '/events',
    {
      onRequest: fromKnownUrl,
      schema: {
        summary: 'Events with their markets, tags and series',
        description:
          'Filters combine with AND. Ties always break by id ascending, so pages never overlap. X-Total-Count carries the number of matching events.',
        querystring: EventsQuery,
        response: { 200: z.array(Event), 400: ErrorBodySchema },
      },
    },
    (request, reply) => {
      const key = eventsCacheKey(request.query);
      rememberUrl(request.url, key);
      return serve(request, reply, key, async (db) => {
        const [events, total] = await Promise.all([
          repository.listEventPage(db, request.query),
          countOf(db, request.query),
        ]);
        return jsonResponse(events, { 'X-Total-Count': String(total) });
      });
    },
  );

  app.get(
    '/events/:id',
    { schema: { summary: 'One event by numeric id', params: IdParams, response: { 200: Event, ...errors } } },
    (request, reply) => {
      const id = BigInt(request.params.id).toString();
      return serve(
        request,
        reply,
        `event:${id}`,
        async (db) => nullable(await repository.getEventById(db, id)),
        () => new ReplyError('EVENT_NOT_FOUND', `There is no event with id ${id}.`),
      );
    },
  );

  app.get(
    '/events/slug/:slug',
    {
      schema: {
        summary: 'One event by slug',
        params: SlugParams,
        response: { 200: Event, 404: ErrorBodySchema },
      },
    },
    (request, reply) => {
      const { slug } = request.params;
      return serve(
        request,
        reply,
        `slug:${slug}`,
        async (db) => nullable(await repository.getEventBySlug(db, slug)),
        () => new ReplyError('EVENT_NOT_FOUND', `There is no event with slug "${slug}".`),
      );
    },
  );

  app.get(
    '/tags',
    {
      schema: {
        summary: 'Tags with their number of events: all by id, or a page with limit and offset',
        querystring: TagsQuery,
        response: { 200: z.array(TagWithCount), 400: ErrorBodySchema },
      },
    },
    (request, reply) =>
      serve(request, reply, canonicalKey('tags', request.query), async (db) =>
        jsonResponse(await repository.listTags(db, request.query)),
      ),
  );

  app.get(
    '/tags/slug/:slug',
    {
      schema: { summary: 'One tag by slug', params: SlugParams, response: { 200: TagWithCount, ...errors } },
    },
    (request, reply) => {
      const { slug } = request.params;
      return serve(
        request,
        reply,
        `tag-slug:${slug}`,
        async (db) => nullable(await repository.getTagBySlug(db, slug)),
        () => new ReplyError('TAG_NOT_FOUND', `There is no tag with slug "${slug}".`),
      );
    },
  );

  app.get(
    '/tags/:id',
    { schema: { summary: 'One tag', params: IdParams, response: { 200: TagWithCount, ...errors } } },
    (request, reply) => {
      const id = BigInt(request.params.id).toString();
      return serve(
        request,
        reply,
        `tag:${id}`,
        async (db) => nullable(await repository.getTagById(db, id)),
        () => new ReplyError('TAG_NOT_FOUND', `There is no tag with id ${id}.`),
      );
    },
  );

  app.get(
    '/series',
    {
      schema: {
        summary: 'Series: all by id, or a page with limit and offset',
        querystring: SeriesQuery,
        response: { 200: z.array(Series), 400: ErrorBodySchema },
      },
    },
    (request, reply) =>
      serve(request, reply, canonicalKey('series', request.query), async (db) =>
        jsonResponse(await repository.listSeries(db, request.query)),
      ),
  );

  app.get(
    '/series/slug/:slug',
    { schema: { summary: 'One series by slug', params: SlugParams, response: { 200: Series, ...errors } } },
    (request, reply) => {
      const { slug } = request.params;
      return serve(
        request,
        reply,
        `series-slug:${slug}`,
        async (db) => nullable(await repository.getSeriesBySlug(db, slug)),
        () => new ReplyError('SERIES_NOT_FOUND', `There is no series with slug "${slug}".`),
      );
    },
  );

  app.get(
    '/series/:id',
    { schema: { summary: 'One series', params: IdParams, response: { 200: Series, ...errors } } },
    (request, reply) => {
      const id = BigInt(request.params.id).toString();
      return serve(
        request,
        reply,
        `series:${id}`,
        async (db) => nullable(await repository.getSeriesById(db, id)),
        () => new ReplyError('SERIES_NOT_FOUND', `There is no series with id ${id}.`),
      );
    },
  );

  // ---------- the reference clients' dialect (docs/api.md §9) ----------

  /**
   * Signs and reads keyset cursors. Its key is shared through the database by every process, made at
   * start (not on a first request, so a rejected request never writes it).
   */
  const cursors = new CursorCodec(
    Buffer.from(await repository.cursorKey(db, randomBytes(32).toString('base64url')), 'base64url'),
  );

  app.get(
    '/events/keyset',
    {
      schema: {
        summary: 'Events by keyset pages, in the order of /events',
        description:
          'Pass next_cursor back as after_cursor for the next page; next_cursor is absent on the last page. A cursor is valid only with the filters and order that produced it.',
        querystring: EventsKeysetQuery,
        response: {
          200: z.object({ events: z.array(Event), next_cursor: z.string().optional() }),
          400: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const scope = canonicalKey('events', query, ['limit', 'after_cursor']);
      const keyCount = repository.eventKeyCount(query.order, query.ascending);
      const position = query.after_cursor ? cursors.open(query.after_cursor, scope, keyCount) : null;
      return serve(request, reply, canonicalKey('events/keyset', query), async (db) => {
        const page = await repository.listEventKeyset(db, keysetFilters(query), query, query.limit, position);
        return jsonResponse({
          events: page.items,
          ...(page.next ? { next_cursor: cursors.issue(scope, page.next) } : {}),
        });
      });
    },
  );

  app.get(
    '/events/:id/tags',
    { schema: { summary: "An event's tags", params: IdParams, response: { 200: z.array(Tag), ...errors } } },
    (request, reply) => {
      const id = BigInt(request.params.id).toString();
      return serve(
        request,
        reply,
        `event-tags:${id}`,
        async (db) => nullable(await repository.getEventTags(db, id)),
        () => new ReplyError('EVENT_NOT_FOUND', `There is no event with id ${id}.`),
      );
    },
  );

  app.get(
    '/markets',
    {
      schema: {
        summary: 'Markets on their own, each with its event, by offset pages',
        querystring: MarketsQuery,
        response: { 200: z.array(MarketWithEvent), 400: ErrorBodySchema },
      },
    },
    (request, reply) => {
      const query = request.query;
      return serve(request, reply, canonicalKey('markets', query), async (db) =>
        jsonResponse(
          await repository.listMarkets(db, marketFilters(query), query, query.limit, query.offset),
        ),
      );
    },
  );

  app.get(
    '/markets/keyset',
    {
      schema: {
        summary: 'Markets by keyset pages, in the order of /markets',
        querystring: MarketsKeysetQuery,
        response: {
          200: z.object({ markets: z.array(MarketWithEvent), next_cursor: z.string().optional() }),
          400: ErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const scope = canonicalKey('markets', query, ['limit', 'after_cursor']);
      const keyCount = repository.marketKeyCount(query.order, query.ascending);
      const position = query.after_cursor ? cursors.open(query.after_cursor, scope, keyCount) : null;
      return serve(request, reply, canonicalKey('markets/keyset', query), async (db) => {
        const page = await repository.listMarketKeyset(
          db,
          marketFilters(query),
          query,
          query.limit,
          position,
        );
        return jsonResponse({
          markets: page.items,
          ...(page.next ? { next_cursor: cursors.issue(scope, page.next) } : {}),
        });
      });
    },
  );

  app.get(
    '/markets/slug/:slug',
    {
      schema: {
        summary: 'One market by slug',
        params: SlugParams,
        response: { 200: MarketWithEvent, ...errors },
      },
    },
    (request, reply) => {
      const { slug } = request.params;
      return serve(
        request,
        reply,
        `market-slug:${slug}`,
        async (db) => nullable(await repository.getMarketBySlug(db, slug)),
        () => new ReplyError('MARKET_NOT_FOUND', `There is no market with slug "${slug}".`),
      );
    },
  );

  app.get(
    '/markets/:id',
    {
      schema: {
        summary: 'One market by id',
        params: MarketIdParams,
        response: { 200: MarketWithEvent, ...errors },
      },
    },
    (request, reply) => {
      const { id } = request.params;
      return serve(
        request,
        reply,
        `market:${id}`,
        async (db) => nullable(await repository.getMarketById(db, id)),
        () => new ReplyError('MARKET_NOT_FOUND', `There is no market with id "${id}".`),
      );
    },
  );

  app.get(
    '/markets/:id/tags',
    {
      schema: {
        summary: "A market's tags (its event's)",
        params: MarketIdParams,
        response: { 200: z.array(Tag), ...errors },
      },
    },
    (request, reply) => {
      const { id } = request.params;
      return serve(
        request,
        reply,
        `market-tags:${id}`,
        async (db) => nullable(await repository.getMarketTags(db, id)),
        () => new ReplyError('MARKET_NOT_FOUND', `There is no market with id "${id}".`),
      );
    },
  );

  app.get(
    '/public-search',
    {
      schema: {
        summary: 'Events whose title, and tags whose label, contain the text',
        querystring: PublicSearchQuery,
        response: {
          200: z.object({
            events: z.array(Event),
            tags: z.array(TagWithCount.extend({ event_count: z.number().int() })),
            profiles: z.array(z.never()),
            pagination: z.object({ hasMore: z.boolean(), totalResults: z.number().int() }),
          }),
          400: ErrorBodySchema,
        },
      },
    },
    (request, reply) => {
      const query = request.query;
      return serve(request, reply, canonicalKey('public-search', query), async (db) => {
        const offset = (query.page - 1) * query.limit_per_type;
        const found = await repository.search(
          db,
          searchFilters(query),
          { order: [SEARCH_ORDER[query.sort ?? 'volume']], ascending: query.ascending },
          { limit: query.limit_per_type, offset },
          query.search_tags,
          query.q,
        );
        return jsonResponse({
          events: found.events,
          tags: found.tags,
          profiles: [],
          pagination: {
            hasMore:
              offset + found.events.length < found.totalEvents || found.tags.length === query.limit_per_type,
            totalResults: found.totalEvents,
          },
        });
      });
    },
  );
};

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

const nullable = (value: unknown) => (value === null ? null : jsonResponse(value));

/**
 * The cache key of an /events query: its canonical query string (defaults dropped, fixed key order)
 * with the any-of lists sorted and deduplicated, so `id=2&id=1` and `id=1&id=2&limit=20` share one
 * entry while any difference in meaning gives a different key.
 */
export function eventsCacheKey(query: EventsQuery): string {
  const canonical: EventsQuery = { ...query };
  if (query.id) canonical.id = [...new Set(query.id)].sort();
  if (query.slug) canonical.slug = [...new Set(query.slug)].sort();
  return `events?${eventsSearchParams(canonical).toString()}`;
}

async function registerOpenApi(app: FastifyInstance, base: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Marketdesk catalog interface',
        version: '1.0.0',
        description:
          'Read-only prediction-market catalog: events with nested markets, tags and series. Any origin may call it (CORS, no credentials). Responses carry ETag and Cache-Control and honour If-None-Match.',
      },
      servers: [{ url: base }],
    },
    transform: jsonSchemaTransform,
  });
  let document: CachedResponse | undefined;
  app.get('/openapi.json', { schema: { hide: true } }, (request, reply) => {
    document ??= jsonResponse(app.swagger());
    return send(request, reply, document);
  });
}

/**
 * A cache key (or a cursor's scope) for a parsed query: its parameters in a fixed order, any-of lists
 * sorted and deduplicated (`order` is a sequence and stays as given), `omit` left out.
 */
export function canonicalKey(prefix: string, query: object, omit: readonly string[] = []): string {
  const entries = Object.entries(query)
    .filter(([key, value]) => value !== undefined && !omit.includes(key))
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, value]) => [
      key,
      Array.isArray(value) && key !== 'order' ? [...new Set(value)].sort() : value,
    ]);
  return `${prefix}?${JSON.stringify(entries)}`;
}

/** The filters of an `/events/keyset` query. */
function keysetFilters(query: EventsKeysetQuery): repository.EventFilters {
  return {
    ...query,
    tag_slug: query.tag_slug === undefined ? undefined : [query.tag_slug],
    title: [query.q, query.title_search].filter((t): t is string => t !== undefined),
    absent: asksForAbsent(query),
  };
}

function marketFilters(query: MarketsQuery | MarketsKeysetQuery): repository.MarketFilters {
  return { ...query, absent: asksForAbsent(query) };
}

/** The reference's search sort names, as this catalog's order fields. */
const SEARCH_ORDER: Record<NonNullable<PublicSearchQuery['sort']>, OrderField> = {
  volume: 'volume',
  volume_24hr: 'volume24hr',
  liquidity: 'liquidity',
  competitive: 'volume24hr',
  closed_time: 'endDate',
  start_date: 'startDate',
  end_date: 'endDate',
};

function searchFilters(query: PublicSearchQuery): repository.EventFilters {
  const status = query.events_status;
  return {
    title: [query.q],
    ...(query.events_tag ? { tag_slug: query.events_tag } : {}),
    ...(query.exclude_tag_id ? { exclude_tag_id: query.exclude_tag_id } : {}),
    ...(status === 'active' ? { active: true, closed: false } : status === 'closed' ? { closed: true } : {}),
    absent: query.recurrence !== undefined,
  };
}
