import { z } from 'zod';
import type { Address as ViemAddress, Hex } from 'viem';
import { HEADER_FORMATS, MAX_UINT256 } from './auth';
import { ORDER_SIDE } from './order-side';
import type { VersionedOrder } from './orders';
import { TRADING_REFUSALS } from './trading-errors';

/**
 * The order book's requests and answers in the reference service's trading dialect (docs/api.md, the
 * order book): what its two official TypeScript clients send and read, field by field. Sources:
 * - SDK: @polymarket/client 0.2.0 (src/actions/clob.ts, account.ts, orders/*.ts in its source map)
 *   and the schemas it validates every answer with, @polymarket/bindings 0.2.0 src/clob/*.ts;
 * - legacy: @polymarket/clob-client 5.8.1 dist/client.js, utilities.js, types.d.ts (it parses nothing:
 *   its users read the raw JSON, typed by types.d.ts).
 * Answers here are at least as strict as the SDK's schemas, so an answer that passes ours passes the
 * SDK's (one exception, the reference's own: LastTradePrice of a token never traded). Requests are what
 * both clients send; objects tolerate keys they do not name (the legacy client adds `side` to batch
 * items, and `geo_block_token` to queries when its user configures one).
 */

// ——— Wire primitives ————————————————————————————————————————————————————————————————

/** Decimal text with no sign or exponent ("0.5", "100", "0.000001"): prices, sizes, amounts. */
export const DecimalText = z.string().regex(/^(0|[1-9][0-9]*)(\.[0-9]+)?$/, 'must be a decimal number');
/** A whole number of base units (6 decimals) as decimal text, no leading zeros. */
export const BaseUnitsText = z.string().regex(HEADER_FORMATS.decimal, 'must be a whole number of base units');
/** Unix time as decimal text (seconds or milliseconds, as each field says). */
const UnixText = z.string().regex(/^[0-9]{1,16}$/, 'must be unix time as decimal text');

/** Whether decimal digits (at most 78) are below 2^256, which has 78: only those of that length can fail. */
const belowTwoTo256 = (digits: string) => digits.length < 78 || BigInt(digits) <= MAX_UINT256;

/** An outcome token (ERC-1155 position id): a uint256 in decimal, as in the catalog's clobTokenIds. */
export const TokenId = z
  .string({ error: TRADING_REFUSALS.INVALID_PARAMETER.tokenId })
  // zod runs later checks after a failed one unless told: BigInt() of "yes" would throw.
  .regex(/^(0|[1-9][0-9]{0,77})$/, { error: TRADING_REFUSALS.INVALID_PARAMETER.tokenId, abort: true })
  .refine(belowTwoTo256, TRADING_REFUSALS.INVALID_PARAMETER.tokenId);
/** A market's condition id. The SDK refuses anything but 0x + 62 or 64 hex digits. */
export const ConditionId = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a condition id (0x + 64 hex digits)');
export const Address = z.string().regex(HEADER_FORMATS.address, 'must be an address (0x + 40 hex digits)');
/** 32 bytes as 0x + 64 hex digits: order ids (EIP-712 hashes), transaction hashes, bytes32 fields. */
export const Bytes32 = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x + 64 hex digits');

export const SIDES = ['BUY', 'SELL'] as const;
export const Side = z.enum(SIDES, { error: TRADING_REFUSALS.INVALID_PARAMETER.side });
export type Side = z.output<typeof Side>;

/** GTC rests until cancelled, GTD until `expiration`, FOK fills fully or not at all, FAK fills what it can. */
export const ORDER_TYPES = ['GTC', 'GTD', 'FOK', 'FAK'] as const;
export const OrderType = z.enum(ORDER_TYPES);
export type OrderType = z.output<typeof OrderType>;

/**
 * Tick sizes both clients can trade: the legacy client's rounding table has these four only
 * (order-builder/helpers.js ROUNDING_CONFIG; the SDK also knows 0.005 and 0.0025).
 */
export const TICK_SIZES = ['0.1', '0.01', '0.001', '0.0001'] as const;
export type TickSizeText = (typeof TICK_SIZES)[number];

/** Signature types of the exchange's orders; only EOA (maker = signer) is accepted here. */
export const SIGNATURE_TYPES = { EOA: 0, POLY_PROXY: 1, POLY_GNOSIS_SAFE: 2, POLY_1271: 3 } as const;

/** Cursors of the paged lists: base64 of an offset. "MA==" (0) starts, "LTE=" (-1) means no more. */
export const INITIAL_CURSOR = 'MA==';
export const END_CURSOR = 'LTE=';
export const Cursor = z.string().regex(/^[A-Za-z0-9+/=_-]{1,200}$/, 'must be a cursor from a previous page');
/** A request's `next_cursor`: a page's cursor, or empty (or absent) for the first page, as a loop starts. */
const CursorParam = z.union([z.literal(''), Cursor]).optional();

/** Batch limits: the SDK's (POST /orders ≤ 15, DELETE /orders ≤ 3000) and the docs' 500 token ids. */
export const MAX_ORDERS_PER_BATCH = 15;
export const MAX_CANCEL_IDS = 3000;
export const MAX_TOKENS_PER_BATCH = 500;

// ——— Public market data ———————————————————————————————————————————————————————————————

/**
 * Query of GET /book, /midpoint, /spread, /last-trade-price, /tick-size, /neg-risk, /fee-rate:
 * `token_id` (SDK actions/clob.ts snakeCase(tokenId); legacy client.js `{ token_id: tokenID }`).
 */
export const TokenQuery = z.object({ token_id: TokenId });
export type TokenQuery = z.output<typeof TokenQuery>;

/** Query of GET /price: `token_id` and `side` (BUY → best bid, SELL → best ask, per the reference docs). */
export const PriceQuery = TokenQuery.extend({ side: Side });
export type PriceQuery = z.output<typeof PriceQuery>;

/**
 * Body of POST /books, /midpoints, /spreads, /last-trades-prices: `[{token_id}]`. The SDK sends
 * `{token_id}` only; legacy users pass BookParams, which carry a `side` that changes nothing.
 */
export const TokenListBody = z
  .array(z.object({ token_id: TokenId, side: Side.optional() }))
  .min(1, TRADING_REFUSALS.INVALID_BODY.payload)
  .max(MAX_TOKENS_PER_BATCH, TRADING_REFUSALS.INVALID_BODY.tooMany);
export type TokenListBody = z.output<typeof TokenListBody>;

/** Body of POST /prices: `[{token_id, side}]`, side required. */
export const PricesBody = z
  .array(z.object({ token_id: TokenId, side: Side }))
  .min(1, TRADING_REFUSALS.INVALID_BODY.payload)
  .max(MAX_TOKENS_PER_BATCH, TRADING_REFUSALS.INVALID_BODY.tooMany);
export type PricesBody = z.output<typeof PricesBody>;

/** One price level: size aggregated over every resting order at that price (bindings order-book.ts). */
export const OrderBookLevel = z.object({ price: DecimalText, size: DecimalText });
export type OrderBookLevel = z.output<typeof OrderBookLevel>;

const strictly = (levels: OrderBookLevel[], order: 1 | -1) =>
  levels.every((level, i) => i === 0 || order * (Number(level.price) - Number(levels[i - 1]!.price)) > 0);

/**
 * 200 of GET /book (one) and POST /books (an array of these, in request order). SDK:
 * bindings order-book.ts OrderBookSchema; legacy: types.d.ts OrderBookSummary. Bids ascending and asks
 * descending, so the best of each is LAST: both clients' market-price estimates walk the arrays from
 * the end (SDK orders/estimate.ts, legacy order-builder/helpers.js).
 */
export const OrderBookSummary = z
  .object({
    market: ConditionId,
    asset_id: TokenId,
    /** Milliseconds since the epoch, as text (SDK: digits only). */
    timestamp: UnixText,
    /** 40 lowercase hex digits (SHA-1); the SDK refuses anything else. */
    hash: z.string().regex(/^[0-9a-f]{40}$/, 'must be 40 lowercase hex digits'),
    bids: z.array(OrderBookLevel),
    asks: z.array(OrderBookLevel),
    min_order_size: DecimalText,
    /** Text of the tick ("0.01"); the legacy client caches it as the key of its rounding table. */
    tick_size: z.enum(TICK_SIZES),
    neg_risk: z.boolean(),
    /** Price of the last trade; "" before the first (legacy types it as a required string). */
    last_trade_price: z.union([DecimalText, z.literal('')]),
  })
  .refine((book) => strictly(book.bids, 1), { message: 'bids must ascend (best bid last)', path: ['bids'] })
  .refine((book) => strictly(book.asks, -1), { message: 'asks must descend (best ask last)', path: ['asks'] })
  .refine(
    (book) =>
      !book.bids.length ||
      !book.asks.length ||
      Number(book.bids.at(-1)!.price) < Number(book.asks.at(-1)!.price),
    { message: 'the best bid must be below the best ask', path: ['asks'] },
  );
export type OrderBookSummary = z.output<typeof OrderBookSummary>;
export const OrderBookSummaries = z.array(OrderBookSummary);

/** 200 of GET /price (bindings market-data.ts PriceSchema): text, never a JSON number. */
export const PriceResponse = z.object({ price: DecimalText });
export type PriceResponse = z.output<typeof PriceResponse>;

/**
 * 200 of POST /prices: `{[token_id]: {BUY?: price, SELL?: price}}` (bindings PricesSchema). The
 * reference docs show numbers here; the SDK's schema takes text only.
 */
export const PricesResponse = z.record(
  TokenId,
  z.object({ BUY: DecimalText.optional(), SELL: DecimalText.optional() }),
);
export type PricesResponse = z.output<typeof PricesResponse>;

/** 200 of GET /midpoint (bindings MidpointSchema). */
export const MidpointResponse = z.object({ mid: DecimalText });
export type MidpointResponse = z.output<typeof MidpointResponse>;

/** 200 of POST /midpoints: `{[token_id]: mid}` (bindings MidpointsSchema). */
export const MidpointsResponse = z.record(TokenId, DecimalText);
export type MidpointsResponse = z.output<typeof MidpointsResponse>;

/** 200 of GET /spread (bindings SpreadSchema). */
export const SpreadResponse = z.object({ spread: DecimalText });
export type SpreadResponse = z.output<typeof SpreadResponse>;

/** 200 of POST /spreads: `{[token_id]: spread}` (bindings SpreadsSchema). */
export const SpreadsResponse = z.record(TokenId, DecimalText);
export type SpreadsResponse = z.output<typeof SpreadsResponse>;

/**
 * 200 of GET /last-trade-price (bindings LastTradePriceSchema: side BUY or SELL, required). The
 * reference answers `{price: "0.5", side: ""}` for a token never traded; the SDK refuses that answer
 * (it does so against the reference too), so `side: ""` is allowed here only for that case.
 */
export const LastTradePrice = z.object({ price: DecimalText, side: z.union([Side, z.literal('')]) });
export type LastTradePrice = z.output<typeof LastTradePrice>;

/** 200 of POST /last-trades-prices: one entry per token (bindings LastTradePricesSchema). */
export const LastTradesPrices = z.array(z.object({ token_id: TokenId, price: DecimalText, side: Side }));
export type LastTradesPrices = z.output<typeof LastTradesPrices>;

/** Path of GET /live-activity/events/{condition_id} and /markets/{condition_id}: a market's condition id. */
export const ConditionPath = z.object({ condition_id: ConditionId });

/** Most and default fills of GET /live-activity/events/{condition_id} (the dashboard's tape shows 20). */
export const MARKET_TRADES = { max: 100, default: 20 } as const;

/** Query of GET /live-activity/events/{condition_id}: `limit` is ours (the reference names none). */
export const MarketTradesQuery = z.object({
  limit: z
    .string({ error: `must be given once, a whole number from 1 to ${MARKET_TRADES.max}` })
    .regex(/^[1-9][0-9]{0,2}$/, `must be a whole number from 1 to ${MARKET_TRADES.max}`)
    .transform(Number)
    .refine((n) => n <= MARKET_TRADES.max, `must be a whole number from 1 to ${MARKET_TRADES.max}`)
    .default(MARKET_TRADES.default),
});

/**
 * One fill of GET /live-activity/events/{condition_id}, seen from its taker (the legacy client's
 * MarketTradeEvent, types.d.ts; getMarketTradesEvents). The `user` fields are always empty: a fill here
 * names no wallet publicly, as the market channel names none.
 */
export const MarketTradeEvent = z.object({
  event_type: z.literal('trade'),
  market: z.object({
    condition_id: z.string(),
    asset_id: z.string(),
    question: z.string(),
    icon: z.string(),
    slug: z.string(),
  }),
  user: z.object({
    address: z.literal(''),
    username: z.literal(''),
    profile_picture: z.literal(''),
    optimized_profile_picture: z.literal(''),
    pseudonym: z.literal(''),
  }),
  side: Side,
  size: DecimalText,
  fee_rate_bps: z.literal('0'),
  price: DecimalText,
  outcome: z.string(),
  outcome_index: z.union([z.literal(0), z.literal(1)]),
  transaction_hash: Bytes32,
  /** Unix seconds as text, as a trade's `match_time`. */
  timestamp: UnixText,
});
export type MarketTradeEvent = z.output<typeof MarketTradeEvent>;
export const MarketTradeEvents = z.array(MarketTradeEvent);

/**
 * 200 of GET /tick-size: a JSON NUMBER (bindings TickSizeValueSchema takes the literals 0.1, 0.01,
 * 0.005, 0.0025, 0.001, 0.0001 only; legacy client.js turns it into the text key of its rounding table).
 */
export const TickSizeResponse = z.object({
  minimum_tick_size: z.union([z.literal(0.1), z.literal(0.01), z.literal(0.001), z.literal(0.0001)]),
});
export type TickSizeResponse = z.output<typeof TickSizeResponse>;

/** 200 of GET /neg-risk (bindings NegRiskSchema; picks the exchange contract the order is signed for). */
export const NegRiskResponse = z.object({ neg_risk: z.boolean() });
export type NegRiskResponse = z.output<typeof NegRiskResponse>;

/**
 * 200 of GET /fee-rate: `{base_fee}` in basis points, a JSON number (legacy client.js getFeeRateBps
 * compares it with `> 0`; the SDK never asks). 0 here: no fees.
 */
export const FeeRateResponse = z.object({ base_fee: z.number().int().nonnegative() });
export type FeeRateResponse = z.output<typeof FeeRateResponse>;

/** Path of GET /fees/builder-fees/{builder_code}: a builder code, as a version-2 order's `builder` field. */
export const BuilderCodePath = z.object({ builder_code: Bytes32 });

/**
 * 200 of GET /fees/builder-fees/{builder_code}: what an order with that builder code pays its builder, in
 * basis points (the SDK reads both to size a market buy with `maxSpend` and a `builderCode`). No fees here.
 */
export const BuilderFeeRates = z.object({
  builder_maker_fee_rate_bps: z.number(),
  builder_taker_fee_rate_bps: z.number(),
});

/** 200 of GET /auth/ban-status/closed-only: whether the account may only close positions. Never here. */
export const ClosedOnlyMode = z.object({ closed_only: z.boolean() });

/**
 * Order scoring (the reference's liquidity rewards): no rewards here, so no order scores. Query of
 * GET /order-scoring (`order_id`), body of POST /orders-scoring (a bare JSON array of order ids, as both
 * clients send it, up to the cancels' limit), and their answers.
 */
export const OrderScoringQuery = z.object({ order_id: Bytes32 });
export const OrdersScoringBody = z.array(Bytes32).max(MAX_CANCEL_IDS);
export const OrderScoring = z.object({ scoring: z.boolean() });
export const OrdersScoring = z.record(z.string(), z.boolean());

/**
 * Liquidity rewards and earnings (the reference pays makers near the midpoint): none here. The lists
 * answer an empty page, the day's total an empty list and the percentages an empty map, so a client's
 * paging loop ends at once. `date` (YYYY-MM-DD) is checked when given; the other filters the clients
 * send (`signature_type`, `order_by`, `position`, `no_competition`, `sponsored`) change nothing.
 */
export const RewardsQuery = z.object({
  next_cursor: CursorParam,
  date: z
    .string()
    .regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/, 'must be a day as YYYY-MM-DD')
    .optional(),
});
export const NoRewardsPage = z.object({
  limit: z.number().int(),
  count: z.number().int(),
  next_cursor: z.string(),
  data: z.array(z.never()).max(0),
});
export const NoEarnings = z.array(z.never()).max(0);
export const NoRewardPercentages = z.record(z.string(), z.number());

/**
 * GET /notifications: the account's notifications (the reference's: fills and cancels by its matching
 * engine). The live user channel tells those here, so the list is always empty. DELETE /notifications
 * (`ids`, comma-separated) drops some: there are none to drop.
 */
export const Notifications = z.array(
  z.object({
    id: z.number(),
    owner: z.string(),
    payload: z.unknown(),
    timestamp: z.number(),
    type: z.number(),
  }),
);
export const DropNotificationsQuery = z.object({ ids: z.string().max(100_000).optional() });

// ——— Orders ——————————————————————————————————————————————————————————————————————————

/** `salt` travels as a JSON number; past 2^53 the client's number no longer is the signed salt. */
const Salt = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
/** A uint256 of the signed struct as decimal text (no sign, no leading zeros), below 2^256. */
const Uint256Text = z
  .string()
  // zod runs later checks after a failed one unless told: BigInt() of "-5" would throw.
  .regex(/^(0|[1-9][0-9]{0,77})$/, { error: 'must be a whole number below 2^256', abort: true })
  .refine(belowTwoTo256, 'must be a whole number below 2^256');
const OrderFields = {
  salt: Salt,
  maker: Address,
  signer: Address,
  tokenId: TokenId,
  makerAmount: Uint256Text,
  takerAmount: Uint256Text,
  /** Text on the wire; the signed struct encodes BUY as 0 and SELL as 1. */
  side: Side,
  /** 0 = EOA, 1 = proxy, 2 = Gnosis safe, 3 = ERC-1271; a JSON number. */
  signatureType: z.number().int().min(0).max(3),
  /** Hex bytes: 65 for a wallet (EOA) signature; other signature types may send more. */
  signature: z.string().regex(/^0x([0-9a-fA-F]{2})+$/, 'must be 0x + hex bytes'),
  /** Unix seconds as text, "0" for none. In the version-2 struct it is NOT signed. */
  expiration: Uint256Text,
};

/**
 * A signed order as read from the wire: the message its signature covers (orders.ts) with its version,
 * the signature, and the expiration in unix seconds (0 = none; for version 1 the signed field, for
 * version 2 the unsigned wire field).
 */
export type SignedOrder = VersionedOrder & { signature: Hex; expiration: bigint };

const sideNumber = (side: Side) => (side === 'BUY' ? ORDER_SIDE.BUY : ORDER_SIDE.SELL);

/**
 * What both versions sign, as the struct holds it. Each version adds its own fields with Object.assign:
 * Node 20's V8 builds `{...common, more}` on a slow path (~3 µs here, against ~0.1 µs).
 */
function commonMessage(o: z.output<z.ZodObject<typeof OrderFields>>) {
  return {
    salt: BigInt(o.salt),
    maker: o.maker as ViemAddress,
    signer: o.signer as ViemAddress,
    tokenId: BigInt(o.tokenId),
    makerAmount: BigInt(o.makerAmount),
    takerAmount: BigInt(o.takerAmount),
    side: sideNumber(o.side),
    signatureType: o.signatureType,
  };
}

/**
 * The legacy client's order: the exchange's version-1 `Order` (legacy utilities.js orderToJson;
 * signed struct in order-utils/exchange.order.const.js, domain "Polymarket CTF Exchange" version "1"),
 * read as the order it signed.
 */
export const SignedOrderV1 = z
  .object({
    ...OrderFields,
    taker: Address,
    nonce: Uint256Text,
    feeRateBps: Uint256Text,
  })
  .transform((o): SignedOrder => {
    const expiration = BigInt(o.expiration);
    const message = Object.assign(commonMessage(o), {
      taker: o.taker as ViemAddress,
      expiration,
      nonce: BigInt(o.nonce),
      feeRateBps: BigInt(o.feeRateBps),
    });
    return { version: 1, message, signature: o.signature as Hex, expiration };
  });

/**
 * The SDK's order: the exchange's version-2 `Order` (SDK orders/post.ts createSendOrderPayload; signed
 * struct in src/exchange.ts, domain "Polymarket CTF Exchange" version "2"): no taker, nonce or fee; a
 * millisecond `timestamp` and two bytes32 fields, zero unless a builder code is given. Its `expiration`
 * is sent but not signed: two bodies differing only in it are one order (one id).
 */
export const SignedOrderV2 = z
  .object({
    ...OrderFields,
    timestamp: UnixText,
    metadata: Bytes32,
    builder: Bytes32,
  })
  .transform((o): SignedOrder => {
    const message = Object.assign(commonMessage(o), {
      timestamp: BigInt(o.timestamp),
      metadata: o.metadata as Hex,
      builder: o.builder as Hex,
    });
    return { version: 2, message, signature: o.signature as Hex, expiration: BigInt(o.expiration) };
  });

/** A signed order in the shape its client posted it: what `SignedOrder` reads, written back. */
export function signedOrderWire(
  signed: SignedOrder,
): z.input<typeof SignedOrderV1> | z.input<typeof SignedOrderV2> {
  const m = signed.message;
  const common = {
    salt: Number(m.salt),
    maker: m.maker,
    signer: m.signer,
    tokenId: `${m.tokenId}`,
    makerAmount: `${m.makerAmount}`,
    takerAmount: `${m.takerAmount}`,
    side: m.side === ORDER_SIDE.BUY ? ('BUY' as const) : ('SELL' as const),
    signatureType: m.signatureType,
    signature: signed.signature,
    expiration: `${signed.expiration}`,
  };
  // Object.assign rather than a spread: see commonMessage.
  return signed.version === 1
    ? Object.assign(common, {
        taker: signed.message.taker,
        nonce: `${signed.message.nonce}`,
        feeRateBps: `${signed.message.feeRateBps}`,
      })
    : Object.assign(common, {
        timestamp: `${signed.message.timestamp}`,
        metadata: signed.message.metadata,
        builder: signed.message.builder,
      });
}

/**
 * Either version, read as the order it signed; a body that is a whole version-2 order is read as one
 * (the fields of the other version are then ignored, as any unnamed field is).
 */
export const SignedOrder = z.union([SignedOrderV2, SignedOrderV1]);

/**
 * Body of POST /order. SDK: `{deferExec: false, order, orderType, owner, postOnly?: true}`; legacy:
 * `{deferExec, order, owner, orderType, postOnly}` (postOnly always present, false by default).
 * `owner` is the API key (not an address); a wrong one is refused with the reference's sentence, so
 * it is any text here.
 */
export const PostOrderBody = z.object({
  order: SignedOrder,
  owner: z.string().min(1),
  orderType: OrderType,
  deferExec: z.boolean().optional(),
  postOnly: z.boolean().optional(),
});
export type PostOrderBody = z.output<typeof PostOrderBody>;

/** Body of POST /orders: 1…15 of the above, answered in the same order. */
export const PostOrdersBody = z
  .array(PostOrderBody)
  .min(1, TRADING_REFUSALS.INVALID_ORDER.payload)
  .max(MAX_ORDERS_PER_BATCH, {
    error: (issue) =>
      TRADING_REFUSALS.INVALID_ORDER.tooMany((issue.input as unknown[]).length, MAX_ORDERS_PER_BATCH),
  });
export type PostOrdersBody = z.output<typeof PostOrdersBody>;

/** Placement outcomes the SDK accepts (lowercase; "LIVE" makes it report a refusal). */
export const POST_STATUSES = ['live', 'matched', 'delayed'] as const;

/**
 * 200 of POST /order, and each element of POST /orders' array (bindings order-response.ts; legacy
 * types.d.ts OrderResponse). Accepted: success true, errorMsg "", orderID the order's hash, status
 * live/matched/delayed, amounts as decimal text ("" = nothing filled; for a BUY making = USDC paid,
 * taking = shares got) and every fill's trade id and 32-byte hash (the SDK throws on any other hash).
 * In a batch a refused order is `{success: false, errorMsg: <sentence>, orderID: "" or its hash,
 * status: "", amounts "", lists []}`; a single POST /order refuses with 400 `{error, code}` instead.
 */
export const PostOrderResponse = z
  .object({
    success: z.boolean(),
    errorMsg: z.string(),
    orderID: z.union([Bytes32, z.literal('')]),
    status: z.enum([...POST_STATUSES, '']),
    makingAmount: z.union([DecimalText, z.literal('')]),
    takingAmount: z.union([DecimalText, z.literal('')]),
    transactionsHashes: z.array(Bytes32),
    tradeIDs: z.array(z.string().min(1)),
  })
  .refine((a) => (a.success ? a.errorMsg === '' && a.orderID !== '' && a.status !== '' : a.errorMsg !== ''), {
    message: 'an accepted order has an id, a status and no errorMsg; a refused one has an errorMsg',
  });
export type PostOrderResponse = z.output<typeof PostOrderResponse>;
export const PostOrdersResponse = z.array(PostOrderResponse);

// ——— Cancels ————————————————————————————————————————————————————————————————————————

/** Body of DELETE /order: `{orderID}` (SDK orders/cancel.ts; legacy OrderPayload). */
export const CancelOrderBody = z.object({
  orderID: z
    .string({ error: TRADING_REFUSALS.INVALID_PARAMETER.orderId })
    .min(1, TRADING_REFUSALS.INVALID_PARAMETER.orderId),
});
export type CancelOrderBody = z.output<typeof CancelOrderBody>;

/** Body of DELETE /orders: a bare JSON array of order ids (SDK: 1…3000; legacy: any). */
export const CancelOrdersBody = z
  .array(z.string().min(1, TRADING_REFUSALS.INVALID_PARAMETER.orderId))
  .max(MAX_CANCEL_IDS, TRADING_REFUSALS.INVALID_BODY.tooManyIds(MAX_CANCEL_IDS));
export type CancelOrdersBody = z.output<typeof CancelOrdersBody>;

/**
 * Body of DELETE /cancel-market-orders: `{market?, asset_id?}` (condition id and/or token id). The
 * SDK requires one of them; legacy users may send neither, which cancels every open order.
 */
export const CancelMarketOrdersBody = z.object({
  market: ConditionId.optional(),
  asset_id: TokenId.optional(),
});
export type CancelMarketOrdersBody = z.output<typeof CancelMarketOrdersBody>;

/**
 * 200 of every cancel (DELETE /order, /orders, /cancel-all, /cancel-market-orders), bindings
 * cancel.ts: ids cancelled, and a reason for each id that was not.
 */
export const CancelResponse = z.object({
  canceled: z.array(z.string()),
  not_canceled: z.record(z.string(), z.string()),
});
export type CancelResponse = z.output<typeof CancelResponse>;

/**
 * Body of POST /v1/heartbeats (the legacy client's postHeartbeat): `heartbeat_id` null or absent starts a
 * chain, the chain's id renews it. The reference's documentation also sends no body at all.
 */
export const HeartbeatBody = z
  // Visible ASCII only: ids are UUIDs, and text with NUL could not even be looked up (PostgreSQL's text).
  .object({
    heartbeat_id: z
      .string()
      .regex(/^[\x21-\x7e]{1,100}$/)
      .nullish(),
  })
  .nullish()
  .transform((body) => body?.heartbeat_id ?? null);

/** 200 of POST /v1/heartbeats: the chain's id, to send with the next heartbeat (legacy HeartbeatResponse). */
export const HeartbeatResponse = z.object({ heartbeat_id: z.string(), status: z.literal('ok') });
export type HeartbeatResponse = z.output<typeof HeartbeatResponse>;

// ——— Lists ——————————————————————————————————————————————————————————————————————————

/**
 * A page of GET /data/orders or /data/trades (bindings account.ts createCursorPageSchema). The
 * legacy client loops `while (next_cursor !== "LTE=")`, re-sending the same signed headers; the SDK
 * stops at "LTE=" too. Any other value is fetched as the next page.
 */
const cursorPage = <T extends z.ZodType>(item: T) =>
  z.object({
    limit: z.number().int().positive(),
    /** Items in this page. */
    count: z.number().int().nonnegative(),
    next_cursor: Cursor,
    data: z.array(item),
  });

/**
 * Query of GET /data/orders. SDK: `id`, `market`, `asset_id` (from tokenId), `next_cursor` only from
 * the second page; legacy: the same names, `next_cursor=MA==` on the first page.
 */
export const OpenOrdersQuery = z.object({
  /** An order id here, a trade id in TradesQuery: text without control characters (no NUL reaches SQL). */
  id: z
    .string()
    .min(1)
    .max(200)
    .regex(/^\P{Cc}+$/u, 'must not contain control characters')
    .optional(),
  market: ConditionId.optional(),
  asset_id: TokenId.optional(),
  next_cursor: CursorParam,
});
export type OpenOrdersQuery = z.output<typeof OpenOrdersQuery>;

/** Status of an order in the lists (reference clients read it as text; rs client: LIVE/MATCHED/CANCELED). */
export const ORDER_STATUSES = ['LIVE', 'MATCHED', 'CANCELED'] as const;

/**
 * One order of GET /data/orders and the answer of GET /data/order/{id} (bindings OpenOrderSchema;
 * legacy types.d.ts OpenOrder). Sizes are shares, price a decimal; `created_at` is unix SECONDS as a
 * number (the SDK's date conversion reads it as milliseconds, its own bug); `expiration` is unix seconds
 * as text, "0" for none, and must be present (the SDK's schema requires the key).
 */
export const OpenOrder = z.object({
  id: Bytes32,
  status: z.enum(ORDER_STATUSES),
  /** The API key of the order's owner. */
  owner: z.string().min(1),
  maker_address: Address,
  market: ConditionId,
  asset_id: TokenId,
  side: Side,
  original_size: DecimalText,
  size_matched: DecimalText,
  price: DecimalText,
  /** Ids of the trades this order took part in. */
  associate_trades: z.array(z.string()),
  /** The outcome's name ("Yes", "No", …). */
  outcome: z.string(),
  created_at: z.number().int().nonnegative(),
  expiration: UnixText,
  order_type: OrderType,
});
export type OpenOrder = z.output<typeof OpenOrder>;
export const OpenOrdersPage = cursorPage(OpenOrder);
export type OpenOrdersPage = z.output<typeof OpenOrdersPage>;

/**
 * Query of GET /data/trades. SDK: `id`, `market`, `asset_id`, `maker_address`, `before`, `after`
 * (unix seconds), `next_cursor`; legacy TradeParams: the same names.
 */
export const TradesQuery = OpenOrdersQuery.extend({
  maker_address: Address.optional(),
  before: UnixText.optional(),
  after: UnixText.optional(),
});
export type TradesQuery = z.output<typeof TradesQuery>;

/** A resting order's part of a trade (bindings MakerOrderSchema; legacy MakerOrder). */
export const MakerOrder = z.object({
  order_id: Bytes32,
  owner: z.string().min(1),
  maker_address: Address,
  /** Shares of this maker order filled by the trade. */
  matched_amount: DecimalText,
  price: DecimalText,
  fee_rate_bps: BaseUnitsText,
  asset_id: TokenId,
  outcome: z.string(),
  side: Side,
});
export type MakerOrder = z.output<typeof MakerOrder>;

/**
 * One trade of GET /data/trades (bindings ClobTradeSchema; legacy types.d.ts Trade), from the taker
 * order's side (`side`, `size`, `asset_id` are the taker's) with each maker order it matched. Times are
 * unix seconds as text. Trades are final when matched here: `status` is always CONFIRMED (the SDK also
 * reads "TRADE_STATUS_CONFIRMED"); `transaction_hash` a 32-byte hash (the SDK's settlement wait
 * throws on anything else) that is on no chain.
 */
export const Trade = z.object({
  id: z.string().min(1),
  taker_order_id: Bytes32,
  market: ConditionId,
  asset_id: TokenId,
  side: Side,
  size: DecimalText,
  fee_rate_bps: BaseUnitsText,
  price: DecimalText,
  status: z.literal('CONFIRMED'),
  match_time: UnixText,
  last_update: UnixText,
  outcome: z.string(),
  bucket_index: z.number().int().nonnegative(),
  owner: z.string().min(1),
  maker_address: Address,
  maker_orders: z.array(MakerOrder),
  transaction_hash: Bytes32,
  /** Whether the key's owner was the taker or one of the makers. */
  trader_side: z.enum(['TAKER', 'MAKER']),
});
export type Trade = z.output<typeof Trade>;
export const TradesPage = cursorPage(Trade);
export type TradesPage = z.output<typeof TradesPage>;

// ——— Market listings (the legacy client's getMarkets and kin) ————————————————————————————

/** Markets a page of GET /markets, /simplified-markets, /sampling-markets… (the reference pages by 1,000). */
export const MARKETS_PAGE_SIZE = 500;

/** Query of the market listings: the legacy client sends `next_cursor` (none, or "MA==", on the first page). */
export const MarketsQuery = z.object({ next_cursor: CursorParam });

/** An outcome of a listed market: its token, name and the catalog's price; `winner` false (nothing resolves here). */
const MarketToken = z.object({
  token_id: TokenId,
  outcome: z.string(),
  price: z.number(),
  winner: z.boolean(),
});

/** No liquidity rewards here: the reference's shape, empty. */
const MarketRewards = z.object({ rates: z.null(), min_size: z.number(), max_spread: z.number() });

/**
 * A market of GET /simplified-markets and /sampling-simplified-markets (the reference's simplified
 * market; the legacy client types it `any`).
 */
export const SimplifiedMarket = z.object({
  condition_id: z.string(),
  rewards: MarketRewards,
  tokens: z.array(MarketToken),
  active: z.boolean(),
  closed: z.boolean(),
  archived: z.boolean(),
  accepting_orders: z.boolean(),
});
export type SimplifiedMarket = z.output<typeof SimplifiedMarket>;

/** A market of GET /markets, /sampling-markets and GET /markets/{condition_id} (the reference's market). */
export const ClobMarket = SimplifiedMarket.extend({
  enable_order_book: z.boolean(),
  accepting_order_timestamp: z.null(),
  minimum_order_size: z.number(),
  minimum_tick_size: z.number(),
  question_id: z.string(),
  question: z.string(),
  description: z.string(),
  market_slug: z.string(),
  end_date_iso: z.string(),
  game_start_time: z.null(),
  seconds_delay: z.number(),
  fpmm: z.string(),
  maker_base_fee: z.number(),
  taker_base_fee: z.number(),
  notifications_enabled: z.boolean(),
  neg_risk: z.boolean(),
  neg_risk_market_id: z.string(),
  neg_risk_request_id: z.string(),
  icon: z.string(),
  image: z.string(),
  is_50_50_outcome: z.boolean(),
  tags: z.array(z.string()),
});
export type ClobMarket = z.output<typeof ClobMarket>;

/** Path of GET /markets-by-token/{token_id}. */
export const TokenPath = z.object({ token_id: TokenId });

/**
 * 200 of GET /markets-by-token/{token_id}: the token's market, by condition id, and its first two tokens
 * (the SDK's `resolveConditionByToken` reads `condition_id`).
 */
export const MarketByToken = z.object({
  condition_id: z.string(),
  primary_token_id: z.string(),
  secondary_token_id: z.string(),
});
export type MarketByToken = z.output<typeof MarketByToken>;

/**
 * 200 of GET /clob-markets/{condition_id}: a market's trading parameters under the reference's short
 * keys: `t` its tokens (`t` id, `o` outcome), `mos` minimum order size, `mts` tick, `mbf`/`tbf` maker and
 * taker base fees, `fd` the fee curve (`r` rate, `e` exponent, `to` takers only), `gst` game start,
 * `r` rewards, `rfqe` RFQ, `ibce` Blockaid check, `oas` minimum order age (s). No fees, rewards or
 * RFQ here: zeros and falses. The SDK's `fetchMarketInfo` reads `t` and `fd`.
 */
export const ClobMarketInfo = z.object({
  gst: z.null(),
  r: z.object({}),
  t: z.array(z.object({ t: z.string(), o: z.string() })),
  mos: z.number(),
  mts: z.number(),
  mbf: z.number(),
  tbf: z.number(),
  rfqe: z.boolean(),
  ibce: z.boolean(),
  fd: z.object({ r: z.number(), e: z.number(), to: z.boolean() }),
  oas: z.number(),
});
export type ClobMarketInfo = z.output<typeof ClobMarketInfo>;

export const ClobMarketsPage = cursorPage(ClobMarket);
export const SimplifiedMarketsPage = cursorPage(SimplifiedMarket);

// ——— Balances ————————————————————————————————————————————————————————————————————————

export const ASSET_TYPES = ['COLLATERAL', 'CONDITIONAL'] as const;

/**
 * Query of GET /balance-allowance and GET /balance-allowance/update: `asset_type`, `token_id` (for
 * CONDITIONAL), `signature_type` (both clients always send it: SDK from the wallet type, legacy from
 * its constructor, 0 for an EOA).
 */
export const BalanceAllowanceQuery = z
  .object({
    asset_type: z.enum(ASSET_TYPES),
    token_id: TokenId.optional(),
    signature_type: z.enum(['0', '1', '2', '3']).optional(),
  })
  .refine((q) => q.asset_type === 'COLLATERAL' || q.token_id !== undefined, {
    message: 'is required when asset_type is CONDITIONAL',
    path: ['token_id'],
  });
export type BalanceAllowanceQuery = z.output<typeof BalanceAllowanceQuery>;

/**
 * 200 of GET /balance-allowance (and of /update, whose body the SDK ignores). Base units as text.
 * The SDK requires `allowances`, keyed by spender ADDRESS (it throws on any other key) with base units
 * as values (BigInt); legacy types.d.ts reads `allowance`. Both, then: the allowance equals the
 * unreserved balance, for each exchange contract an order can be signed for.
 */
export const BalanceAllowance = z.object({
  balance: BaseUnitsText,
  allowance: BaseUnitsText,
  allowances: z.record(Address, BaseUnitsText),
});
export type BalanceAllowance = z.output<typeof BalanceAllowance>;

/** One row of GET /data/positions (docs/api.md, an extension): shares held, reserved, average and current price. */
export const Position = z.object({
  asset_id: z.string(),
  market: z.string(),
  outcome: z.string(),
  size: z.string(),
  reserved: z.string(),
  avg_price: z.string(),
  cur_price: z.string(),
});
export type Position = z.output<typeof Position>;

/**
 * 200 of GET /data/summary (docs/api.md, an extension), in dollars as decimal text: the paper money
 * credited (the starting grant, an operator's funding) and the profit or loss sells have realised.
 */
export const AccountSummary = z.object({
  credited: z.string(),
  credits: z.array(
    z.object({ amount: z.string(), reason: z.enum(['grant', 'fund']), created_at: z.number().int() }),
  ),
  realized_pnl: z.string(),
});
export type AccountSummary = z.output<typeof AccountSummary>;
