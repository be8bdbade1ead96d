import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '../../../contract/errors';
import {
  CancelMarketOrdersBody,
  CancelOrderBody,
  CancelOrdersBody,
  CancelResponse,
  MAX_CANCEL_IDS,
  MAX_ORDERS_PER_BATCH,
  PostOrderBody,
  PostOrderResponse,
  PostOrdersBody,
  PostOrdersResponse,
} from '../../../contract/trading';
import { TRADING_REFUSALS } from '../../../contract/trading-errors';
import { type Authoriser, L2_REUSED } from '../../credentials/authorise';
import { KEY_REVOKED } from '../../credentials/level2';
import { describeValidation, ReplyError } from '../../errors';
import type { Exchange } from '../exchange';
import { sizeText, unitsText } from '../units';
import type { CancelJob, Cancelled, Placed, Refused, SingleUse } from '../writer';
import { type DecodeDeps, decodeOrder, type OrderRefusal } from './decode';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema };
/** DELETE /orders may name 3,000 order ids (~200 kB). */
/**
 * A body the schema refuses: the reference's sentence, which programs match on, then the field and what
 * is wrong with it (which six different mistakes would otherwise all share).
 */
function payloadRefusal(error: NonNullable<FastifyRequest['validationError']>): string {
  const sentence = TRADING_REFUSALS.INVALID_ORDER.payload;
  const what = describeValidation(error as FastifyError);
  return what === sentence ? sentence : `${sentence}: ${what}`;
}

const CANCEL_BODY_LIMIT = 256 * 1024;

/**
 * Verifies Level 2 (orders are placed and cancelled with an API key only). Every action of these routes
 * that changes something commits through the writer, which refuses it if the key is revoked by then.
 */
export async function level2(authoriser: Authoriser, request: FastifyRequest) {
  const auth = await authoriser.authenticateLevel2(request, {
    changesState: true,
    revocationCheckedAtCommit: true,
  });
  const singleUse: SingleUse = {
    apiKey: auth.apiKey,
    timestamp: auth.timestamp,
    signature: auth.mac.toString('hex'),
  };
  return { caller: { apiKey: auth.apiKey, address: auth.address }, singleUse };
}

/** A placement as the reference answers it: amounts in whole units, matched or live, the match's trade and hash. */
export function placedResponse(placed: Placed, side: 'BUY' | 'SELL'): PostOrderResponse {
  const filled = placed.filled > 0;
  const shares = sizeText(placed.filled);
  const cash = unitsText(placed.cash);
  return {
    success: true,
    errorMsg: '',
    orderID: placed.orderId,
    status: filled ? 'matched' : 'live',
    makingAmount: filled ? (side === 'BUY' ? cash : shares) : '',
    takingAmount: filled ? (side === 'BUY' ? shares : cash) : '',
    transactionsHashes: placed.transactionHash ? [placed.transactionHash] : [],
    tradeIDs: placed.tradeId ? [placed.tradeId] : [],
  };
}

/** The reference's sentence for a refusal the writer made. */
export function writerRefusal(refused: Refused, orderId: string): OrderRefusal {
  const R = TRADING_REFUSALS;
  switch (refused.code) {
    case 'ORDER_DUPLICATED':
      return { code: refused.code, error: R.ORDER_DUPLICATED.duplicated(orderId) };
    case 'NOT_ENOUGH_BALANCE':
      return {
        code: refused.code,
        error: R.NOT_ENOUGH_BALANCE.balance(String(refused.available ?? 0), String(refused.needed ?? 0)),
      };
    case 'ORDER_NOT_FILLED':
      return {
        code: refused.code,
        error: refused.reason === 'FOK_NOT_FILLED' ? R.ORDER_NOT_FILLED.fok : R.ORDER_NOT_FILLED.fak,
      };
    case 'POST_ONLY_CROSSES':
      return { code: refused.code, error: R.POST_ONLY_CROSSES.crosses };
    case 'API_KEY_REVOKED':
      return { code: refused.code, error: KEY_REVOKED };
    case 'SIGNATURE_REUSED':
      return { code: refused.code, error: L2_REUSED };
    default:
      return { code: refused.code, error: R.INVALID_ORDER.expiration };
  }
}

/** The placement and cancel routes (Level 2; each state-changing request single-use). */
export function registerOrderRoutes(
  scope: FastifyInstance,
  exchange: Exchange,
  authoriser: Authoriser,
  decodeDeps: DecodeDeps,
): void {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  /** One order through every check and the writer: an answer, or a refusal with the reference's sentence. */
  const place = async (
    body: PostOrderBody,
    caller: { apiKey: string; address: string },
    singleUse: SingleUse,
  ): Promise<
    { ok: true; response: PostOrderResponse } | { ok: false; refusal: OrderRefusal; orderId: string }
  > => {
    const decoded = await decodeOrder(body, caller, singleUse, decodeDeps);
    if (!decoded.ok) return { ok: false, refusal: decoded.refusal, orderId: '' };
    const { order } = decoded.job;
    const result = await exchange.writer.submit(decoded.job);
    if (!result.ok) {
      if (result.code === 'API_KEY_REVOKED') authoriser.forgetKey(caller.apiKey);
      return { ok: false, refusal: writerRefusal(result, order.id), orderId: order.id };
    }
    return { ok: true, response: placedResponse(result, order.side) };
  };

  app.post(
    '/order',
    {
      attachValidation: true,
      schema: {
        summary: 'Place a signed order (Level 2): matched at once, resting, or refused with the reason',
        security: [{ L2: [] }],
        body: PostOrderBody,
        response: { 200: PostOrderResponse, ...errors },
      },
    },
    async (request) => {
      const { caller, singleUse } = await level2(authoriser, request);
      if (request.validationError)
        throw new ReplyError('INVALID_ORDER', payloadRefusal(request.validationError));
      const placed = await place(request.body, caller, singleUse);
      if (!placed.ok) throw new ReplyError(placed.refusal.code, placed.refusal.error);
      return placed.response;
    },
  );

  app.post(
    '/orders',
    {
      attachValidation: true,
      schema: {
        summary: 'Place up to 15 signed orders (Level 2); one answer each, in order',
        security: [{ L2: [] }],
        body: PostOrdersBody,
        response: { 200: PostOrdersResponse, ...errors },
      },
    },
    async (request) => {
      const { caller, singleUse } = await level2(authoriser, request);
      if (request.validationError) {
        const count = Array.isArray(request.body) ? request.body.length : 0;
        throw new ReplyError(
          'INVALID_ORDER',
          count > MAX_ORDERS_PER_BATCH
            ? TRADING_REFUSALS.INVALID_ORDER.tooMany(count, MAX_ORDERS_PER_BATCH)
            : payloadRefusal(request.validationError),
        );
      }
      // One request, one single-use mark: each order of the batch is told apart by its index.
      const answers = await Promise.all(
        request.body.map((body, i) =>
          place(body, caller, { ...singleUse, signature: `${singleUse.signature}:${i}` }),
        ),
      );
      return answers.map((a) =>
        a.ok
          ? a.response
          : {
              success: false,
              errorMsg: a.refusal.error,
              orderID: a.orderId,
              status: '' as const,
              makingAmount: '',
              takingAmount: '',
              transactionsHashes: [],
              tradeIDs: [],
            },
      );
    },
  );

  const cancel = async (request: FastifyRequest, select: CancelJob['select']): Promise<CancelResponse> => {
    const { caller, singleUse } = await level2(authoriser, request);
    return cancelAs(caller, singleUse, select);
  };
  const cancelAs = async (
    caller: { apiKey: string; address: string },
    singleUse: SingleUse,
    select: CancelJob['select'],
  ): Promise<CancelResponse> => {
    const result = (await exchange.writer.submit({
      kind: 'cancel',
      address: caller.address,
      select,
      singleUse,
    })) as Cancelled | Refused;
    if (!result.ok) {
      if (result.code === 'API_KEY_REVOKED') authoriser.forgetKey(caller.apiKey);
      throw new ReplyError(result.code, writerRefusal(result, '').error);
    }
    return { canceled: result.canceled, not_canceled: result.notCanceled };
  };
  const invalidCancel = () => new ReplyError('INVALID_BODY', TRADING_REFUSALS.INVALID_ORDER.payload);
  const cancelAnswer = { security: [{ L2: [] }], response: { 200: CancelResponse, ...errors } };

  app.delete(
    '/order',
    {
      attachValidation: true,
      schema: { summary: 'Cancel one of your orders', body: CancelOrderBody, ...cancelAnswer },
    },
    async (request) => {
      if (request.validationError) {
        await level2(authoriser, request);
        throw invalidCancel();
      }
      return cancel(request, { ids: [request.body.orderID.toLowerCase()] });
    },
  );
  app.delete(
    '/orders',
    {
      attachValidation: true,
      bodyLimit: CANCEL_BODY_LIMIT,
      schema: {
        summary: 'Cancel several of your orders (up to 3,000 ids)',
        body: CancelOrdersBody,
        ...cancelAnswer,
      },
    },
    async (request) => {
      if (request.validationError) {
        await level2(authoriser, request);
        const count = Array.isArray(request.body) ? request.body.length : 0;
        throw count > MAX_CANCEL_IDS
          ? new ReplyError('INVALID_BODY', TRADING_REFUSALS.INVALID_BODY.tooManyIds(MAX_CANCEL_IDS))
          : invalidCancel();
      }
      return cancel(request, {
        ids: [...new Set(request.body.map((id) => id.toLowerCase()))],
      });
    },
  );
  app.delete(
    '/cancel-all',
    { schema: { summary: 'Cancel every open order of yours', ...cancelAnswer } },
    async (request) => cancel(request, { all: true }),
  );
  app.delete(
    '/cancel-market-orders',
    {
      attachValidation: true,
      schema: {
        summary: 'Cancel your open orders of one market or token',
        body: CancelMarketOrdersBody,
        ...cancelAnswer,
      },
    },
    async (request) => {
      if (request.validationError) {
        await level2(authoriser, request);
        throw invalidCancel();
      }
      // Authenticated before anything is looked up: an unknown market is an empty answer, never a shortcut.
      const { caller, singleUse } = await level2(authoriser, request);
      const body = request.body ?? {};
      let marketId: string | undefined;
      if (body.market) {
        const found = await exchange.marketOfCondition(body.market);
        if (!found) return { canceled: [], not_canceled: {} };
        marketId = found;
      }
      return cancelAs(caller, singleUse, {
        all: true,
        ...(marketId ? { marketId } : {}),
        ...(body.asset_id ? { tokenId: body.asset_id } : {}),
      });
    },
  );
}
