import { sql } from 'drizzle-orm';
import { Book } from '../../engine/book';
import type { Outcome, RestingOrder, Side, TimeInForce } from '../../engine/types';
import { type Db, rows } from '../db/open';
import type { RestingInfo } from './batch-events';

/** A live order as stored: the engine's resting order, with its market, the API key that placed it and when. */
export interface LiveOrder extends RestingOrder {
  marketId: string;
  owner: string;
  /** Unix seconds. */
  createdAt: number;
}

/** A market's book rebuilt from its live orders, with what the engine does not keep of each (its owner…). */
export interface StoredBook {
  book: Book;
  resting: Map<string, RestingInfo>;
}

/** Every live order of these markets, in sequence order (their time priority). */
export async function readLiveOrders(db: Db, marketIds: readonly string[]): Promise<LiveOrder[]> {
  if (marketIds.length === 0) return [];
  const found = await rows<{
    id: string;
    seq: string;
    market_id: string;
    outcome: number;
    maker: string;
    owner: string;
    side: Side;
    price: number;
    original_size: string;
    remaining: string;
    time_in_force: TimeInForce;
    post_only: boolean;
    expiration: string;
    created_at: string;
  }>(
    db,
    sql`SELECT id, seq::text, market_id, outcome, maker, owner, side, price, original_size::text, remaining::text,
               time_in_force, post_only, expiration::text, created_at::text
        FROM exchange_orders
        WHERE market_id = ANY(ARRAY(SELECT json_array_elements_text(${JSON.stringify(marketIds)}::json)))
          AND status = 'LIVE'
        ORDER BY seq`,
  );
  return found.map((row) => ({
    id: row.id,
    seq: Number(row.seq),
    marketId: row.market_id,
    owner: row.owner,
    maker: row.maker,
    outcome: row.outcome as Outcome,
    side: row.side,
    price: row.price,
    size: Number(row.original_size),
    remaining: Number(row.remaining),
    timeInForce: row.time_in_force,
    postOnly: row.post_only,
    expiration: Number(row.expiration),
    createdAt: Number(row.created_at),
  }));
}

/**
 * These markets' committed books, rebuilt with the engine from their live orders in sequence order (so a
 * book read back is the engine's own: priority and the mirror of the two outcomes included); a market
 * with none gets an empty book.
 */
export async function readBooks(db: Db, marketIds: readonly string[]): Promise<Map<string, StoredBook>> {
  const books = new Map<string, StoredBook>(
    marketIds.map((id) => [id, { book: new Book(), resting: new Map() }]),
  );
  for (const order of await readLiveOrders(db, marketIds)) {
    const stored = books.get(order.marketId)!;
    const { marketId: _market, owner, createdAt, ...resting } = order;
    stored.book.restore(resting);
    stored.resting.set(order.id, {
      owner,
      createdAt,
      size: order.size,
      timeInForce: order.timeInForce,
      expiration: order.expiration,
    });
  }
  return books;
}
