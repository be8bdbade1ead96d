import type { Entry } from './entry';

/** Earlier expiration first, then time priority, so expiries come out in a deterministic order. */
function before(a: Entry, b: Entry): boolean {
  return a.order.expiration !== b.order.expiration
    ? a.order.expiration < b.order.expiration
    : a.order.seq < b.order.seq;
}

/**
 * The resting orders that carry an expiration, soonest first, so expiring costs O(log n) per order
 * instead of a scan. Orders that left the book otherwise stay until popped or until they outnumber the
 * live ones, when the heap is rebuilt.
 */
export class ExpiryHeap {
  private items: Entry[] = [];
  private dead = 0;

  push(entry: Entry): void {
    this.items.push(entry);
    this.up(this.items.length - 1);
  }

  /** Notes that a pushed entry left the book by another way (fill, cancel, self-trade). */
  forget(): void {
    this.dead++;
    if (this.dead > 64 && this.dead * 2 > this.items.length) {
      this.items = this.items.filter((e) => e.live);
      this.dead = 0;
      for (let i = (this.items.length >>> 1) - 1; i >= 0; i--) this.down(i);
    }
  }

  /** Takes out the live entries with expiration ≤ now, soonest first. */
  popExpired(now: number): Entry[] {
    const expired: Entry[] = [];
    while (this.items.length > 0 && this.items[0]!.order.expiration <= now) {
      const top = this.pop();
      if (top.live) expired.push(top);
      else this.dead--;
    }
    return expired;
  }

  private pop(): Entry {
    const items = this.items;
    const top = items[0]!;
    const last = items.pop()!;
    if (items.length > 0) {
      items[0] = last;
      this.down(0);
    }
    return top;
  }

  private up(index: number): void {
    const items = this.items;
    let i = index;
    while (i > 0) {
      const parent = (i - 1) >>> 1;
      if (!before(items[i]!, items[parent]!)) return;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }

  private down(index: number): void {
    const items = this.items;
    let i = index;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < items.length && before(items[left]!, items[least]!)) least = left;
      if (right < items.length && before(items[right]!, items[least]!)) least = right;
      if (least === i) return;
      [items[i], items[least]] = [items[least]!, items[i]!];
      i = least;
    }
  }
}
