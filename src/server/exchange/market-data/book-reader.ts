import { sql } from 'drizzle-orm';
import { Book } from '../../../engine/book';
import type { Outcome, Side, TimeInForce } from '../../../engine/types';
import { type Db, rows } from '../../db/open';

/** A market's committed book and last trade, as public reads see them. */
export interface MarketSnapshot {
  book: Book;
  /** Last trade in outcome-0 terms (price 1/10,000, the taker's side), or null before any. */
  lastTrade: { price: number; side: Side } | null;
  /** Milliseconds since the epoch when it was read. */
  readAt: number;
}

/** How long a snapshot serves reads when another process may have written (this one's commits refresh it at once). */
const TTL_MS = 500;
const MAX_CACHED = 5_000;

/**
 * The committed book of a market, rebuilt with the engine from its live orders (so the public book is the
 * engine's own view, mirror rule included) and cached until this process commits a change to that market
 * or, for other processes' changes, briefly.
 */
export class BookReader {
  private readonly cache = new Map<string, MarketSnapshot>();

  constructor(private readonly db: Db) {}

  async snapshot(marketId: string): Promise<MarketSnapshot> {
    const hit = this.cache.get(marketId);
    if (hit && Date.now() - hit.readAt < TTL_MS) return hit;
    const snapshot = await this.read(marketId);
    if (this.cache.size >= MAX_CACHED) this.cache.clear();
    this.cache.set(marketId, snapshot);
    return snapshot;
  }

  /** This process committed changes to these markets. */
  changed(marketIds: Iterable<string>): void {
    for (const id of marketIds) this.cache.delete(id);
  }

  private async read(marketId: string): Promise<MarketSnapshot> {
    const readAt = Date.now();
    const [orders, last] = await Promise.all([
      rows<{
        id: string;
        seq: string;
        outcome: number;
        maker: string;
        side: Side;
        price: number;
        remaining: string;
        time_in_force: TimeInForce;
        expiration: string;
      }>(
        this.db,
        sql`SELECT id, seq::text, outcome, maker, side, price, remaining::text, time_in_force, expiration::text
            FROM exchange_orders WHERE market_id = ${marketId} AND status = 'LIVE' ORDER BY seq`,
      ),
      rows<{ last_price: number | null; last_side: Side | null }>(
        this.db,
        sql`SELECT last_price, last_side FROM exchange_markets WHERE market_id = ${marketId}`,
      ),
    ]);
    const book = new Book();
    const now = Math.floor(readAt / 1000);
    for (const o of orders) {
      const remaining = Number(o.remaining);
      // A due GTD order leaves the book when a writer next holds it (writer.ts); it is never shown meanwhile.
      const expiration = Number(o.expiration);
      if (expiration !== 0 && expiration <= now) continue;
      book.restore({
        id: o.id,
        maker: o.maker,
        outcome: o.outcome as Outcome,
        side: o.side,
        price: o.price,
        size: remaining,
        remaining,
        timeInForce: o.time_in_force,
        postOnly: false,
        expiration,
        seq: Number(o.seq),
      });
    }
    const row = last[0];
    const lastTrade =
      row?.last_price != null && row.last_side ? { price: row.last_price, side: row.last_side } : null;
    return { book, lastTrade, readAt };
  }
}
