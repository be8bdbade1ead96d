import { describe, expect, it } from 'vitest';
import { Book } from '../../../../engine/book';
import type { OrderIn } from '../../../../engine/types';
import { type LiveLevels, bestOpposite, marketBuyMost, previewTicket, signedAmounts } from './preview';

const levels = (bids: [number, number][], asks: [number, number][]): LiveLevels => ({
  bids: new Map(bids),
  asks: new Map(asks),
});

/** The same levels in an engine Book built by hand, and the signed order really placed on it. */
function placeOnEngine(live: LiveLevels, order: Omit<OrderIn, 'id' | 'maker' | 'postOnly' | 'expiration'>) {
  const book = new Book();
  let n = 0;
  for (const [side, map] of [
    ['BUY', live.bids],
    ['SELL', live.asks],
  ] as const)
    for (const [price, shares] of map)
      book.place({
        id: `m${n++}`,
        maker: 'm',
        outcome: 0,
        side,
        price,
        size: shares * 100,
        timeInForce: 'GTC',
        postOnly: false,
        expiration: 0,
      });
  const result = book.place({ ...order, id: 'o', maker: 't', postOnly: false, expiration: 0 });
  if (!result.ok) throw new Error('refused');
  return {
    filled: result.filled,
    cash: result.fills.reduce((s, f) => s + f.taker.price * f.size, 0),
    rested: result.rested?.remaining ?? 0,
  };
}

describe('previewTicket', () => {
  it('knows how deep the order reaches: its last fill, or its own price when part of it rests', () => {
    // Asks of outcome 0 at 50¢ × 10 and 60¢ × 20.
    const live = levels(
      [[4000, 10]],
      [
        [5000, 10],
        [6000, 20],
      ],
    );
    const buy = (amount: number, limitPrice: number) =>
      previewTicket(live, { outcome: 0, side: 'BUY', kind: 'limit', amount, limitPrice })!;
    // A limit of 70¢ for 5 shares fills at 50¢: the resting ask at 60¢ is never met.
    expect(buy(5, 7000)).toMatchObject({ price: 7000, reach: 5000, resting: 0 });
    expect(buy(15, 7000)).toMatchObject({ reach: 6000, resting: 0 });
    // 40 shares take both levels and rest at 70¢.
    expect(buy(40, 7000)).toMatchObject({ reach: 7000, resting: 1000 });
    // A market order's reach is the price it signs.
    const market = previewTicket(live, { outcome: 0, side: 'BUY', kind: 'market', amount: 8 })!;
    expect(market.reach).toBe(market.price);
    expect(market.price).toBe(6000);
  });

  const asks = levels(
    [
      [4500, 10],
      [4000, 10],
    ],
    [
      [5000, 10],
      [6000, 20],
    ],
  );

  it('market buy by dollars: walks the asks until the money runs out', () => {
    const p = previewTicket(asks, { outcome: 0, side: 'BUY', kind: 'market', amount: 10 })!;
    // 10 shares at 50¢ ($5), then $5 buys 8.33 shares at 60¢ ($4.998).
    expect(p).toMatchObject({
      price: 6000,
      size: 1833,
      filled: 1833,
      cash: 9_998_000,
      resting: 0,
      payout: 18_330_000,
    });
    expect(p.averagePrice).toBeCloseTo(9_998_000 / 1833, 6);
    expect(p.impact).toBeCloseTo(9_998_000 / 1833 - 5000, 6);
    // The signed order (FAK at the worst price, for that size) does exactly that on the engine.
    expect(
      placeOnEngine(asks, { outcome: 0, side: 'BUY', price: p.price, size: p.size, timeInForce: 'FAK' }),
    ).toEqual({
      filled: 1833,
      cash: 9_998_000,
      rested: 0,
    });
    expect(signedAmounts('BUY', p.price, p.size)).toEqual({
      makerAmount: 10_998_000n,
      takerAmount: 18_330_000n,
    });
  });

  it('buying the other outcome matches the mirrored bids (a mint), as the engine does', () => {
    const p = previewTicket(asks, { outcome: 1, side: 'BUY', kind: 'market', amount: 3 })!;
    // The best Yes bid 45¢ is a No ask at 55¢: $3 buys 5.45 shares there.
    expect(bestOpposite(asks, 1, 'BUY')).toBe(5500);
    expect(p).toMatchObject({ price: 5500, size: 545, filled: 545, cash: 2_997_500 });
    expect(
      placeOnEngine(asks, { outcome: 1, side: 'BUY', price: p.price, size: p.size, timeInForce: 'FAK' }),
    ).toEqual({
      filled: 545,
      cash: 2_997_500,
      rested: 0,
    });
  });

  it('market sell by shares: walks the bids best first', () => {
    const p = previewTicket(asks, { outcome: 0, side: 'SELL', kind: 'market', amount: 15 })!;
    expect(p).toMatchObject({
      price: 4000,
      size: 1500,
      filled: 1500,
      cash: 6_500_000,
      payout: 0,
      commitment: 6_500_000,
    });
    expect(p.impact).toBeCloseTo(4500 - 6_500_000 / 1500, 6);
    expect(signedAmounts('SELL', 4000, 1500)).toEqual({ makerAmount: 15_000_000n, takerAmount: 6_000_000n });
  });

  it('a crossing limit fills what it reaches and rests the rest at its price', () => {
    const p = previewTicket(asks, { outcome: 0, side: 'BUY', kind: 'limit', amount: 30, limitPrice: 5500 })!;
    expect(p).toMatchObject({ price: 5500, size: 3000, filled: 1000, cash: 5_000_000, resting: 2000 });
    expect(p.commitment).toBe(5_000_000 + 2000 * 5500);
    expect(p.payout).toBe(30_000_000);
    expect(
      placeOnEngine(asks, { outcome: 0, side: 'BUY', price: 5500, size: 3000, timeInForce: 'GTC' }),
    ).toEqual({
      filled: 1000,
      cash: 5_000_000,
      rested: 2000,
    });
  });

  it('a limit that does not cross only rests; nothing to preview without an amount or a book', () => {
    const p = previewTicket(asks, { outcome: 0, side: 'BUY', kind: 'limit', amount: 20, limitPrice: 4800 })!;
    expect(p).toMatchObject({
      filled: 0,
      cash: 0,
      averagePrice: null,
      resting: 2000,
      commitment: 9_600_000,
      impact: null,
    });
    expect(previewTicket(asks, { outcome: 0, side: 'BUY', kind: 'market', amount: 0 })).toBeNull();
    expect(previewTicket(levels([], []), { outcome: 0, side: 'BUY', kind: 'market', amount: 5 })).toBeNull();
    // Less money than one centishare costs.
    expect(previewTicket(asks, { outcome: 0, side: 'BUY', kind: 'market', amount: 0.004 })).toBeNull();
  });
});

describe('marketBuyMost', () => {
  // Asks of Yes: 100 at 40¢ (10 of them the wallet's own), 50 at 60¢; a bid of 200 at 30¢ (No's ask at 70¢).
  const book = levels(
    [[3000, 200]],
    [
      [4000, 100],
      [6000, 50],
    ],
  );
  const none = levels([], []);
  const own = levels([], [[4000, 10]]);

  it('is the free cash while others sell more than it buys', () => {
    expect(marketBuyMost(book, 0, 20_000_000n, none)).toBe(20_000_000);
    // Whole cents, rounded down.
    expect(marketBuyMost(book, 0, 20_009_999n, none)).toBe(20_000_000);
  });

  it('is what others sell when that is less: the whole side, less the wallet’s own orders', () => {
    // 100 × 40¢ + 50 × 60¢ = $70.
    expect(marketBuyMost(book, 0, 1_000_000_000n, none)).toBe(70_000_000);
    // 90 × 40¢ + 50 × 60¢ = $66: the wallet's 10 at 40¢ are not for it.
    expect(marketBuyMost(book, 0, 1_000_000_000n, own)).toBe(66_000_000);
    // No: the 200 bid at 30¢ is 200 No offered at 70¢, $140.
    expect(marketBuyMost(book, 1, 1_000_000_000n, own)).toBe(140_000_000);
  });

  it('is nothing with no cash or nothing for sale', () => {
    expect(marketBuyMost(book, 0, 0n, none)).toBe(0);
    expect(marketBuyMost(levels([], []), 0, 1_000_000_000n, none)).toBe(0);
  });
});
