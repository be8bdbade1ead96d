import type { Entry } from './entry';
import { LevelQueue } from './level-queue';
import type { Level, Side } from './types';

/**
 * One side of the shared book (bids or asks in outcome-0 terms): a queue per price, and the prices
 * that hold orders in a sorted array with the best LAST, so the usual changes (a new best, the best
 * level emptied) are a push or a pop, and a level elsewhere costs a binary search and a short splice.
 * Memory follows what rests: catalogs hold tens of thousands of markets, too many for an array of all
 * 9,999 prices per book.
 */
export class BookSide {
  private readonly queues = new Map<number, LevelQueue>();
  /** Non-empty prices, worst first, best last. */
  private readonly prices: number[] = [];

  constructor(readonly side: Side) {}

  get best(): number | undefined {
    return this.prices[this.prices.length - 1];
  }

  total(price: number): number {
    return this.queues.get(price)?.total ?? 0;
  }

  /** Whether `price` is at least as good as `than` for this side. */
  private atLeast(price: number, than: number): boolean {
    return this.side === 'BUY' ? price >= than : price <= than;
  }

  /** Whether an order from the other side limited at `limit` (outcome-0 terms) would meet this side. */
  crosses(limit: number): boolean {
    const best = this.best;
    return best !== undefined && this.atLeast(best, limit);
  }

  add(entry: Entry): void {
    const price = entry.bookPrice;
    let queue = this.queues.get(price);
    if (!queue) {
      queue = new LevelQueue();
      this.queues.set(price, queue);
      this.prices.splice(this.indexFor(price), 0, price);
    }
    queue.add(entry);
  }

  reduce(entry: Entry, size: number): void {
    const queue = this.queues.get(entry.bookPrice)!;
    queue.reduce(entry, size);
    if (queue.total === 0) this.drop(entry.bookPrice);
  }

  remove(entry: Entry): void {
    const queue = this.queues.get(entry.bookPrice)!;
    queue.remove(entry);
    if (queue.total === 0) this.drop(entry.bookPrice);
  }

  private drop(price: number): void {
    this.queues.delete(price);
    const prices = this.prices;
    if (prices[prices.length - 1] === price) prices.pop();
    else prices.splice(this.indexFor(price) - 1, 1);
  }

  /** The index after every price at least as bad as `price` (where it goes, or one past where it is). */
  private indexFor(price: number): number {
    const prices = this.prices;
    let low = 0;
    let high = prices.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.atLeast(price, prices[mid]!)) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /**
   * Visits the non-empty levels from the best while they meet `limit` (an opposite order's outcome-0
   * price) and `visit` returns true. Read-only: the walk plans, the book applies afterwards.
   */
  scan(limit: number, visit: (queue: LevelQueue, price: number) => boolean): void {
    const prices = this.prices;
    for (let i = prices.length - 1; i >= 0; i--) {
      const price = prices[i]!;
      if (!this.atLeast(price, limit) || !visit(this.queues.get(price)!, price)) return;
    }
  }

  /** Every non-empty level, best first. */
  levels(): Level[] {
    const levels: Level[] = [];
    for (let i = this.prices.length - 1; i >= 0; i--) {
      const price = this.prices[i]!;
      levels.push({ price, size: this.queues.get(price)!.total });
    }
    return levels;
  }
}
