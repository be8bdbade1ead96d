import type { Side } from '../../../engine/types';

/** One of an address's fills in one outcome, in its own terms: side, price (1/10,000), size (centishares). */
export interface OwnFill {
  side: Side;
  price: number;
  size: number;
}

/**
 * The average price paid for the shares still held (1/10,000), by the average-cost rule: a buy blends
 * its price into the average, a sell takes shares out at the average and leaves it as it was. So shares
 * sold no longer weigh on it, and after selling out the next buy starts afresh. Fills in time order;
 * 0 when none is held.
 */
export function averageCost(fills: readonly OwnFill[]): number {
  let shares = 0;
  let cost = 0;
  for (const fill of fills) {
    if (fill.side === 'BUY') {
      shares += fill.size;
      cost += fill.price * fill.size;
    } else if (shares > 0) {
      const sold = Math.min(fill.size, shares);
      cost -= (cost * sold) / shares;
      shares -= sold;
    }
  }
  return shares > 0 ? cost / shares : 0;
}
