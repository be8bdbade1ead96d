import { TradeStatus } from '@polymarket/bindings';
import { OrderSide } from '@polymarket/client';
import { generatePrivateKey } from 'viem/accounts';
import WebSocket from 'ws';
import { afterAll, describe, expect, it } from 'vitest';
import { importEvents } from '../../catalog-tools/import';
import { sdkClientOf, startTradingServer } from './test/trading-fixture';

/**
 * The reference SDK's own live subscriptions (docs/api.md, Live channels), given only our URLs: its
 * `market` and `user` topics connect to {clob}/ws/market and {clob}/ws/user, and every event they yield
 * has passed the SDK's own schemas (it drops any message they refuse), for orders the same SDK places.
 */

// The SDK uses the platform's WebSocket (Node 22 has one; Node 20 only behind a flag): `ws` stands in.
const platform = globalThis as { WebSocket?: unknown };
const hadWebSocket = platform.WebSocket !== undefined;
if (!hadWebSocket) platform.WebSocket = WebSocket;
afterAll(() => {
  if (!hadWebSocket) delete platform.WebSocket;
});

const s = startTradingServer({ plain: 1, negRisk: 0 });

// biome-ignore lint/suspicious/noExplicitAny: events as the SDK yields them, read field by field
type Event = any;

/** Drains a subscription into an array as events arrive. */
function collect(handle: AsyncIterable<Event>): Event[] {
  const events: Event[] = [];
  void (async () => {
    for await (const event of handle) events.push(event);
  })();
  return events;
}

async function until(events: Event[], match: (e: Event) => boolean, count = 1): Promise<Event[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = events.filter(match);
    if (found.length >= count) return found;
    if (Date.now() > deadline)
      throw new Error(`waited for ${count}, have ${found.length}: ${JSON.stringify(events).slice(0, 2000)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('the SDK (@polymarket/client) subscribes to the live channels', () => {
  it('reads the books, changes and trades of its market and its own orders’ events', async () => {
    const m = s.plain[0]!;
    const client = await sdkClientOf(s.base, generatePrivateKey());
    const market = await client.subscribe([
      { topic: 'market', tokenIds: [m.yes, m.no], customFeatureEnabled: true },
    ]);
    const user = await client.subscribe([{ topic: 'user', markets: [m.conditionId] }]);
    const marketEvents = collect(market);
    const userEvents = collect(user);

    const books = await until(marketEvents, (e) => e.type === 'book', 2);
    expect(books.map((b) => b.payload.tokenId).sort()).toEqual([m.yes, m.no].sort());
    expect(books[0].payload).toMatchObject({ market: m.conditionId, bids: [], asks: [], tickSize: '0.01' });
    // The user channel has no acknowledgement: give its authentication a moment.
    await new Promise((r) => setTimeout(r, 300));

    const placed = await client.placeLimitOrder({
      tokenId: m.yes,
      side: OrderSide.BUY,
      price: 0.4,
      size: 10,
    });
    expect(placed).toMatchObject({ ok: true, status: 'live' });
    const orderId = (placed as { orderId: string }).orderId;
    const [placement] = await until(userEvents, (e) => e.type === 'order');
    expect(placement).toMatchObject({
      topic: 'user',
      payload: {
        orderEventType: 'PLACEMENT',
        id: orderId,
        market: m.conditionId,
        tokenId: m.yes,
        side: 'BUY',
        price: '0.4',
        originalSize: '10',
        sizeMatched: '0',
        status: 'LIVE',
        orderType: 'GTC',
      },
    });
    const changes = await until(marketEvents, (e) => e.type === 'price_change', 2);
    expect(changes.flatMap((c) => c.payload.priceChanges)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ tokenId: m.yes, price: '0.4', size: '10', side: 'BUY', bestBid: '0.4' }),
        expect.objectContaining({ tokenId: m.no, price: '0.6', size: '10', side: 'SELL', bestAsk: '0.6' }),
      ]),
    );
    await until(marketEvents, (e) => e.type === 'best_bid_ask', 2);

    // Another wallet buys No at 0.6: with the bid of Yes at 0.4 (an ask of No at 0.6), a set is minted.
    const hit = await s.taker.place({ tokenId: m.no, side: 'BUY', price: 0.6, size: 4, orderType: 'FAK' });
    expect(hit.json()).toMatchObject({ status: 'matched' });
    const trades = await until(marketEvents, (e) => e.type === 'last_trade_price', 2);
    expect(trades.map((t) => [t.payload.tokenId, t.payload.price, t.payload.size]).sort()).toEqual(
      [
        [m.yes, '0.4', '4'],
        [m.no, '0.6', '4'],
      ].sort(),
    );
    const [update] = await until(
      userEvents,
      (e) => e.type === 'order' && e.payload.orderEventType === 'UPDATE',
    );
    expect(update.payload).toMatchObject({ id: orderId, sizeMatched: '4', status: 'LIVE' });
    const [trade] = await until(userEvents, (e) => e.type === 'trade');
    expect(trade.payload).toMatchObject({
      traderSide: 'MAKER',
      status: TradeStatus.Confirmed, // the SDK's spelling of CONFIRMED
      tokenId: m.no,
      makerOrders: [expect.objectContaining({ orderId, matchedAmount: '4', price: '0.4', tokenId: m.yes })],
    });

    await client.cancelOrder({ orderId });
    const [cancel] = await until(userEvents, (e) => e.payload?.orderEventType === 'CANCELLATION');
    expect(cancel.payload).toMatchObject({ id: orderId, status: 'CANCELED', sizeMatched: '4' });
    // The other wallet's own order is not this key's business.
    expect(userEvents.every((e) => e.type !== 'order' || e.payload.id === orderId)).toBe(true);

    await market.close();
    await user.close();
  });

  it('reads a tick_size_change when a load gives its market a new tick', async () => {
    const tokens = ['91011', '91012'];
    const load = async (tick: number) => {
      const report = await importEvents(s.t.database.db, [
        {
          id: '91',
          slug: 'event-91',
          title: 'Event 91',
          active: true,
          closed: false,
          endDate: '2030-01-01T00:00:00Z',
          markets: [
            {
              id: '9101',
              question: 'Market 9101?',
              conditionId: `0x${'9101'.padStart(64, '0')}`,
              outcomes: '["Yes", "No"]',
              outcomePrices: '["0.5", "0.5"]',
              clobTokenIds: JSON.stringify(tokens),
              orderPriceMinTickSize: tick,
            },
          ],
        },
      ]);
      expect(report.errors).toEqual([]);
    };
    await load(0.01);
    const client = await sdkClientOf(s.base, generatePrivateKey());
    const market = await client.subscribe([{ topic: 'market', tokenIds: tokens }]);
    const events = collect(market);
    await until(events, (e) => e.type === 'book', 2);
    await load(0.001);
    const changes = await until(events, (e) => e.type === 'tick_size_change', 2);
    expect(changes.map((e) => e.payload).sort((x, y) => x.tokenId.localeCompare(y.tokenId))).toEqual(
      tokens.map((tokenId) =>
        expect.objectContaining({
          tokenId,
          market: `0x${'9101'.padStart(64, '0')}`,
          oldTickSize: '0.01',
          newTickSize: '0.001',
        }),
      ),
    );
    await market.close();
  });
});
