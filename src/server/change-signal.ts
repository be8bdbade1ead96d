/**
 * "The catalog's data changed under you": the exchange's catalog follower raises it when it rewrites
 * prices and volumes, and every cache of catalog answers in this process (the catalog's responses,
 * the price history's) drops what it holds, so none serves a price older than the follower's period.
 */
export class ChangeSignal {
  private readonly listeners = new Set<() => void>();

  on(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(): void {
    for (const listener of this.listeners) listener();
  }
}
