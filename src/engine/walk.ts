import type { BookSide } from './book-side';
import type { Entry } from './entry';
import { fromOutcome0, matchKind, toOutcome0 } from './prices';
import type { Fill, LevelChange, OrderIn } from './types';

/** What an incoming order would do to the opposite side, worked out without touching it. */
export interface Walk {
  fills: Fill[];
  /** The resting entries to reduce, with the size taken from each, in fill order. */
  takes: { entry: Entry; size: number }[];
  /** The maker's own resting orders the walk reached: removed instead of traded with. */
  selfTrade: Entry[];
  filled: number;
  /** The collateral the fills move at the taker's prices (base units): what a budget order spends. */
  spent: number;
  /** The opposite side's levels the walk would change, with their new totals. */
  changes: LevelChange[];
}

/**
 * Walks the opposite side in price-time priority while it meets the order's limit, filling at each
 * resting order's price, until the order's size is filled or, for a budget order, its budget buys no
 * more at the next price. Read-only, so a refused order or a preview leaves the book as it was.
 */
export function walk(order: OrderIn, opposite: BookSide): Walk {
  const result: Walk = { fills: [], takes: [], selfTrade: [], filled: 0, spent: 0, changes: [] };
  const budget = order.budget;
  let left = order.size;
  let more = true;
  opposite.scan(toOutcome0(order.outcome, order.price), (queue, price) => {
    const takerPrice = fromOutcome0(order.outcome, price);
    if (budget !== undefined && budget - result.spent < takerPrice) return false;
    let reduced = 0;
    queue.scan((entry) => {
      const resting = entry.order;
      if (resting.maker === order.maker) {
        result.selfTrade.push(entry);
        reduced += resting.remaining;
        return true;
      }
      const wanted = budget === undefined ? left : Math.floor((budget - result.spent) / takerPrice);
      const size = Math.min(wanted, resting.remaining);
      left -= size;
      result.filled += size;
      result.spent += size * takerPrice;
      reduced += size;
      result.takes.push({ entry, size });
      result.fills.push({
        kind: matchKind(order, resting),
        size,
        taker: {
          orderId: order.id,
          maker: order.maker,
          outcome: order.outcome,
          side: order.side,
          price: takerPrice,
        },
        maker: {
          orderId: resting.id,
          maker: resting.maker,
          outcome: resting.outcome,
          side: resting.side,
          price: resting.price,
          remainingAfter: resting.remaining - size,
        },
      });
      more = budget === undefined ? left > 0 : budget - result.spent >= takerPrice;
      return more;
    });
    if (reduced > 0) result.changes.push({ outcome0Side: opposite.side, price, size: queue.total - reduced });
    return more;
  });
  return result;
}
