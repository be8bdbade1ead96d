import { OrderSide, OrderType, RequestRejectedError, UnexpectedResponseError } from '@polymarket/client';
import {
  fetchBalanceAllowance,
  fetchBuilderFeeRates,
  dropNotifications,
  fetchClosedOnlyMode,
  fetchNotifications,
  fetchOrderScoring,
  fetchOrdersScoring,
  fetchRewardPercentages,
  fetchTotalEarningsForUserForDay,
  listCurrentRewards,
  listMarketRewards,
  listUserEarningsAndMarketsConfig,
  listUserEarningsForDay,
  fetchMarketInfo,
  fetchNegRisk,
  fetchTickSize,
  resolveConditionByToken,
  updateBalanceAllowance,
} from '@polymarket/client/actions';
import { privateKey } from '@polymarket/client/viem';
import { TradeStatus } from '@polymarket/bindings';
import { AssetType as SdkAssetType } from '@polymarket/bindings/clob';
import { ClobClient } from '@polymarket/clob-client';
import { generatePrivateKey } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { importEvents } from '../../catalog-tools/import';
import type { Db } from '../db/open';
import { credit } from '../exchange/ledger/funding';
import { ledgerViolations } from '../exchange/test/invariants';
import {
  CHAIN_ID,
  GRANT,
  SDK_EXCHANGES,
  sdkClientOf,
  UNKNOWN_ORDER,
  USDC,
  startTradingServer,
  walletOf,
} from './test/trading-fixture';

/**
 * The reference SDK, as published and given only our base URL and chain id, trades against the real
 * server over HTTP (docs/api.md, the order book): a secure client for a wallet creates its key, places
 * limit and market orders against another wallet's resting orders (plain and negative-risk markets),
 * reads market data, its orders, trades and balances, and cancels; every answer is read by the SDK's own
 * schemas, and balances are checked after every step.
 */

const s = startTradingServer({ plain: 2, negRisk: 1 });

describe('the SDK (@polymarket/client): a secure client for a wallet trades', () => {
  const m = () => s.plain[0]!;
  const spare = () => s.plain[1]!;
  let client: Awaited<ReturnType<typeof sdkClientOf>>;
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
    client = await sdkClientOf(s.base, key);
    // Asks of Yes at 0.6 × 20 and 0.65 × 10 (bids of No), a bid of Yes at 0.3 × 20.
    await s.rest({ tokenId: m().no, side: 'BUY', price: 0.4, size: 20 });
    await s.rest({ tokenId: m().no, side: 'BUY', price: 0.35, size: 10 });
    await s.rest({ tokenId: m().yes, side: 'BUY', price: 0.3, size: 20 });
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
    expect(await fetchNegRisk(client, { tokenId: s.negRisk[0]!.yes })).toBe(true);

    // An empty book reads too (a missing bid counts as 0, a missing ask as 1).
    expect(await client.fetchOrderBook({ tokenId: spare().yes })).toMatchObject({ bids: [], asks: [] });
    expect(await client.fetchPrice({ tokenId: spare().yes, side: OrderSide.BUY })).toBe('0');
    expect(await client.fetchMidpoint({ tokenId: spare().yes })).toBe('0.5');
    expect(await client.fetchSpread({ tokenId: spare().yes })).toBe('1');
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
    // The wire carries unix seconds, as the reference documents them; SDK 0.2.0 reads them as
    // milliseconds, so its dates fall in January 1970 (docs/api.md §9).
    expect(Date.parse(order.expiresAt!)).toBe(expiration);
    expect(Date.parse(order.createdAt)).toBeGreaterThan(Math.floor(Date.now() / 1000) - 60);
    expect(Date.parse(order.createdAt)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
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

    // FOK for 9 USDC walks two levels: the SDK signs 9 USDC for 13.8461 shares, a worst price of 0.65.
    // As on the reference, a market buy spends its amount: 10 at 0.6 and 4.61 at 0.65 ($8.9965; the
    // $0.0035 left buys no hundredth of a share).
    const fok = accepted(
      await client.placeMarketOrder({
        tokenId: m().yes,
        side: OrderSide.BUY,
        amount: 9,
        orderType: OrderType.FOK,
      }),
    );
    expect(fok).toMatchObject({ status: 'matched', makingAmount: '8.9965', takingAmount: '14.61' });

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

    // FAK with a price limit beyond the depth: what is there (5.39 at 0.65) fills, the rest is cancelled.
    const partial = accepted(
      await client.placeMarketOrder({ tokenId: m().yes, side: OrderSide.BUY, amount: 100, maxPrice: 0.66 }),
    );
    expect(partial).toMatchObject({ status: 'matched', makingAmount: '3.5035', takingAmount: '5.39' });

    expect(await collateral()).toBe(String(start - 6_000_000 - 8_996_500 + 1_500_000 - 3_503_500));
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
        ['BUY', '14.61'],
        ['BUY', '5.39'],
        ['SELL', '5'],
      ].sort(),
    );
    const [sold] = (await client.listAccountTrades({ tokenId: m().yes }).firstPage()).items.filter(
      (trade) => trade.side === 'SELL',
    );
    expect(sold!.makerOrders).toEqual([
      expect.objectContaining({ price: '0.3', matchedAmount: '5', makerAddress: s.maker.address }),
    ]);
  });

  it('signs for the negative-risk exchange on a negative-risk market, and trades there', async () => {
    const negRisk = s.negRisk[0]!;
    await s.rest({ tokenId: negRisk.no, side: 'BUY', price: 0.5, size: 10, negRisk: true });
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
    const negRisk = s.negRisk[0]!;
    // A buyer of No at 0.8 meets its bid of Yes at 0.2 (a mint), 2 of 5 shares.
    const hit = await s.taker.place({
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
        accepted(await client.placeLimitOrder({ tokenId: spare().yes, side: OrderSide.BUY, price, size: 5 }))
          .orderId,
    );
    const onSpare = await Promise.all(spareOrders);
    const byMarket = await client.cancelMarketOrders({ market: spare().conditionId });
    expect(byMarket.canceled.sort()).toEqual(onSpare.sort());

    const all = await client.cancelAll();
    expect(all).toEqual({ canceled: [mine.negRisk], notCanceled: {} });
    expect((await client.listOpenOrders().firstPage()).items).toEqual([]);
    expect((await client.fetchOrder({ orderId: mine.gtc! })).status).toBe('CANCELED');
    await expect(client.fetchOrder({ orderId: UNKNOWN_ORDER })).rejects.toMatchObject({ status: 404 });
    // 1000 − 6 − 8.9965 + 1.5 − 3.5035 − 2.5 − 0.2 × 2 with nothing reserved.
    expect(await collateral()).toBe(String(GRANT - 19_900_000));
    expect(await ledgerViolations(s.t.database.db)).toEqual([]);
  });

  it('sees what the operator funds (npm run exchange -- fund) in its next balance read', async () => {
    const address = (await privateKey(key).getAddress()).toLowerCase();
    await s.t.database.db.transaction((tx) =>
      credit(tx as unknown as Db, address, 250 * USDC, 'fund', Math.floor(Date.now() / 1000)),
    );
    expect(await collateral()).toBe(String(GRANT + 250 * USDC - 19_900_000));
    expect(await ledgerViolations(s.t.database.db)).toEqual([]);
  });

  it('ends its session: the SDK reads the answer and the key is revoked', async () => {
    const { credentials } = client;
    await client.endAuthentication();
    const sameKey = new ClobClient(`${s.base}/clob`, CHAIN_ID, walletOf(key), credentials);
    expect(await sameKey.getApiKeys()).toMatchObject({ status: 401 });
  });
});

describe('the SDK on a market the catalog gives a tick of 0.001 and a minimum of 15 shares', () => {
  const yes = '9000000011';
  let client: Awaited<ReturnType<typeof sdkClientOf>>;

  beforeAll(async () => {
    const report = await importEvents(s.t.database.db, [
      {
        id: '9000000',
        slug: 'fine-ticks',
        title: 'Fine ticks?',
        active: true,
        closed: false,
        endDate: '2030-01-01T00:00:00Z',
        markets: [
          {
            id: '900000001',
            question: 'Fine ticks?',
            conditionId: `0x${'f1'.repeat(32)}`,
            outcomes: '["Yes", "No"]',
            outcomePrices: '["0.5", "0.5"]',
            clobTokenIds: JSON.stringify([yes, '9000000012']),
            orderPriceMinTickSize: 0.001,
            orderMinSize: 15,
          },
        ],
      },
    ]);
    expect(report).toMatchObject({ imported: 1, errors: [] });
    client = await sdkClientOf(s.base, generatePrivateKey());
  });

  it('reads the tick and the minimum, and places a limit order priced on the finer tick', async () => {
    expect(await fetchTickSize(client, { tokenId: yes })).toBe(0.001);
    expect(await client.fetchOrderBook({ tokenId: yes })).toMatchObject({
      tickSize: '0.001',
      minOrderSize: '15',
    });
    const placed = await client.placeLimitOrder({
      tokenId: yes,
      side: OrderSide.BUY,
      price: 0.123,
      size: 15,
    });
    expect(placed).toMatchObject({ ok: true, status: 'live' });
    expect((await client.fetchOrderBook({ tokenId: yes })).bids).toEqual([{ price: '0.123', size: '15' }]);
    await expect(
      client.placeLimitOrder({ tokenId: yes, side: OrderSide.BUY, price: 0.123, size: 10 }),
    ).rejects.toThrow(/is invalid\. Size \(10\) lower than the minimum: 15/);
  });

  it('looks the market up by token and reads its parameters: no fees', async () => {
    const conditionId = await resolveConditionByToken(client, { tokenId: yes });
    expect(conditionId).toBe(`0x${'f1'.repeat(32)}`);
    expect(await fetchMarketInfo(client, { conditionId })).toEqual({
      feeInfo: { rate: 0, exponent: 0 },
      tokens: [
        { tokenId: yes, outcome: 'Yes' },
        { tokenId: '9000000012', outcome: 'No' },
      ],
    });
  });

  it('buys at market with a spending cap: the SDK reads the fee curve, and spends the cap', async () => {
    // Asks of Yes at 0.4 × 50 (a bid of No at 0.6, another wallet's).
    await s.rest({ tokenId: '9000000012', side: 'BUY', price: 0.6, size: 50 });
    // With no fees the order spends min(amount, maxSpend): 8 USDC at 0.4, 20 shares.
    const capped = await client.placeMarketOrder({
      tokenId: yes,
      side: OrderSide.BUY,
      amount: 10,
      maxSpend: 8,
      orderType: OrderType.FOK,
    });
    expect(capped).toMatchObject({ ok: true, status: 'matched', makingAmount: '8', takingAmount: '20' });
    // A cap above the amount changes nothing: 4 USDC, 10 shares.
    const uncapped = await client.placeMarketOrder({
      tokenId: yes,
      side: OrderSide.BUY,
      amount: 4,
      maxSpend: 100,
    });
    expect(uncapped).toMatchObject({ ok: true, status: 'matched', makingAmount: '4', takingAmount: '10' });
    // With a builder code the SDK also reads the builder's fees: none here.
    const builderCode = `0x${'b1'.repeat(32)}` as const;
    expect(await fetchBuilderFeeRates(client, { builderCode })).toEqual({ maker: 0, taker: 0 });
    const built = await client.placeMarketOrder({
      tokenId: yes,
      side: OrderSide.BUY,
      amount: 4,
      maxSpend: 2,
      builderCode,
    });
    expect(built).toMatchObject({ ok: true, status: 'matched', makingAmount: '2', takingAmount: '5' });
    expect(await ledgerViolations(s.t.database.db)).toEqual([]);
  });

  it('is not in closed-only mode; no order scores, and nothing notifies but the live channel', async () => {
    expect(await fetchClosedOnlyMode(client)).toBe(false);
    const [a, b] = [`0x${'a1'.repeat(32)}`, `0x${'b2'.repeat(32)}`] as const;
    expect(await fetchOrderScoring(client, { orderId: a })).toBe(false);
    expect(await fetchOrdersScoring(client, { orderIds: [a, b] })).toEqual({ [a]: false, [b]: false });
    expect(await fetchNotifications(client)).toEqual([]);
    await dropNotifications(client, { ids: ['1'] });
  });

  it('lists no liquidity rewards and no earnings, each in one empty page', async () => {
    const date = '2026-11-28';
    const everything = async <T>(pages: AsyncIterable<{ items: T[] }>) => {
      const found: T[] = [];
      for await (const page of pages) found.push(...page.items);
      return found;
    };
    expect(await everything(listCurrentRewards(client))).toEqual([]);
    expect(await everything(listMarketRewards(client, { conditionId: `0x${'f1'.repeat(32)}` }))).toEqual([]);
    expect(await everything(listUserEarningsForDay(client, { date }))).toEqual([]);
    expect(await everything(listUserEarningsAndMarketsConfig(client, { date }))).toEqual([]);
    expect(await fetchTotalEarningsForUserForDay(client, { date })).toEqual([]);
    expect(await fetchRewardPercentages(client)).toEqual({});
  });
});
