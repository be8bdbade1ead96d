import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '../../contract/errors';
import { PRICE_HISTORY_INTERVALS, PriceHistory, PriceHistoryQuery } from '../../contract/price-history';
import { ReplyError } from '../errors';
import { publicCacheOptions, send } from '../http/cached-json';
import { jsonResponse, ResponseCache } from '../http/response-cache';
import type { PluginOptions } from '../plugin-options';
import { findToken, readHistory } from './store';
import { thin } from './thin';

/**
 * `GET {clob_url}/prices-history` (docs/api.md §6a): public data like the catalog, so cached the
 * same way (ETag, 304, compressed forms) and readable from any origin (the trading interface around
 * it limits CORS to the dashboard's origins; this answer is public). app.ts mounts it in the trading
 * interface's scope, so that interface's OpenAPI document lists it.
 */
export const historyPlugin: FastifyPluginAsync<PluginOptions> = async (
  root,
  { database, catalogChanged },
) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const responses = new ResponseCache(publicCacheOptions(database.kind, 5_000));
  const stopListening = catalogChanged?.on(() => responses.clear());
  app.addHook('onClose', async () => stopListening?.());

  app.addHook('onSend', async (_request, reply) => {
    void reply.header('Access-Control-Allow-Origin', '*');
    void reply.header('Access-Control-Expose-Headers', 'ETag');
  });

  app.get(
    '/prices-history',
    {
      schema: {
        summary: 'A token’s price history',
        description:
          'Ascending points {t: unix seconds, p: price}, at most one per fidelity minutes; the last is the catalog’s current price. interval counts back from the token’s latest point.',
        querystring: PriceHistoryQuery,
        response: { 200: PriceHistory, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { market, interval, fidelity = 1, startTs, endTs } = request.query;
      const key = JSON.stringify([market, interval ?? null, fidelity, startTs ?? null, endTs ?? null]);
      const response = await responses.get(key, async () => {
        const token = await findToken(database.db, market);
        if (!token) return null;
        const seconds = interval ? PRICE_HISTORY_INTERVALS[interval] : null;
        const points = await readHistory(database.db, token, {
          ...(startTs !== undefined ? { from: startTs } : {}),
          ...(endTs !== undefined ? { to: endTs } : {}),
          ...(seconds !== null ? { lastSeconds: seconds } : {}),
        });
        return jsonResponse({ history: thin(points, fidelity) });
      });
      if (!response)
        throw new ReplyError('MARKET_NOT_FOUND', 'There is no outcome token with this id in the catalog.');
      return send(request, reply, response);
    },
  );
};
