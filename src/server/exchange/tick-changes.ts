import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/open';
import {
  isTradable,
  orderRules,
  type TradableMarket,
  type TradableMarketRow,
  tradableMarket,
} from './markets';

/** A tradable market whose tick a load changed: the market as it is now, and its tick before (1/10,000). */
export interface TickChange {
  market: TradableMarket;
  oldTick: number;
}

/** Whether a load left tick changes to announce (one index probe). */
export async function hasTickChanges(db: Db): Promise<boolean> {
  const [row] = await rows<{ any: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM market_tick_changes) AS any`,
  );
  return row?.any === true;
}

/**
 * Takes out every tick change loads recorded (market_tick_changes), in the writer's turn, so exactly one
 * batch of one process announces each. Several loads before a sweep count as one change, from the
 * earliest tick to the catalog's now; a market that is not tradable now, or is back on its tick, has
 * nothing to announce.
 */
export async function takeTickChanges(db: Db): Promise<TickChange[]> {
  const found = await rows<TradableMarketRow & { old_tick: number }>(
    db,
    sql`WITH taken AS (DELETE FROM market_tick_changes RETURNING id, market_id, old_tick),
        first AS (SELECT DISTINCT ON (market_id) market_id, old_tick FROM taken ORDER BY market_id, id)
        SELECT f.market_id, f.old_tick, m.condition_id, m.clob_token_ids AS tokens, m.neg_risk,
               m.order_price_min_tick_size AS tick, m.order_min_size AS min_size
        FROM first f JOIN markets m ON m.id = f.market_id
        WHERE ${isTradable(sql`m`)} AND m.order_price_min_tick_size <> f.old_tick
        ORDER BY f.market_id`,
  );
  return found.map((row) => ({
    market: tradableMarket(row),
    oldTick: orderRules({ tick: row.old_tick, min_size: 0 }).tick,
  }));
}
