import { describe, expect, it } from 'vitest';
import type { OpenOrder } from '../../../../contract/trading';
import { ownOrdersCrossed } from './self-trade';

/** Which of the wallet's resting orders an order would meet (the exchange would cancel them instead). */

const YES = '11';
const NO = '22';
const resting = (asset_id: string, side: 'BUY' | 'SELL', price: string): OpenOrder =>
  ({
    id: `${asset_id}-${side}-${price}`,
    asset_id,
    side,
    price,
    original_size: '10',
    size_matched: '0',
  }) as OpenOrder;

describe('ownOrdersCrossed', () => {
  const mine = [
    resting(YES, 'BUY', '0.58'), // a bid of Yes at 58¢: an ask of No at 42¢
    resting(YES, 'SELL', '0.7'), // an ask of Yes at 70¢
    resting(NO, 'BUY', '0.2'), // a bid of No at 20¢: an ask of Yes at 80¢
  ];
  const ids = (order: { tokenId: string; side: 'BUY' | 'SELL'; price: number }) =>
    ownOrdersCrossed(order, mine).map((o) => o.id);

  it('a buy meets the asks at or below its price, in its own outcome’s terms', () => {
    expect(ids({ tokenId: YES, side: 'BUY', price: 6900 })).toEqual([]);
    expect(ids({ tokenId: YES, side: 'BUY', price: 7000 })).toEqual(['11-SELL-0.7']);
    expect(ids({ tokenId: YES, side: 'BUY', price: 8000 })).toEqual(['11-SELL-0.7', '22-BUY-0.2']);
    // Buying No at 42¢ or more meets the bid of Yes at 58¢ (its mirror).
    expect(ids({ tokenId: NO, side: 'BUY', price: 4100 })).toEqual([]);
    expect(ids({ tokenId: NO, side: 'BUY', price: 4200 })).toEqual(['11-BUY-0.58']);
  });

  it('a sell meets the bids at or above its price', () => {
    expect(ids({ tokenId: YES, side: 'SELL', price: 5800 })).toEqual(['11-BUY-0.58']);
    expect(ids({ tokenId: YES, side: 'SELL', price: 5900 })).toEqual([]);
    // Selling No at 30¢ or less meets the ask of Yes at 70¢ (a bid of No at 30¢).
    expect(ids({ tokenId: NO, side: 'SELL', price: 3000 })).toEqual(['11-SELL-0.7']);
    expect(ids({ tokenId: NO, side: 'SELL', price: 3100 })).toEqual([]);
  });
});
