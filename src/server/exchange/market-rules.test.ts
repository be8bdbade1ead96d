import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importEvents } from '../../catalog-tools/import';
import { bytesToLowerHex, orderDigest } from '../../contract/orders';
import { SignedOrder } from '../../contract/trading';
import { TRADING_REFUSALS } from '../../contract/trading-errors';
import { buildTestApp, type TestApp } from '../test/app';
import { CLOSING_EVERY_MS } from './exchange';
import { FOLLOW_EVERY_MS } from './catalog-follower';
import { ledgerViolations } from './test/invariants';
import { Trader } from './test/trader';

/**
 * A market's order rules come from the catalog (docs/exchange.md, "Units", "Markets that close"): the tick
 * and minimum size an import gives it are what the catalog shows, what the book and /tick-size answer, and
 * what orders are held to, with the reference's sentences; and a later import that closes a market (or
 * drops it) cancels the orders resting on it.
 */
const CHAIN = 80002;
const R = TRADING_REFUSALS.INVALID_ORDER;
let t: TestApp;
let alice: Trader;
let bob: Trader;

/** A two-outcome market in the public catalog's wire shape; its tokens are `<id>1` and `<id>2`. */
const market = (id: string, fields: Record<string, unknown> = {}) => ({
  id,
  question: `Market ${id}?`,
  conditionId: `0x${id.padStart(64, '0')}`,
  outcomes: '["Yes", "No"]',
  outcomePrices: '["0.5", "0.5"]',
  clobTokenIds: JSON.stringify([`${id}1`, `${id}2`]),
  ...fields,
});
const event = (id: string, markets: unknown[]) => ({
  id,
  slug: `event-${id}`,
  title: `Event ${id}`,
  active: true,
  closed: false,
  endDate: '2030-01-01T00:00:00Z',
  markets,
});

/** The order's id (its EIP-712 hash), which the reference's sentences name. */
const orderIdOf = (body: { order: unknown }) =>
  bytesToLowerHex(
    orderDigest(SignedOrder.parse(body.order), {
      chainId: CHAIN,
      verifyingContract: t.config.exchanges[1].exchange,
    }),
  );

beforeAll(async () => {
  t = await buildTestApp({ CHAIN_ID: String(CHAIN), RATE_LIMIT_MAX: '10000' });
  const report = await importEvents(t.database.db, [
    event('71', [
      market('7101', { orderPriceMinTickSize: 0.001, orderMinSize: 15 }),
      market('7102', { orderPriceMinTickSize: 0.1 }),
    ]),
  ]);
  expect(report).toMatchObject({ imported: 1, errors: [], warnings: [] });
  alice = await Trader.create(t.app, CHAIN);
  bob = await Trader.create(t.app, CHAIN);
});
afterAll(() => t.close());

describe("a market's tick and minimum size, from the catalog", () => {
  it('the catalog shows them, and the book and /tick-size answer the same', async () => {
    const shown = (await t.app.inject({ url: '/gamma/markets/7101' })).json();
    expect(shown).toMatchObject({ orderPriceMinTickSize: 0.001, orderMinSize: 15 });
    expect((await t.app.inject({ url: '/clob/tick-size?token_id=71011' })).json()).toEqual({
      minimum_tick_size: 0.001,
    });
    expect((await t.app.inject({ url: '/clob/book?token_id=71012' })).json()).toMatchObject({
      tick_size: '0.001',
      min_order_size: '15',
    });
    // Unnamed in the file: the reference's defaults.
    expect((await t.app.inject({ url: '/gamma/markets/7102' })).json()).toMatchObject({
      orderPriceMinTickSize: 0.1,
      orderMinSize: 5,
    });
    expect((await t.app.inject({ url: '/clob/tick-size?token_id=71021' })).json()).toEqual({
      minimum_tick_size: 0.1,
    });
  });

  it('a tick of 0.001 takes a price of 0.123 and refuses 0.1234 with the reference sentence', async () => {
    const onTick = await alice.place({ tokenId: '71011', side: 'BUY', price: 0.123, size: 20 });
    expect(onTick.statusCode, onTick.body).toBe(200);
    expect(onTick.json()).toMatchObject({ success: true, status: 'live' });

    const offTick = await alice.order({ tokenId: '71011', side: 'BUY', price: 0.1234, size: 20 });
    const res = await alice.request('POST', '/order', offTick);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'INVALID_ORDER',
      error: R.tickSize(orderIdOf(offTick), '0.1234', '0.001'),
    });
    // The range is the tick's too: 0.001 … 0.999.
    const low = await alice.place({ tokenId: '71012', side: 'BUY', price: 0.001, size: 20 });
    expect(low.statusCode, low.body).toBe(200);
    // A BUY of No at 0.001 is an ask of Yes at 0.999.
    expect((await t.app.inject({ url: '/clob/book?token_id=71011' })).json()).toMatchObject({
      bids: [{ price: '0.123', size: '20' }],
      asks: [{ price: '0.999', size: '20' }],
    });
  });

  it('a minimum size of 15 refuses 10 shares with the reference sentence, and takes 15', async () => {
    const small = await alice.order({ tokenId: '71011', side: 'BUY', price: 0.2, size: 10 });
    const res = await alice.request('POST', '/order', small);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'INVALID_ORDER', error: R.minSize(orderIdOf(small), '10', '15') });
    const enough = await alice.place({ tokenId: '71011', side: 'BUY', price: 0.2, size: 15 });
    expect(enough.statusCode, enough.body).toBe(200);
  });

  it('a coarse tick of 0.1 refuses 0.15', async () => {
    const body = await alice.order({ tokenId: '71021', side: 'BUY', price: 0.15, size: 10 });
    const res = await alice.request('POST', '/order', body);
    expect(res.json()).toEqual({ code: 'INVALID_ORDER', error: R.tickSize(orderIdOf(body), '0.15', '0.1') });
    expect((await alice.place({ tokenId: '71021', side: 'BUY', price: 0.2, size: 10 })).statusCode).toBe(200);
  });
});

describe('a market that a later import closes', () => {
  const USDC = 1_000_000n;
  const placed = async (trader: Trader, opts: Parameters<Trader['order']>[0]) => {
    const res = await trader.place(opts);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { orderID: string; status: string };
  };
  const statusOf = async (trader: Trader, id: string) =>
    ((await trader.request('GET', `/data/order/${id}`)).json() as { status: string }).status;
  /** Waits for the exchange's sweep (every CLOSING_EVERY_MS) to have cancelled these orders. */
  const cancelledSoon = async (orders: [Trader, string][]) => {
    const deadline = Date.now() + 4 * CLOSING_EVERY_MS;
    for (;;) {
      const statuses = await Promise.all(orders.map(([trader, id]) => statusOf(trader, id)));
      if (statuses.every((s) => s === 'CANCELED') || Date.now() > deadline) return statuses;
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  it('cancels its resting BUY and SELL orders, gives back their reservations, keeps balances, and closes its book', async () => {
    const closing = event('72', [market('7201'), market('7202')]);
    expect((await importEvents(t.database.db, [closing])).errors).toEqual([]);
    // A mint: 10 Yes to Alice, 10 No to Bob, at 0.4 / 0.6.
    await placed(alice, { tokenId: '72011', side: 'BUY', price: 0.4, size: 10 });
    expect(await placed(bob, { tokenId: '72012', side: 'BUY', price: 0.6, size: 10 })).toMatchObject({
      status: 'matched',
    });
    // Resting: Alice sells her 10 Yes at 0.7, Bob bids 0.3 for 20 Yes, and Bob bids on the other market.
    const sell = (await placed(alice, { tokenId: '72011', side: 'SELL', price: 0.7, size: 10 })).orderID;
    const buy = (await placed(bob, { tokenId: '72011', side: 'BUY', price: 0.3, size: 20 })).orderID;
    const dropped = (await placed(bob, { tokenId: '72021', side: 'BUY', price: 0.5, size: 10 })).orderID;
    const bobBefore = await bob.balance();
    expect(await alice.balance('72011')).toBe(0n); // all 10 held back by the SELL
    expect(bobBefore).toBe(1000n * USDC - 6n * USDC - 6n * USDC - 5n * USDC);

    // The same event again: 7201 closed (resolved Yes), 7202 no longer in it.
    const report = await importEvents(t.database.db, [
      event('72', [market('7201', { closed: true, outcomePrices: '["1", "0"]' })]),
    ]);
    expect(report).toMatchObject({ imported: 1, errors: [] });

    expect(
      await cancelledSoon([
        [alice, sell],
        [bob, buy],
        [bob, dropped],
      ]),
    ).toEqual(['CANCELED', 'CANCELED', 'CANCELED']);
    expect((await bob.request('GET', '/data/orders')).json()).toMatchObject({ data: [], count: 0 });
    // Reservations back; what was held stays held.
    expect(await alice.balance('72011')).toBe(10n * USDC);
    expect(await bob.balance()).toBe(bobBefore + 6n * USDC + 5n * USDC);
    expect(await bob.balance('72012')).toBe(10n * USDC);
    expect(await ledgerViolations(t.database.db)).toEqual([]);
    for (const token of ['72011', '72012', '72021']) {
      const book = await t.app.inject({ url: `/clob/book?token_id=${token}` });
      expect(book.statusCode).toBe(404);
      expect(book.json()).toEqual({
        code: 'ORDERBOOK_NOT_FOUND',
        error: TRADING_REFUSALS.ORDERBOOK_NOT_FOUND.book,
      });
    }
    // The cancels are no trade: the catalog keeps the price the import gave the closed market.
    await new Promise((r) => setTimeout(r, 2 * FOLLOW_EVERY_MS));
    expect((await t.app.inject({ url: '/gamma/markets/7201' })).json()).toMatchObject({
      closed: true,
      outcomePrices: '["1","0"]',
    });
  });
});
