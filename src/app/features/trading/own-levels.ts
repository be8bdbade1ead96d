import type { OpenOrder } from '../../../contract/trading';
import type { Side } from '../../../engine/types';
import { PRICE_UNITS } from '../../lib/live/figures';

type Resting = Pick<OpenOrder, 'asset_id' | 'side' | 'price'>;

/**
 * An order in the terms of the outcome whose token is `tokenId` (price in 1/10,000): an order of the
 * other token is its mirror, side turned and price 1 − q, as the shared book holds it.
 */
export function inTermsOf(order: Resting, tokenId: string): { side: Side; price: number } {
  const units = Math.round(Number(order.price) * PRICE_UNITS);
  if (order.asset_id === tokenId) return { side: order.side, price: units };
  return { side: order.side === 'BUY' ? 'SELL' : 'BUY', price: PRICE_UNITS - units };
}

export interface OwnLevels {
  /** Price (1/10,000) → the wallet's shares still resting there. */
  bids: Map<number, number>;
  asks: Map<number, number>;
}

/** The wallet's resting shares at each level of the book as `tokenId`'s outcome shows it. */
export function ownLevels(mine: readonly OpenOrder[], tokenId: string): OwnLevels {
  const levels: OwnLevels = { bids: new Map(), asks: new Map() };
  for (const order of mine) {
    const left = Number(order.original_size) - Number(order.size_matched);
    if (!(left > 0)) continue;
    const { side, price } = inTermsOf(order, tokenId);
    const ladder = side === 'BUY' ? levels.bids : levels.asks;
    // Shares are hundredths: summed in them, so 0.1 + 0.2 stays 0.3.
    ladder.set(price, Math.round(((ladder.get(price) ?? 0) + left) * 100) / 100);
  }
  return levels;
}
