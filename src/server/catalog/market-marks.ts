import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/open';
import { dayAgoPriceColumn } from './one-day-change';

/**
 * The catalog's copies of price-history facts, kept in step with its markets: the outcome-token
 * lookup (which market and outcome a token is, what /prices-history looks up) and each market's
 * 24-hour price (markets.day_ago_price, from price_marks), which its `oneDayPriceChange` is made of.
 * The load of events calls linkMarketsToHistory; the history store calls copyMarks after it writes
 * or removes marks. (The catalog imports nothing of the history: src/architecture.test.ts.)
 */

/**
 * Copies the 24-hour marks onto the chosen markets' rows (markets.day_ago_price), where the lists
 * read them: after marks are written or removed, and after markets are rewritten by an import.
 * Returns the events whose markets changed (their documents show the 24-hour change).
 */
export async function copyMarks(db: Db, markets: ReturnType<typeof sql>): Promise<string[]> {
  // Each market's mark looked up once (OFFSET 0 keeps the planner from inlining the subquery into both
  // SET and WHERE, which evaluated it twice), and only the rows it changes written.
  const changed = await rows<{ id: string }>(
    db,
    sql`UPDATE markets u SET day_ago_price = v.mark
        FROM (SELECT m.id, ${dayAgoPriceColumn(sql`m`)} AS mark FROM markets m WHERE ${markets} OFFSET 0) v
        WHERE u.id = v.id AND u.day_ago_price IS DISTINCT FROM v.mark RETURNING u.event_id::text AS id`,
  );
  return changed.map((row) => row.id);
}

/**
 * Links these events' markets to the stored histories, after their markets were written: rebuilds
 * the outcome-token lookup (the old rows went with the old markets, by cascade; a token listed twice
 * keeps its first market) and copies the tokens' 24-hour marks onto the new market rows. The load
 * writes these events' documents after it.
 */
export async function linkMarketsToHistory(db: Db, eventIds: readonly string[]): Promise<void> {
  if (eventIds.length === 0) return;
  const events = sql`(SELECT json_array_elements_text(${JSON.stringify(eventIds)}::json)::bigint)`;
  await db.execute(sql`
    INSERT INTO outcome_tokens (token_id, market_id, outcome)
    SELECT DISTINCT ON (t.token_id) t.token_id, m.id, (t.n - 1)::smallint
    FROM markets m, unnest(m.clob_token_ids) WITH ORDINALITY AS t(token_id, n)
    WHERE m.event_id IN ${events}
    ORDER BY t.token_id, m.id
    ON CONFLICT (token_id) DO UPDATE SET market_id = EXCLUDED.market_id, outcome = EXCLUDED.outcome`);
  await copyMarks(db, sql`m.event_id IN ${events}`);
}
