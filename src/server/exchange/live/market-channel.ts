import { LIVE_CLOSE, MAX_LIVE_SUBSCRIPTIONS } from '../../../contract/live';
import type { BookReader } from '../market-data/book-reader';
import type { MarketRegistry } from '../markets';
import type { LiveConnection } from './connection';
import type { Hub } from './hub';
import { type MarketRequest, readMarketRequest } from './protocol';
import { runSession } from './session';
import { readBooks } from './snapshots';

/** Book snapshots go out in frames of about this size (a JSON array of `book` messages each). */
const BOOK_FRAME_BYTES = 256 * 1024;

/**
 * `{clob_url}/ws/market`: a client follows assets; each asset it subscribes to gets its `book` first
 * (unless `initial_dump` is false), then every change in commit order. Subscribing to an asset it
 * follows already sends that book again: the way to resynchronise.
 */
export function openMarketChannel(
  conn: LiveConnection,
  deps: { hub: Hub; exchange: { registry: MarketRegistry; books: BookReader }; onError(err: unknown): void },
) {
  const { hub } = deps;
  let subscribed = false;

  /** Reads the assets' books and sends them; what waited for them follows (connection.ts). */
  const sendBooks = async (assets: string[]) => {
    if (assets.length === 0) return;
    const books = await readBooks(deps.exchange, assets, hub.delivered);
    if (conn.closed) return;
    let frame: string[] = [];
    let bytes = 0;
    const sendFrame = () => {
      if (frame.length > 0) conn.send(`[${frame.join(',')}]`);
      frame = [];
      bytes = 0;
    };
    for (const { book } of books) {
      if (!book) continue;
      const text = JSON.stringify(book);
      frame.push(text);
      bytes += text.length;
      if (bytes >= BOOK_FRAME_BYTES) sendFrame();
    }
    sendFrame();
    for (const { asset, version } of books) conn.release(asset, version);
  };

  const handle = (request: Exclude<MarketRequest, { kind: 'ping' }>): void | Promise<void> => {
    if (request.kind === 'unsubscribe') {
      for (const asset of request.assets) hub.unfollow(conn, asset);
      return;
    }
    const fresh = request.assets.filter((a) => !conn.assets.has(a));
    if (conn.assets.size + fresh.length > MAX_LIVE_SUBSCRIPTIONS) {
      conn.close(
        LIVE_CLOSE.TOO_MANY_SUBSCRIPTIONS,
        `at most ${MAX_LIVE_SUBSCRIPTIONS} assets per connection`,
      );
      return;
    }
    subscribed = true;
    if (request.custom !== undefined) conn.custom = request.custom;
    if (!request.dump) {
      for (const asset of fresh) {
        conn.follow(asset);
        hub.follow(conn, asset);
      }
      return;
    }
    conn.await(request.assets);
    for (const asset of request.assets) hub.follow(conn, asset);
    return sendBooks(request.assets);
  };

  const session = runSession<MarketRequest>(conn, {
    read: readMarketRequest,
    handle,
    subscribed: () => subscribed,
    onError: deps.onError,
  });
  conn.onResync = (assets) =>
    session.enqueue(() => {
      const still = assets.filter((a) => conn.assets.has(a));
      conn.await(still);
      return sendBooks(still);
    });
  return session;
}
