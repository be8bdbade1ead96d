import { config } from '../config';
import { applyMessage, displayedPriceOf, emptyBook, type LiveBook } from './book-state';
import { channelUrl } from './channel';
import { LiveSocket, type SocketLike } from './live-socket';

/**
 * The tab's live state: one socket, and the book of each watched asset. Loaded on demand by the hooks
 * (use-live.ts) after hydration, so the socket code is a chunk of its own, never in a first load.
 */

/** `ws(s)://…/clob/ws/market` from the dashboard's CLOB base (relative to this origin by default). */
export const marketChannelUrl = (clobUrl: string, location: { href: string }): string =>
  channelUrl(clobUrl, '/ws/market', location);

export class LiveStore {
  private readonly books = new Map<string, LiveBook>();
  /** Per watched asset: its watchers, and how to end its one subscription to the socket. */
  private readonly watched = new Map<string, { watchers: Set<() => void>; stop: () => void }>();

  constructor(readonly socket: LiveSocket) {}

  book(assetId: string): LiveBook | null {
    return this.books.get(assetId) ?? null;
  }

  /** The displayed price of `assetId`'s market from its live book (units), null without one. */
  displayedPrice(assetId: string): number | null {
    const book = this.books.get(assetId);
    return book ? displayedPriceOf(book) : null;
  }

  /**
   * Keeps `assetId`'s book current while watched; the book is dropped with its last watcher. However
   * many watch an asset (an event page's book and its chart), it is subscribed once, so each message
   * changes its book once: a trade printed twice would be two trades on the tape.
   */
  watch(assetId: string, onChange: () => void): () => void {
    let entry = this.watched.get(assetId);
    if (!entry) {
      const watchers = new Set<() => void>();
      const stop = this.socket.subscribe(assetId, (message) => {
        const before = this.books.get(assetId);
        // Level changes before the first snapshot describe a book this tab does not have yet.
        if (!before && message.type !== 'book') return;
        const after = applyMessage(before ?? emptyBook(assetId), message);
        if (after === before) return;
        this.books.set(assetId, after);
        for (const w of watchers) w();
      });
      entry = { watchers, stop };
      this.watched.set(assetId, entry);
    }
    const { watchers } = entry;
    const watcher = () => onChange();
    watchers.add(watcher);
    return () => {
      watchers.delete(watcher);
      if (watchers.size === 0 && this.watched.get(assetId) === entry) {
        entry.stop();
        this.watched.delete(assetId);
        this.books.delete(assetId);
      }
    };
  }
}

/** The tab's store, made on first use. */
export const liveStore: LiveStore = new LiveStore(
  new LiveSocket(
    marketChannelUrl(config.clobUrl, window.location),
    (url) => new WebSocket(url) as unknown as SocketLike,
  ),
);

// Reconnect at once when the browser comes back online, rather than waiting out the backoff.
window.addEventListener('online', () => liveStore.socket.retryNow());
