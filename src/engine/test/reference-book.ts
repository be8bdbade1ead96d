import type { Fill, Level, OrderIn, Outcome, PlaceResult, RestingOrder } from '../types';

/**
 * A deliberately naive order book for the property tests: a plain list of orders, filtered and sorted
 * on every step, and reasoning in each order's own outcome's terms rather than through the shared
 * outcome-0 book the engine keeps. It shares only the types with the engine, so an agreement between
 * the two is evidence, not an echo.
 */
export class ReferenceBook {
  orders: RestingOrder[] = [];

  constructor(public nextSeq = 0) {}

  /** Whether a resting order can trade with the incoming one at the resting order's price. */
  private meets(order: OrderIn, resting: RestingOrder): boolean {
    if (resting.outcome === order.outcome) {
      if (resting.side === order.side) return false;
      return order.side === 'BUY' ? resting.price <= order.price : resting.price >= order.price;
    }
    if (resting.side !== order.side) return false;
    // Two buys of opposite outcomes make a full set if together they pay at least 1; two sells burn one
    // if together they ask at most 1.
    return order.side === 'BUY'
      ? resting.price + order.price >= 10_000
      : resting.price + order.price <= 10_000;
  }

  /** The resting order's price seen from the incoming order's outcome. */
  private priceFor(order: OrderIn, resting: RestingOrder): number {
    return resting.outcome === order.outcome ? resting.price : 10_000 - resting.price;
  }

  place(order: OrderIn, dryRun = false): PlaceResult {
    const candidates = this.orders
      .filter((resting) => this.meets(order, resting))
      .sort((a, b) => {
        const pa = this.priceFor(order, a);
        const pb = this.priceFor(order, b);
        if (pa !== pb) return order.side === 'BUY' ? pa - pb : pb - pa;
        return a.seq - b.seq;
      });
    if (order.postOnly && candidates.length > 0) return { ok: false, refusal: 'POST_ONLY_CROSSES' };
    // A budget order (a market buy) counts money left instead of shares left.
    const budget = order.budget;
    let left = order.size;
    let money = budget ?? 0;
    let filled = 0;
    const fills: Fill[] = [];
    const selfTrade: RestingOrder[] = [];
    const taken = new Map<string, number>();
    for (const resting of candidates) {
      const price = this.priceFor(order, resting);
      if (budget === undefined ? left === 0 : money < price) break;
      if (resting.maker === order.maker) {
        selfTrade.push({ ...resting });
        continue;
      }
      const size = Math.min(budget === undefined ? left : Math.floor(money / price), resting.remaining);
      left -= size;
      money -= size * price;
      filled += size;
      taken.set(resting.id, size);
      fills.push({
        kind: resting.outcome === order.outcome ? 'NORMAL' : order.side === 'BUY' ? 'MINT' : 'MERGE',
        size,
        taker: {
          orderId: order.id,
          maker: order.maker,
          outcome: order.outcome,
          side: order.side,
          price,
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
    }
    const whole = budget === undefined ? left === 0 : money < order.price;
    if (order.timeInForce === 'FOK' && !whole) return { ok: false, refusal: 'FOK_NOT_FILLED' };
    if (order.timeInForce === 'FAK' && filled === 0) return { ok: false, refusal: 'FAK_NOT_FILLED' };
    const rests =
      budget === undefined && left > 0 && (order.timeInForce === 'GTC' || order.timeInForce === 'GTD');
    const rested: RestingOrder | undefined = rests
      ? {
          id: order.id,
          maker: order.maker,
          outcome: order.outcome,
          side: order.side,
          price: order.price,
          size: order.size,
          timeInForce: order.timeInForce,
          postOnly: order.postOnly,
          expiration: order.expiration,
          remaining: left,
          seq: this.nextSeq,
        }
      : undefined;
    if (!dryRun) {
      const cancelled = new Set(selfTrade.map((o) => o.id));
      this.orders = this.orders
        .filter((o) => !cancelled.has(o.id))
        .map((o) => ({ ...o, remaining: o.remaining - (taken.get(o.id) ?? 0) }))
        .filter((o) => o.remaining > 0);
      if (rested) {
        this.orders.push({ ...rested });
        this.nextSeq++;
      }
    }
    const result: PlaceResult = { ok: true, fills, filled, selfTradeCancelled: selfTrade, changes: [] };
    if (rested) result.rested = rested;
    return result;
  }

  cancel(id: string): RestingOrder | undefined {
    const found = this.orders.find((o) => o.id === id);
    this.orders = this.orders.filter((o) => o.id !== id);
    return found;
  }

  expire(now: number): RestingOrder[] {
    const due = this.orders
      .filter((o) => o.expiration !== 0 && o.expiration <= now)
      .sort((a, b) => a.expiration - b.expiration || a.seq - b.seq);
    this.orders = this.orders.filter((o) => !due.includes(o));
    return due;
  }

  /** In `outcome`'s terms: its buys and the other outcome's sells are bids; best first. */
  levels(outcome: Outcome): { bids: Level[]; asks: Level[] } {
    const bids = new Map<number, number>();
    const asks = new Map<number, number>();
    for (const o of this.orders) {
      const own = o.outcome === outcome;
      const price = own ? o.price : 10_000 - o.price;
      const isBid = own === (o.side === 'BUY');
      const levels = isBid ? bids : asks;
      levels.set(price, (levels.get(price) ?? 0) + o.remaining);
    }
    const list = (m: Map<number, number>) => [...m].map(([price, size]) => ({ price, size }));
    return {
      bids: list(bids).sort((a, b) => b.price - a.price),
      asks: list(asks).sort((a, b) => a.price - b.price),
    };
  }
}
