import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { send } from '../http/cached-json';
import { type CachedResponse, jsonResponse } from '../http/response-cache';

/**
 * `GET {gamma_url}/openapi.json`: the catalog interface's OpenAPI document, generated from the zod
 * schemas of the routes registered after this in the same scope, and cached like its answers.
 */
export async function registerCatalogOpenApi(app: FastifyInstance, base: string): Promise<void> {
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
