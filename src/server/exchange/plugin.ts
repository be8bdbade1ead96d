import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Authoriser } from '../credentials/authorise';
import type { Database } from '../db/open';
import { exchangeAddresses, registerAccountRoutes } from './account/routes';
import type { ChangeSignal } from '../change-signal';
import { CatalogFollower } from './catalog-follower';
import { Exchange } from './exchange';
import { registerHeartbeatRoutes } from './heartbeat-routes';
import { registerLiveChannels } from './live/plugin';
import { registerMarketDataRoutes } from './market-data/routes';
import { registerOrderRoutes } from './orders/routes';
import { registerRewardsRoutes } from './rewards-routes';
import { signaturePool } from '../signatures/signature-pool';
import { taskFailureLog } from './task-failures';

/**
 * The order book's routes inside the trading interface's scope (its CORS, raw bodies and authoriser):
 * public market data, placement and cancels, the account's reads (docs/api.md, the order book), and the
 * live channels.
 */
export async function registerExchange(
  scope: FastifyInstance,
  deps: { config: Config; database: Database; authoriser: Authoriser; catalogChanged?: ChangeSignal },
): Promise<Exchange> {
  const { config, database, authoriser } = deps;
  const exchange = new Exchange(database.db, undefined, database.writerDb);
  const follower = new CatalogFollower(
    database.db,
    { held: (id) => exchange.writer.bookOf(id), snapshot: (id) => exchange.books.snapshot(id) },
    () => deps.catalogChanged?.emit(),
    (err) => scope.log.warn({ err }, 'the catalog could not follow the order book'),
  );
  exchange.onCommit((changes) => follower.note(changes));
  exchange.start(taskFailureLog(scope.log));
  const signatures = signaturePool(config.SIGNATURE_THREADS);
  scope.addHook('onClose', async () => {
    await exchange.close();
    await follower.close();
    await signatures.close();
  });
  // Public market data changes with every order: never cached, in a scope of its own.
  await scope.register(async (marketData) => registerMarketDataRoutes(marketData, exchange));
  registerOrderRoutes(scope, exchange, authoriser, {
    registry: exchange.registry,
    chainId: config.CHAIN_ID,
    exchanges: config.exchanges,
    now: exchange.now,
    checkSignature: signatures.check,
  });
  registerHeartbeatRoutes(scope, exchange, authoriser);
  registerRewardsRoutes(scope, authoriser);
  await registerLiveChannels(scope, { config, database, exchange, authoriser });
  registerAccountRoutes(scope, {
    authoriser,
    db: database.db,
    chainId: config.CHAIN_ID,
    exchanges: exchangeAddresses(config.exchanges),
  });
  return exchange;
}
