import type { WebSocket } from 'ws';
import { LIVE_CLOSE } from '../../../contract/live';

/** A market message on its way to one asset's subscribers: its commit's version, and whether it is custom. */
export interface Outgoing {
  version: number;
  custom: boolean;
  text: string;
}

/**
 * Where a connection's subscription to an asset stands. While its `book` snapshot is being read the
 * asset is `pending` and its messages wait here; once the snapshot is sent, messages of commits the
 * snapshot already shows (version ≤ `after`) are dropped, later ones sent.
 */
interface AssetState {
  pending: boolean;
  after: number;
}

/** Several messages as one frame: a JSON array, which the reference's clients read message by message. */
export function frameOf(texts: string[]): string {
  return texts.length === 1 ? texts[0]! : `[${texts.join(',')}]`;
}

const OPEN = 1;

/** A close frame's reason holds at most 123 bytes of UTF-8. */
export function closeReason(text: string): string {
  let reason = text;
  while (Buffer.byteLength(reason) > 123) reason = reason.slice(0, -1);
  return reason;
}
/** How long a dropped slow reader's socket is given to take its close frame before it is cut. */
const DROP_GRACE_MS = 1_000;

/**
 * One client's connection to a live channel: what it follows, and the one way anything is sent to it.
 * A client that reads too slowly is dropped rather than buffered for: once more than `maxBuffered`
 * bytes wait in its socket, the next frame closes it (SLOW_READER), so it never slows the others or
 * makes the process grow.
 */
export class LiveConnection {
  /** Market channel: the assets it follows. */
  readonly assets = new Map<string, AssetState>();
  /** Market channel: also `best_bid_ask`. */
  custom = false;
  /** User channel, once authenticated: the key, its owner, and the markets followed (none: all). */
  user: { apiKey: string; address: string } | null = null;
  readonly markets = new Set<string>();
  /** Answered the last keep-alive ping. */
  alive = true;
  /** Asked by the hub to send these assets' books again (a commit arrived out of order). */
  onResync: ((assets: string[]) => void) | null = null;
  private held: { asset: string; entry: Outgoing }[] = [];
  private heldBytes = 0;
  private closing = false;

  constructor(
    readonly socket: WebSocket,
    private readonly maxBuffered: number,
  ) {}

  get closed(): boolean {
    return this.closing || this.socket.readyState !== OPEN;
  }

  /**
   * Holds this connection's frames back until `uncork`, so the frames of one window leave in one write
   * (a syscall per frame was most of the fan-out's cost). The socket is ws's own (`_socket`).
   */
  cork(): void {
    (this.socket as unknown as { _socket?: { cork(): void } })._socket?.cork();
  }

  uncork(): void {
    (this.socket as unknown as { _socket?: { uncork(): void } })._socket?.uncork();
  }

  send(data: string | Buffer): void {
    if (this.closed) return;
    if (this.socket.bufferedAmount > this.maxBuffered) {
      this.dropSlowReader();
      return;
    }
    this.socket.send(data, { binary: false });
  }

  close(code: number, reason: string): void {
    if (this.closing) return;
    this.closing = true;
    if (this.socket.readyState === OPEN) this.socket.close(code, closeReason(reason));
    else this.socket.terminate();
  }

  /**
   * One asset's messages of a window: `standard` without the custom ones, `all` with them, each with its
   * frame, built once for every subscriber (null: none of that kind).
   */
  deliver(
    asset: string,
    standard: { entries: Outgoing[]; frame(): Buffer | null },
    all: { entries: Outgoing[]; frame(): Buffer | null },
  ): void {
    const state = this.assets.get(asset);
    if (!state || this.closed) return;
    const mine = this.custom ? all : standard;
    if (mine.entries.length === 0) return;
    if (state.pending) {
      for (const entry of mine.entries) this.hold(asset, entry);
      return;
    }
    if (state.after > 0) {
      // The snapshot already shows the commits up to `after`; batches come in version order.
      const later = mine.entries.filter((e) => e.version > state.after);
      if (later.length === 0) return;
      state.after = 0;
      if (later.length < mine.entries.length) {
        this.send(frameOf(later.map((e) => e.text)));
        return;
      }
    }
    const frame = mine.frame();
    if (frame) this.send(frame);
  }

  /** Follows an asset from now on, with no book first. */
  follow(asset: string): void {
    this.assets.set(asset, { pending: false, after: 0 });
  }

  /** Holds these assets' messages until their books are sent (`release`). */
  await(assets: string[]): void {
    for (const asset of assets) this.assets.set(asset, { pending: true, after: 0 });
  }

  /** The asset's book (showing commits up to `version`) was sent: sends what waited and came after it. */
  release(asset: string, version: number): void {
    const state = this.assets.get(asset);
    if (!state) return;
    state.pending = false;
    state.after = version;
    const later: string[] = [];
    const kept: typeof this.held = [];
    for (const h of this.held) {
      if (h.asset !== asset) kept.push(h);
      else if (h.entry.version > version) later.push(h.entry.text);
      else this.heldBytes -= h.entry.text.length;
    }
    for (const text of later) this.heldBytes -= text.length;
    this.held = kept;
    if (later.length > 0) {
      state.after = 0;
      this.send(frameOf(later));
    }
  }

  unfollow(asset: string): void {
    this.assets.delete(asset);
    if (this.held.length === 0) return;
    this.held = this.held.filter((h) => {
      if (h.asset !== asset) return true;
      this.heldBytes -= h.entry.text.length;
      return false;
    });
  }

  private hold(asset: string, entry: Outgoing): void {
    this.held.push({ asset, entry });
    this.heldBytes += entry.text.length;
    if (this.heldBytes > this.maxBuffered) this.dropSlowReader();
  }

  private dropSlowReader(): void {
    if (this.closing) return;
    this.held = [];
    this.heldBytes = 0;
    this.close(
      LIVE_CLOSE.SLOW_READER,
      `dropped: over ${this.maxBuffered} bytes unsent; read faster, reconnect and subscribe again`,
    );
    // Its close frame waits behind everything unsent: give the reader a moment, then cut it.
    setTimeout(() => this.socket.terminate(), DROP_GRACE_MS).unref();
  }
}
