/**
 * "The catalog's data changed under you": the exchange's catalog follower raises it when it rewrites
 * prices and volumes, and every cache of catalog answers in this process (the catalog's responses,
 * the price history's) drops what it holds, so none serves a price older than the follower's period.
 * With other processes on the same PostgreSQL, `relayTo` also tells them (db/shared-changes.ts), and
 * they `hear` it: their caches would otherwise keep another process's old prices for their lifetime.
 */
export class ChangeSignal {
  private readonly listeners = new Set<() => void>();
  private relay: (() => void) | null = null;

  on(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A change made here: this process's listeners, then the other processes. */
  emit(): void {
    this.hear();
    this.relay?.();
  }

  /** A change another process made: this process's listeners only. */
  hear(): void {
    for (const listener of this.listeners) listener();
  }

  relayTo(relay: (() => void) | null): void {
    this.relay = relay;
  }
}
