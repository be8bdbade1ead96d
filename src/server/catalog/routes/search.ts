import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Event, TagWithCount } from '../../../contract/catalog';
import { PublicSearchQuery } from '../../../contract/dialect-query';
import { ErrorBodySchema } from '../../../contract/errors';
import { jsonResponse } from '../../http/response-cache';
import { canonicalKey } from '../cache-keys';
import { SEARCH_ORDER, searchFilters } from '../query-filters';
import * as repository from '../repository';
import type { CatalogRouteOptions } from '../responses';

/** The reference clients' search (docs/api.md §9): events by title and tags by label. */
export const searchRoutes: FastifyPluginAsyncZod<CatalogRouteOptions> = async (app, { responses }) => {
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
      return responses.serve(request, reply, canonicalKey('public-search', query), async (db) => {
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
