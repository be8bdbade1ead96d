import type { Side } from '../../../engine/types';

/** One of an address's fills in one outcome, in its own terms: side, price (1/10,000), size (centishares). */
export interface OwnFill {
  side: Side;
  price: number;
  size: number;
}

/**
 * The cost basis of one outcome's fills, by the average-cost rule: a buy blends its price into the
 * average; a sell takes shares out at the average, leaving it as it was, and realises the difference
 * between its price and the average. So shares sold no longer weigh on the average, and after selling out
 * the next buy starts afresh. Fills in time order.
 * - `average`: the average price of the shares still held (1/10,000), 0 when none is held;
 * - `realised`: profit or loss of every sell (1/10,000 × centishares: /1,000,000 for dollars).
 * With no fees, realised + Σ held × (price − average) = cash + Σ held × price − what was credited.
 */
export function costBasis(fills: readonly OwnFill[]): { average: number; realised: number } {
  let shares = 0;
  let cost = 0;
  let realised = 0;
  for (const fill of fills) {
    if (fill.side === 'BUY') {
      shares += fill.size;
      cost += fill.price * fill.size;
    } else if (shares > 0) {
      const sold = Math.min(fill.size, shares);
      const soldCost = (cost * sold) / shares;
      realised += fill.price * sold - soldCost;
      cost -= soldCost;
      shares -= sold;
    }
  }
  return { average: shares > 0 ? cost / shares : 0, realised };
}
