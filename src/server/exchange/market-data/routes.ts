import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '../../../contract/errors';
import {
  BuilderCodePath,
  BuilderFeeRates,
  ClobMarket,
  ClobMarketInfo,
  ClobMarketsPage,
  FeeRateResponse,
  LastTradePrice,
  LastTradesPrices,
  MarketByToken,
  MarketTradeEvents,
  ConditionPath,
  MarketTradesQuery,
  MARKETS_PAGE_SIZE,
  MarketsQuery,
  MidpointResponse,
  MidpointsResponse,
  NegRiskResponse,
  OrderBookSummaries,
  OrderBookSummary,
  PriceQuery,
  PricesBody,
  PricesResponse,
  PriceResponse,
  SpreadResponse,
  SimplifiedMarketsPage,
  SpreadsResponse,
  TickSizeResponse,
  TokenListBody,
  TokenPath,
  TokenQuery,
} from '../../../contract/trading';
import { TRADING_REFUSALS } from '../../../contract/trading-errors';
import { ReplyError } from '../../errors';
import type { Exchange } from '../exchange';
import type { TokenMarket } from '../markets';
import { FULL_SET_PRICE } from '../../../engine/prices';
import type { MarketSnapshot } from './book-reader';
import { offsetOrRefuse, pageOf } from '../paging';
import {
  type MarketListing,
  marketByCondition,
  marketByToken,
  marketInfoByCondition,
  marketsPage,
  simplifiedMarketsPage,
} from './market-listings';
import { marketTrades } from './market-trades';
import { bookSummary, lastTrade, lastTradePrice, midpointOf, priceFor, spreadOf } from './summaries';

const errors = { 400: ErrorBodySchema, 404: ErrorBodySchema };
/**
 * The batch reads take up to 500 token ids (`{"token_id":"<78 digits>","side":"SELL"}`, ~50 kB), more
 * than the app's default body limit lets through.
 */
const TOKEN_LIST_BODY_LIMIT = 128 * 1024;

/**
 * The public market data of the order book (docs/api.md, the order book): no authentication, never
 * cached by clients (a book changes with every order).
 */
export function registerMarketDataRoutes(scope: FastifyInstance, exchange: Exchange): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  /** The token's market and committed book; 404 with the reference's sentence for a token with no book. */
  const tokenBook = async (tokenId: string): Promise<{ found: TokenMarket; snapshot: MarketSnapshot }> => {
    const found = await exchange.registry.byToken(tokenId);
    if (!found) throw new ReplyError('ORDERBOOK_NOT_FOUND', TRADING_REFUSALS.ORDERBOOK_NOT_FOUND.book);
    return { found, snapshot: await exchange.books.snapshot(found.market.marketId) };
  };
  /** A market's answer, or 404 with the reference's sentence when no market has the id. */
  const marketOrNotFound = <T>(found: T | null): T => {
    if (found === null) throw new ReplyError('MARKET_NOT_FOUND', TRADING_REFUSALS.MARKET_NOT_FOUND.market);
    return found;
  };
  const eachToken = <T>(
    tokens: { token_id: string }[],
    read: (b: Awaited<ReturnType<typeof tokenBook>>) => T,
  ) => Promise.all(tokens.map(async (t) => read(await tokenBook(t.token_id))));

  app.addHook('onSend', async (_request, reply) => {
    void reply.header('Cache-Control', 'no-store');
  });

  const get = <R>(url: string, summary: string, response: R) => ({
    url,
    opts: {
      exposeHeadRoute: false,
      schema: { summary, querystring: TokenQuery, response: { 200: response, ...errors } },
    },
  });

  const book = get(
    '/book',
    "A token's order book (bids ascending, asks descending: best last)",
    OrderBookSummary,
  );
  app.get(book.url, book.opts, async (request) => {
    const { found, snapshot } = await tokenBook(request.query.token_id);
    return bookSummary(found, snapshot, Date.now());
  });
  app.post(
    '/books',
    {
      bodyLimit: TOKEN_LIST_BODY_LIMIT,
      schema: {
        summary: 'Order books of several tokens',
        body: TokenListBody,
        response: { 200: OrderBookSummaries, ...errors },
      },
    },
    async (request) =>
      eachToken(request.body, ({ found, snapshot }) => bookSummary(found, snapshot, Date.now())),
  );

  app.get(
    '/price',
    {
      exposeHeadRoute: false,
      schema: {
        summary: 'Best bid (side=BUY) or best ask (side=SELL) of a token',
        querystring: PriceQuery,
        response: { 200: PriceResponse, ...errors },
      },
    },
    async (request) => {
      const { found, snapshot } = await tokenBook(request.query.token_id);
      return { price: priceFor(found.outcome, request.query.side, snapshot) };
    },
  );
  app.post(
    '/prices',
    {
      bodyLimit: TOKEN_LIST_BODY_LIMIT,
      schema: {
        summary: 'Best prices of several tokens and sides',
        body: PricesBody,
        response: { 200: PricesResponse, ...errors },
      },
    },
    async (request) => {
      const answer: PricesResponse = {};
      for (const item of request.body) {
        const { found, snapshot } = await tokenBook(item.token_id);
        answer[item.token_id] = {
          ...answer[item.token_id],
          [item.side]: priceFor(found.outcome, item.side, snapshot),
        };
      }
      return answer;
    },
  );

  const mid = get(
    '/midpoint',
    'Midpoint of the best bid and ask (an empty side counts as 0 or 1)',
    MidpointResponse,
  );
  app.get(mid.url, mid.opts, async (request) => {
    const { found, snapshot } = await tokenBook(request.query.token_id);
    return { mid: midpointOf(found.outcome, snapshot) };
  });
  app.post(
    '/midpoints',
    {
      bodyLimit: TOKEN_LIST_BODY_LIMIT,
      schema: {
        summary: 'Midpoints of several tokens',
        body: TokenListBody,
        response: { 200: MidpointsResponse, ...errors },
      },
    },
    async (request) =>
      Object.fromEntries(
        await eachToken(request.body, ({ found, snapshot }) => [
          found.market.tokens[found.outcome],
          midpointOf(found.outcome, snapshot),
        ]),
      ),
  );

  const spread = get('/spread', 'Best ask minus best bid', SpreadResponse);
  app.get(spread.url, spread.opts, async (request) => {
    const { found, snapshot } = await tokenBook(request.query.token_id);
    return { spread: spreadOf(found.outcome, snapshot) };
  });
  app.post(
    '/spreads',
    {
      bodyLimit: TOKEN_LIST_BODY_LIMIT,
      schema: {
        summary: 'Spreads of several tokens',
        body: TokenListBody,
        response: { 200: SpreadsResponse, ...errors },
      },
    },
    async (request) =>
      Object.fromEntries(
        await eachToken(request.body, ({ found, snapshot }) => [
          found.market.tokens[found.outcome],
          spreadOf(found.outcome, snapshot),
        ]),
      ),
  );

  const last = get(
    '/last-trade-price',
    "A token's last trade (before any: 0.5 and no side, as the reference answers)",
    LastTradePrice,
  );
  app.get(last.url, last.opts, async (request) => {
    const { found, snapshot } = await tokenBook(request.query.token_id);
    return lastTradePrice(found.outcome, snapshot);
  });
  app.post(
    '/last-trades-prices',
    {
      bodyLimit: TOKEN_LIST_BODY_LIMIT,
      schema: {
        summary: 'Last trades of several tokens (tokens never traded are left out)',
        body: TokenListBody,
        response: { 200: LastTradesPrices, ...errors },
      },
    },
    async (request) =>
      (
        await eachToken(request.body, ({ found, snapshot }) => {
          const trade = lastTrade(found.outcome, snapshot);
          return trade ? { token_id: found.market.tokens[found.outcome], ...trade } : null;
        })
      ).filter((t) => t !== null),
  );

  app.get(
    '/live-activity/events/:condition_id',
    {
      exposeHeadRoute: false,
      schema: {
        summary: "A market's latest fills, newest first, each from its taker's side (no wallet named)",
        params: ConditionPath,
        querystring: MarketTradesQuery,
        response: { 200: MarketTradeEvents, ...errors },
      },
    },
    async (request) =>
      marketOrNotFound(await marketTrades(exchange.db, request.params.condition_id, request.query.limit)),
  );

  // The legacy client's market listings: the catalog's markets in the reference's shape, 500 a page.
  const listings: [string, string, MarketListing, 'whole' | 'simplified'][] = [
    ['/markets', "Every market of the catalog, in the trading interface's shape", 'all', 'whole'],
    ['/simplified-markets', 'Every market of the catalog, simplified', 'all', 'simplified'],
    ['/sampling-markets', 'The markets taking orders', 'tradable', 'whole'],
    ['/sampling-simplified-markets', 'The markets taking orders, simplified', 'tradable', 'simplified'],
  ];
  for (const [url, summary, listing, shape] of listings)
    app.get(
      url,
      {
        exposeHeadRoute: false,
        schema: {
          summary: `${summary}, ${MARKETS_PAGE_SIZE} a page`,
          querystring: MarketsQuery,
          response: { 200: shape === 'whole' ? ClobMarketsPage : SimplifiedMarketsPage, ...errors },
        },
      },
      async (request) => {
        const offset = offsetOrRefuse(
          request.query.next_cursor,
          TRADING_REFUSALS.INVALID_PARAMETER.marketParams,
        );
        const read = shape === 'whole' ? marketsPage : simplifiedMarketsPage;
        return pageOf(MARKETS_PAGE_SIZE, offset, await read(exchange.db, listing, offset));
      },
    );
  app.get(
    '/markets/:condition_id',
    {
      exposeHeadRoute: false,
      schema: {
        summary: "A market by its condition id, in the trading interface's shape",
        params: ConditionPath,
        response: { 200: ClobMarket, ...errors },
      },
    },
    async (request) => marketOrNotFound(await marketByCondition(exchange.db, request.params.condition_id)),
  );

  // The SDK's market lookups (a market buy with `maxSpend` reads both for the fee curve).
  app.get(
    '/clob-markets/:condition_id',
    {
      exposeHeadRoute: false,
      schema: {
        summary:
          "A market's trading parameters (tokens, tick, minimum size, fees) under the reference's short keys",
        params: ConditionPath,
        response: { 200: ClobMarketInfo, ...errors },
      },
    },
    async (request) =>
      marketOrNotFound(await marketInfoByCondition(exchange.db, request.params.condition_id)),
  );
  app.get(
    '/markets-by-token/:token_id',
    {
      exposeHeadRoute: false,
      schema: {
        summary: "An outcome token's market: its condition id and both tokens",
        params: TokenPath,
        response: { 200: MarketByToken, ...errors },
      },
    },
    async (request) => marketOrNotFound(await marketByToken(exchange.db, request.params.token_id)),
  );

  const tick = get('/tick-size', "A market's price tick (a JSON number)", TickSizeResponse);
  app.get(tick.url, tick.opts, async (request) => {
    const { found } = await tokenBook(request.query.token_id);
    return {
      minimum_tick_size: (found.market.tick / FULL_SET_PRICE) as TickSizeResponse['minimum_tick_size'],
    };
  });
  const negRisk = get(
    '/neg-risk',
    'Whether the market is negative-risk (which exchange its orders are signed for)',
    NegRiskResponse,
  );
  app.get(negRisk.url, negRisk.opts, async (request) => {
    const { found } = await tokenBook(request.query.token_id);
    return { neg_risk: found.market.negRisk };
  });
  const fee = get('/fee-rate', 'The fee rate in basis points: always 0 here', FeeRateResponse);
  app.get(fee.url, fee.opts, async (request) => {
    await tokenBook(request.query.token_id);
    return { base_fee: 0 };
  });
  app.get(
    '/fees/builder-fees/:builder_code',
    {
      exposeHeadRoute: false,
      schema: {
        summary: "A builder code's fee rates in basis points: always 0 here",
        params: BuilderCodePath,
        response: { 200: BuilderFeeRates, ...errors },
      },
    },
    async () => ({ builder_maker_fee_rate_bps: 0, builder_taker_fee_rate_bps: 0 }),
  );
}
