import { randomBytes } from 'node:crypto';
import cors from '@fastify/cors';
import type { FastifyPluginAsync } from 'fastify';
import { answerUnknownInScope } from '../errors';
import { publicCacheOptions } from '../http/cached-json';
import type { ResponseCacheOptions } from '../http/response-cache';
import type { PluginOptions } from '../plugin-options';
import { CursorCodec } from './cursor';
import { registerCatalogOpenApi } from './openapi';
import * as repository from './repository';
import { CatalogResponses, type CatalogRouteOptions } from './responses';
import { eventRoutes } from './routes/events';
import { marketRoutes } from './routes/markets';
import { searchRoutes } from './routes/search';
import { seriesRoutes } from './routes/series';
import { tagRoutes } from './routes/tags';

export interface CatalogPluginOptions extends PluginOptions {
  /** Response cache tuning (tests, benchmarks); defaults suit the demo catalog. */
  cache?: Partial<ResponseCacheOptions>;
}

/**
 * The catalog interface (docs/api.md §6, and the reference clients' dialect, §9): read-only events,
 * markets, tags and series, cached, any origin. Its routes sit in routes/, one file per resource.
 */
export const catalogPlugin: FastifyPluginAsync<CatalogPluginOptions> = async (
  app,
  { config, database, cache, catalogChanged },
) => {
  const responses = new CatalogResponses(database.db, {
    ...publicCacheOptions(database.kind, 1_000),
    ...cache,
  });
  const stopListening = catalogChanged?.on(() => responses.clear());
  app.addHook('onClose', async () => stopListening?.());

  // Scoped to this plugin: the trading interface registers its own, restricted CORS in its scope.
  await app.register(cors, {
    origin: '*',
    credentials: false,
    methods: ['GET', 'HEAD'],
    exposedHeaders: ['X-Total-Count', 'ETag'],
    maxAge: 600,
  });
  await registerCatalogOpenApi(app, config.GAMMA_BASE);
  answerUnknownInScope(app);

  /**
   * Signs and reads keyset cursors. Its key is shared through the database by every process, made at
   * start (not on a first request, so a rejected request never writes it).
   */
  const cursors = new CursorCodec(
    Buffer.from(await repository.cursorKey(database.db, randomBytes(32).toString('base64url')), 'base64url'),
  );

  const routes: CatalogRouteOptions = { responses, cursors };
  await app.register(eventRoutes, routes);
  await app.register(tagRoutes, routes);
  await app.register(seriesRoutes, routes);
  await app.register(marketRoutes, routes);
  await app.register(searchRoutes, routes);
};
