import { sql } from 'drizzle-orm';
import type { Book } from '../../../engine/book';
import type { Side } from '../../../engine/types';
import { type Db, rows } from '../../db/open';
import { readBooks } from '../live-orders';

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
    const [books, last] = await Promise.all([
      // A due GTD order leaves the book when a writer next holds it (writer.ts); it is never shown meanwhile.
      readBooks(this.db, [marketId], { dueAt: Math.floor(readAt / 1000) }),
      rows<{ last_price: number | null; last_side: Side | null }>(
        this.db,
        sql`SELECT last_price, last_side FROM exchange_markets WHERE market_id = ${marketId}`,
      ),
    ]);
    const row = last[0];
    const lastTrade =
      row?.last_price != null && row.last_side ? { price: row.last_price, side: row.last_side } : null;
    return { book: books.get(marketId)!.book, lastTrade, readAt };
  }
}
