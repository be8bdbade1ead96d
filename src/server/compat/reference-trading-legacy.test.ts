import { AssetType, ClobClient, OrderType as LegacyOrderType, Side } from '@polymarket/clob-client';
import { generatePrivateKey } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import { ledgerViolations } from '../exchange/test/invariants';
import { CHAIN_ID, GRANT, sdkClientOf, USDC, startTradingServer, walletOf } from './test/trading-fixture';

/**
 * The legacy trading client, as published and given only our base URL and chain id, trades against the
 * real server over HTTP (docs/api.md, the order book): key, limit and market orders against another
 * wallet's resting orders (plain and negative-risk markets), market data, open orders over two pages,
 * trades, balances and cancels, with balances checked after every step.
 */

const s = startTradingServer({ plain: 4, negRisk: 1 });

describe('the legacy client (@polymarket/clob-client) as published trades', () => {
  const m = () => s.plain[0]!;
  const spare = () => s.plain[1]!;
  const paged = () => s.plain[2]!;
  const deep = () => s.plain[3]!;
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
    const creds = await new ClobClient(`${s.base}/clob`, CHAIN_ID, wallet).createOrDeriveApiKey();
    expect(creds.key).toMatch(/^[0-9a-f-]{36}$/);
    client = new ClobClient(`${s.base}/clob`, CHAIN_ID, wallet, creds);
    // An ask of Yes at 0.55 × 20 (a bid of No), a bid of Yes at 0.4 × 20.
    await s.rest({ tokenId: m().no, side: 'BUY', price: 0.45, size: 20 });
    await s.rest({ tokenId: m().yes, side: 'BUY', price: 0.4, size: 20 });
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
    expect(await client.getNegRisk(s.negRisk[0]!.yes)).toBe(true);
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

  it('lists markets: getMarkets, getMarket, getSimplifiedMarkets and the sampling lists', async () => {
    const markets = await client.getMarkets();
    expect(markets).toMatchObject({ limit: 500, next_cursor: 'LTE=' });
    expect(markets.data.map((market) => market.condition_id)).toEqual(
      expect.arrayContaining([m().conditionId, s.negRisk[0]!.conditionId]),
    );
    const market = await client.getMarket(m().conditionId);
    expect(market).toMatchObject({
      condition_id: m().conditionId,
      neg_risk: false,
      minimum_tick_size: 0.01,
      minimum_order_size: 5,
      accepting_orders: true,
      tokens: [{ token_id: m().yes }, { token_id: m().no }],
    });
    for (const list of [await client.getSamplingMarkets(), await client.getSamplingSimplifiedMarkets()]) {
      expect(list.data.length).toBeGreaterThan(0);
      expect(list.data.every((listed) => listed.accepting_orders)).toBe(true);
    }
    const simplified = await client.getSimplifiedMarkets();
    expect(simplified.data.find((listed) => listed.condition_id === m().conditionId)?.tokens).toEqual(
      market.tokens,
    );
  });

  it('gets the reference’s health answer, server time, and its account’s standing', async () => {
    expect(await client.getOk()).toBe('OK');
    expect(Math.abs((await client.getServerTime()) - Date.now() / 1000)).toBeLessThan(5);
    expect(await client.getClosedOnlyMode()).toEqual({ closed_only: false });
    // No rewards, so no order scores; no notifications besides the live channel.
    const [a, b] = [`0x${'a1'.repeat(32)}`, `0x${'b2'.repeat(32)}`];
    expect(await client.isOrderScoring({ order_id: a })).toEqual({ scoring: false });
    expect(await client.areOrdersScoring({ orderIds: [a, b] })).toEqual({ [a]: false, [b]: false });
    expect(await client.getNotifications()).toEqual([]);
    // Typed void, the client hands back the body (or its error value): an empty list, nothing dropped.
    expect(await client.dropNotifications({ ids: ['1', '2'] })).toEqual([]);
  });

  it('pages through no liquidity rewards and no earnings', async () => {
    const day = '2026-11-28';
    expect(await client.getCurrentRewards()).toEqual([]);
    expect(await client.getRawRewardsForMarket(m().conditionId)).toEqual([]);
    expect(await client.getEarningsForUserForDay(day)).toEqual([]);
    expect(await client.getUserEarningsAndMarketsConfig(day)).toEqual([]);
    expect(await client.getTotalEarningsForUserForDay(day)).toEqual([]);
    expect(await client.getRewardPercentages()).toEqual({});
  });

  it('postHeartbeat starts a chain, and chains the id it was given', async () => {
    // A wallet of its own: its chain lapses 10 s after this test, and takes only its own orders with it.
    const own = walletOf(generatePrivateKey());
    const creds = await new ClobClient(`${s.base}/clob`, CHAIN_ID, own).createOrDeriveApiKey();
    const beating = new ClobClient(`${s.base}/clob`, CHAIN_ID, own, creds);
    const first = await beating.postHeartbeat();
    expect(first).toEqual({ heartbeat_id: expect.any(String), status: 'ok' });
    expect(await beating.postHeartbeat(first.heartbeat_id)).toEqual(first);
    // An id of no chain comes back as the client's error value, with our sentence.
    expect(await beating.postHeartbeat('not-a-chain')).toMatchObject({
      status: 400,
      error: expect.stringContaining("is not this API key's running heartbeat"),
    });
  });

  it('a geo-block token (added to every query) and the server’s time change nothing', async () => {
    const creds = (client as unknown as { creds: { key: string; secret: string; passphrase: string } }).creds;
    const geo = new ClobClient(
      `${s.base}/clob`,
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
    // The market's public record of the same two fills, newest first, naming no wallet.
    const events = await client.getMarketTradesEvents(m().conditionId);
    expect(
      events.map((e) => [e.event_type, e.side, e.size, e.price, e.outcome_index, e.user.address]),
    ).toEqual([
      ['trade', 'SELL', '4', '0.4', 0, ''],
      ['trade', 'BUY', '20', '0.55', 0, ''],
    ]);
    expect(events.map((e) => e.transaction_hash).sort()).toEqual(
      trades.map((t) => t.transaction_hash).sort(),
    );
  });

  it('createAndPostMarketOrder BUY spends its whole amount, more shares where the price is better', async () => {
    // Asks of Yes at 0.40 × 20 and 0.60 × 20 (bids of No at 0.60 and 0.40): the client prices $12 at
    // 0.60 (it needs both levels) and signs 12 USDC for 20 shares; the order spends the 12, as on the
    // reference.
    await s.rest({ tokenId: deep().no, side: 'BUY', price: 0.6, size: 20 });
    await s.rest({ tokenId: deep().no, side: 'BUY', price: 0.4, size: 20 });
    const before = Number((await collateral()).balance);
    const bought = await client.createAndPostMarketOrder({ tokenID: deep().yes, amount: 12, side: Side.BUY });
    // 20 at 0.40 ($8) and 6.66 at 0.60 ($3.996): $0.004 is left, less than a hundredth of a share.
    expect(bought).toMatchObject({ success: true, makingAmount: '11.996', takingAmount: '26.66' });
    expect((await collateral()).balance).toBe(String(before - 11_996_000));
    const order = await client.getOrder(bought.orderID);
    expect(order).toMatchObject({ status: 'MATCHED', size_matched: '26.66', original_size: '26.66' });
    // A FOK for more than the book holds up to its price is killed whole, spending nothing.
    const killed = await client.createAndPostMarketOrder({
      tokenID: deep().yes,
      amount: 9,
      side: Side.BUY,
      price: 0.6,
    });
    expect(killed).toMatchObject({ error: expect.stringContaining('FOK orders are fully filled or killed') });
    expect((await collateral()).balance).toBe(String(before - 11_996_000));
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
    await s.rest({ tokenId: s.negRisk[0]!.no, side: 'BUY', price: 0.5, size: 10, negRisk: true });
    const live = await client.createAndPostOrder({
      tokenID: s.negRisk[0]!.yes,
      price: 0.2,
      size: 5,
      side: Side.BUY,
    });
    expect(live).toMatchObject({ success: true, status: 'live' });
    mine.negRisk = live.orderID;
    const bought = await client.createAndPostMarketOrder({
      tokenID: s.negRisk[0]!.yes,
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
        order: await client.createOrder({ tokenID: paged().yes, price: 0.01, size: 5, side: Side.BUY }),
        orderType: LegacyOrderType.GTC,
      });
    for (let i = 0; i < signed.length; i += 15) {
      const answers = (await client.postOrders(signed.slice(i, i + 15))) as { status: string }[];
      expect(answers.map((a) => a.status)).toEqual(Array(Math.min(15, signed.length - i)).fill('live'));
    }
    const open = await client.getOpenOrders({ market: paged().conditionId });
    expect(new Set(open.map((o) => o.id)).size).toBe(101);
    // The SDK on the same wallet (its own key) lists the address's orders too, page by page.
    const sdk = await sdkClientOf(s.base, key);
    const pages = [];
    for await (const page of sdk.listOpenOrders({ market: paged().conditionId }))
      pages.push(page.items.length);
    expect(pages).toEqual([100, 1]);
    const cancelled = await client.cancelMarketOrders({ market: paged().conditionId });
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
      tokenID: spare().no,
      price: 0.2,
      size: 5,
      side: Side.BUY,
    });
    expect(await client.cancelMarketOrders({ asset_id: spare().no })).toEqual({
      canceled: [onSpare.orderID],
      not_canceled: {},
    });
    const all = await client.cancelAll();
    expect(all.canceled.sort()).toEqual([mine.negRisk, mine.sell].sort());
    expect(await client.getOpenOrders()).toEqual([]);
    // 1000 − 11 + 1.6 − 11.996 + 2 − 2.5 with nothing reserved.
    expect((await collateral()).balance).toBe(String(GRANT - 21_896_000));
    expect(
      await client.getBalanceAllowance({ asset_type: AssetType.CONDITIONAL, token_id: m().yes }),
    ).toMatchObject({ balance: String(11 * USDC) });
    expect(await ledgerViolations(s.t.database.db)).toEqual([]);
  });
});
