import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MarketWithEvent, Tag } from '../../../contract/catalog';
import { MarketsKeysetQuery, MarketsQuery } from '../../../contract/dialect-query';
import { ErrorBodySchema } from '../../../contract/errors';
import { jsonResponse } from '../../http/response-cache';
import { canonicalKey } from '../cache-keys';
import { marketFilters } from '../query-filters';
import * as repository from '../repository';
import type { CatalogRouteOptions } from '../responses';
import { lookupRoute } from './lookup';

/** Markets on their own, each with its event: the reference clients' dialect (docs/api.md §9). */
export const marketRoutes: FastifyPluginAsyncZod<CatalogRouteOptions> = async (
  app,
  { responses, cursors },
) => {
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
      return responses.serve(request, reply, canonicalKey('markets', query), async (db) =>
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
      return responses.serve(request, reply, canonicalKey('markets/keyset', query), async (db) => {
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

  lookupRoute(app, responses, {
    url: '/markets/slug/:slug',
    summary: 'One market by slug',
    by: 'slug',
    response: MarketWithEvent,
    find: repository.getMarketBySlug,
    missing: { code: 'MARKET_NOT_FOUND', what: 'market' },
  });

  lookupRoute(app, responses, {
    url: '/markets/:id',
    summary: 'One market by id',
    by: 'marketId',
    response: MarketWithEvent,
    find: repository.getMarketById,
    missing: { code: 'MARKET_NOT_FOUND', what: 'market' },
  });

  lookupRoute(app, responses, {
    url: '/markets/:id/tags',
    summary: "A market's tags (its event's)",
    by: 'marketId',
    response: z.array(Tag),
    find: repository.getMarketTags,
    missing: { code: 'MARKET_NOT_FOUND', what: 'market' },
  });
};
