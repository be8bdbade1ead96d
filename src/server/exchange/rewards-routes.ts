import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '../../contract/errors';
import {
  ConditionPath,
  NoEarnings,
  NoRewardPercentages,
  NoRewardsPage,
  OrderScoring,
  OrderScoringQuery,
  OrdersScoring,
  OrdersScoringBody,
  RewardsQuery,
} from '../../contract/trading';
import { TRADING_REFUSALS } from '../../contract/trading-errors';
import type { Authoriser } from '../credentials/authorise';
import { ReplyError } from '../errors';
import { offsetOrRefuse, pageOf } from './paging';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema };
const REWARDS_PAGE_SIZE = 100;

/**
 * The reference's liquidity rewards, which have no counterpart on paper money: no market pays rewards, no
 * order scores, nobody earns. Both reference clients call these (the legacy client's paged calls read
 * `data` and `next_cursor` of whatever comes back), so each answers "none" in its own shape.
 */
export function registerRewardsRoutes(scope: FastifyInstance, authoriser: Authoriser): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const reader = (request: FastifyRequest) => authoriser.authenticateLevel2(request, { changesState: false });
  const l2 = [{ L2: [] }];
  // A list with nothing in it, at whichever page was asked for (a malformed cursor is still refused).
  const emptyPage = (query: { next_cursor?: string }) =>
    pageOf(
      REWARDS_PAGE_SIZE,
      offsetOrRefuse(query.next_cursor, TRADING_REFUSALS.INVALID_PARAMETER.rewardsParams),
      { items: [] as never[], more: false },
    );
  const list = (summary: string, security: typeof l2 | undefined) => ({
    exposeHeadRoute: false,
    schema: { summary, security, querystring: RewardsQuery, response: { 200: NoRewardsPage, ...errors } },
  });

  app.get(
    '/rewards/markets/current',
    list('Markets paying liquidity rewards now: none here', undefined),
    (request) => emptyPage(request.query),
  );
  const forMarket = list("A market's liquidity reward configurations: none here", undefined);
  app.get(
    '/rewards/markets/:condition_id',
    { ...forMarket, schema: { ...forMarket.schema, params: ConditionPath } },
    (request) => emptyPage(request.query),
  );
  app.get(
    '/rewards/user',
    list('Your liquidity earnings of a day, by market: none here', l2),
    async (request) => {
      await reader(request);
      return emptyPage(request.query);
    },
  );
  app.get(
    '/rewards/user/markets',
    list("Your earnings and the rewards' configuration, by market: none here", l2),
    async (request) => {
      await reader(request);
      return emptyPage(request.query);
    },
  );
  app.get(
    '/rewards/user/total',
    {
      exposeHeadRoute: false,
      schema: {
        summary: 'Your total liquidity earnings of a day: none here',
        security: l2,
        querystring: RewardsQuery,
        response: { 200: NoEarnings, ...errors },
      },
    },
    async (request) => {
      await reader(request);
      return [];
    },
  );
  app.get(
    '/rewards/user/percentages',
    {
      exposeHeadRoute: false,
      schema: {
        summary: 'Your share of each market’s rewards: none here',
        security: l2,
        response: { 200: NoRewardPercentages, ...errors },
      },
    },
    async (request) => {
      await reader(request);
      return {};
    },
  );

  app.get(
    '/order-scoring',
    {
      exposeHeadRoute: false,
      schema: {
        summary: 'Whether an order scores for liquidity rewards: never here (there are none)',
        security: l2,
        querystring: OrderScoringQuery,
        response: { 200: OrderScoring, ...errors },
      },
    },
    async (request) => {
      await reader(request);
      return { scoring: false };
    },
  );
  app.post(
    '/orders-scoring',
    {
      // Level 2 is checked before the body: a request without a key is told which headers it lacks.
      attachValidation: true,
      schema: {
        summary: 'Whether orders score for liquidity rewards: never here',
        security: l2,
        body: OrdersScoringBody,
        response: { 200: OrdersScoring, ...errors },
      },
    },
    async (request) => {
      await reader(request);
      if (request.validationError)
        throw new ReplyError('INVALID_BODY', TRADING_REFUSALS.INVALID_BODY.payload);
      return Object.fromEntries(request.body.map((id) => [id, false]));
    },
  );
}
