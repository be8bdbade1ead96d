import { LIVE_CLOSE } from '../../../contract/live';
import type { ChannelBatch } from './channel-batch';
import { frameOf, type LiveConnection, type Outgoing } from './connection';

/** The reason a user connection is closed with after missed commits (api.md, Limits and close codes). */
export const MISSED_EVENTS =
  'events may have been missed; reconnect, then read /data/orders and /data/trades again';

/** Messages with their frame, encoded at most once, when a subscriber first needs it. */
function framed(entries: Outgoing[]): { entries: Outgoing[]; frame(): Buffer | null } {
  let frame: Buffer | null | undefined;
  return {
    entries,
    frame() {
      frame ??= entries.length === 0 ? null : Buffer.from(frameOf(entries.map((e) => e.text)));
      return frame;
    },
  };
}

/** Each connection written to is corked once, and uncorked when the flush is done: one write each. */
function corking(): { cork(conn: LiveConnection): void; uncork(): void } {
  const corked = new Set<LiveConnection>();
  return {
    cork(conn) {
      if (corked.has(conn)) return;
      corked.add(conn);
      conn.cork();
    },
    uncork() {
      for (const conn of corked) conn.uncork();
    },
  };
}

/**
 * The in-process fan-out: who follows which asset (market channel) and which address (user channel),
 * and the delivery of commits to them, in the order `deliver` is called (commit order: the bus sees to
 * it). Market channel: after a quiet spell a commit goes out as soon as its task ends; while commits
 * keep coming, what gathers goes out once per `windowMs`, each asset's messages as one frame encoded
 * once for all its subscribers, and each subscriber's frames in one write: a busy book costs one write
 * per subscriber per window rather than one per commit and asset. User channel: always as soon as the
 * delivering task ends, never held for the window. With one process the writer delivers before it
 * answers, so an order or cancel the server has acknowledged has had its message written to its owner's
 * sockets; a window would leave a crash room to drop it (a busy loop held one 0.85 s in a trial).
 */
export class Hub {
  readonly connections = new Set<LiveConnection>();
  private readonly byAsset = new Map<string, Set<LiveConnection>>();
  private readonly byAddress = new Map<string, Set<LiveConnection>>();
  private outbox = new Map<string, Outgoing[]>();
  private userOutbox: { address: string; market: string; text: string }[] = [];
  /** A flush is queued right after the current task (the window had passed). */
  private soon = false;
  /** The user channel's flush is queued right after the current task. */
  private usersSoon = false;
  /** The window's flush, while it has not passed. */
  private timer: NodeJS.Timeout | undefined;
  private lastFlush = 0;
  /** The latest commit passed on: a new subscriber's book must show it (snapshots.ts). */
  delivered = 0;

  constructor(private readonly windowMs: number) {}

  add(conn: LiveConnection): void {
    this.connections.add(conn);
  }

  remove(conn: LiveConnection): void {
    this.connections.delete(conn);
    for (const asset of conn.assets.keys()) this.unindex(this.byAsset, asset, conn);
    if (conn.user) this.unindex(this.byAddress, conn.user.address, conn);
  }

  follow(conn: LiveConnection, asset: string): void {
    this.index(this.byAsset, asset, conn);
  }

  unfollow(conn: LiveConnection, asset: string): void {
    conn.unfollow(asset);
    this.unindex(this.byAsset, asset, conn);
  }

  followAddress(conn: LiveConnection, address: string): void {
    this.index(this.byAddress, address, conn);
  }

  /** How many connections follow the asset (tests, benchmarks). */
  followers(asset: string): number {
    return this.byAsset.get(asset)?.size ?? 0;
  }

  deliver(batch: ChannelBatch): void {
    this.delivered = Math.max(this.delivered, batch.version);
    for (const m of batch.market) {
      if (!this.byAsset.has(m.asset)) continue;
      const entry = { version: batch.version, custom: m.custom, text: m.text };
      const entries = this.outbox.get(m.asset);
      if (entries) entries.push(entry);
      else this.outbox.set(m.asset, [entry]);
    }
    for (const u of batch.user) if (this.byAddress.has(u.address)) this.userOutbox.push(u);
    if (this.userOutbox.length > 0 && !this.usersSoon) {
      this.usersSoon = true;
      queueMicrotask(() => this.flushUsers());
    }
    if (this.outbox.size > 0) this.schedule();
  }

  /** A commit arrived after later ones were delivered: its assets' followers get fresh books instead. */
  resync(assets: Iterable<string>): void {
    const wanted = new Map<LiveConnection, string[]>();
    for (const asset of assets) {
      for (const conn of this.byAsset.get(asset) ?? [])
        wanted.set(conn, [...(wanted.get(conn) ?? []), asset]);
    }
    for (const [conn, list] of wanted) conn.onResync?.(list);
  }

  /**
   * Commits may have been missed (the Redis bus was away): they cannot be sent again, so each market
   * connection gets fresh books of every asset it follows, and each user connection is closed
   * (SERVICE_RESTART) to read its orders and trades again: an event it missed is in no book.
   */
  missedCommits(): void {
    for (const conn of this.connections) {
      if (conn.user) conn.close(LIVE_CLOSE.SERVICE_RESTART, MISSED_EVENTS);
      else if (conn.assets.size > 0) conn.onResync?.([...conn.assets.keys()]);
    }
  }

  /** Sends what has gathered (the window's timer does; tests may call it). */
  flush(): void {
    this.soon = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.lastFlush = Date.now();
    const outbox = this.outbox;
    this.outbox = new Map();
    const { cork, uncork } = corking();
    try {
      for (const [asset, entries] of outbox) {
        const followers = this.byAsset.get(asset);
        if (!followers) continue;
        const all = framed(entries);
        const standard = entries.some((e) => e.custom) ? framed(entries.filter((e) => !e.custom)) : all;
        for (const conn of followers) {
          cork(conn);
          conn.deliver(asset, standard, all);
        }
      }
    } finally {
      uncork();
    }
    this.flushUsers();
  }

  private flushUsers(): void {
    this.usersSoon = false;
    const users = this.userOutbox;
    if (users.length === 0) return;
    this.userOutbox = [];
    const { cork, uncork } = corking();
    try {
      for (const u of users) {
        for (const conn of this.byAddress.get(u.address) ?? []) {
          if (conn.markets.size > 0 && !conn.markets.has(u.market)) continue;
          cork(conn);
          conn.send(u.text);
        }
      }
    } finally {
      uncork();
    }
  }

  /**
   * At most one flush per window. Once the window has passed, the flush runs as soon as the task that
   * delivered ends (a microtask: every batch delivered in that task shares it), before any other task:
   * on PGlite the next writer batch, the catalog follower's timer or a burst of requests would each hold
   * the event loop for milliseconds, and a timer or setImmediate waits behind them. The window's timer
   * is only the fallback for when no commit comes after it; a commit that finds the timer late (the loop
   * was busy) flushes instead of waiting for it.
   */
  private schedule(): void {
    if (this.soon) return;
    const wait = this.lastFlush + this.windowMs - Date.now();
    if (wait <= 0) {
      this.soon = true;
      queueMicrotask(() => this.flush());
    } else this.timer ??= setTimeout(() => this.flush(), wait);
  }

  private index(index: Map<string, Set<LiveConnection>>, key: string, conn: LiveConnection): void {
    const set = index.get(key);
    if (set) set.add(conn);
    else index.set(key, new Set([conn]));
  }

  private unindex(index: Map<string, Set<LiveConnection>>, key: string, conn: LiveConnection): void {
    const set = index.get(key);
    if (!set) return;
    set.delete(conn);
    if (set.size === 0) index.delete(key);
  }
}
