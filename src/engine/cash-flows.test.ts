import { describe, expect, it } from 'vitest';
import { Book } from './book';
import { cashFlows, reservation } from './cash-flows';
import { order } from './test/orders';
import type { Fill, OrderIn } from './types';

/** The first fill of `taker` against a book holding `maker`. */
function fillOf(maker: Partial<OrderIn>, taker: Partial<OrderIn>): Fill {
  const book = new Book();
  book.place(order({ maker: 'maker', size: 10, ...maker }));
  const result = book.place(order({ maker: 'taker', size: 10, ...taker }));
  if (!result.ok || !result.fills[0]) throw new Error('expected a fill');
  return result.fills[0];
}

describe('cashFlows', () => {
  it('NORMAL: the buyer pays the seller the trade price for the shares', () => {
    const fill = fillOf({ outcome: 1, side: 'SELL', price: 3000 }, { outcome: 1, side: 'BUY', price: 3500 });
    expect(cashFlows(fill)).toEqual({
      taker: { collateral: -30_000, tokens: [0, 10] },
      maker: { collateral: 30_000, tokens: [0, -10] },
      sets: 0,
    });
  });

  it('MINT: both buyers pay, together one full set per centishare, and each gets its outcome', () => {
    const fill = fillOf({ outcome: 1, side: 'BUY', price: 4500 }, { outcome: 0, side: 'BUY', price: 6000 });
    expect(cashFlows(fill)).toEqual({
      taker: { collateral: -55_000, tokens: [10, 0] },
      maker: { collateral: -45_000, tokens: [0, 10] },
      sets: 10,
    });
  });

  it('MERGE: both sellers give up their shares and receive a full set’s value between them', () => {
    const fill = fillOf({ outcome: 1, side: 'SELL', price: 4000 }, { outcome: 0, side: 'SELL', price: 5000 });
    expect(cashFlows(fill)).toEqual({
      taker: { collateral: 60_000, tokens: [-10, 0] },
      maker: { collateral: 40_000, tokens: [0, -10] },
      sets: -10,
    });
  });
});

describe('reservation', () => {
  it('holds a buy’s cost in collateral and a sell’s shares of its outcome', () => {
    expect(reservation({ outcome: 1, side: 'BUY', price: 2500 }, 40)).toEqual({
      collateral: 100_000,
      tokens: [0, 0],
    });
    expect(reservation({ outcome: 1, side: 'SELL', price: 2500 }, 40)).toEqual({
      collateral: 0,
      tokens: [0, 40],
    });
  });
});
