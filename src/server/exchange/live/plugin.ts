import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { ErrorBodySchema } from '../../../contract/errors';
import { LIVE_CLOSE, LIVE_PATHS, MAX_LIVE_MESSAGE_BYTES } from '../../../contract/live';
import type { Config } from '../../config';
import type { Authoriser } from '../../credentials/authorise';
import { deploymentId } from '../../db/deployment';
import type { Database } from '../../db/open';
import { sendError } from '../../errors';
import type { Exchange } from '../exchange';
import { AddressCap } from './address-cap';
import { type LiveBus, localBus, redisBus } from './bus';
import { type ChannelBatch, channelBatchOf } from './channel-batch';
import { LiveConnection } from './connection';
import { Hub } from './hub';
import { openMarketChannel } from './market-channel';
import { openUserChannel } from './user-channel';

/** While commits keep coming, a subscriber gets one write per this many ms (hub.ts). */
const WINDOW_MS = 25;
/** Every connection is pinged this often; one that has not answered the previous ping is cut. */
const KEEP_ALIVE_MS = 30_000;
/** User connections' keys are looked up again this often: a revoked key's connections close. */
const KEY_RECHECK_MS = 30_000;

/**
 * The live channels (docs/api.md, Live channels; docs/exchange.md, Live channels): `/ws/market` and
 * `/ws/user` in the trading interface's scope. Every commit of the exchange is turned into channel
 * messages once (channel-batch.ts) and published on the bus: delivered here directly with one process,
 * through Redis to every process with REDIS_URL on PostgreSQL, then fanned out by the hub.
 */
export async function registerLiveChannels(
  scope: FastifyInstance,
  deps: { config: Config; database: Database; exchange: Exchange; authoriser: Authoriser },
): Promise<Hub> {
  const { config, database, exchange, authoriser } = deps;
  const log = scope.log;
  const onError = (err: unknown) => log.warn({ err }, 'live channel: a request failed');
  const hub = new Hub(WINDOW_MS);
  const shared = config.REDIS_URL !== undefined && database.kind === 'postgres';
  // Another process's new tick counts here before its message reaches anyone (orders, /book, books).
  const rulesOf = (batch: ChannelBatch) => {
    if (shared && batch.ticks) exchange.rulesChanged(batch.ticks);
  };
  const bus: LiveBus = shared
    ? await redisBus({
        url: config.REDIS_URL!,
        channel: await channelName(database),
        deliver: (batch) => {
          rulesOf(batch);
          hub.deliver(batch);
        },
        late: (batch) => {
          rulesOf(batch);
          hub.deliver({ version: batch.version, market: [], user: batch.user });
          hub.resync(new Set(batch.market.map((m) => m.asset)));
        },
        // Books read before now may lack the missed commits: the resent ones are read anew.
        resync: () => {
          exchange.books.forget();
          hub.missedCommits();
        },
        log,
      })
    : localBus((batch) => hub.deliver(batch));
  exchange.onCommit((changes) => {
    // With one process and nobody connected there is no one to tell; other processes may have listeners.
    if (!shared && hub.connections.size === 0) return;
    // The writer calls this after its commit and answers: a failure here must not reach it.
    try {
      bus.publish(channelBatchOf(changes, Date.now()));
    } catch (err) {
      log.error({ err }, 'live channels: a commit could not be sent');
    }
  });

  const cap = new AddressCap(config.LIVE_MAX_CONNECTIONS_PER_IP);
  const open = (socket: WebSocket, request: FastifyRequest, channel: 'market' | 'user') => {
    const conn = new LiveConnection(socket, config.LIVE_SEND_BUFFER_BYTES);
    if (!cap.take(request.ip)) {
      conn.close(
        LIVE_CLOSE.TOO_MANY,
        `at most ${cap.max} live connections per client address; close some first`,
      );
      return;
    }
    hub.add(conn);
    const session =
      channel === 'market'
        ? openMarketChannel(conn, { hub, exchange, onError })
        : openUserChannel(conn, {
            hub,
            checkCredentials: (presented) => authoriser.checkCredentials(presented),
            onError,
          });
    socket.on('close', () => {
      session.stop();
      hub.remove(conn);
      cap.release(request.ip);
    });
  };

  await scope.register(websocket, {
    options: { maxPayload: MAX_LIVE_MESSAGE_BYTES },
    // A client's broken frame (too big, bad UTF-8…) has closed its connection with the standard code
    // already, and a lost socket is gone: nothing to do but note it.
    errorHandler: (err) => log.debug({ err: { message: err.message } }, 'live channel: connection error'),
    preClose: async () => {
      for (const conn of hub.connections) conn.close(LIVE_CLOSE.GOING_AWAY, 'server shutting down');
      // Clients have a moment to answer the close; the server does not wait on those that do not.
      const deadline = Date.now() + 1_000;
      while (hub.connections.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      for (const conn of hub.connections) conn.socket.terminate();
    },
  });
  for (const [channel, url] of Object.entries(LIVE_PATHS) as ['market' | 'user', string][]) {
    scope.route({
      method: 'GET',
      url,
      exposeHeadRoute: false,
      schema: {
        summary: `The live ${channel} channel: a WebSocket (docs/api.md, Live channels); a plain GET answers 400`,
        description:
          channel === 'market'
            ? 'Send {"type": "market", "assets_ids": [token ids]}: each asset\'s book, then price_change, last_trade_price, tick_size_change and (with custom_feature_enabled) best_bid_ask messages in commit order. Text PING is answered PONG.'
            : 'Send {"type": "user", "markets": [condition ids], "auth": {"apiKey", "secret", "passphrase"}}: the order and trade events of the key\'s owner. Text PING is answered PONG.',
        response: { 400: ErrorBodySchema },
      },
      handler: (_request, reply) =>
        sendError(
          reply,
          'INVALID_PARAMETER',
          `${url} is a WebSocket endpoint (the ${channel} channel): connect with a WebSocket client.`,
        ),
      wsHandler: (socket, request) => open(socket, request, channel),
    });
  }

  const keepAlive = setInterval(() => {
    for (const conn of hub.connections) {
      if (!conn.alive) {
        conn.socket.terminate();
        continue;
      }
      conn.alive = false;
      conn.socket.ping();
    }
  }, KEEP_ALIVE_MS);
  keepAlive.unref();
  const recheck = setInterval(() => void recheckKeys(hub, authoriser).catch(onError), KEY_RECHECK_MS);
  recheck.unref();
  scope.addHook('onClose', async () => {
    clearInterval(keepAlive);
    clearInterval(recheck);
    await bus.close();
  });
  return hub;
}

/** Closes the user connections whose key was revoked or expired since they authenticated (one lookup per key). */
async function recheckKeys(hub: Hub, authoriser: Authoriser): Promise<void> {
  const byKey = new Map<string, LiveConnection[]>();
  for (const conn of hub.connections) {
    if (conn.user) byKey.set(conn.user.apiKey, [...(byKey.get(conn.user.apiKey) ?? []), conn]);
  }
  for (const [apiKey, conns] of byKey) {
    if (await authoriser.keyIsActive(apiKey)) continue;
    for (const conn of conns) conn.close(LIVE_CLOSE.UNAUTHORISED, 'the API key was revoked or has expired');
  }
}

/** One Redis channel per deployment: processes on the same database share it, other deployments do not. */
async function channelName(database: Database): Promise<string> {
  return `marketdesk:live:${await deploymentId(database.db)}`;
}
