import type { AddressInfo } from 'node:net';
import {
  createSecureClient,
  forkEnvironmentConfig,
  OrderSide,
  OrderType,
  RequestRejectedError,
  UnexpectedResponseError,
} from '@polymarket/client';
import {
  fetchBalanceAllowance,
  fetchNegRisk,
  fetchTickSize,
  updateBalanceAllowance,
} from '@polymarket/client/actions';
import { privateKey } from '@polymarket/client/viem';
import { TradeStatus } from '@polymarket/bindings';
import { AssetType as SdkAssetType } from '@polymarket/bindings/clob';
import { AssetType, ClobClient, OrderType as LegacyOrderType, Side } from '@polymarket/clob-client';
import { sql } from 'drizzle-orm';
import { createWalletClient, custom } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCatalog } from '../../catalog-tools/generate';
import { upsertEvents } from '../catalog/load';
import { rows } from '../db/open';
import { ledgerViolations } from '../exchange/test/invariants';
import { Trader } from '../exchange/test/trader';
import { buildTestApp, type TestApp } from '../test/app';

/**
 * The reference service's two trading clients, as published and given only our base URL and chain id,
 * trade against the real server over HTTP (docs/api.md, the order book): keys, limit and market orders
 * against another wallet's resting orders, market data, account reads and cancels, every answer read by
 * the clients' own code (the SDK validates each with its own schemas). Balances are checked after every
 * step. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */

const CHAIN_ID = 80002;
const USDC = 1_000_000;
const GRANT = 1000 * USDC;
/** The SDK's standard and negative-risk exchanges (its production defaults, whatever the chain). */
const SDK_EXCHANGES = [
  '0xE111180000d2663C0091e4f400237545B87B996B',
  '0xe2222d279d744050d28e00520010520000310F59',
];
const UNKNOWN_ORDER = `0x${'ab'.repeat(32)}`;

interface Market {
  conditionId: string;
  yes: string;
  no: string;
}

let t: TestApp;
let base: string;
/** Binary open markets: one per client, one for cancelling, one for paging, and a negative-risk one each. */
let sdkMarket: Market;
let legacyMarket: Market;
let spare: Market;
let paged: Market;
let sdkNegRisk: Market;
let legacyNegRisk: Market;
/** The other wallets: one whose resting orders the clients trade against, one that takes theirs. */
let maker: Trader;
let taker: Trader;

async function openMarkets(negRisk: boolean, count: number): Promise<Market[]> {
  const found = await rows<{ condition_id: string; tokens: string[] }>(
    t.database.db,
    sql`SELECT condition_id, clob_token_ids AS tokens FROM markets
        WHERE active AND NOT closed AND neg_risk = ${negRisk} AND cardinality(clob_token_ids) = 2
        ORDER BY id LIMIT ${count}`,
  );
  expect(found).toHaveLength(count);
  return found.map((m) => ({ conditionId: m.condition_id, yes: m.tokens[0]!, no: m.tokens[1]! }));
}

beforeAll(async () => {
  t = await buildTestApp({ SERVE_CLOB: 'true', RATE_LIMIT_MAX: '10000', CHAIN_ID: String(CHAIN_ID) });
  await upsertEvents(
    t.database.db,
    generateCatalog({ events: 30, seed: 'reference-trading', now: new Date('2026-11-01T00:00:00Z') }),
  );
  [sdkMarket, legacyMarket, spare, paged] = (await openMarkets(false, 4)) as [Market, Market, Market, Market];
  [sdkNegRisk, legacyNegRisk] = (await openMarkets(true, 2)) as [Market, Market];
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  maker = await Trader.create(t.app, CHAIN_ID);
  taker = await Trader.create(t.app, CHAIN_ID);
});
afterAll(() => t.close());

/** The SDK's environment for this server: chain 80002 and our base URL, nothing else. */
const environment = () =>
  forkEnvironmentConfig({ name: 'marketdesk', chainId: CHAIN_ID, clob: { rest: `${base}/clob` } });

/** A secure SDK client for the wallet of this key (the signer's own address: an EOA, no chain lookup). */
async function sdkClientOf(key: `0x${string}`) {
  const signer = privateKey(key);
  return createSecureClient({ signer, wallet: await signer.getAddress(), environment: environment() });
}

/** A viem wallet as the legacy client's users pass one; signing needs no chain. */
const walletOf = (key: `0x${string}`) =>
  createWalletClient({
    account: privateKeyToAccount(key),
    transport: custom({ request: () => Promise.reject(new Error('no RPC here')) }),
  });

/**
 * The maker's resting order (a version-1 order signed for the market's exchange). A BUY of one outcome
 * also shows as a SELL of the other at 1 − price on that outcome's book.
 */
async function rest(opts: Parameters<Trader['order']>[0]): Promise<string> {
  const res = await maker.place(opts);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ status: 'live' });
  return (res.json() as { orderID: string }).orderID;
}

describe('the SDK (@polymarket/client): a secure client for a wallet trades', () => {
  const m = () => sdkMarket;
  let client: Awaited<ReturnType<typeof createSecureClient>>;
  /** Its resting orders, by name. */
  const mine: Record<string, string> = {};

  const collateral = async () =>
    (await fetchBalanceAllowance(client, { assetType: SdkAssetType.COLLATERAL })).balance;
  const shares = async (tokenId: string) =>
    (await fetchBalanceAllowance(client, { assetType: SdkAssetType.CONDITIONAL, tokenId })).balance;
  const accepted = <T extends { ok: boolean }>(response: T): Extract<T, { ok: true }> => {
    expect(response).toMatchObject({ ok: true });
    return response as Extract<T, { ok: true }>;
  };
  const rejection = (promise: Promise<unknown>) =>
    promise.then(
      () => expect.fail('the order was accepted'),
      (error: unknown) => {
        expect(error).toBeInstanceOf(RequestRejectedError);
        return error as RequestRejectedError;
      },
    );

  const key = generatePrivateKey();

  beforeAll(async () => {
    client = await sdkClientOf(key);
    // Asks of Yes at 0.6 × 20 and 0.65 × 10 (bids of No), a bid of Yes at 0.3 × 20.
    await rest({ tokenId: m().no, side: 'BUY', price: 0.4, size: 20 });
    await rest({ tokenId: m().no, side: 'BUY', price: 0.35, size: 10 });
    await rest({ tokenId: m().yes, side: 'BUY', price: 0.3, size: 20 });
  });

  it('a new key holds the paper grant, as balance and as an allowance for every exchange it signs for', async () => {
    // The allowance refresh answers like the read (nothing to approve on paper).
    const answer = await updateBalanceAllowance(client, { assetType: SdkAssetType.COLLATERAL });
    expect(answer.balance).toBe(String(GRANT));
    const allowances = Object.fromEntries(
      Object.entries(answer.allowances).map(([address, value]) => [address.toLowerCase(), value]),
    );
    // The version-2 exchanges the SDK signs for (its production defaults, kept by forkEnvironmentConfig),
    // which its allowance check looks up by address.
    for (const exchange of SDK_EXCHANGES) expect(allowances[exchange.toLowerCase()]).toBe(BigInt(GRANT));
  });

  it('reads books, prices, midpoints, spreads, tick size and negative risk', async () => {
    const book = await client.fetchOrderBook({ tokenId: m().yes });
    expect(book).toMatchObject({
      conditionId: m().conditionId,
      tokenId: m().yes,
      tickSize: '0.01',
      minOrderSize: '5',
      negRisk: false,
      // Best last: bids ascending, asks descending.
      bids: [{ price: '0.3', size: '20' }],
      asks: [
        { price: '0.65', size: '10' },
        { price: '0.6', size: '20' },
      ],
    });
    const [yesBook, noBook] = await client.fetchOrderBooks([{ tokenId: m().yes }, { tokenId: m().no }]);
    expect(yesBook!.asks).toEqual(book.asks);
    expect(noBook).toMatchObject({
      tokenId: m().no,
      bids: [
        { price: '0.35', size: '10' },
        { price: '0.4', size: '20' },
      ],
      asks: [{ price: '0.7', size: '20' }],
    });
    // BUY names the best bid, SELL the best ask.
    expect(await client.fetchPrice({ tokenId: m().yes, side: OrderSide.BUY })).toBe('0.3');
    expect(
      await client.fetchPrices([
        { tokenId: m().yes, side: OrderSide.BUY },
        { tokenId: m().yes, side: OrderSide.SELL },
        { tokenId: m().no, side: OrderSide.SELL },
      ]),
    ).toEqual({ [m().yes]: { BUY: '0.3', SELL: '0.6' }, [m().no]: { SELL: '0.7' } });
    expect(await client.fetchMidpoint({ tokenId: m().yes })).toBe('0.45');
    expect(await client.fetchMidpoints([{ tokenId: m().yes }, { tokenId: m().no }])).toEqual({
      [m().yes]: '0.45',
      [m().no]: '0.55',
    });
    expect(await client.fetchSpread({ tokenId: m().yes })).toBe('0.3');
    expect(await client.fetchSpreads([{ tokenId: m().no }])).toEqual({ [m().no]: '0.3' });
    expect(await fetchTickSize(client, { tokenId: m().yes })).toBe(0.01);
    expect(await fetchNegRisk(client, { tokenId: m().yes })).toBe(false);
    expect(await fetchNegRisk(client, { tokenId: sdkNegRisk.yes })).toBe(true);

    // An empty book reads too (a missing bid counts as 0, a missing ask as 1).
    expect(await client.fetchOrderBook({ tokenId: spare.yes })).toMatchObject({ bids: [], asks: [] });
    expect(await client.fetchPrice({ tokenId: spare.yes, side: OrderSide.BUY })).toBe('0');
    expect(await client.fetchMidpoint({ tokenId: spare.yes })).toBe('0.5');
    expect(await client.fetchSpread({ tokenId: spare.yes })).toBe('1');
  });

  it('before any trade, last trade prices list nothing; the single read is the reference answer, which the SDK refuses', async () => {
    expect(await client.fetchLastTradePrices([{ tokenId: m().yes }])).toEqual([]);
    // The reference answers {price: "0.5", side: ""} for a token never traded, and so do we (the legacy
    // client reads it); the SDK's schema wants a side, so it throws until the first trade.
    await expect(client.fetchLastTradePrice({ tokenId: m().yes })).rejects.toBeInstanceOf(
      UnexpectedResponseError,
    );
  });

  it('places limit orders (GTC, GTD post-only, a fractional size) that rest and reserve their cost', async () => {
    const gtc = accepted(
      await client.placeLimitOrder({ tokenId: m().yes, side: OrderSide.BUY, price: 0.25, size: 10 }),
    );
    expect(gtc).toMatchObject({ status: 'live', makingAmount: '0', tradeIds: [], transactionsHashes: [] });
    expect(gtc.orderId).toMatch(/^0x[0-9a-f]{64}$/);
    mine.gtc = gtc.orderId;
    const expiration = Math.floor(Date.now() / 1000) + 3600;
    const gtd = accepted(
      await client.placeLimitOrder({
        tokenId: m().yes,
        side: OrderSide.BUY,
        price: 0.22,
        size: 7.779, // the SDK rounds sizes down to whole centishares: 7.77
        expiration,
        postOnly: true,
      }),
    );
    mine.gtd = gtd.orderId;
    // 1000 − 0.25 × 10 − 0.22 × 7.77
    expect(await collateral()).toBe(String(GRANT - 2_500_000 - 1_709_400));

    const order = await client.fetchOrder({ orderId: gtd.orderId });
    expect(order).toMatchObject({
      id: gtd.orderId,
      status: 'LIVE',
      conditionId: m().conditionId,
      tokenId: m().yes,
      side: 'BUY',
      price: '0.22',
      originalSize: '7.77',
      sizeMatched: '0',
      orderType: 'GTD',
      outcome: 'Yes',
    });
    expect(order.expiresAt).toBeDefined();
    const open = [];
    for await (const page of client.listOpenOrders({ market: m().conditionId })) open.push(...page.items);
    expect(open.map((o) => o.id).sort()).toEqual([gtc.orderId, gtd.orderId].sort());
    const onNo = await client.listOpenOrders({ tokenId: m().no }).firstPage();
    expect(onNo.items).toEqual([]);
  });

  it('is refused, with the sentences it matches on, for a crossing post-only order or too little balance', async () => {
    const before = await collateral();
    const crossing = await rejection(
      client.placeLimitOrder({ tokenId: m().yes, side: OrderSide.BUY, price: 0.6, size: 5, postOnly: true }),
    );
    expect(crossing.status).toBe(400);
    expect(crossing.message).toContain('invalid post-only order: order crosses book');
    // Not the allowance wording, which would send the SDK to approve spending on chain.
    const poor = await rejection(
      client.placeLimitOrder({ tokenId: m().yes, side: OrderSide.BUY, price: 0.5, size: 5000 }),
    );
    expect(poor.message).toContain('not enough balance / allowance');
    expect(await collateral()).toBe(before);

    // In a batch the refusal is an answer of its own, which the SDK maps to its codes.
    const answers = await client.postOrders([
      await client.createLimitOrder({
        tokenId: m().yes,
        side: OrderSide.BUY,
        price: 0.65,
        size: 5,
        postOnly: true,
      }),
      await client.createLimitOrder({ tokenId: m().yes, side: OrderSide.BUY, price: 0.5, size: 4000 }),
    ]);
    expect(answers).toEqual([
      { ok: false, code: 'post_only_would_cross', message: expect.any(String) },
      { ok: false, code: 'insufficient_balance_or_allowance', message: expect.any(String) },
    ]);
  });

  it('buys and sells at market (FAK and FOK) against the other wallet, priced from the book it reads', async () => {
    const start = Number(await collateral());
    // FAK (the default) for 6 USDC: the SDK prices it at the best ask, 0.6 → 10 shares.
    const fak = accepted(await client.placeMarketOrder({ tokenId: m().yes, side: OrderSide.BUY, amount: 6 }));
    expect(fak).toMatchObject({ status: 'matched', makingAmount: '6', takingAmount: '10' });
    expect(fak.tradeIds).toHaveLength(1);
    expect(await client.waitForOrderFillSettlement(fak)).toEqual(fak.transactionsHashes);
    expect(fak.transactionsHashes[0]).toMatch(/^0x[0-9a-f]{64}$/);

    // FOK for 9 USDC walks two levels: the SDK's worst price 0.65 gives 13.8461 shares, a ratio off the
    // tick; whole centishares are traded: 10 at 0.6 and 3.84 at 0.65.
    const fok = accepted(
      await client.placeMarketOrder({
        tokenId: m().yes,
        side: OrderSide.BUY,
        amount: 9,
        orderType: OrderType.FOK,
      }),
    );
    expect(fok).toMatchObject({ status: 'matched', makingAmount: '8.496', takingAmount: '13.84' });

    // SELL 5 shares FOK: priced at the best bid (the other wallet's 0.3), not at its own lower bids.
    const sell = accepted(
      await client.placeMarketOrder({
        tokenId: m().yes,
        side: OrderSide.SELL,
        shares: 5,
        orderType: OrderType.FOK,
      }),
    );
    expect(sell).toMatchObject({ status: 'matched', makingAmount: '5', takingAmount: '1.5' });

    // A price limit at the ask: this SDK rounds the shares of amount / maxPrice UP, so the signed price
    // (maker / taker) falls just below the ask and, as on the reference, nothing fills.
    const underAsk = await rejection(
      client.placeMarketOrder({ tokenId: m().yes, side: OrderSide.BUY, amount: 1, maxPrice: 0.65 }),
    );
    expect(underAsk.message).toContain('no orders found to match with FAK order.');

    // FAK with a price limit beyond the depth: what is there (6.16 at 0.65) fills, the rest is cancelled.
    const partial = accepted(
      await client.placeMarketOrder({ tokenId: m().yes, side: OrderSide.BUY, amount: 100, maxPrice: 0.66 }),
    );
    expect(partial).toMatchObject({ status: 'matched', makingAmount: '4.004', takingAmount: '6.16' });

    expect(await collateral()).toBe(String(start - 6_000_000 - 8_496_000 + 1_500_000 - 4_004_000));
    expect(await shares(m().yes)).toBe(String(25 * USDC));
    expect((await client.fetchOrderBook({ tokenId: m().yes })).asks).toEqual([]);

    // Nothing left to buy: with a price limit the SDK posts, and the server refuses with the exact sentences.
    const fokRefused = await rejection(
      client.placeMarketOrder({
        tokenId: m().yes,
        side: OrderSide.BUY,
        amount: 5,
        maxPrice: 0.7,
        orderType: OrderType.FOK,
      }),
    );
    expect(fokRefused.message).toContain(
      "order couldn't be fully filled. FOK orders are fully filled or killed.",
    );
    const fakRefused = await rejection(
      client.placeMarketOrder({ tokenId: m().yes, side: OrderSide.BUY, amount: 5, maxPrice: 0.7 }),
    );
    expect(fakRefused.message).toContain('no orders found to match with FAK order.');
  });

  it('reads last trade prices, its trades and its positions', async () => {
    expect(await client.fetchLastTradePrice({ tokenId: m().yes })).toEqual({ price: '0.65', side: 'BUY' });
    expect(await client.fetchLastTradePrices([{ tokenId: m().yes }])).toEqual([
      { tokenId: m().yes, price: '0.65', side: 'BUY' },
    ]);
    const trades = [];
    for await (const page of client.listAccountTrades({ market: m().conditionId }))
      trades.push(...page.items);
    expect(trades).toHaveLength(4);
    for (const trade of trades)
      expect(trade).toMatchObject({
        conditionId: m().conditionId,
        tokenId: m().yes,
        status: TradeStatus.Confirmed, // final when matched (the SDK's spelling of CONFIRMED)
        traderSide: 'TAKER',
        transactionHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      });
    expect(trades.map((trade) => [trade.side, trade.size]).sort()).toEqual(
      [
        ['BUY', '10'],
        ['BUY', '13.84'],
        ['BUY', '6.16'],
        ['SELL', '5'],
      ].sort(),
    );
    const [sold] = (await client.listAccountTrades({ tokenId: m().yes }).firstPage()).items.filter(
      (trade) => trade.side === 'SELL',
    );
    expect(sold!.makerOrders).toEqual([
      expect.objectContaining({ price: '0.3', matchedAmount: '5', makerAddress: maker.address }),
    ]);
  });

  it('signs for the negative-risk exchange on a negative-risk market, and trades there', async () => {
    const negRisk = sdkNegRisk;
    await rest({ tokenId: negRisk.no, side: 'BUY', price: 0.5, size: 10, negRisk: true });
    const live = accepted(
      await client.placeLimitOrder({ tokenId: negRisk.yes, side: OrderSide.BUY, price: 0.2, size: 5 }),
    );
    expect(live.status).toBe('live');
    mine.negRisk = live.orderId;
    const bought = accepted(
      await client.placeMarketOrder({ tokenId: negRisk.yes, side: OrderSide.BUY, amount: 2.5 }),
    );
    expect(bought).toMatchObject({ status: 'matched', makingAmount: '2.5', takingAmount: '5' });
    expect(await shares(negRisk.yes)).toBe(String(5 * USDC));
  });

  it('reads its resting order filled by another wallet: the order part-matched, the trade as maker', async () => {
    const negRisk = sdkNegRisk;
    // A buyer of No at 0.8 meets its bid of Yes at 0.2 (a mint), 2 of 5 shares.
    const hit = await taker.place({
      tokenId: negRisk.no,
      side: 'BUY',
      price: 0.8,
      size: 2,
      negRisk: true,
      orderType: 'FAK',
    });
    expect(hit.json()).toMatchObject({ status: 'matched', takingAmount: '2' });
    const order = await client.fetchOrder({ orderId: mine.negRisk! });
    expect(order).toMatchObject({ status: 'LIVE', originalSize: '5', sizeMatched: '2' });
    expect(order.associateTrades).toHaveLength(1);
    const [trade] = (await client.listAccountTrades({ id: order.associateTrades[0] }).firstPage()).items;
    expect(trade).toMatchObject({
      traderSide: 'MAKER',
      status: TradeStatus.Confirmed,
      tokenId: negRisk.no, // the taker's order
      makerOrders: [expect.objectContaining({ orderId: mine.negRisk, matchedAmount: '2', price: '0.2' })],
    });
    expect(await shares(negRisk.yes)).toBe(String(7 * USDC));
  });

  it('cancels one order, several, a market’s, and all; the reservations come back', async () => {
    const one = await client.cancelOrder({ orderId: mine.gtc! });
    expect(one).toEqual({ canceled: [mine.gtc], notCanceled: {} });
    const several = await client.cancelOrders({ orderIds: [mine.gtd!, mine.gtc!, UNKNOWN_ORDER] });
    expect(several.canceled).toEqual([mine.gtd]);
    expect(Object.keys(several.notCanceled).sort()).toEqual([mine.gtc, UNKNOWN_ORDER].sort());

    const spareOrders = [0.2, 0.21].map(
      async (price) =>
        accepted(await client.placeLimitOrder({ tokenId: spare.yes, side: OrderSide.BUY, price, size: 5 }))
          .orderId,
    );
    const onSpare = await Promise.all(spareOrders);
    const byMarket = await client.cancelMarketOrders({ market: spare.conditionId });
    expect(byMarket.canceled.sort()).toEqual(onSpare.sort());

    const all = await client.cancelAll();
    expect(all).toEqual({ canceled: [mine.negRisk], notCanceled: {} });
    expect((await client.listOpenOrders().firstPage()).items).toEqual([]);
    expect((await client.fetchOrder({ orderId: mine.gtc! })).status).toBe('CANCELED');
    await expect(client.fetchOrder({ orderId: UNKNOWN_ORDER })).rejects.toMatchObject({ status: 404 });
    // 1000 − 6 − 8.496 + 1.5 − 4.004 − 2.5 − 0.2 × 2 with nothing reserved.
    expect(await collateral()).toBe(String(GRANT - 19_900_000));
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('ends its session: the SDK reads the answer and the key is revoked', async () => {
    const { credentials } = client;
    await client.endAuthentication();
    const sameKey = new ClobClient(`${base}/clob`, CHAIN_ID, walletOf(key), credentials);
    expect(await sameKey.getApiKeys()).toMatchObject({ status: 401 });
  });
});

describe('the legacy client (@polymarket/clob-client) as published trades', () => {
  const m = () => legacyMarket;
  const key = generatePrivateKey();
  const wallet = walletOf(key);
  let client: ClobClient;
  const mine: Record<string, string> = {};

  const collateral = async () =>
    (await client.getBalanceAllowance({ asset_type: AssetType.COLLATERAL })) as {
      balance: string;
      allowance: string;
    };

  beforeAll(async () => {
    const creds = await new ClobClient(`${base}/clob`, CHAIN_ID, wallet).createOrDeriveApiKey();
    expect(creds.key).toMatch(/^[0-9a-f-]{36}$/);
    client = new ClobClient(`${base}/clob`, CHAIN_ID, wallet, creds);
    // An ask of Yes at 0.55 × 20 (a bid of No), a bid of Yes at 0.4 × 20.
    await rest({ tokenId: m().no, side: 'BUY', price: 0.45, size: 20 });
    await rest({ tokenId: m().yes, side: 'BUY', price: 0.4, size: 20 });
  });

  it('reads its grant, the book (whose hash it can recompute) and the market data', async () => {
    expect(await collateral()).toMatchObject({ balance: String(GRANT), allowance: String(GRANT) });
    const book = await client.getOrderBook(m().yes);
    expect(book).toMatchObject({
      market: m().conditionId,
      asset_id: m().yes,
      bids: [{ price: '0.4', size: '20' }],
      asks: [{ price: '0.55', size: '20' }],
      tick_size: '0.01',
      neg_risk: false,
      min_order_size: '5',
    });
    const hash = book.hash;
    expect(await client.getOrderBookHash(book)).toBe(hash);
    expect(await client.getTickSize(m().yes)).toBe('0.01');
    expect(await client.getNegRisk(legacyNegRisk.yes)).toBe(true);
    expect(await client.getMidpoint(m().yes)).toEqual({ mid: '0.475' });
    expect(await client.getPrice(m().yes, 'SELL')).toEqual({ price: '0.55' });
    expect(await client.getSpread(m().yes)).toEqual({ spread: '0.15' });
    expect(await client.getLastTradePrice(m().yes)).toEqual({ price: '0.5', side: '' });

    // Its batch reads send {token_id, side} items.
    const books = await client.getOrderBooks([
      { token_id: m().yes, side: Side.BUY },
      { token_id: m().no, side: Side.SELL },
    ]);
    expect(books.map((b) => [b.asset_id, b.asks.length, b.bids.length])).toEqual([
      [m().yes, 1, 1],
      [m().no, 1, 1],
    ]);
    expect(await client.getPrices([{ token_id: m().no, side: Side.BUY }])).toEqual({
      [m().no]: { BUY: '0.45' },
    });
    expect(await client.getMidpoints([{ token_id: m().no, side: Side.BUY }])).toEqual({ [m().no]: '0.525' });
    expect(await client.getSpreads([{ token_id: m().no, side: Side.BUY }])).toEqual({ [m().no]: '0.15' });
    expect(await client.getLastTradesPrices([{ token_id: m().no, side: Side.BUY }])).toEqual([]);
  });

  it('a geo-block token (added to every query) and the server’s time change nothing', async () => {
    const creds = (client as unknown as { creds: { key: string; secret: string; passphrase: string } }).creds;
    const geo = new ClobClient(
      `${base}/clob`,
      CHAIN_ID,
      wallet,
      creds,
      undefined,
      undefined,
      'geo-token',
      true,
    );
    expect((await geo.getOrderBook(m().yes)).asset_id).toBe(m().yes);
    const placed = await geo.createAndPostOrder({ tokenID: m().yes, price: 0.05, size: 5, side: Side.BUY });
    expect(placed).toMatchObject({ success: true, status: 'live' });
    expect((await geo.getOpenOrders()).map((o) => o.id)).toEqual([placed.orderID]);
    expect(await geo.cancelOrder({ orderID: placed.orderID })).toEqual({
      canceled: [placed.orderID],
      not_canceled: {},
    });
    expect((await collateral()).balance).toBe(String(GRANT));
  });

  it('createAndPostOrder: limit orders (GTC, GTD post-only) rest and reserve their cost', async () => {
    const gtc = await client.createAndPostOrder({
      tokenID: m().yes,
      price: 0.35,
      size: 7.779,
      side: Side.BUY,
    });
    expect(gtc).toMatchObject({ success: true, errorMsg: '', status: 'live' });
    mine.gtc = gtc.orderID;
    const gtd = await client.createAndPostOrder(
      {
        tokenID: m().yes,
        price: 0.3,
        size: 5,
        side: Side.BUY,
        expiration: Math.floor(Date.now() / 1000) + 3600,
      },
      undefined,
      LegacyOrderType.GTD,
      false,
      true,
    );
    expect(gtd).toMatchObject({ success: true, status: 'live' });
    mine.gtd = gtd.orderID;
    // 1000 − 0.35 × 7.77 − 0.3 × 5
    expect((await collateral()).balance).toBe(String(GRANT - 2_719_500 - 1_500_000));
    expect(await client.getOrder(gtd.orderID)).toMatchObject({
      id: gtd.orderID,
      status: 'LIVE',
      price: '0.3',
      original_size: '5',
      order_type: 'GTD',
    });
    const open = await client.getOpenOrders({ market: m().conditionId });
    expect(open.map((o) => o.id).sort()).toEqual([gtc.orderID, gtd.orderID].sort());
  });

  it('is told why an order is refused (too little balance, too small), in the body it returns', async () => {
    const poor = await client.createAndPostOrder({
      tokenID: m().yes,
      price: 0.5,
      size: 5000,
      side: Side.BUY,
    });
    expect(poor).toMatchObject({ status: 400, error: expect.stringContaining('not enough balance') });
    const small = await client.createAndPostOrder({
      tokenID: m().yes,
      price: 0.5,
      size: 4.99,
      side: Side.BUY,
    });
    expect(small).toMatchObject({ status: 400, error: expect.stringContaining('lower than the minimum: 5') });
  });

  it('createAndPostMarketOrder: buys (FOK) and sells (FAK) at the price it reads from the book', async () => {
    const before = Number((await collateral()).balance);
    // FOK for 11 USDC: the whole ask at 0.55, 20 shares.
    const bought = await client.createAndPostMarketOrder({ tokenID: m().yes, amount: 11, side: Side.BUY });
    expect(bought).toMatchObject({
      success: true,
      status: 'matched',
      makingAmount: '11',
      takingAmount: '20',
    });
    const sold = await client.createAndPostMarketOrder(
      { tokenID: m().yes, amount: 4, side: Side.SELL },
      undefined,
      LegacyOrderType.FAK,
    );
    expect(sold).toMatchObject({ success: true, status: 'matched', makingAmount: '4', takingAmount: '1.6' });
    expect((await collateral()).balance).toBe(String(before - 11_000_000 + 1_600_000));
    expect(
      await client.getBalanceAllowance({ asset_type: AssetType.CONDITIONAL, token_id: m().yes }),
    ).toMatchObject({ balance: String(16 * USDC) });
    const trades = await client.getTrades({ market: m().conditionId });
    expect(trades.map((trade) => [trade.side, trade.size, trade.price, trade.status]).sort()).toEqual(
      [
        ['BUY', '20', '0.55', 'CONFIRMED'],
        ['SELL', '4', '0.4', 'CONFIRMED'],
      ].sort(),
    );
    // The reference's examples ask for their own trades by their own address, whichever side they took.
    const byAddress = await client.getTrades({
      maker_address: wallet.account.address,
      market: m().conditionId,
    });
    expect(byAddress.map((trade) => trade.id).sort()).toEqual(trades.map((trade) => trade.id).sort());
    expect(byAddress.map((trade) => trade.trader_side)).toEqual(['TAKER', 'TAKER']);
    expect(await client.getLastTradePrice(m().yes)).toEqual({ price: '0.4', side: 'SELL' });
  });

  it('createAndPostOrder SELL: a marketable limit sell fills, another rests and reserves its shares', async () => {
    const before = Number((await collateral()).balance);
    const filled = await client.createAndPostOrder({
      tokenID: m().yes,
      price: 0.4,
      size: 5,
      side: Side.SELL,
    });
    expect(filled).toMatchObject({ success: true, status: 'matched', makingAmount: '5', takingAmount: '2' });
    const resting = await client.createAndPostOrder({
      tokenID: m().yes,
      price: 0.7,
      size: 5.5,
      side: Side.SELL,
    });
    expect(resting).toMatchObject({ success: true, status: 'live' });
    mine.sell = resting.orderID;
    expect((await client.getOrderBook(m().yes)).asks.at(-1)).toEqual({ price: '0.7', size: '5.5' });
    expect((await collateral()).balance).toBe(String(before + 2_000_000));
    // 16 − 5 sold − 5.5 reserved
    expect(
      await client.getBalanceAllowance({ asset_type: AssetType.CONDITIONAL, token_id: m().yes }),
    ).toMatchObject({ balance: String(5.5 * USDC) });
  });

  it('signs for the negative-risk exchange on a negative-risk market, and trades there', async () => {
    await rest({ tokenId: legacyNegRisk.no, side: 'BUY', price: 0.5, size: 10, negRisk: true });
    const live = await client.createAndPostOrder({
      tokenID: legacyNegRisk.yes,
      price: 0.2,
      size: 5,
      side: Side.BUY,
    });
    expect(live).toMatchObject({ success: true, status: 'live' });
    mine.negRisk = live.orderID;
    const bought = await client.createAndPostMarketOrder({
      tokenID: legacyNegRisk.yes,
      amount: 2.5,
      side: Side.BUY,
    });
    expect(bought).toMatchObject({ success: true, status: 'matched', takingAmount: '5' });
  });

  it('pages through more than a page of open orders, as both clients walk the reference cursors', async () => {
    const before = (await collateral()).balance;
    const signed = [];
    for (let i = 0; i < 101; i++)
      signed.push({
        order: await client.createOrder({ tokenID: paged.yes, price: 0.01, size: 5, side: Side.BUY }),
        orderType: LegacyOrderType.GTC,
      });
    for (let i = 0; i < signed.length; i += 15) {
      const answers = (await client.postOrders(signed.slice(i, i + 15))) as { status: string }[];
      expect(answers.map((a) => a.status)).toEqual(Array(Math.min(15, signed.length - i)).fill('live'));
    }
    const open = await client.getOpenOrders({ market: paged.conditionId });
    expect(new Set(open.map((o) => o.id)).size).toBe(101);
    // The SDK on the same wallet (its own key) lists the address's orders too, page by page.
    const sdk = await sdkClientOf(key);
    const pages = [];
    for await (const page of sdk.listOpenOrders({ market: paged.conditionId })) pages.push(page.items.length);
    expect(pages).toEqual([100, 1]);
    const cancelled = await client.cancelMarketOrders({ market: paged.conditionId });
    expect(cancelled.canceled).toHaveLength(101);
    expect((await collateral()).balance).toBe(before);
  });

  it('cancels one order, several, a token’s, and all; the reservations come back', async () => {
    expect(await client.cancelOrder({ orderID: mine.gtc! })).toEqual({
      canceled: [mine.gtc],
      not_canceled: {},
    });
    expect(await client.cancelOrders([mine.gtd!])).toEqual({ canceled: [mine.gtd], not_canceled: {} });
    const onSpare = await client.createAndPostOrder({
      tokenID: spare.no,
      price: 0.2,
      size: 5,
      side: Side.BUY,
    });
    expect(await client.cancelMarketOrders({ asset_id: spare.no })).toEqual({
      canceled: [onSpare.orderID],
      not_canceled: {},
    });
    const all = await client.cancelAll();
    expect(all.canceled.sort()).toEqual([mine.negRisk, mine.sell].sort());
    expect(await client.getOpenOrders()).toEqual([]);
    // 1000 − 11 + 1.6 + 2 − 2.5 with nothing reserved.
    expect((await collateral()).balance).toBe(String(GRANT - 9_900_000));
    expect(
      await client.getBalanceAllowance({ asset_type: AssetType.CONDITIONAL, token_id: m().yes }),
    ).toMatchObject({ balance: String(11 * USDC) });
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });
});
