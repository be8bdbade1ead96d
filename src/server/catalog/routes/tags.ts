import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TagWithCount } from '../../../contract/catalog';
import { TagsQuery } from '../../../contract/dialect-query';
import { ErrorBodySchema } from '../../../contract/errors';
import { jsonResponse } from '../../http/response-cache';
import { canonicalKey } from '../cache-keys';
import * as repository from '../repository';
import type { CatalogRouteOptions } from '../responses';
import { lookupRoute } from './lookup';

/** Tags with their number of events (docs/api.md §6, pages §9). */
export const tagRoutes: FastifyPluginAsyncZod<CatalogRouteOptions> = async (app, { responses }) => {
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
      responses.serve(request, reply, canonicalKey('tags', request.query), async (db) =>
        jsonResponse(await repository.listTags(db, request.query)),
      ),
  );

  lookupRoute(app, responses, {
    url: '/tags/slug/:slug',
    summary: 'One tag by slug',
    by: 'slug',
    response: TagWithCount,
    find: repository.getTagBySlug,
    missing: { code: 'TAG_NOT_FOUND', what: 'tag' },
  });

  lookupRoute(app, responses, {
    url: '/tags/:id',
    summary: 'One tag',
    by: 'id',
    response: TagWithCount,
    find: repository.getTagById,
    missing: { code: 'TAG_NOT_FOUND', what: 'tag' },
  });
};
