import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importEvents } from '../../catalog-tools/import';
import { bytesToLowerHex, orderDigest } from '../../contract/orders';
import { parseSignedOrder } from '../../contract/orders-wire';
import { TRADING_REFUSALS } from '../../contract/trading-errors';
import { buildTestApp, type TestApp } from '../test/app';
import { Trader } from './test/trader';

/**
 * A market's order rules come from the catalog (docs/exchange.md, "Units"): the tick and minimum size
 * an import gives it are what the catalog shows, what the book and /tick-size answer, and what orders
 * are held to, with the reference's sentences.
 */
const CHAIN = 80002;
const R = TRADING_REFUSALS.INVALID_ORDER;
let t: TestApp;
let alice: Trader;

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
    orderDigest(parseSignedOrder(body.order).data!, {
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
