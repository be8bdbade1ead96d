import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Series } from '../../../contract/catalog';
import { SeriesQuery } from '../../../contract/dialect-query';
import { ErrorBodySchema } from '../../../contract/errors';
import { jsonResponse } from '../../http/response-cache';
import { canonicalKey } from '../cache-keys';
import * as repository from '../repository';
import type { CatalogRouteOptions } from '../responses';
import { lookupRoute } from './lookup';

/** Series (docs/api.md §6, pages §9). */
export const seriesRoutes: FastifyPluginAsyncZod<CatalogRouteOptions> = async (app, { responses }) => {
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
      responses.serve(request, reply, canonicalKey('series', request.query), async (db) =>
        jsonResponse(await repository.listSeries(db, request.query)),
      ),
  );

  lookupRoute(app, responses, {
    url: '/series/slug/:slug',
    summary: 'One series by slug',
    by: 'slug',
    response: Series,
    find: repository.getSeriesBySlug,
    missing: { code: 'SERIES_NOT_FOUND', what: 'series' },
  });

  lookupRoute(app, responses, {
    url: '/series/:id',
    summary: 'One series',
    by: 'id',
    response: Series,
    find: repository.getSeriesById,
    missing: { code: 'SERIES_NOT_FOUND', what: 'series' },
  });
};
