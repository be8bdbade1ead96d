import type { Book } from '../../engine/book';
import type { LevelChange, Outcome, RestingOrder, Side, TimeInForce } from '../../engine/types';
import type { TradableMarket } from './markets';

/**
 * What one batch of the writer changed, recorded as it happens, for the live channels: each market's
 * level changes and best prices, and every order's events. The writer commits first; only then does
 * anyone see these (exchange.ts hands them to the listeners with the rest of `Committed`).
 */

/** What the writer keeps of a resting order beside the engine's copy (its owner, and when it came). */
export interface RestingInfo {
  /** The API key that placed it. */
  owner: string;
  /** Unix seconds. */
  createdAt: number;
  /** Original size (centishares), time in force and expiration: a filled order is gone from the book. */
  size: number;
  timeInForce: TimeInForce;
  expiration: number;
}

/** An order as one change left it. Prices in the order's own outcome (1/10,000), sizes in centishares. */
export interface OrderState extends RestingInfo {
  id: string;
  market: TradableMarket;
  outcome: Outcome;
  /** Its maker's address, lower case. */
  maker: string;
  side: Side;
  price: number;
  remaining: number;
  status: 'LIVE' | 'MATCHED' | 'CANCELED';
}

/** The reference's three kinds of order event (the user channel's `type`). */
export type OrderEventType = 'PLACEMENT' | 'UPDATE' | 'CANCELLATION';

export interface OrderEvent {
  type: OrderEventType;
  order: OrderState;
  /** The trades this event is part of (a placement that matched, a resting order being filled). */
  tradeIds: string[];
}

/** Best prices of outcome 0 (1/10,000); a side that is empty is absent. */
export interface Best {
  bid?: number;
  ask?: number;
}

/** One market's book across a batch: each level it left changed (its final total), best before and after. */
export interface BookChange {
  market: TradableMarket;
  /** Outcome-0 terms, one per level, in the order first changed; size 0 = the level is gone. */
  levels: LevelChange[];
  before: Best;
  after: Best;
}

interface Touched {
  market: TradableMarket;
  book: Book;
  before: Best;
  levels: Map<string, LevelChange>;
}

export class BatchEvents {
  private readonly touched = new Map<string, Touched>();
  readonly orders: OrderEvent[] = [];

  /** Runs a change of a market's book (place, cancel, expire) and keeps the level totals it reports. */
  change<T>(market: TradableMarket, book: Book, run: () => T): T {
    let touched = this.touched.get(market.marketId);
    if (!touched) {
      touched = { market, book, before: book.best(0), levels: new Map() };
      this.touched.set(market.marketId, touched);
    }
    const result = run();
    // Totals, not deltas: the last total of a level in the batch is what it is after the batch.
    for (const level of book.lastChanges) touched.levels.set(`${level.outcome0Side}${level.price}`, level);
    return result;
  }

  order(type: OrderEventType, order: OrderState, tradeIds: string[] = []): void {
    this.orders.push({ type, order, tradeIds });
  }

  /** Every market whose levels the batch changed, with its best prices now (once the jobs have run). */
  books(): BookChange[] {
    const changed: BookChange[] = [];
    for (const { market, book, before, levels } of this.touched.values()) {
      if (levels.size > 0)
        changed.push({ market, levels: [...levels.values()], before, after: book.best(0) });
    }
    return changed;
  }
}

/** An order's state from its engine copy and what the writer keeps of it. */
export function orderState(
  market: TradableMarket,
  order: Pick<RestingOrder, 'id' | 'maker' | 'outcome' | 'side' | 'price'>,
  info: RestingInfo,
  remaining: number,
  status: OrderState['status'],
): OrderState {
  // Field by field: a spread of `info` (objects of several shapes) was ~2% of the server's thread.
  return {
    owner: info.owner,
    createdAt: info.createdAt,
    size: info.size,
    timeInForce: info.timeInForce,
    expiration: info.expiration,
    id: order.id,
    market,
    outcome: order.outcome,
    maker: order.maker,
    side: order.side,
    price: order.price,
    remaining,
    status,
  };
}
