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
  /** The opposite side's levels the walk would change, with their new totals. */
  changes: LevelChange[];
}

/**
 * Walks the opposite side in price-time priority while it meets the order's limit, filling at each
 * resting order's price. Read-only, so a refused order or a preview leaves the book as it was.
 */
export function walk(order: OrderIn, opposite: BookSide): Walk {
  const result: Walk = { fills: [], takes: [], selfTrade: [], filled: 0, changes: [] };
  let left = order.size;
  opposite.scan(toOutcome0(order.outcome, order.price), (queue, price) => {
    let reduced = 0;
    queue.scan((entry) => {
      const resting = entry.order;
      if (resting.maker === order.maker) {
        result.selfTrade.push(entry);
        reduced += resting.remaining;
        return true;
      }
      const size = Math.min(left, resting.remaining);
      left -= size;
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
          price: fromOutcome0(order.outcome, price),
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
      return left > 0;
    });
    if (reduced > 0) result.changes.push({ outcome0Side: opposite.side, price, size: queue.total - reduced });
    return left > 0;
  });
  result.filled = order.size - left;
  return result;
}
