import { type MarketMessage, readMarketFrame } from './wire';

/**
 * The tab's one connection to the market channel (`{clob_url}/ws/market`, CONTRACT B13). Components
 * subscribe to assets; the socket opens with the first subscription, tells the server of each asset
 * added or dropped, answers its own keep-alive, and after a drop reconnects with backoff and subscribes
 * again, so every asset gets a fresh snapshot (nothing missed while away is ever shown as current).
 */

export type LiveStatus = 'idle' | 'connecting' | 'open' | 'reconnecting';

type Listener = (message: MarketMessage) => void;

export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

const OPEN = 1;
/** The reference's clients ping every 10 s; the server answers PONG. */
export const PING_EVERY_MS = 10_000;
const BACKOFF_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000];
/** With no subscriber left, the socket waits this long before closing (a page change resubscribes). */
export const IDLE_CLOSE_MS = 30_000;
/**
 * Assets added or dropped within this long go in one message: rows scrolling by would otherwise send one
 * each, and the server closes a connection that sends more than 100 messages in 10 s.
 */
export const BATCH_MS = 50;

export class LiveSocket {
  private socket: SocketLike | null = null;
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly statusListeners = new Set<() => void>();
  private status: LiveStatus = 'idle';
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private batchTimer: ReturnType<typeof setTimeout> | undefined;
  /** Changes not yet told to the open connection: asset → subscribe (true) or unsubscribe (false). */
  private readonly pending = new Map<string, boolean>();

  constructor(
    private readonly url: string,
    private readonly open: (url: string) => SocketLike,
  ) {}

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
    if (!this.socket) this.connect();
    return () => this.unsubscribe(assetId, listener);
  }

  getStatus(): LiveStatus {
    return this.status;
  }

  onStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Reconnects now (the browser came back online) instead of waiting out the backoff. */
  retryNow(): void {
    if (this.status !== 'reconnecting') return;
    clearTimeout(this.retryTimer);
    this.connect();
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

  private setStatus(status: LiveStatus): void {
    if (status === this.status) return;
    this.status = status;
    for (const l of this.statusListeners) l();
  }

  /**
   * Queues an operation for the open connection (before it opens, its first message names every asset);
   * an asset added and dropped within one batch cancels out.
   */
  private tell(operation: 'subscribe' | 'unsubscribe', assets: string[]): void {
    if (this.socket?.readyState !== OPEN) return;
    for (const asset of assets) {
      const queued = this.pending.get(asset);
      if (queued !== undefined && queued !== (operation === 'subscribe')) this.pending.delete(asset);
      else this.pending.set(asset, operation === 'subscribe');
    }
    this.batchTimer ??= setTimeout(() => this.flush(), BATCH_MS);
  }

  private flush(): void {
    this.batchTimer = undefined;
    const socket = this.socket;
    if (socket?.readyState === OPEN) {
      for (const operation of ['unsubscribe', 'subscribe'] as const) {
        const on = operation === 'subscribe';
        const assets = [...this.pending].filter(([, queued]) => queued === on).map(([asset]) => asset);
        if (assets.length > 0) socket.send(JSON.stringify({ operation, assets_ids: assets }));
      }
    }
    this.pending.clear();
  }

  private connect(): void {
    this.setStatus(this.attempt === 0 ? 'connecting' : 'reconnecting');
    let socket: SocketLike;
    try {
      socket = this.open(this.url);
    } catch {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.pending.clear();
      this.setStatus('open');
      socket.send(JSON.stringify({ type: 'market', assets_ids: [...this.listeners.keys()] }));
      this.pingTimer = setInterval(() => {
        if (socket.readyState === OPEN) socket.send('PING');
      }, PING_EVERY_MS);
    };
    socket.onmessage = (event) => {
      if (typeof event.data !== 'string' || event.data === 'PONG') return;
      for (const message of readMarketFrame(event.data)) this.dispatch(message);
    };
    socket.onerror = () => {};
    socket.onclose = () => {
      clearInterval(this.pingTimer);
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.listeners.size > 0) this.scheduleRetry();
      else this.setStatus('idle');
    };
  }

  private scheduleRetry(): void {
    this.setStatus('reconnecting');
    const base = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)]!;
    this.attempt += 1;
    // Jitter, so a server restart is not met by every tab at the same instant.
    this.retryTimer = setTimeout(() => this.connect(), base * (0.75 + Math.random() * 0.5));
  }

  private shutDown(): void {
    clearTimeout(this.retryTimer);
    clearTimeout(this.batchTimer);
    this.batchTimer = undefined;
    this.pending.clear();
    clearInterval(this.pingTimer);
    const socket = this.socket;
    this.socket = null;
    this.attempt = 0;
    socket?.close(1000, 'no subscriptions');
    this.setStatus('idle');
  }

  private dispatch(message: MarketMessage): void {
    const assets =
      message.type === 'price_change' ? new Set(message.changes.map((c) => c.assetId)) : [message.assetId];
    for (const asset of assets) for (const listener of this.listeners.get(asset) ?? []) listener(message);
  }
}
