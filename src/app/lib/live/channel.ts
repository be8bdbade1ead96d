/**
 * One live channel's connection, whatever it carries (the market channel's books, the user channel's
 * orders): it opens when started, sends its first message on every open, pings, and after a drop
 * reconnects with backoff until stopped. What to send and what the messages mean is the owner's.
 */

export type LiveStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'refused';

export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

export interface ChannelHandlers {
  /** The first message of every connection (subscribe, authenticate). */
  hello(): string;
  /** Each text frame but PONG. */
  message(data: string): void;
  /** The connection is open: `again` after a drop (what happened meanwhile was not sent). */
  opened?(again: boolean): void;
  /** After a drop: whether to reconnect (default: yes while started). */
  keepGoing?(): boolean;
  /** A close code after which reconnecting cannot help (refused credentials): the channel stops. */
  isFinal?(code: number): boolean;
}

/** `ws(s)://…/clob/ws/…` from the dashboard's CLOB base (relative to this origin by default). */
export function channelUrl(clobUrl: string, path: string, location: { href: string }): string {
  const url = new URL(`${clobUrl}${path}`, location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

const OPEN = 1;
/** The reference's clients ping every 10 s; the server answers PONG. */
export const PING_EVERY_MS = 10_000;
const BACKOFF_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000];

export class Channel {
  private socket: SocketLike | null = null;
  private status: LiveStatus = 'idle';
  private readonly statusListeners = new Set<() => void>();
  private attempt = 0;
  private everOpened = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  /** When the next attempt is due (ms since the epoch), while reconnecting. */
  retryAt: number | null = null;
  /** The last close: its code and the server's reason. */
  lastClose: { code: number; reason: string } | null = null;

  constructor(
    private readonly url: string,
    private readonly open: (url: string) => SocketLike,
    private readonly handlers: ChannelHandlers,
  ) {}

  get started(): boolean {
    return this.socket !== null || this.retryTimer !== undefined;
  }

  start(): void {
    if (!this.started) this.connect();
  }

  /** Closes the connection and stops reconnecting. */
  stop(code = 1000, reason = 'done'): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.retryAt = null;
    clearInterval(this.pingTimer);
    const socket = this.socket;
    this.socket = null;
    this.attempt = 0;
    this.everOpened = false;
    socket?.close(code, reason);
    this.setStatus('idle');
  }

  /** Sends on the open connection; false when there is none (its next hello will cover it). */
  send(data: string): boolean {
    if (this.socket?.readyState !== OPEN) return false;
    this.socket.send(data);
    return true;
  }

  isOpen(): boolean {
    return this.socket?.readyState === OPEN;
  }

  getStatus(): LiveStatus {
    return this.status;
  }

  onStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Reconnects now (the browser came back online, the reader asked) instead of waiting out the backoff. */
  retryNow(): void {
    if (this.status !== 'reconnecting' || this.socket) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    this.connect();
  }

  private setStatus(status: LiveStatus): void {
    if (status === this.status) return;
    this.status = status;
    for (const l of this.statusListeners) l();
  }

  private connect(): void {
    this.retryTimer = undefined;
    this.retryAt = null;
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
      const again = this.everOpened;
      this.everOpened = true;
      this.lastClose = null;
      socket.send(this.handlers.hello());
      this.setStatus('open');
      this.handlers.opened?.(again);
      this.pingTimer = setInterval(() => {
        if (socket.readyState === OPEN) socket.send('PING');
      }, PING_EVERY_MS);
    };
    socket.onmessage = (event) => {
      if (typeof event.data !== 'string' || event.data === 'PONG') return;
      this.handlers.message(event.data);
    };
    socket.onerror = () => {};
    socket.onclose = (event) => {
      clearInterval(this.pingTimer);
      if (this.socket !== socket) return;
      this.socket = null;
      const { code = 1006, reason = '' } = (event ?? {}) as { code?: number; reason?: string };
      this.lastClose = { code, reason };
      if (this.handlers.isFinal?.(code)) this.setStatus('refused');
      else if (this.handlers.keepGoing?.() ?? true) this.scheduleRetry();
      else this.setStatus('idle');
    };
  }

  private scheduleRetry(): void {
    this.setStatus('reconnecting');
    const base = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)]!;
    this.attempt += 1;
    // Jitter, so a server restart is not met by every tab at the same instant.
    const wait = base * (0.75 + Math.random() * 0.5);
    this.retryAt = Date.now() + wait;
    this.retryTimer = setTimeout(() => this.connect(), wait);
  }
}
