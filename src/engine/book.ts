import { BookSide } from './book-side';
import { type Entry, snapshot } from './entry';
import { ExpiryHeap } from './expiry-heap';
import { assertOrder, assertResting } from './order-checks';
import { fromOutcome0, outcome0Side, toOutcome0 } from './prices';
import type { Level, LevelChange, OrderIn, Outcome, PlaceResult, RestingOrder, Side } from './types';
import { type Walk, walk } from './walk';

export interface BookOptions {
  /** The seq the next resting order gets (e.g. one past the highest ever stored); restore() raises it as needed. */
  nextSeq?: number;
}

/** The copy of an order as it rests: only the order's own fields, whatever else the caller's object carries. */
function restingFrom(order: OrderIn, remaining: number, seq: number): RestingOrder {
  const { id, maker, outcome, side, price, size, timeInForce, postOnly, expiration } = order;
  return { id, maker, outcome, side, price, size, timeInForce, postOnly, expiration, remaining, seq };
}

/**
 * One market's order book: both outcomes on one shared book kept in outcome-0 terms, matched in
 * price-time priority at the resting order's price. Pure and synchronous: no clock (expire() is told
 * the time), no I/O. The caller expires due orders before placing, and owns persistence: what place(),
 * cancel() and expire() return is everything that changed.
 */
export class Book {
  private readonly bids = new BookSide('BUY');
  private readonly asks = new BookSide('SELL');
  private readonly byId = new Map<string, Entry>();
  private readonly expiry = new ExpiryHeap();
  private seq: number;
  private changed: LevelChange[] = [];

  constructor(options: BookOptions = {}) {
    this.seq = options.nextSeq ?? 0;
  }

  /** The seq the next resting order will get. */
  get nextSeq(): number {
    return this.seq;
  }

  /** The level changes of the last place(), cancel(), expire() or restore() (empty after a refusal). */
  get lastChanges(): LevelChange[] {
    return this.changed;
  }

  /** Matches the order and rests what is left (GTC/GTD); a refused order changes nothing. */
  place(order: OrderIn): PlaceResult {
    const { result, plan } = this.decide(order);
    this.changed = result.ok ? result.changes : [];
    if (result.ok) this.apply(order, plan!, result.rested);
    return result;
  }

  /** What place() would answer now, without changing anything. */
  preview(order: OrderIn): PlaceResult {
    return this.decide(order).result;
  }

  cancel(orderId: string): RestingOrder | undefined {
    const entry = this.byId.get(orderId);
    this.changed = [];
    if (!entry) return undefined;
    this.removeWhole(entry);
    this.changed = [this.levelChange(entry.bookSide, entry.bookPrice)];
    return snapshot(entry);
  }

  /** Removes the orders with expiration ≠ 0 and ≤ nowSeconds, soonest first. */
  expire(nowSeconds: number): RestingOrder[] {
    const expired = this.expiry.popExpired(nowSeconds);
    for (const entry of expired) {
      this.sideOf(entry.bookSide).remove(entry);
      this.byId.delete(entry.order.id);
    }
    this.changed = this.changesAt(expired);
    return expired.map(snapshot);
  }

  /**
   * Puts a stored resting order back as it was (its seq and remaining), without matching. Throws when
   * it would cross the book or repeats an id: stored books are never crossed.
   */
  restore(order: RestingOrder): void {
    assertResting(order);
    if (this.byId.has(order.id)) throw new RangeError(`Order ${order.id} is already on the book`);
    const bookSide = outcome0Side(order.outcome, order.side);
    const bookPrice = toOutcome0(order.outcome, order.price);
    if (this.sideOf(bookSide === 'BUY' ? 'SELL' : 'BUY').crosses(bookPrice))
      throw new RangeError(`Order ${order.id} would cross the book`);
    const entry: Entry = {
      order: restingFrom(order, order.remaining, order.seq),
      bookSide,
      bookPrice,
      live: true,
    };
    this.insert(entry);
    this.seq = Math.max(this.seq, order.seq + 1);
    this.changed = [this.levelChange(bookSide, bookPrice)];
  }

  get(orderId: string): RestingOrder | undefined {
    const entry = this.byId.get(orderId);
    return entry && snapshot(entry);
  }

  resting(): RestingOrder[] {
    return [...this.byId.values()].map(snapshot);
  }

  /** Aggregated levels in `outcome`'s terms, best first. Outcome 1's are outcome 0's mirrored. */
  levels(outcome: Outcome): { bids: Level[]; asks: Level[] } {
    const bids = this.bids.levels();
    const asks = this.asks.levels();
    if (outcome === 0) return { bids, asks };
    const mirror = (level: Level): Level => ({ price: fromOutcome0(1, level.price), size: level.size });
    return { bids: asks.map(mirror), asks: bids.map(mirror) };
  }

  best(outcome: Outcome): { bid?: number; ask?: number } {
    const [bid, ask] = outcome === 0 ? [this.bids.best, this.asks.best] : [this.asks.best, this.bids.best];
    const best: { bid?: number; ask?: number } = {};
    if (bid !== undefined) best.bid = fromOutcome0(outcome, bid);
    if (ask !== undefined) best.ask = fromOutcome0(outcome, ask);
    return best;
  }

  private sideOf(side: Side): BookSide {
    return side === 'BUY' ? this.bids : this.asks;
  }

  private decide(order: OrderIn): { result: PlaceResult; plan?: Walk } {
    assertOrder(order);
    if (this.byId.has(order.id)) throw new RangeError(`Order ${order.id} is already on the book`);
    const ownSide = outcome0Side(order.outcome, order.side);
    const own = this.sideOf(ownSide);
    const opposite = this.sideOf(ownSide === 'BUY' ? 'SELL' : 'BUY');
    const limit = toOutcome0(order.outcome, order.price);
    if (order.postOnly && opposite.crosses(limit))
      return { result: { ok: false, refusal: 'POST_ONLY_CROSSES' } };
    const plan = walk(order, opposite);
    // Whole: every share, or for a budget order every cent that could still buy a share at its price.
    const whole =
      order.budget === undefined ? plan.filled === order.size : order.budget - plan.spent < order.price;
    if (order.timeInForce === 'FOK' && !whole) return { result: { ok: false, refusal: 'FOK_NOT_FILLED' } };
    if (order.timeInForce === 'FAK' && plan.filled === 0)
      return { result: { ok: false, refusal: 'FAK_NOT_FILLED' } };
    const left = Math.max(0, order.size - plan.filled);
    const rests = left > 0 && (order.timeInForce === 'GTC' || order.timeInForce === 'GTD');
    const changes = rests
      ? [...plan.changes, { outcome0Side: ownSide, price: limit, size: own.total(limit) + left }]
      : plan.changes;
    const result: PlaceResult = {
      ok: true,
      fills: plan.fills,
      filled: plan.filled,
      selfTradeCancelled: plan.selfTrade.map(snapshot),
      changes,
    };
    if (rests) result.rested = restingFrom(order, left, this.seq);
    return { result, plan };
  }

  private apply(order: OrderIn, plan: Walk, rested: RestingOrder | undefined): void {
    const opposite = this.sideOf(outcome0Side(order.outcome, order.side) === 'BUY' ? 'SELL' : 'BUY');
    for (const { entry, size } of plan.takes) {
      opposite.reduce(entry, size);
      if (!entry.live) this.forget(entry);
    }
    for (const entry of plan.selfTrade) this.removeWhole(entry);
    if (!rested) return;
    this.insert({
      order: { ...rested },
      bookSide: outcome0Side(order.outcome, order.side),
      bookPrice: toOutcome0(order.outcome, order.price),
      live: true,
    });
    this.seq++;
  }

  private insert(entry: Entry): void {
    this.sideOf(entry.bookSide).add(entry);
    this.byId.set(entry.order.id, entry);
    if (entry.order.expiration !== 0) this.expiry.push(entry);
  }

  /** Takes a live entry off the book by cancel or self-trade prevention. */
  private removeWhole(entry: Entry): void {
    this.sideOf(entry.bookSide).remove(entry);
    this.forget(entry);
  }

  private forget(entry: Entry): void {
    this.byId.delete(entry.order.id);
    if (entry.order.expiration !== 0) this.expiry.forget();
  }

  private levelChange(side: Side, price: number): LevelChange {
    return { outcome0Side: side, price, size: this.sideOf(side).total(price) };
  }

  /** One change per level the entries stood on, in the order first met. */
  private changesAt(entries: Entry[]): LevelChange[] {
    const seen = new Set<string>();
    const changes: LevelChange[] = [];
    for (const { bookSide, bookPrice } of entries) {
      const key = `${bookSide}${bookPrice}`;
      if (seen.has(key)) continue;
      seen.add(key);
      changes.push(this.levelChange(bookSide, bookPrice));
    }
    return changes;
  }
}
