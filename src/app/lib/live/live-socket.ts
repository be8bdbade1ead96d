import { Channel, type LiveStatus, PING_EVERY_MS, type SocketLike } from './channel';
import { type MarketMessage, readMarketFrame } from './wire';

/**
 * The tab's one connection to the market channel (`{clob_url}/ws/market`, docs/api.md, "Live channels"). Components
 * subscribe to assets; the socket opens with the first subscription, tells the server of each asset
 * added or dropped, answers its own keep-alive, and after a drop reconnects with backoff and subscribes
 * again, so every asset gets a fresh snapshot (nothing missed while away is ever shown as current).
 */

type Listener = (message: MarketMessage) => void;

export type { LiveStatus, SocketLike };
export { PING_EVERY_MS };

/** With no subscriber left, the socket waits this long before closing (a page change resubscribes). */
export const IDLE_CLOSE_MS = 30_000;
/**
 * Assets added or dropped within this long go in one message: rows scrolling by would otherwise send one
 * each, and the server closes a connection that sends more than 100 messages in 10 s.
 */
export const BATCH_MS = 50;

export class LiveSocket {
  private readonly channel: Channel;
  private readonly listeners = new Map<string, Set<Listener>>();
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private batchTimer: ReturnType<typeof setTimeout> | undefined;
  /**
   * Changes not yet told to the open connection, per asset: `add`, `drop`, or `renew` (dropped then added
   * again within a batch: its new listeners need a fresh snapshot, which only a new subscription brings).
   */
  private readonly pending = new Map<string, 'add' | 'drop' | 'renew'>();

  constructor(url: string, open: (url: string) => SocketLike) {
    this.channel = new Channel(url, open, {
      hello: () => JSON.stringify({ type: 'market', assets_ids: [...this.listeners.keys()] }),
      opened: () => this.pending.clear(),
      message: (data) => {
        for (const message of readMarketFrame(data)) this.dispatch(message);
      },
      keepGoing: () => this.listeners.size > 0,
    });
  }

  /** Messages about `assetId` go to `listener` until the returned function is called. */
  subscribe(assetId: string, listener: Listener): () => void {
    clearTimeout(this.idleTimer);
    let set = this.listeners.get(assetId);
    if (!set) {
      set = new Set();
      this.listeners.set(assetId, set);
      this.tell('subscribe', [assetId]);
    }
    set.add(listener);
    this.channel.start();
    return () => this.unsubscribe(assetId, listener);
  }

  getStatus(): LiveStatus {
    return this.channel.getStatus();
  }

  onStatus(listener: () => void): () => void {
    return this.channel.onStatus(listener);
  }

  /** Reconnects now (the browser came back online) instead of waiting out the backoff. */
  retryNow(): void {
    this.channel.retryNow();
  }

  private unsubscribe(assetId: string, listener: Listener): void {
    const set = this.listeners.get(assetId);
    if (!set?.delete(listener) || set.size > 0) return;
    this.listeners.delete(assetId);
    this.tell('unsubscribe', [assetId]);
    if (this.listeners.size === 0) {
      clearTimeout(this.idleTimer);
      this.idleTimer = setTimeout(() => this.shutDown(), IDLE_CLOSE_MS);
    }
  }

  /**
   * Queues an operation for the open connection (before it opens, its first message names every asset).
   * An asset added and dropped within one batch cancels out; one dropped and added again is renewed (an
   * event page opened from the list row that watched its market: the list's book went with the list).
   */
  private tell(operation: 'subscribe' | 'unsubscribe', assets: string[]): void {
    if (!this.channel.isOpen()) return;
    for (const asset of assets) {
      const queued = this.pending.get(asset);
      if (operation === 'subscribe') this.pending.set(asset, queued === 'drop' ? 'renew' : 'add');
      else if (queued === 'add') this.pending.delete(asset);
      else this.pending.set(asset, 'drop');
    }
    this.batchTimer ??= setTimeout(() => this.flush(), BATCH_MS);
  }

  private flush(): void {
    this.batchTimer = undefined;
    const queued = [...this.pending];
    this.pending.clear();
    const told = (change: string) => queued.filter(([, c]) => c === change || c === 'renew').map(([a]) => a);
    for (const [operation, assets] of [
      ['unsubscribe', told('drop')],
      ['subscribe', told('add')],
    ] as const) {
      if (assets.length > 0) this.channel.send(JSON.stringify({ operation, assets_ids: assets }));
    }
  }

  private shutDown(): void {
    clearTimeout(this.batchTimer);
    this.batchTimer = undefined;
    this.pending.clear();
    this.channel.stop(1000, 'no subscriptions');
  }

  private dispatch(message: MarketMessage): void {
    const assets =
      message.type === 'price_change' ? new Set(message.changes.map((c) => c.assetId)) : [message.assetId];
    for (const asset of assets) for (const listener of this.listeners.get(asset) ?? []) listener(message);
  }
}
