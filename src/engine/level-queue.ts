import type { Entry } from './entry';

/**
 * The orders at one price of one side, in time priority (ascending seq). Removal is lazy: a removed
 * entry is marked dead and skipped, dropped when it reaches the head, and the array is compacted when
 * dead entries outnumber live ones, so cancels cost O(1) and the memory stays proportional to the live.
 */
export class LevelQueue {
  private entries: Entry[] = [];
  private head = 0;
  /** Dead entries at or after `head`. */
  private dead = 0;
  /** Σ remaining of the live entries. */
  total = 0;

  /** Adds at the end, or by seq when an older order is restored from storage. */
  add(entry: Entry): void {
    this.total += entry.order.remaining;
    const last = this.entries[this.entries.length - 1];
    if (this.head === this.entries.length || !last || last.order.seq < entry.order.seq) {
      this.entries.push(entry);
      return;
    }
    let low = this.head;
    let high = this.entries.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.entries[mid]!.order.seq < entry.order.seq) low = mid + 1;
      else high = mid;
    }
    this.entries.splice(low, 0, entry);
  }

  /** Visits the live entries in priority order while `visit` returns true. */
  scan(visit: (entry: Entry) => boolean): void {
    const entries = this.entries;
    for (let i = this.head; i < entries.length; i++) {
      const entry = entries[i]!;
      if (entry.live && !visit(entry)) return;
    }
  }

  /** Takes `size` from a live entry; an entry left with nothing dies. */
  reduce(entry: Entry, size: number): void {
    entry.order.remaining -= size;
    this.total -= size;
    if (entry.order.remaining === 0) this.kill(entry);
  }

  /** Takes a live entry out whole (cancel, expiry, self-trade); its remaining is kept for the caller's copy. */
  remove(entry: Entry): void {
    this.total -= entry.order.remaining;
    this.kill(entry);
  }

  private kill(entry: Entry): void {
    entry.live = false;
    this.dead++;
    const entries = this.entries;
    while (this.head < entries.length && !entries[this.head]!.live) {
      this.head++;
      this.dead--;
    }
    if (this.head === entries.length) {
      this.entries = [];
      this.head = 0;
    } else if (this.dead > 32 && this.dead * 2 > entries.length - this.head) {
      this.entries = entries.slice(this.head).filter((e) => e.live);
      this.head = 0;
      this.dead = 0;
    } else if (this.head > 1024 && this.head * 2 > entries.length) {
      this.entries = entries.slice(this.head);
      this.head = 0;
    }
  }
}
