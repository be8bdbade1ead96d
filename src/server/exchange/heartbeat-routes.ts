import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '../../contract/errors';
import { HeartbeatBody, HeartbeatResponse } from '../../contract/trading';
import { TRADING_REFUSALS } from '../../contract/trading-errors';
import type { Authoriser } from '../credentials/authorise';
import { ReplyError } from '../errors';
import type { Exchange } from './exchange';
import { beat, isDue } from './heartbeats';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema };

/** Thrown inside the heartbeat's transaction to undo it: the key's old chain is due and must lapse first. */
class ChainDue extends Error {}

/**
 * POST /v1/heartbeats (the legacy client's path) and POST /heartbeats (the reference's documentation):
 * Level 2, single use. A refused heartbeat, like every refused request, uses nothing up.
 */
export function registerHeartbeatRoutes(
  scope: FastifyInstance,
  exchange: Exchange,
  authoriser: Authoriser,
): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const handle = async (request: FastifyRequest, heartbeatId: string | null): Promise<HeartbeatResponse> => {
    const auth = await authoriser.authenticateLevel2(request, { changesState: true });
    const key = { apiKey: auth.apiKey, address: auth.address };
    // A new chain replaces the key's old one only once a lapsed old one has cancelled its orders.
    for (let attempt = 0; ; attempt++) {
      if (heartbeatId === null && (await isDue(exchange.db, key.apiKey, exchange.now())))
        await exchange.lapseHeartbeats();
      try {
        return await authoriser.run(auth, async (db) => {
          const result = await beat(db, key, heartbeatId, exchange.now());
          if (result.ok) return { heartbeat_id: result.heartbeatId, status: 'ok' as const };
          if (result.reason === 'due') throw new ChainDue();
          throw new ReplyError(
            'HEARTBEAT_INVALID',
            result.reason === 'lapsed'
              ? TRADING_REFUSALS.HEARTBEAT_INVALID.lapsed(heartbeatId!, result.lapsedAt)
              : TRADING_REFUSALS.HEARTBEAT_INVALID.unknown(heartbeatId!),
          );
        });
      } catch (err) {
        // Due between the look and the write (its deadline passed meanwhile): lapse it and try again.
        if (!(err instanceof ChainDue) || attempt >= 2) throw err;
      }
    }
  };
  for (const url of ['/v1/heartbeats', '/heartbeats'])
    app.post(
      url,
      {
        schema: {
          summary:
            "A heartbeat: without heartbeat_id it starts a chain, with the chain's id it renews it; a chain 10 s without one cancels every open order of your address",
          security: [{ L2: [] }],
          body: HeartbeatBody,
          response: { 200: HeartbeatResponse, ...errors },
        },
      },
      (request) => handle(request, request.body),
    );
}
