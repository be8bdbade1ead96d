import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBodySchema } from '../../../contract/errors';
import type { ExchangeAddresses, OrderVersion } from '../../../contract/orders';
import {
  AccountSummary,
  BalanceAllowance,
  BalanceAllowanceQuery,
  Bytes32,
  ClosedOnlyMode,
  DropNotificationsQuery,
  Notifications,
  OpenOrder,
  OpenOrdersPage,
  OpenOrdersQuery,
  Position,
  TradesPage,
  TradesQuery,
} from '../../../contract/trading';
import { TRADING_REFUSALS } from '../../../contract/trading-errors';
import type { Authoriser } from '../../credentials/authorise';
import { ReplyError } from '../../errors';
import { COLLATERAL } from '../units';
import { positionOrRefuse, positionPage } from '../paging';
import { freeBalance, openOrders, orderById, PAGE_SIZE, positionsOf, summaryOf, tradesOf } from './queries';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };

/** The account's reads (Level 2, repeatable): open orders, one order, trades, balances, positions, standing. */
export function registerAccountRoutes(
  scope: FastifyInstance,
  deps: {
    authoriser: Authoriser;
    db: Parameters<typeof openOrders>[0];
    chainId: number;
    exchanges: `0x${string}`[];
  },
): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const reader = async (request: FastifyRequest): Promise<string> =>
    (await deps.authoriser.authenticateLevel2(request, { changesState: false })).address;
  const l2 = [{ L2: [] }];

  app.get(
    '/data/orders',
    {
      exposeHeadRoute: false,
      schema: {
        summary: 'Your open (resting) orders, 100 a page',
        security: l2,
        querystring: OpenOrdersQuery,
        response: { 200: OpenOrdersPage, ...errors },
      },
    },
    async (request) => {
      const address = await reader(request);
      const after = positionOrRefuse(
        request.query.next_cursor,
        TRADING_REFUSALS.INVALID_PARAMETER.orderParams,
      );
      return positionPage(PAGE_SIZE, await openOrders(deps.db, address, request.query, after));
    },
  );

  app.get(
    '/data/order/:id',
    {
      exposeHeadRoute: false,
      schema: {
        summary: 'One of your orders, whatever its status',
        security: l2,
        params: z.object({ id: Bytes32 }),
        response: { 200: OpenOrder, ...errors },
      },
    },
    async (request) => {
      const address = await reader(request);
      const order = await orderById(deps.db, address, request.params.id);
      if (!order)
        throw new ReplyError('ORDER_NOT_FOUND', TRADING_REFUSALS.ORDER_NOT_FOUND.order(request.params.id));
      return order;
    },
  );

  app.get(
    '/data/trades',
    {
      exposeHeadRoute: false,
      schema: {
        summary: 'Trades you took part in, newest first, 100 a page',
        security: l2,
        querystring: TradesQuery,
        response: { 200: TradesPage, ...errors },
      },
    },
    async (request) => {
      const address = await reader(request);
      const before = positionOrRefuse(
        request.query.next_cursor,
        TRADING_REFUSALS.INVALID_PARAMETER.tradeParams,
      );
      return positionPage(PAGE_SIZE, await tradesOf(deps.db, address, request.query, before));
    },
  );

  const balance = async (request: FastifyRequest & { query: BalanceAllowanceQuery }) => {
    const address = await reader(request);
    const asset = request.query.asset_type === 'COLLATERAL' ? COLLATERAL : request.query.token_id!;
    const free = (await freeBalance(deps.db, address, asset)).toString();
    // No chain, no approvals: every exchange an order may be signed for may use the whole free balance.
    return {
      balance: free,
      allowance: free,
      allowances: Object.fromEntries(deps.exchanges.map((e) => [e, free])),
    };
  };
  const balanceSchema = (summary: string) => ({
    exposeHeadRoute: false,
    schema: {
      summary,
      security: l2,
      querystring: BalanceAllowanceQuery,
      response: { 200: BalanceAllowance, ...errors },
    },
  });
  app.get(
    '/balance-allowance',
    balanceSchema('Your free (unreserved) balance of collateral or of a token, base units'),
    balance,
  );
  app.get(
    '/balance-allowance/update',
    balanceSchema('The same as GET /balance-allowance (there is no chain to read again)'),
    balance,
  );

  app.get(
    '/auth/ban-status/closed-only',
    {
      exposeHeadRoute: false,
      schema: {
        summary: 'Whether your account may only close positions: never here',
        security: l2,
        response: { 200: ClosedOnlyMode, ...errors },
      },
    },
    async (request) => {
      await reader(request);
      return { closed_only: false };
    },
  );

  // Nothing notifies outside the live user channel.
  app.get(
    '/notifications',
    {
      exposeHeadRoute: false,
      schema: {
        summary: 'Your notifications: none here (the live user channel tells fills and cancels)',
        security: l2,
        response: { 200: Notifications, ...errors },
      },
    },
    async (request) => {
      await reader(request);
      return [];
    },
  );
  app.delete(
    '/notifications',
    {
      schema: {
        summary: 'Drops notifications: there are none to drop',
        security: l2,
        querystring: DropNotificationsQuery,
        response: { 200: Notifications, ...errors },
      },
    },
    async (request) => {
      await deps.authoriser.run(
        await deps.authoriser.authenticateLevel2(request, { changesState: true }),
        async () => {},
      );
      return [];
    },
  );

  app.get(
    '/data/positions',
    {
      exposeHeadRoute: false,
      schema: {
        summary: 'Your outcome tokens with the average price you bought them at (extension)',
        security: l2,
        response: { 200: z.array(Position), ...errors },
      },
    },
    async (request) => positionsOf(deps.db, await reader(request)),
  );

  app.get(
    '/data/summary',
    {
      exposeHeadRoute: false,
      schema: {
        summary: 'Where your paper money came from, and the profit or loss your sells realised (extension)',
        security: l2,
        response: { 200: AccountSummary, ...errors },
      },
    },
    async (request) => summaryOf(deps.db, await reader(request)),
  );
}

/** Every exchange address an order may be signed for (both versions, normal and negative-risk). */
export function exchangeAddresses(exchanges: Record<OrderVersion, ExchangeAddresses>): `0x${string}`[] {
  return [...new Set(Object.values(exchanges).flatMap((e) => [e.exchange, e.negRiskExchange]))];
}
