import { sql } from 'drizzle-orm';
import { Book } from '../../../engine/book';
import type { Outcome, Side, TimeInForce } from '../../../engine/types';
import { type Db, rows } from '../../db/open';
import { orderRules } from '../markets';
import { expiredBy } from '../gtd';

/** A market's committed book and last trade, as public reads see them. */
export interface MarketSnapshot {
  book: Book;
  /** Last trade in outcome-0 terms (price 1/10,000, the taker's side), or null before any. */
  lastTrade: { price: number; side: Side } | null;
  /** Milliseconds since the epoch when it was read. */
  readAt: number;
  /** The exchange's version it shows: every batch up to this one and none after (writer.ts, `Committed`). */
  version: number;
  /**
   * The market's tick as the catalog had it at that moment (1/10,000; null: not in the catalog), read
   * with the version: a book that shows a tick change's commit shows its tick (live `tick_size_change`).
   */
  tick: number | null;
}

/** How long a snapshot serves reads when another process may have written (this one's commits refresh it at once). */
const TTL_MS = 500;
const MAX_CACHED = 5_000;

/**
 * The committed book of a market, rebuilt with the engine from its live orders (so the public book is the
 * engine's own view, mirror rule included) and cached until this process commits a change to that market
 * or, for other processes' changes, briefly. Reads of one market under way at once are one read (a
 * thousand live subscribers arriving together read its book once); a read that started before a change
 * this process committed answers its callers but is not kept.
 */
export class BookReader {
  private readonly cache = new Map<string, MarketSnapshot>();
  private readonly reading = new Map<string, Promise<MarketSnapshot>>();

  constructor(private readonly db: Db) {}

  /**
   * The market's committed book, showing at least version `atLeast` of the exchange (a live channel
   * needs every commit it has already sent: a cached or shared read older than that is read again).
   */
  async snapshot(marketId: string, atLeast = 0): Promise<MarketSnapshot> {
    const hit = this.cache.get(marketId);
    if (hit && Date.now() - hit.readAt < TTL_MS && hit.version >= atLeast) return hit;
    const shared = await this.readShared(marketId);
    // A read that started after the commit of `atLeast` (this one does: the last ended) shows it.
    return shared.version >= atLeast ? shared : this.readShared(marketId);
  }

  private readShared(marketId: string): Promise<MarketSnapshot> {
    const reading = this.reading.get(marketId);
    if (reading) return reading;
    const read = this.read(marketId).then(
      (snapshot) => {
        // changed() drops the read under way: one it dropped may be older than the commit.
        if (this.reading.get(marketId) === read) {
          this.reading.delete(marketId);
          if (this.cache.size >= MAX_CACHED) this.cache.clear();
          this.cache.set(marketId, snapshot);
        }
        return snapshot;
      },
      (err: unknown) => {
        if (this.reading.get(marketId) === read) this.reading.delete(marketId);
        throw err;
      },
    );
    this.reading.set(marketId, read);
    return read;
  }

  /** This process committed changes to these markets: reads from now on see them. */
  changed(marketIds: Iterable<string>): void {
    for (const id of marketIds) {
      this.cache.delete(id);
      this.reading.delete(id);
    }
  }

  /** Other processes' commits may have gone unnoticed (the live bus was away): reads from now on are new. */
  forget(): void {
    this.cache.clear();
    this.reading.clear();
  }

  private async read(marketId: string): Promise<MarketSnapshot> {
    const readAt = Date.now();
    // One statement, so the orders, the last trade and the version are of one committed state (the live
    // channels send live changes from the next version on). With no live order, one row of nulls.
    const found = await rows<{
      version: string;
      id: string | null;
      seq: string;
      outcome: number;
      maker: string;
      side: Side;
      price: number;
      remaining: string;
      time_in_force: TimeInForce;
      expiration: string;
      last_price: number | null;
      last_side: Side | null;
      tick: number | null;
    }>(
      this.db,
      sql`SELECT s.version::text, o.id, o.seq::text, o.outcome, o.maker, o.side, o.price, o.remaining::text,
                 o.time_in_force, o.expiration::text, m.last_price, m.last_side,
                 c.order_price_min_tick_size AS tick
          FROM exchange_state s
          LEFT JOIN exchange_markets m ON m.market_id = ${marketId}
          LEFT JOIN markets c ON c.id = ${marketId}
          LEFT JOIN exchange_orders o ON o.market_id = ${marketId} AND o.status = 'LIVE'
          WHERE s.id = 1 ORDER BY o.seq`,
    );
    const orders = found.filter((o) => o.id !== null);
    const book = new Book();
    const now = Math.floor(readAt / 1000);
    for (const o of orders) {
      const remaining = Number(o.remaining);
      // A due GTD order leaves the book when a writer next holds it (writer.ts); it is never shown meanwhile.
      const expiration = Number(o.expiration);
      if (expiration !== 0 && expiration <= expiredBy(now)) continue;
      book.restore({
        id: o.id!,
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
    const row = found[0];
    const lastTrade =
      row?.last_price != null && row.last_side ? { price: row.last_price, side: row.last_side } : null;
    return {
      book,
      lastTrade,
      readAt,
      version: Number(row?.version ?? 0),
      tick: row?.tick == null ? null : orderRules({ tick: row.tick, min_size: 0 }).tick,
    };
  }
}
