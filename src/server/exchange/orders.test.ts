import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rows } from '../db/open';
import { expectError } from '../credentials/test-helpers';
import type { TestApp } from '../test/app';
import { buildTradingApp, TEST_CHAIN } from './test/trading-app';
import { ledgerViolations } from './test/invariants';
import { Trader } from './test/trader';
import { referenceExchanges } from '../../contract/orders';
import type { AccountSummary } from '../../contract/trading';

/** The order book over HTTP on the real app and database: placement, matching, balances, refusals, cancels. */
let t: TestApp;
let yes: string;
let no: string;
let closedToken: string;
let alice: Trader;
let bob: Trader;

beforeAll(async () => {
  t = await buildTradingApp('orders', 30);
  const [open] = await rows<{ tokens: string[] }>(
    t.database.db,
    sql`SELECT clob_token_ids AS tokens FROM markets WHERE active AND NOT closed AND NOT neg_risk AND cardinality(clob_token_ids) = 2 ORDER BY id LIMIT 1`,
  );
  const [closed] = await rows<{ tokens: string[] }>(
    t.database.db,
    sql`SELECT clob_token_ids AS tokens FROM markets WHERE closed ORDER BY id LIMIT 1`,
  );
  [yes, no] = open!.tokens as [string, string];
  closedToken = closed!.tokens[0]!;
  alice = await Trader.create(t.app, TEST_CHAIN);
  bob = await Trader.create(t.app, TEST_CHAIN);
});
afterAll(() => t.close());

const book = async (token: string) => (await t.app.inject({ url: `/clob/book?token_id=${token}` })).json();

describe('placing and matching orders', () => {
  it('grants paper collateral with the first key', async () => {
    expect(await alice.balance()).toBe(1_000_000_000n);
  });

  it('rests a limit order, shows it on both outcomes’ books, and reserves its cost', async () => {
    const res = await alice.place({ tokenId: yes, side: 'BUY', price: 0.4, size: 10 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, status: 'live', makingAmount: '', tradeIDs: [] });
    const yesBook = await book(yes);
    expect(yesBook.bids).toEqual([{ price: '0.4', size: '10' }]);
    expect(yesBook.asks).toEqual([]);
    expect((await book(no)).asks).toEqual([{ price: '0.6', size: '10' }]);
    expect(await alice.balance()).toBe(996_000_000n);
    expect((await t.app.inject({ url: `/clob/midpoint?token_id=${yes}` })).json()).toEqual({ mid: '0.7' });
  });

  it('keeps each order as it was posted, the record of what was signed', async () => {
    const body = await bob.order({ tokenId: no, side: 'BUY', price: 0.1, size: 5 });
    const res = await bob.request('POST', '/order', body);
    expect(res.statusCode, res.body).toBe(200);
    const [stored] = await rows<{ signed: string }>(
      t.database.db,
      sql`SELECT signed FROM exchange_orders WHERE id = ${res.json().orderID}`,
    );
    expect(JSON.parse(stored!.signed)).toEqual(body.order);
    const cancel = await bob.request('DELETE', '/order', { orderID: res.json().orderID });
    expect(cancel.json().canceled).toEqual([res.json().orderID]);
  });

  it('mints when a buyer of No meets a buyer of Yes, at the resting price', async () => {
    const res = await bob.place({ tokenId: no, side: 'BUY', price: 0.65, size: 10 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      status: 'matched',
      makingAmount: '6',
      takingAmount: '10',
    });
    expect(await bob.balance()).toBe(994_000_000n);
    expect(await bob.balance(no)).toBe(10_000_000n);
    expect(await alice.balance(yes)).toBe(10_000_000n);
    expect((await book(yes)).bids).toEqual([]);
    expect((await t.app.inject({ url: `/clob/last-trade-price?token_id=${no}` })).json()).toEqual({
      price: '0.6',
      side: 'BUY',
    });
    const trades = (await bob.request('GET', '/data/trades')).json();
    expect(trades).toMatchObject({
      next_cursor: 'LTE=',
      count: 1,
      data: [{ side: 'BUY', size: '10', price: '0.6', trader_side: 'TAKER', status: 'CONFIRMED' }],
    });
    const aliceTrades = (await alice.request('GET', '/data/trades')).json();
    expect(aliceTrades.data[0]).toMatchObject({
      trader_side: 'MAKER',
      maker_orders: [{ side: 'BUY', price: '0.4', matched_amount: '10' }],
    });
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('merges when sellers of both outcomes meet', async () => {
    expect((await alice.place({ tokenId: yes, side: 'SELL', price: 0.5, size: 5 })).json()).toMatchObject({
      status: 'live',
    });
    const res = await bob.place({ tokenId: no, side: 'SELL', price: 0.5, size: 5 });
    expect(res.json()).toMatchObject({ status: 'matched', makingAmount: '5', takingAmount: '2.5' });
    expect(await alice.balance(yes)).toBe(5_000_000n);
    expect(await bob.balance(no)).toBe(5_000_000n);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });
});

describe('trades', () => {
  it('lists a trade with every maker order it met, and finds it by its id', async () => {
    const [other] = await rows<{ tokens: string[] }>(
      t.database.db,
      sql`SELECT clob_token_ids AS tokens FROM markets WHERE active AND NOT closed AND NOT neg_risk
            AND cardinality(clob_token_ids) = 2 AND NOT (${yes} = ANY(clob_token_ids)) ORDER BY id LIMIT 1`,
    );
    const [otherYes, otherNo] = other!.tokens as [string, string];
    const [maker, taker] = [await Trader.create(t.app, TEST_CHAIN), await Trader.create(t.app, TEST_CHAIN)];
    for (const price of [0.3, 0.35])
      expect((await maker.place({ tokenId: otherNo, side: 'BUY', price, size: 10 })).statusCode).toBe(200);
    const placed = (await taker.place({ tokenId: otherYes, side: 'BUY', price: 0.7, size: 20 })).json();
    expect(placed).toMatchObject({ status: 'matched', tradeIDs: [expect.any(String)] });
    const [tradeId] = placed.tradeIDs;
    const page = (await taker.request('GET', '/data/trades')).json();
    expect(page).toMatchObject({
      count: 1,
      data: [{ id: tradeId, taker_order_id: placed.orderID, size: '20' }],
    });
    expect(page.data[0].maker_orders.map((m: { price: string }) => m.price).sort()).toEqual(['0.3', '0.35']);
    const byId = (await maker.request('GET', `/data/trades?id=${tradeId}`)).json();
    expect(byId).toMatchObject({ count: 1, data: [{ id: tradeId, trader_side: 'MAKER' }] });
    expect(byId.data[0].maker_orders).toHaveLength(2);
    expect((await maker.request('GET', '/data/trades?id=another')).json()).toMatchObject({ count: 0 });
  });
});

describe('refusals change nothing', () => {
  const state = async () =>
    JSON.stringify(await rows(t.database.db, sql`SELECT * FROM exchange_balances ORDER BY 1, 2`)) +
    JSON.stringify(
      await rows(t.database.db, sql`SELECT id, status, remaining FROM exchange_orders ORDER BY id`),
    );

  it.each([
    [
      'a duplicate',
      async () => {
        const body = await alice.order({ tokenId: yes, side: 'BUY', price: 0.1, size: 5 });
        expect((await alice.request('POST', '/order', body)).statusCode).toBe(200);
        return {
          res: await alice.request('POST', '/order', body),
          code: 'ORDER_DUPLICATED',
          text: 'Duplicated',
        };
      },
    ],
    [
      'a FOK that cannot fill',
      async () => ({
        res: await alice.place({ tokenId: yes, side: 'BUY', price: 0.9, size: 100, orderType: 'FOK' }),
        code: 'ORDER_NOT_FILLED',
        text: 'FOK orders are fully filled or killed',
      }),
    ],
    [
      'a FAK that finds nothing',
      async () => ({
        res: await bob.place({ tokenId: yes, side: 'BUY', price: 0.01, size: 5, orderType: 'FAK' }),
        code: 'ORDER_NOT_FILLED',
        text: 'FAK',
      }),
    ],
    [
      'a post-only that crosses',
      async () => {
        await bob.place({ tokenId: yes, side: 'BUY', price: 0.3, size: 5 });
        return {
          res: await alice.place({ tokenId: yes, side: 'SELL', price: 0.3, size: 5, postOnly: true }),
          code: 'POST_ONLY_CROSSES',
          text: 'order crosses book',
        };
      },
    ],
    [
      'more than the free balance',
      async () => ({
        res: await alice.place({ tokenId: yes, side: 'BUY', price: 0.5, size: 10_000 }),
        code: 'NOT_ENOUGH_BALANCE',
        text: 'not enough balance / allowance',
      }),
    ],
    [
      'shares it does not have',
      async () => ({
        res: await bob.place({ tokenId: yes, side: 'SELL', price: 0.5, size: 5 }),
        code: 'NOT_ENOUGH_BALANCE',
        text: 'not enough balance',
      }),
    ],
    [
      'a price off the tick',
      async () => ({
        res: await alice.place({ tokenId: yes, side: 'BUY', price: 0.405, size: 10 }),
        code: 'INVALID_ORDER',
        text: 'tick size',
      }),
    ],
    [
      'a price outside (0, 1)',
      async () => ({
        res: await alice.place({ tokenId: yes, side: 'BUY', price: 0.999, size: 10 }),
        code: 'INVALID_ORDER',
        text: 'invalid price',
      }),
    ],
    [
      'a size below the minimum',
      async () => ({
        res: await alice.place({ tokenId: yes, side: 'BUY', price: 0.2, size: 1 }),
        code: 'INVALID_ORDER',
        text: 'lower than the minimum',
      }),
    ],
    [
      'a GTD expiring too soon',
      async () => ({
        res: await alice.place({
          tokenId: yes,
          side: 'BUY',
          price: 0.2,
          size: 5,
          orderType: 'GTD',
          expiration: Math.floor(Date.now() / 1000) + 10,
        }),
        code: 'INVALID_ORDER',
        text: 'invalid expiration',
      }),
    ],
    [
      'a signature for another chain',
      async () => ({
        res: await alice.place({ tokenId: yes, side: 'BUY', price: 0.2, size: 5, domain: { chainId: 137 } }),
        code: 'INVALID_ORDER',
        // The reference's words, then what this market's orders are signed for.
        text: `invalid signature: a version-1 order of this market is signed by its signer for chain ${TEST_CHAIN} and exchange ${referenceExchanges(1, TEST_CHAIN)!.exchange}`,
      }),
    ],
    [
      'a signature for another exchange',
      async () => ({
        res: await alice.place({ tokenId: yes, side: 'BUY', price: 0.2, size: 5, negRisk: true }),
        code: 'INVALID_ORDER',
        text: `and exchange ${referenceExchanges(1, TEST_CHAIN)!.exchange}`,
      }),
    ],
    [
      'an order signed by someone else',
      async () => ({
        res: await alice.place({ tokenId: yes, side: 'BUY', price: 0.2, size: 5, signer: bob.account }),
        code: 'INVALID_ORDER',
        text: 'invalid signature',
      }),
    ],
    [
      'an order of another owner',
      async () => {
        const body = await alice.order({ tokenId: yes, side: 'BUY', price: 0.2, size: 5 });
        return {
          res: await alice.request('POST', '/order', { ...body, owner: bob.credentials.apiKey }),
          code: 'INVALID_ORDER',
          text: 'owner of the API KEY',
        };
      },
    ],
    [
      'a closed market',
      async () => ({
        res: await alice.place({ tokenId: closedToken, side: 'BUY', price: 0.2, size: 5 }),
        code: 'ORDERBOOK_NOT_FOUND',
        text: 'No orderbook',
      }),
    ],
    [
      'an unknown token',
      async () => ({
        res: await alice.place({ tokenId: '123456789', side: 'BUY', price: 0.2, size: 5 }),
        code: 'ORDERBOOK_NOT_FOUND',
        text: 'No orderbook',
      }),
    ],
    [
      'a malformed body',
      async () => ({
        res: await alice.request('POST', '/order', {
          order: { salt: 'x' },
          owner: alice.credentials.apiKey,
          orderType: 'GTC',
        }),
        code: 'INVALID_ORDER',
        text: 'Invalid order payload',
      }),
    ],
  ])('%s', async (_name, attempt) => {
    const before = await state();
    const { res, code, text } = await attempt();
    expect(res.json().error, res.body).toContain(text);
    expect(res.json().code).toBe(code);
    if (code !== 'ORDER_DUPLICATED' && _name !== 'a post-only that crosses')
      expect(await state()).toBe(before);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });
});

describe('open orders and cancels', () => {
  it('lists, cancels one, cancels all, and gives the reservations back', async () => {
    const carol = await Trader.create(t.app, TEST_CHAIN);
    const ids: string[] = [];
    for (const price of [0.1, 0.11, 0.12])
      ids.push((await carol.place({ tokenId: yes, side: 'BUY', price, size: 10 })).json().orderID);
    expect(await carol.balance()).toBe(1_000_000_000n - 3_300_000n);
    const open = (await carol.request('GET', '/data/orders')).json();
    expect(open).toMatchObject({ count: 3, next_cursor: 'LTE=' });
    expect(open.data.map((o: { id: string }) => o.id)).toEqual(ids);
    const bidAt = async (price: string) =>
      Number(
        ((await book(yes)).bids as { price: string; size: string }[]).find((l) => l.price === price)?.size ??
          0,
      );
    const before = await bidAt('0.1');
    const one = (await carol.request('DELETE', '/order', { orderID: ids[0] })).json();
    expect(one).toEqual({ canceled: [ids[0]], not_canceled: {} });
    // The public book shows a cancel at once (it is the committed book, not a cached one).
    expect(await bidAt('0.1')).toBe(before - 10);
    const again = (await carol.request('DELETE', '/order', { orderID: ids[0] })).json();
    expect(again.canceled).toEqual([]);
    expect(Object.keys(again.not_canceled)).toEqual([ids[0]]);
    // Someone else's order is not found for this caller.
    expect((await alice.request('DELETE', '/order', { orderID: ids[1] })).json().canceled).toEqual([]);
    expect((await carol.request('DELETE', '/cancel-all')).json().canceled.sort()).toEqual(
      ids.slice(1).sort(),
    );
    expect(await carol.balance()).toBe(1_000_000_000n);
    expect((await carol.request('GET', `/data/order/${ids[0]}`)).json()).toMatchObject({
      status: 'CANCELED',
      size_matched: '0',
    });
    expectError(await carol.request('GET', `/data/order/0x${'1'.repeat(64)}`), 404, 'ORDER_NOT_FOUND');
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('an order killed or cancelled in part reports what it filled, not its size', async () => {
    const [, other] = await rows<{ tokens: string[] }>(
      t.database.db,
      sql`SELECT clob_token_ids AS tokens FROM markets WHERE active AND NOT closed AND NOT neg_risk AND cardinality(clob_token_ids) = 2 ORDER BY id LIMIT 2`,
    );
    const [otherYes, otherNo] = other!.tokens as [string, string];
    const [dave, erin] = [await Trader.create(t.app, TEST_CHAIN), await Trader.create(t.app, TEST_CHAIN)];
    const matched = async (id: string) => (await erin.request('GET', `/data/order/${id}`)).json();
    // Dave's bid of 5 No at 91¢ is an ask of 5 Yes at 9¢: Erin's 10 take those 5, and the rest goes.
    expect((await dave.place({ tokenId: otherNo, side: 'BUY', price: 0.91, size: 5 })).statusCode).toBe(200);
    const killed = (
      await erin.place({ tokenId: otherYes, side: 'BUY', price: 0.1, size: 10, orderType: 'FAK' })
    ).json();
    expect(killed).toMatchObject({ status: 'matched', takingAmount: '5' });
    expect(await matched(killed.orderID)).toMatchObject({
      status: 'MATCHED',
      original_size: '10',
      size_matched: '5',
    });
    // An order met in part that rests (the answer says matched), then cancelled: the same.
    expect((await dave.place({ tokenId: otherNo, side: 'BUY', price: 0.91, size: 5 })).statusCode).toBe(200);
    const rested = (await erin.place({ tokenId: otherYes, side: 'BUY', price: 0.1, size: 10 })).json();
    expect(rested).toMatchObject({ status: 'matched', takingAmount: '5' });
    expect((await erin.request('DELETE', '/order', { orderID: rested.orderID })).json().canceled).toEqual([
      rested.orderID,
    ]);
    expect(await matched(rested.orderID)).toMatchObject({
      status: 'CANCELED',
      original_size: '10',
      size_matched: '5',
    });
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });

  it('a condition id in capitals finds its market for the open-order filter and the market cancel', async () => {
    const carol = await Trader.create(t.app, TEST_CHAIN);
    const [row] = await rows<{ condition_id: string }>(
      t.database.db,
      sql`SELECT condition_id FROM markets WHERE ${yes} = ANY(clob_token_ids)`,
    );
    const upper = `0x${row!.condition_id.slice(2).toUpperCase()}`;
    expect(upper).not.toBe(row!.condition_id);
    const placed = await carol.place({ tokenId: yes, side: 'BUY', price: 0.05, size: 10 });
    expect(placed.json()).toMatchObject({ status: 'live' });
    const listed = await carol.request('GET', `/data/orders?market=${upper}`);
    expect((listed.json() as { data: unknown[] }).data).toHaveLength(1);
    const cancelled = await carol.request('DELETE', '/cancel-market-orders', { market: upper });
    expect(cancelled.json()).toEqual({ canceled: [placed.json().orderID], not_canceled: {} });
  });

  it('order scoring and notifications: none here, and a malformed id or body is refused', async () => {
    const id = `0x${'1'.repeat(64)}`;
    expect((await alice.request('GET', `/order-scoring?order_id=${id}`)).json()).toEqual({ scoring: false });
    expect((await alice.request('POST', '/orders-scoring', [id])).json()).toEqual({ [id]: false });
    expect((await alice.request('GET', '/notifications?signature_type=0')).json()).toEqual([]);
    expect((await alice.request('DELETE', '/notifications?ids=1,2')).json()).toEqual([]);
    expectError(await alice.request('GET', '/order-scoring?order_id=42'), 400, 'INVALID_PARAMETER');
    for (const body of [{ orderIds: [id] }, ['42'], 'x'])
      expectError(await alice.request('POST', '/orders-scoring', body), 400, 'INVALID_BODY');
  });

  it('positions: the average price is of the shares still held (a sell does not move it)', async () => {
    const [carol, dave] = await Promise.all([
      Trader.create(t.app, TEST_CHAIN),
      Trader.create(t.app, TEST_CHAIN),
    ]);
    const [row] = await rows<{ tokens: string[] }>(
      t.database.db,
      sql`SELECT clob_token_ids AS tokens FROM markets WHERE active AND NOT closed AND NOT neg_risk
            AND cardinality(clob_token_ids) = 2 ORDER BY id OFFSET 3 LIMIT 1`,
    );
    const [up] = row!.tokens as [string, string];
    const trade = async (buyer: Trader, seller: Trader, price: number, size: number) => {
      // The seller rests, the buyer takes: one fill at the resting price.
      const rested = await seller.place({ tokenId: up, side: 'SELL', price, size });
      expect(rested.statusCode, rested.body).toBe(200);
      const taken = await buyer.place({ tokenId: up, side: 'BUY', price, size, orderType: 'FOK' });
      expect(taken.json()).toMatchObject({ status: 'matched' });
    };
    // Dave gets shares to sell: he buys 40 from nobody, so mint them (Carol's No bid meets his Yes bid).
    await carol.place({ tokenId: row!.tokens[1]!, side: 'BUY', price: 0.5, size: 40 });
    await dave.place({ tokenId: up, side: 'BUY', price: 0.5, size: 40, orderType: 'FOK' });
    // Carol: 28 at 35¢, sells 10 at 33¢, buys 6 at 31¢: (18 × 35 + 6 × 31) / 24 = 34¢.
    await trade(carol, dave, 0.35, 28);
    await trade(dave, carol, 0.33, 10);
    await trade(carol, dave, 0.31, 6);
    const positions = (await carol.request('GET', '/data/positions')).json() as {
      asset_id: string;
      size: string;
      avg_price: string;
    }[];
    expect(positions.find((p) => p.asset_id === up)).toMatchObject({ size: '24', avg_price: '0.34' });
    // 5 more at 32¢: 9.76 / 29 = 0.33655…, to six places, so a position's profit is right to the cent.
    await trade(carol, dave, 0.32, 5);
    const after = (await carol.request('GET', '/data/positions')).json() as typeof positions;
    expect(after.find((p) => p.asset_id === up)).toMatchObject({ size: '29', avg_price: '0.336552' });

    // The summary: the grant, and the one sell's loss: 10 sold at 33¢ against 35¢ paid.
    const summary = (await carol.request('GET', '/data/summary')).json() as AccountSummary;
    expect(summary).toEqual({
      credited: '1000',
      credits: [{ amount: '1000', reason: 'grant', created_at: expect.any(Number) }],
      realized_pnl: '-0.2',
    });
    // What is held at its average cost, with the cash, is what was credited plus what was realised.
    const cash = (await carol.request('GET', '/balance-allowance?asset_type=COLLATERAL')).json() as {
      balance: string;
    };
    const held = after.reduce((sum, p) => sum + Number(p.size) * Number(p.avg_price), 0);
    expect(Number(cash.balance) / 1e6 + held).toBeCloseTo(1000 + Number(summary.realized_pnl), 4);
  });

  it('a GTD order leaves the book a minute before its signed expiration, as on the reference', async () => {
    const erin = await Trader.create(t.app, TEST_CHAIN);
    const [row] = await rows<{ tokens: string[] }>(
      t.database.db,
      sql`SELECT clob_token_ids AS tokens FROM markets WHERE active AND NOT closed AND NOT neg_risk
            AND cardinality(clob_token_ids) = 2 ORDER BY id OFFSET 4 LIMIT 1`,
    );
    const token = row!.tokens[0]!;
    // Signed for now + 60 + 4: four seconds on the book.
    const expiration = Math.floor(Date.now() / 1000) + 64;
    const placed = await erin.place({
      tokenId: token,
      side: 'BUY',
      price: 0.2,
      size: 10,
      orderType: 'GTD',
      expiration,
    });
    expect(placed.json()).toMatchObject({ success: true, status: 'live' });
    const id = placed.json().orderID as string;
    const shown = async () =>
      ((await t.app.inject({ url: `/clob/book?token_id=${token}` })).json() as { bids: { price: string }[] })
        .bids;
    expect(await shown()).toEqual([{ price: '0.2', size: '10' }]);
    // The reference's clients know no EXPIRED: an expired order reads as CANCELED.
    await vi.waitFor(
      async () =>
        expect((await erin.request('GET', `/data/order/${id}`)).json()).toMatchObject({ status: 'CANCELED' }),
      { timeout: 10_000, interval: 250 },
    );
    // It went at its effective time, a minute before the one it was signed with.
    expect(Date.now() / 1000).toBeLessThan(expiration - 50);
    expect(await shown()).toEqual([]);
    expect(await erin.balance()).toBe(1_000_000_000n);
  });

  it('liquidity rewards: every list is one empty page, and a malformed cursor or day is refused', async () => {
    const empty = { limit: 100, count: 0, next_cursor: 'LTE=', data: [] };
    const condition = `0x${'2'.repeat(64)}`;
    for (const url of [
      '/rewards/user?date=2026-11-28',
      '/rewards/user/markets?date=2026-11-28&next_cursor=MA==',
    ])
      expect((await alice.request('GET', url)).json()).toEqual(empty);
    expect((await alice.request('GET', '/rewards/user/total?date=2026-11-28')).json()).toEqual([]);
    expect((await alice.request('GET', '/rewards/user/percentages?signature_type=0')).json()).toEqual({});
    for (const url of [
      '/clob/rewards/markets/current',
      `/clob/rewards/markets/${condition}?next_cursor=MTAw`,
    ])
      expect((await t.app.inject({ method: 'GET', url })).json()).toEqual(empty);
    expectError(await alice.request('GET', '/rewards/user?next_cursor=eA=='), 400, 'INVALID_PARAMETER');
    expectError(await alice.request('GET', '/rewards/user/total?date=28/11/2026'), 400, 'INVALID_PARAMETER');
    const badMarket = await t.app.inject({ method: 'GET', url: '/clob/rewards/markets/0x42' });
    expectError(badMarket, 400, 'INVALID_PARAMETER');
  });

  it('tells a request without an API key which Level 2 headers it lacks, on every account route', async () => {
    const routes = [
      ['POST', '/clob/order'],
      ['POST', '/clob/orders'],
      ['DELETE', '/clob/order'],
      ['DELETE', '/clob/orders'],
      ['DELETE', '/clob/cancel-all'],
      ['DELETE', '/clob/cancel-market-orders'],
      ['GET', '/clob/data/orders'],
      ['GET', `/clob/data/order/0x${'1'.repeat(64)}`],
      ['GET', '/clob/data/trades'],
      ['GET', '/clob/balance-allowance?asset_type=COLLATERAL'],
      ['GET', '/clob/data/positions'],
      ['GET', '/clob/data/summary'],
      ['GET', '/clob/auth/ban-status/closed-only'],
      ['POST', '/clob/v1/heartbeats'],
      ['GET', `/clob/order-scoring?order_id=0x${'1'.repeat(64)}`],
      ['POST', '/clob/orders-scoring'],
      ['GET', '/clob/notifications'],
      ['DELETE', '/clob/notifications'],
      ['GET', '/clob/rewards/user'],
      ['GET', '/clob/rewards/user/total'],
      ['GET', '/clob/rewards/user/markets'],
      ['GET', '/clob/rewards/user/percentages'],
    ] as const;
    for (const [method, url] of routes) {
      const res = await t.app.inject({ method, url, ...(method === 'GET' ? {} : { payload: {} }) });
      expectError(res, 401, 'AUTH_HEADERS_MISSING');
      const { error } = res.json() as { error: string };
      expect(error, `${method} ${url}`).toContain('Level 2');
      expect(error, `${method} ${url}`).toContain(
        'missing: SVC_API_KEY, SVC_TIMESTAMP, SVC_SIGNATURE, SVC_PASSPHRASE.',
      );
      expect(error, `${method} ${url}`).not.toContain('SVC_NONCE');
    }
  });
});

describe('a key revoked by another process', () => {
  // Revoked in the database alone, as another server process would: this one may still hold the key
  // (on PostgreSQL the order routes read keys from a cache too), and its writer checks at the commit.
  it.each([
    ['an order', (trader: Trader) => trader.place({ tokenId: yes, side: 'BUY', price: 0.14, size: 10 })],
    ['a cancel', (trader: Trader) => trader.request('DELETE', '/cancel-all')],
  ])('refuses %s at its commit, and the request uses nothing up', async (_name, act) => {
    const dave = await Trader.create(t.app, TEST_CHAIN);
    const resting = await dave.place({ tokenId: yes, side: 'BUY', price: 0.13, size: 10 });
    expect(resting.statusCode, resting.body).toBe(200);
    const key = dave.credentials.apiKey;
    const state = async () =>
      rows(
        t.database.db,
        sql`SELECT (SELECT count(*) FROM exchange_orders WHERE owner = ${key} AND status = 'LIVE')::int AS live,
                   (SELECT count(*) FROM exchange_orders WHERE owner = ${key})::int AS orders,
                   (SELECT count(*) FROM used_l2_signatures WHERE api_key = ${key})::int AS marks,
                   (SELECT string_agg(balance || '/' || reserved, ',' ORDER BY asset) FROM exchange_balances
                    WHERE address = ${dave.address}) AS holdings`,
      );
    const before = await state();
    await t.database.db.execute(sql`UPDATE api_keys SET revoked_at = now() WHERE api_key = ${key}`);
    const refused = await act(dave);
    expectError(refused, 401, 'API_KEY_REVOKED');
    expect(refused.json().error).toBe('SVC_API_KEY has been revoked; create a new key with POST /api-keys.');
    expect(await state()).toEqual(before);
    // The next request reads the key again and is refused before anything is tried.
    expectError(await act(dave), 401, 'API_KEY_REVOKED');
    expect(await state()).toEqual(before);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
  });
});
