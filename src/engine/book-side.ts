import type { Entry } from './entry';
import { LevelQueue } from './level-queue';
import { MAX_PRICE, MIN_PRICE } from './prices';
import type { Level, Side } from './types';

/**
 * One side of the shared book (bids or asks in outcome-0 terms). Prices are small integers, so levels
 * are an array indexed by price with a pointer to the best one; finding the next best after a level
 * empties walks the array, which stays short in practice and is bounded by the price range.
 */
export class BookSide {
  private readonly queues: (LevelQueue | undefined)[] = new Array(MAX_PRICE + 1).fill(undefined);
  private nonEmpty = 0;
  /** 0 when the side is empty. */
  private bestPrice = 0;
  /** From better prices to worse: bids descend, asks ascend. */
  private readonly step: 1 | -1;

  constructor(readonly side: Side) {
    this.step = side === 'BUY' ? -1 : 1;
  }

  get best(): number | undefined {
    return this.bestPrice === 0 ? undefined : this.bestPrice;
  }

  total(price: number): number {
    return this.queues[price]?.total ?? 0;
  }

  /** Whether `price` is at least as good as `than` for this side. */
  private atLeast(price: number, than: number): boolean {
    return this.side === 'BUY' ? price >= than : price <= than;
  }

  /** Whether an order from the other side limited at `limit` (outcome-0 terms) would meet this side. */
  crosses(limit: number): boolean {
    return this.bestPrice !== 0 && this.atLeast(this.bestPrice, limit);
  }

  add(entry: Entry): void {
    const price = entry.bookPrice;
    let queue = this.queues[price];
    if (!queue) {
      queue = new LevelQueue();
      this.queues[price] = queue;
    }
    if (queue.total === 0) this.nonEmpty++;
    queue.add(entry);
    if (this.bestPrice === 0 || !this.atLeast(this.bestPrice, price)) this.bestPrice = price;
  }

  reduce(entry: Entry, size: number): void {
    const queue = this.queues[entry.bookPrice]!;
    queue.reduce(entry, size);
    if (queue.total === 0) this.emptied(entry.bookPrice);
  }

  remove(entry: Entry): void {
    const queue = this.queues[entry.bookPrice]!;
    queue.remove(entry);
    if (queue.total === 0) this.emptied(entry.bookPrice);
  }

  private emptied(price: number): void {
    this.nonEmpty--;
    if (price !== this.bestPrice) return;
    if (this.nonEmpty === 0) {
      this.bestPrice = 0;
      return;
    }
    let next = price + this.step;
    while (this.total(next) === 0) next += this.step;
    this.bestPrice = next;
  }

  /**
   * Visits the non-empty levels from the best while they meet `limit` (an opposite order's outcome-0
   * price) and `visit` returns true. Read-only: the walk plans, the book applies afterwards.
   */
  scan(limit: number, visit: (queue: LevelQueue, price: number) => boolean): void {
    let seen = 0;
    for (let price = this.bestPrice; seen < this.nonEmpty && this.atLeast(price, limit); price += this.step) {
      const queue = this.queues[price];
      if (!queue || queue.total === 0) continue;
      seen++;
      if (!visit(queue, price)) return;
    }
  }

  /** Every non-empty level, best first. */
  levels(): Level[] {
    const levels: Level[] = [];
    const worst = this.step === 1 ? MAX_PRICE : MIN_PRICE;
    this.scan(worst, (queue, price) => {
      levels.push({ price, size: queue.total });
      return true;
    });
    return levels;
  }
}
