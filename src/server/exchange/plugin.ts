import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Authoriser } from '../credentials/authorise';
import type { Database } from '../db/open';
import { exchangeAddresses, registerAccountRoutes } from './account/routes';
import { Exchange } from './exchange';
import { registerMarketDataRoutes } from './market-data/routes';
import { registerOrderRoutes } from './orders/routes';

/**
 * The order book's routes inside the trading interface's scope (its CORS, raw bodies and authoriser):
 * public market data, placement and cancels, and the account's reads (docs/api.md, the order book).
 */
export async function registerExchange(
  scope: FastifyInstance,
  deps: { config: Config; database: Database; authoriser: Authoriser },
): Promise<Exchange> {
  const { config, database, authoriser } = deps;
  const exchange = new Exchange(database.db);
  exchange.start((err) => scope.log.warn({ err }, 'expiring orders failed'));
  scope.addHook('onClose', () => exchange.close());
  registerMarketDataRoutes(scope, exchange);
  registerOrderRoutes(scope, exchange, authoriser, {
    registry: exchange.registry,
    chainId: config.CHAIN_ID,
    exchanges: config.exchanges,
    now: exchange.now,
  });
  registerAccountRoutes(scope, {
    authoriser,
    db: database.db,
    chainId: config.CHAIN_ID,
    exchanges: exchangeAddresses(config.exchanges),
  });
  return exchange;
}
