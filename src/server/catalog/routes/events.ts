import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Event, EVENTS_DEFAULT_LIMIT, Tag } from '../../../contract/catalog';
import { EventsQuery } from '../../../contract/catalog-query';
import { EventsKeysetQuery } from '../../../contract/dialect-query';
import { ErrorBodySchema } from '../../../contract/errors';
import type { Db } from '../../db/open';
import { send } from '../../http/cached-json';
import { jsonResponse, ResponseCache } from '../../http/response-cache';
import { canonicalKey, eventsCacheKey } from '../cache-keys';
import { eventFilters } from '../query-filters';
import * as repository from '../repository';
import type { CatalogRouteOptions } from '../responses';
import { lookupRoute } from './lookup';

/** Events: the list (docs/api.md §6), one by id or slug, an event's tags, and the dialect's keyset pages (§9). */
export const eventRoutes: FastifyPluginAsyncZod<CatalogRouteOptions> = async (
  app,
  { responses, cursors },
) => {
  /** Totals per filter set: paging through one list (offset, limit, order) counts once. */
  const totals = new ResponseCache({ ...responses.options, maxEntries: 10_000, maxBytes: 1024 * 1024 });
  responses.track(totals);
  const countOf = async (db: Db, query: EventsQuery) => {
    const filtersOnly = { ...query, limit: EVENTS_DEFAULT_LIMIT, offset: 0, order: [], ascending: true };
    const cached = await totals.get(eventsCacheKey(filtersOnly), async () => ({
      body: Buffer.from(String(await repository.countEvents(db, eventFilters(query)))),
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
      return responses.serve(request, reply, key, async (db) => {
        const [events, total] = await Promise.all([
          repository.listEventPage(db, eventFilters(request.query), request.query),
          countOf(db, request.query),
        ]);
        return jsonResponse(events, { 'X-Total-Count': String(total) });
      });
    },
  );

  lookupRoute(app, responses, {
    url: '/events/:id',
    summary: 'One event by numeric id',
    by: 'id',
    response: Event,
    find: repository.getEventById,
    missing: { code: 'EVENT_NOT_FOUND', what: 'event' },
  });

  lookupRoute(app, responses, {
    url: '/events/slug/:slug',
    summary: 'One event by slug',
    by: 'slug',
    response: Event,
    find: repository.getEventBySlug,
    missing: { code: 'EVENT_NOT_FOUND', what: 'event' },
  });

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
      return responses.serve(request, reply, canonicalKey('events/keyset', query), async (db) => {
        const page = await repository.listEventKeyset(db, eventFilters(query), query, query.limit, position);
        return jsonResponse({
          events: page.items,
          ...(page.next ? { next_cursor: cursors.issue(scope, page.next) } : {}),
        });
      });
    },
  );

  lookupRoute(app, responses, {
    url: '/events/:id/tags',
    summary: "An event's tags",
    by: 'id',
    response: z.array(Tag),
    find: repository.getEventTags,
    missing: { code: 'EVENT_NOT_FOUND', what: 'event' },
  });
};
