import * as sdk from '@polymarket/bindings/clob';
import {
  createSecureClient,
  forkEnvironmentConfig,
  OrderSide,
  RequestRejectedError,
} from '@polymarket/client';
import {
  fetchBalanceAllowance,
  fetchNegRisk,
  fetchTickSize,
  updateBalanceAllowance,
} from '@polymarket/client/actions';
import { privateKey } from '@polymarket/client/viem';
import {
  AssetType,
  ClobClient,
  OrderType as LegacyOrderType,
  Side as LegacySide,
} from '@polymarket/clob-client';
import {
  calculateBuyMarketPrice,
  calculateSellMarketPrice,
} from '@polymarket/clob-client/dist/order-builder/helpers.js';
import axios from 'axios';
import { createWalletClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { buildL2Message, signL2 } from './auth-l2';
import { ORDER_SIDE } from './orders';
import {
  BalanceAllowance,
  BalanceAllowanceQuery,
  CancelMarketOrdersBody,
  CancelOrderBody,
  CancelOrdersBody,
  CancelResponse,
  END_CURSOR,
  FeeRateResponse,
  INITIAL_CURSOR,
  LastTradePrice,
  LastTradesPrices,
  MidpointResponse,
  MidpointsResponse,
  NegRiskResponse,
  OpenOrder,
  OpenOrdersPage,
  OpenOrdersQuery,
  OrderBookSummaries,
  OrderBookSummary,
  PostOrderBody,
  PostOrderResponse,
  PostOrdersBody,
  PostOrdersResponse,
  PriceQuery,
  PriceResponse,
  PricesBody,
  PricesResponse,
  SpreadResponse,
  SpreadsResponse,
  TickSizeResponse,
  TokenListBody,
  TokenQuery,
  Trade,
  TradesPage,
  TradesQuery,
} from './trading';
import { TRADING_REFUSALS } from './trading-errors';

// ——— Samples: what this service answers, in the shapes of trading.ts ——————————————————————

const YES = '71321045679252212594626385532706912750332728571942532289631379312455583992563';
const NO = '52114319501245915516055106046884209969926127482827954674443846427813813222426';
const MARKET = '0xbd31dc8a20211944f6b70f31557f1001557b59905b7738480ca09bd4532f84af';
const ORDER_ID = `0x${'ab'.repeat(32)}`;
const OTHER_ORDER = `0x${'ef'.repeat(32)}`;
const TX = `0x${'cd'.repeat(32)}`;
const TRADE_ID = '28c4d2eb-bbea-40e7-a9f0-b2fdb56b2c2e';
const EXCHANGE = '0xE111180000d2663C0091e4f400237545B87B996B';
const PRIVATE_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const CREDENTIALS = {
  apiKey: '11111111-2222-4333-8444-555555555555',
  secret: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
  passphrase: 'f'.repeat(64),
};

const book = {
  market: MARKET,
  asset_id: YES,
  timestamp: '1764000000000',
  hash: '0c9f7e2a5f1b3d4c6e8a0b2d4f6a8c0e2b4d6f8a',
  bids: [
    { price: '0.48', size: '30' },
    { price: '0.5', size: '100' },
  ],
  asks: [
    { price: '0.55', size: '40' },
    { price: '0.52', size: '200' },
  ],
  min_order_size: '5',
  tick_size: '0.01',
  neg_risk: false,
  last_trade_price: '0.51',
} satisfies OrderBookSummary;
const mirror = {
  ...book,
  asset_id: NO,
  bids: [
    { price: '0.45', size: '40' },
    { price: '0.48', size: '200' },
  ],
  asks: [
    { price: '0.52', size: '30' },
    { price: '0.5', size: '100' },
  ],
  last_trade_price: '0.49',
} satisfies OrderBookSummary;

const accepted = {
  success: true,
  errorMsg: '',
  orderID: ORDER_ID,
  status: 'matched',
  makingAmount: '5.2',
  takingAmount: '10',
  transactionsHashes: [TX],
  tradeIDs: [TRADE_ID],
} satisfies PostOrderResponse;
const resting = {
  ...accepted,
  status: 'live',
  makingAmount: '',
  takingAmount: '',
  transactionsHashes: [],
  tradeIDs: [],
};
const refusedInBatch = {
  success: false,
  errorMsg: TRADING_REFUSALS.ORDER_NOT_FILLED.fok,
  orderID: '',
  status: '',
  makingAmount: '',
  takingAmount: '',
  transactionsHashes: [],
  tradeIDs: [],
} satisfies PostOrderResponse;

const openOrder = {
  id: ORDER_ID,
  status: 'LIVE',
  owner: CREDENTIALS.apiKey,
  maker_address: ADDRESS,
  market: MARKET,
  asset_id: YES,
  side: 'BUY',
  original_size: '10',
  size_matched: '2.5',
  price: '0.5',
  associate_trades: [TRADE_ID],
  outcome: 'Yes',
  created_at: 1764000000,
  expiration: '0',
  order_type: 'GTC',
} satisfies OpenOrder;

const trade = {
  id: TRADE_ID,
  taker_order_id: OTHER_ORDER,
  market: MARKET,
  asset_id: YES,
  side: 'SELL',
  size: '2.5',
  fee_rate_bps: '0',
  price: '0.5',
  status: 'CONFIRMED',
  match_time: '1764000100',
  last_update: '1764000100',
  outcome: 'Yes',
  bucket_index: 0,
  owner: CREDENTIALS.apiKey,
  maker_address: ADDRESS,
  maker_orders: [
    {
      order_id: ORDER_ID,
      owner: CREDENTIALS.apiKey,
      maker_address: ADDRESS,
      matched_amount: '2.5',
      price: '0.5',
      fee_rate_bps: '0',
      asset_id: YES,
      outcome: 'Yes',
      side: 'BUY',
    },
  ],
  transaction_hash: TX,
  trader_side: 'MAKER',
} satisfies Trade;

const balance = {
  balance: '1000000000',
  allowance: '1000000000',
  allowances: { [EXCHANGE]: '1000000000' },
} satisfies BalanceAllowance;

const cancelled = {
  canceled: [ORDER_ID],
  not_canceled: { [OTHER_ORDER]: TRADING_REFUSALS.ORDER_NOT_FOUND.cancel },
} satisfies CancelResponse;

const lastPage = <T>(data: T[]) => ({ limit: 100, count: data.length, next_cursor: END_CURSOR, data });

// ——— Our schemas and the SDK's agree on every answer ————————————————————————————————

interface Pair {
  name: string;
  ours: z.ZodType;
  theirs: { parse(value: unknown): unknown };
  sample: unknown;
  check?: (parsed: never) => void;
}

const pairs: Pair[] = [
  { name: 'GET /book', ours: OrderBookSummary, theirs: sdk.OrderBookSchema, sample: book },
  { name: 'POST /books', ours: OrderBookSummaries, theirs: sdk.OrderBooksSchema, sample: [book, mirror] },
  { name: 'GET /price', ours: PriceResponse, theirs: sdk.PriceSchema, sample: { price: '0.5' } },
  {
    name: 'POST /prices',
    ours: PricesResponse,
    theirs: sdk.PricesSchema,
    sample: { [YES]: { BUY: '0.5', SELL: '0.52' }, [NO]: { SELL: '0.5' } },
  },
  { name: 'GET /midpoint', ours: MidpointResponse, theirs: sdk.MidpointSchema, sample: { mid: '0.51' } },
  {
    name: 'POST /midpoints',
    ours: MidpointsResponse,
    theirs: sdk.MidpointsSchema,
    sample: { [YES]: '0.51' },
  },
  { name: 'GET /spread', ours: SpreadResponse, theirs: sdk.SpreadSchema, sample: { spread: '0.02' } },
  { name: 'POST /spreads', ours: SpreadsResponse, theirs: sdk.SpreadsSchema, sample: { [YES]: '0.02' } },
  {
    name: 'GET /last-trade-price',
    ours: LastTradePrice,
    theirs: sdk.LastTradePriceSchema,
    sample: { price: '0.51', side: 'BUY' },
  },
  {
    name: 'POST /last-trades-prices',
    ours: LastTradesPrices,
    theirs: sdk.LastTradePricesSchema,
    sample: [{ token_id: YES, price: '0.51', side: 'SELL' }],
  },
  {
    name: 'GET /tick-size',
    ours: TickSizeResponse,
    theirs: sdk.TickSizeSchema,
    sample: { minimum_tick_size: 0.01 },
    check: (parsed: { minimumTickSize: number }) => expect(parsed.minimumTickSize).toBe(0.01),
  },
  { name: 'GET /neg-risk', ours: NegRiskResponse, theirs: sdk.NegRiskSchema, sample: { neg_risk: true } },
  {
    name: 'POST /order (matched)',
    ours: PostOrderResponse,
    theirs: sdk.OrderResponseSchema,
    sample: accepted,
    check: (parsed: sdk.OrderResponse) =>
      expect(parsed).toEqual({
        ok: true,
        orderId: ORDER_ID,
        status: 'matched',
        makingAmount: '5.2',
        takingAmount: '10',
        tradeIds: [TRADE_ID],
        transactionsHashes: [TX],
      }),
  },
  {
    name: 'POST /order (resting)',
    ours: PostOrderResponse,
    theirs: sdk.OrderResponseSchema,
    sample: resting,
    check: (parsed: sdk.OrderResponse) =>
      expect(parsed).toMatchObject({ ok: true, status: 'live', makingAmount: '0' }),
  },
  {
    name: 'POST /orders (one refused)',
    ours: PostOrdersResponse,
    theirs: sdk.OrderResponsesSchema,
    sample: [accepted, refusedInBatch],
    check: (parsed: sdk.OrderResponses) =>
      expect(parsed[1]).toEqual({
        ok: false,
        code: 'fok_not_filled',
        message: TRADING_REFUSALS.ORDER_NOT_FILLED.fok,
      }),
  },
  { name: 'DELETE /order…', ours: CancelResponse, theirs: sdk.CancelOrdersResponseSchema, sample: cancelled },
  {
    name: 'GET /data/orders',
    ours: OpenOrdersPage,
    theirs: sdk.OpenOrdersPageSchema,
    sample: lastPage([openOrder, { ...openOrder, order_type: 'GTD', expiration: '1764003600' }]),
    check: (parsed: sdk.OpenOrdersPage) => {
      expect(parsed.nextCursor).toBe(END_CURSOR);
      expect(parsed.data[0]).not.toHaveProperty('expiresAt');
      expect(parsed.data[1]).toHaveProperty('expiresAt');
    },
  },
  { name: 'GET /data/order/{id}', ours: OpenOrder, theirs: sdk.OpenOrderSchema, sample: openOrder },
  {
    name: 'GET /data/trades',
    ours: TradesPage,
    theirs: sdk.ClobTradesPageSchema,
    sample: lastPage([trade]),
    check: (parsed: sdk.ClobTradesPage) => {
      expect(parsed.data[0]?.status).toBe('TRADE_STATUS_CONFIRMED');
      expect(parsed.data[0]?.matchedAt).toBe('2025-11-24T16:01:40.000Z');
      expect(parsed.data[0]?.makerOrders[0]?.orderId).toBe(ORDER_ID);
    },
  },
  {
    name: 'GET /balance-allowance',
    ours: BalanceAllowance,
    theirs: sdk.BalanceAllowanceResponseSchema,
    sample: balance,
    check: (parsed: sdk.BalanceAllowanceResponse) =>
      expect(parsed.allowances).toEqual({ [EXCHANGE]: 1000000000n }),
  },
];

describe('answers: our schemas and the SDK’s own both read them', () => {
  it.each(pairs)('$name', ({ ours, theirs, sample, check }) => {
    expect(ours.safeParse(sample).error).toBeUndefined();
    const parsed = theirs.parse(sample);
    check?.(parsed as never);
  });

  it('fee rate: the legacy client reads base_fee as a number (the SDK never asks)', () => {
    expect(FeeRateResponse.parse({ base_fee: 0 })).toEqual({ base_fee: 0 });
    expect(FeeRateResponse.safeParse({ base_fee: '0' }).success).toBe(false);
  });
});

// ——— What the SDK cannot read, ours refuses first ——————————————————————————————————

const refusedByBoth: {
  name: string;
  ours: z.ZodType;
  theirs: { parse(value: unknown): unknown };
  sample: unknown;
}[] = [
  {
    name: 'book hash in upper case',
    ours: OrderBookSummary,
    theirs: sdk.OrderBookSchema,
    sample: { ...book, hash: 'A'.repeat(40) },
  },
  {
    name: 'book market not a condition id',
    ours: OrderBookSummary,
    theirs: sdk.OrderBookSchema,
    sample: { ...book, market: 'm-1' },
  },
  {
    name: 'book timestamp as a date',
    ours: OrderBookSummary,
    theirs: sdk.OrderBookSchema,
    sample: { ...book, timestamp: '2025-11-24T16:00:00Z' },
  },
  { name: 'price as a JSON number', ours: PriceResponse, theirs: sdk.PriceSchema, sample: { price: 0.5 } },
  {
    name: 'prices as numbers (as in the docs)',
    ours: PricesResponse,
    theirs: sdk.PricesSchema,
    sample: { [YES]: { BUY: 0.45 } },
  },
  {
    name: 'tick size as text',
    ours: TickSizeResponse,
    theirs: sdk.TickSizeSchema,
    sample: { minimum_tick_size: '0.01' },
  },
  {
    name: 'a trade hash that is not 32 bytes (the SDK throws)',
    ours: PostOrderResponse,
    theirs: sdk.OrderResponseSchema,
    sample: { ...accepted, transactionsHashes: ['0x12'] },
  },
  {
    name: 'an open order without expiration',
    ours: OpenOrder,
    theirs: sdk.OpenOrderSchema,
    sample: { ...openOrder, expiration: undefined },
  },
  {
    name: 'a trade status it does not know',
    ours: Trade,
    theirs: sdk.ClobTradeSchema,
    sample: { ...trade, status: 'SETTLED' },
  },
  {
    name: 'balance in the legacy shape only',
    ours: BalanceAllowance,
    theirs: sdk.BalanceAllowanceResponseSchema,
    sample: { balance: '1', allowance: '1' },
  },
  {
    name: 'allowances keyed by a name (the SDK throws)',
    ours: BalanceAllowance,
    theirs: sdk.BalanceAllowanceResponseSchema,
    sample: { ...balance, allowances: { exchange: '1' } },
  },
  {
    name: 'not_canceled as a list',
    ours: CancelResponse,
    theirs: sdk.CancelOrdersResponseSchema,
    sample: { canceled: [], not_canceled: [OTHER_ORDER] },
  },
];

describe('answers the SDK cannot read are refused by our schemas too', () => {
  it.each(refusedByBoth)('$name', ({ ours, theirs, sample }) => {
    expect(ours.safeParse(sample).success).toBe(false);
    expect(() => theirs.parse(sample)).toThrow();
  });

  it('an upper-case placement status makes the SDK report a refusal, so ours refuses it', () => {
    const shouted = { ...resting, status: 'LIVE' };
    expect(PostOrderResponse.safeParse(shouted).success).toBe(false);
    expect(sdk.OrderResponseSchema.parse(shouted)).toMatchObject({ ok: false, code: 'unknown' });
  });

  it('a token never traded: the reference’s own {price: "0.5", side: ""} passes ours, not the SDK’s', () => {
    const never = { price: '0.5', side: '' };
    expect(LastTradePrice.safeParse(never).success).toBe(true);
    expect(() => sdk.LastTradePriceSchema.parse(never)).toThrow();
  });

  it('book levels out of order are refused: both clients take the LAST level as the best', () => {
    expect(calculateBuyMarketPrice(book.asks, 5, LegacyOrderType.FOK)).toBe(0.52);
    expect(calculateSellMarketPrice(book.bids, 10, LegacyOrderType.FOK)).toBe(0.5);
    expect(OrderBookSummary.safeParse({ ...book, asks: [...book.asks].reverse() }).success).toBe(false);
    expect(OrderBookSummary.safeParse({ ...book, bids: [...book.bids].reverse() }).success).toBe(false);
    expect(OrderBookSummary.safeParse({ ...book, bids: [{ price: '0.53', size: '1' }] }).success).toBe(false);
  });

  it('a refusal in a batch needs its sentence; an acceptance needs id and status', () => {
    expect(PostOrderResponse.safeParse({ ...refusedInBatch, errorMsg: '' }).success).toBe(false);
    expect(PostOrderResponse.safeParse({ ...accepted, orderID: '' }).success).toBe(false);
    expect(PostOrdersBody.safeParse(Array(16).fill({})).error?.issues[0]?.message).toBe(
      'Too many orders in payload: 16, max allowed: 15',
    );
  });
});

// ——— Requests: both clients, unchanged, against a stand-in that answers with the samples ——————————

interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: string;
}

const calls: Call[] = [];
const MOUNT = '/clob';
let refuseNextOrder = false;

function reply(method: string, path: string, query: Record<string, string>): [number, unknown] {
  const route = `${method} ${path}`;
  if (route === 'POST /order' && refuseNextOrder) {
    refuseNextOrder = false;
    return [400, { error: TRADING_REFUSALS.ORDER_NOT_FILLED.fok, code: 'ORDER_NOT_FILLED' }];
  }
  const answers: Record<string, unknown> = {
    'POST /auth/api-key': CREDENTIALS,
    'GET /tick-size': { minimum_tick_size: 0.01 },
    'GET /neg-risk': { neg_risk: false },
    'GET /fee-rate': { base_fee: 0 },
    'GET /book': book,
    'POST /books': [book, mirror],
    'GET /price': { price: '0.5' },
    'POST /prices': { [YES]: { BUY: '0.5' } },
    'GET /midpoint': { mid: '0.51' },
    'POST /midpoints': { [YES]: '0.51' },
    'GET /spread': { spread: '0.02' },
    'POST /spreads': { [YES]: '0.02' },
    'GET /last-trade-price': { price: '0.51', side: 'BUY' },
    'POST /last-trades-prices': [{ token_id: YES, price: '0.51', side: 'BUY' }],
    'POST /order': accepted,
    'DELETE /order': cancelled,
    'DELETE /orders': cancelled,
    'DELETE /cancel-all': cancelled,
    'DELETE /cancel-market-orders': cancelled,
    // Two pages: the first carries a cursor (the reference's base64 offset), the second ends.
    'GET /data/orders':
      query.next_cursor === 'MTAw'
        ? lastPage([openOrder])
        : { limit: 100, count: 1, next_cursor: 'MTAw', data: [openOrder] },
    [`GET /data/order/${ORDER_ID}`]: openOrder,
    'GET /data/trades': lastPage([trade]),
    'GET /balance-allowance': balance,
    'GET /balance-allowance/update': balance,
  };
  return route in answers ? [200, answers[route]] : [404, { error: `no ${route}`, code: 'NOT_FOUND' }];
}

async function standIn(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const request = input instanceof Request ? input : new Request(input, init);
  const url = new URL(request.url);
  const path = url.pathname.slice(MOUNT.length);
  const query = Object.fromEntries(url.searchParams);
  const body = request.method === 'GET' ? '' : await request.text();
  calls.push({ method: request.method, path, query, headers: Object.fromEntries(request.headers), body });
  const [status, answer] = reply(request.method, path, query);
  return Response.json(answer, { status });
}

function takeCalls(): Call[] {
  return calls.splice(0);
}

/** The L2 headers both clients send: POLY_ spelling, the signer's address, HMAC over the path below the mount. */
async function expectL2(call: Call): Promise<void> {
  expect(call.headers.poly_address?.toLowerCase()).toBe(ADDRESS.toLowerCase());
  expect(call.headers.poly_api_key).toBe(CREDENTIALS.apiKey);
  expect(call.headers.poly_passphrase).toBe(CREDENTIALS.passphrase);
  const timestamp = call.headers.poly_timestamp ?? '';
  expect(timestamp).toMatch(/^[0-9]+$/);
  const message = buildL2Message({ timestamp, method: call.method, path: call.path, body: call.body });
  expect(call.headers.poly_signature).toBe(await signL2(CREDENTIALS.secret, message));
}

const realFetch = globalThis.fetch;
const realAdapter = axios.defaults.adapter;
beforeAll(() => {
  globalThis.fetch = standIn as typeof fetch;
  // The legacy client calls axios; its fetch adapter routes it through the same stand-in.
  axios.defaults.adapter = 'fetch';
});
afterAll(() => {
  globalThis.fetch = realFetch;
  axios.defaults.adapter = realAdapter;
});

describe('the SDK (@polymarket/client) sends what our request schemas accept', () => {
  let client: Awaited<ReturnType<typeof createSecureClient>>;
  beforeAll(async () => {
    client = await createSecureClient({
      signer: privateKey(PRIVATE_KEY),
      wallet: ADDRESS, // the signer itself: an EOA account (otherwise the SDK looks for a deposit wallet on chain)
      environment: forkEnvironmentConfig({
        name: 'stand-in',
        chainId: 80002,
        clob: { rest: `http://stand.in${MOUNT}` },
      }),
    });
    const [create] = takeCalls();
    expect(create).toMatchObject({ method: 'POST', path: '/auth/api-key', body: '' });
    expect(Object.keys(create!.headers).sort()).toEqual([
      'poly_address',
      'poly_nonce',
      'poly_signature',
      'poly_timestamp',
    ]);
  });

  it('placeLimitOrder: tick size, neg risk, then a version-2 order', async () => {
    const answer = await client.placeLimitOrder({ tokenId: YES, price: 0.5, size: 10, side: OrderSide.BUY });
    expect(answer).toMatchObject({ ok: true, orderId: ORDER_ID, tradeIds: [TRADE_ID] });
    const [tick, negRisk, post] = takeCalls();
    expect([tick?.path, negRisk?.path, post?.path]).toEqual(['/tick-size', '/neg-risk', '/order']);
    expect(TokenQuery.parse(tick?.query)).toEqual({ token_id: YES });
    const body = PostOrderBody.parse(JSON.parse(post!.body));
    expect(body).toMatchObject({ owner: CREDENTIALS.apiKey, orderType: 'GTC', deferExec: false });
    expect(body).not.toHaveProperty('postOnly');
    expect(body.order).toMatchObject({
      version: 2,
      message: {
        maker: ADDRESS,
        signer: ADDRESS,
        side: ORDER_SIDE.BUY,
        signatureType: 0,
        makerAmount: 5_000_000n,
        takerAmount: 10_000_000n,
      },
      expiration: 0n,
    });
    await expectL2(post!);
  });

  it('placeLimitOrder with an expiration and postOnly: GTD, postOnly true', async () => {
    const expiration = Math.floor(Date.now() / 1000) + 3600;
    await client.placeLimitOrder({
      tokenId: YES,
      price: 0.4,
      size: 5,
      side: OrderSide.SELL,
      expiration,
      postOnly: true,
    });
    const body = PostOrderBody.parse(JSON.parse(takeCalls().at(-1)!.body));
    expect(body).toMatchObject({
      orderType: 'GTD',
      postOnly: true,
      order: { version: 2, expiration: BigInt(expiration), message: { side: ORDER_SIDE.SELL } },
    });
  });

  it('placeMarketOrder: prices itself from /book, then a FAK order', async () => {
    await client.placeMarketOrder({ tokenId: YES, amount: 5, side: OrderSide.BUY });
    const sent = takeCalls();
    expect(sent.map((c) => c.path)).toEqual(['/tick-size', '/book', '/neg-risk', '/order']);
    expect(PostOrderBody.parse(JSON.parse(sent[3]!.body)).orderType).toBe('FAK');
  });

  it('a refused order: 400 {error, code} reaches the caller with the sentence', async () => {
    refuseNextOrder = true;
    const refusal = client.placeLimitOrder({ tokenId: YES, price: 0.5, size: 10, side: OrderSide.BUY });
    await expect(refusal).rejects.toBeInstanceOf(RequestRejectedError);
    await expect(refusal).rejects.toThrow(TRADING_REFUSALS.ORDER_NOT_FILLED.fok);
    takeCalls();
  });

  it('cancels: {orderID}, a bare array, no body, {asset_id}', async () => {
    await client.cancelOrder({ orderId: ORDER_ID });
    await client.cancelOrders({ orderIds: [ORDER_ID, OTHER_ORDER] });
    await expect(client.cancelAll()).resolves.toEqual({
      canceled: [ORDER_ID],
      notCanceled: cancelled.not_canceled,
    });
    await client.cancelMarketOrders({ tokenId: YES });
    const [one, many, all, market] = takeCalls();
    expect(CancelOrderBody.parse(JSON.parse(one!.body))).toEqual({ orderID: ORDER_ID });
    expect(CancelOrdersBody.parse(JSON.parse(many!.body))).toEqual([ORDER_ID, OTHER_ORDER]);
    expect(all).toMatchObject({ method: 'DELETE', path: '/cancel-all', body: '' });
    expect(CancelMarketOrdersBody.parse(JSON.parse(market!.body))).toEqual({ asset_id: YES });
    for (const call of [one, many, all, market]) await expectL2(call!);
  });

  it('listOpenOrders: no cursor on the first page, the given one next, stops at LTE=', async () => {
    const pages = [];
    for await (const page of client.listOpenOrders({ market: MARKET, tokenId: YES })) pages.push(page);
    expect(pages.map((p) => p.items.length)).toEqual([1, 1]);
    const [first, second] = takeCalls();
    expect(OpenOrdersQuery.parse(first!.query)).toEqual({ market: MARKET, asset_id: YES });
    expect(second!.query.next_cursor).toBe('MTAw');
    await expectL2(first!);
  });

  it('fetchOrder, listAccountTrades, balance and allowance', async () => {
    await expect(client.fetchOrder({ orderId: ORDER_ID })).resolves.toMatchObject({
      id: ORDER_ID,
      tokenId: YES,
    });
    const trades = await client.listAccountTrades({ tokenId: YES, after: '1764000000' }).firstPage();
    expect(trades.items[0]?.traderSide).toBe('MAKER');
    await expect(
      fetchBalanceAllowance(client, { assetType: sdk.AssetType.COLLATERAL }),
    ).resolves.toMatchObject({
      balance: '1000000000',
    });
    await updateBalanceAllowance(client, { assetType: sdk.AssetType.CONDITIONAL, tokenId: YES });
    const [order, list, collateral, update, conditional] = takeCalls();
    expect(order?.path).toBe(`/data/order/${ORDER_ID}`);
    expect(TradesQuery.parse(list!.query)).toEqual({ asset_id: YES, after: '1764000000' });
    expect(BalanceAllowanceQuery.parse(collateral!.query)).toEqual({
      asset_type: 'COLLATERAL',
      signature_type: '0',
    });
    expect(update?.path).toBe('/balance-allowance/update');
    expect(BalanceAllowanceQuery.parse(conditional!.query)).toEqual({
      asset_type: 'CONDITIONAL',
      token_id: YES,
      signature_type: '0',
    });
    for (const call of [order, list, collateral, update, conditional]) await expectL2(call!);
  });

  it('market data: token_id queries and [{token_id}] bodies, no L2 headers', async () => {
    await client.fetchOrderBook({ tokenId: YES });
    await client.fetchOrderBooks([{ tokenId: YES }, { tokenId: NO }]);
    await client.fetchPrice({ tokenId: YES, side: OrderSide.BUY });
    await client.fetchPrices([{ tokenId: YES, side: OrderSide.BUY }]);
    await client.fetchMidpoint({ tokenId: YES });
    await client.fetchMidpoints([{ tokenId: YES }]);
    await client.fetchSpread({ tokenId: YES });
    await client.fetchSpreads([{ tokenId: YES }]);
    await client.fetchLastTradePrice({ tokenId: YES });
    await client.fetchLastTradePrices([{ tokenId: YES }]);
    await expect(fetchTickSize(client, { tokenId: YES })).resolves.toBe(0.01);
    await expect(fetchNegRisk(client, { tokenId: YES })).resolves.toBe(false);
    for (const call of takeCalls()) {
      expect(call.headers).not.toHaveProperty('poly_api_key');
      if (call.path === '/price')
        expect(PriceQuery.parse(call.query)).toEqual({ token_id: YES, side: 'BUY' });
      else if (call.path === '/prices') PricesBody.parse(JSON.parse(call.body));
      else if (call.method === 'POST') TokenListBody.parse(JSON.parse(call.body));
      else expect(TokenQuery.parse(call.query)).toEqual({ token_id: YES });
    }
  });
});

describe('the legacy client (@polymarket/clob-client) sends what our request schemas accept', () => {
  const wallet = createWalletClient({
    account: privateKeyToAccount(PRIVATE_KEY),
    transport: http('http://unused.test'),
  });
  const credentials = {
    key: CREDENTIALS.apiKey,
    secret: CREDENTIALS.secret,
    passphrase: CREDENTIALS.passphrase,
  };
  const legacy = new ClobClient(`http://stand.in${MOUNT}`, 80002, wallet, credentials);

  it('createAndPostOrder: tick size, fee rate, neg risk, then a version-1 order', async () => {
    await expect(
      legacy.createAndPostOrder({ tokenID: YES, price: 0.5, size: 10, side: LegacySide.BUY }),
    ).resolves.toEqual(accepted);
    const sent = takeCalls();
    expect(sent.map((c) => c.path)).toEqual(['/tick-size', '/fee-rate', '/neg-risk', '/order']);
    const body = PostOrderBody.parse(JSON.parse(sent[3]!.body));
    expect(body).toMatchObject({
      owner: CREDENTIALS.apiKey,
      orderType: 'GTC',
      deferExec: false,
      postOnly: false,
    });
    expect(body.order).toMatchObject({
      version: 1,
      message: {
        maker: ADDRESS,
        taker: '0x0000000000000000000000000000000000000000',
        nonce: 0n,
        feeRateBps: 0n,
        side: ORDER_SIDE.BUY,
        signatureType: 0,
      },
    });
    await expectL2(sent[3]!);
  });

  it('a refused order comes back as {error, code, status} (the client does not throw)', async () => {
    refuseNextOrder = true;
    await expect(
      legacy.createAndPostOrder({ tokenID: YES, price: 0.5, size: 10, side: LegacySide.BUY }),
    ).resolves.toEqual({
      error: TRADING_REFUSALS.ORDER_NOT_FILLED.fok,
      code: 'ORDER_NOT_FILLED',
      status: 400,
    });
    takeCalls();
  });

  it('createAndPostMarketOrder: priced from /book, sent as FOK', async () => {
    await legacy.createAndPostMarketOrder({ tokenID: YES, amount: 5, side: LegacySide.BUY });
    const post = takeCalls().at(-1)!;
    expect(PostOrderBody.parse(JSON.parse(post.body)).orderType).toBe('FOK');
  });

  it('getOpenOrders: next_cursor=MA== first, then each cursor with the same signed headers, until LTE=', async () => {
    await expect(legacy.getOpenOrders({ market: MARKET })).resolves.toEqual([openOrder, openOrder]);
    const [first, second] = takeCalls();
    expect(OpenOrdersQuery.parse(first!.query)).toEqual({ market: MARKET, next_cursor: INITIAL_CURSOR });
    expect(second!.query.next_cursor).toBe('MTAw');
    expect(second!.headers.poly_signature).toBe(first!.headers.poly_signature);
    await expectL2(first!);
  });

  it('getTrades, cancels and balance', async () => {
    await expect(legacy.getTrades({ asset_id: YES })).resolves.toEqual([trade]);
    await legacy.cancelOrder({ orderID: ORDER_ID });
    await legacy.cancelOrders([ORDER_ID]);
    await legacy.cancelAll();
    await legacy.cancelMarketOrders({ market: MARKET, asset_id: YES });
    await expect(legacy.getBalanceAllowance({ asset_type: AssetType.COLLATERAL })).resolves.toEqual(balance);
    const [trades, one, many, all, market, collateral] = takeCalls();
    expect(TradesQuery.parse(trades!.query)).toEqual({ asset_id: YES, next_cursor: INITIAL_CURSOR });
    expect(CancelOrderBody.parse(JSON.parse(one!.body))).toEqual({ orderID: ORDER_ID });
    expect(CancelOrdersBody.parse(JSON.parse(many!.body))).toEqual([ORDER_ID]);
    expect(all).toMatchObject({ method: 'DELETE', path: '/cancel-all', body: '' });
    expect(CancelMarketOrdersBody.parse(JSON.parse(market!.body))).toEqual({ market: MARKET, asset_id: YES });
    expect(BalanceAllowanceQuery.parse(collateral!.query)).toEqual({
      asset_type: 'COLLATERAL',
      signature_type: '0',
    });
    for (const call of [trades, one, many, all, market, collateral]) await expectL2(call!);
  });

  it('market data: the same names; batch items may carry a side', async () => {
    await legacy.getOrderBook(YES);
    await legacy.getOrderBooks([{ token_id: YES, side: LegacySide.BUY }]);
    await legacy.getPrice(YES, LegacySide.SELL);
    await legacy.getPrices([{ token_id: YES, side: LegacySide.BUY }]);
    await legacy.getMidpoint(YES);
    await legacy.getMidpoints([{ token_id: YES, side: LegacySide.BUY }]);
    await legacy.getSpread(YES);
    await legacy.getSpreads([{ token_id: YES, side: LegacySide.BUY }]);
    await legacy.getLastTradePrice(YES);
    await legacy.getLastTradesPrices([{ token_id: YES, side: LegacySide.BUY }]);
    const other = new ClobClient(`http://stand.in${MOUNT}`, 80002);
    await expect(other.getTickSize(YES)).resolves.toBe('0.01');
    await expect(other.getNegRisk(YES)).resolves.toBe(false);
    await expect(other.getFeeRateBps(YES)).resolves.toBe(0);
    for (const call of takeCalls()) {
      if (call.path === '/price')
        expect(PriceQuery.parse(call.query)).toEqual({ token_id: YES, side: 'SELL' });
      else if (call.path === '/prices') PricesBody.parse(JSON.parse(call.body));
      else if (call.method === 'POST') TokenListBody.parse(JSON.parse(call.body));
      else expect(TokenQuery.parse(call.query)).toEqual({ token_id: YES });
    }
  });
});
