import { sql } from 'drizzle-orm';
import type { MarketTradeEvent } from '../../../contract/trading';
import { FULL_SET_PRICE } from '../../../engine/prices';
import { type Db, rows } from '../../db/open';
import { outcomeName } from '../account/queries';
import { hasConditionId } from '../markets';
import { priceText, sizeText } from '../units';
import { transactionHashOf } from '../writer';

/** No wallet is named in public: the legacy client's shape has these fields, always empty here. */
const NO_USER: MarketTradeEvent['user'] = {
  address: '',
  username: '',
  profile_picture: '',
  optimized_profile_picture: '',
  pseudonym: '',
};

interface FillRow {
  trade_id: string;
  match_time: string;
  size: string;
  taker_outcome: number;
  taker_side: 'BUY' | 'SELL';
  maker_outcome: number;
  maker_price: number;
  condition_id: string;
  question: string;
  icon: string;
  slug: string;
  tokens: string[];
  outcomes: string;
}

/**
 * The latest fills of a market, newest first, each from its taker's side: the price a fill traded at is
 * its resting order's, in the taker's outcome. Null when the catalog has no market of this condition id
 * (a closed market's fills are still there). Reads `exchange_fills (market_id, seq)` backwards.
 */
export async function marketTrades(
  db: Db,
  conditionId: string,
  limit: number,
): Promise<MarketTradeEvent[] | null> {
  // A market with no fills yet comes back once, with null fill columns.
  const found = await rows<FillRow | (Pick<FillRow, 'condition_id'> & { trade_id: null })>(
    db,
    sql`SELECT f.trade_id, f.match_time::text, f.size::text, f.taker_outcome, f.taker_side, f.maker_outcome,
               f.maker_price, m.condition_id, m.question, m.image AS icon, m.slug, m.clob_token_ids AS tokens,
               m.outcomes
        FROM markets m LEFT JOIN LATERAL (
          SELECT * FROM exchange_fills WHERE market_id = m.id ORDER BY seq DESC LIMIT ${limit}) f ON true
        WHERE ${hasConditionId(sql`m`, conditionId)}
        ORDER BY f.seq DESC NULLS LAST LIMIT ${limit}`,
  );
  if (found.length === 0) return null;
  return found
    .filter((f): f is FillRow => f.trade_id !== null)
    .map((f): MarketTradeEvent => {
      const outcome = f.taker_outcome === 1 ? 1 : 0;
      const price = f.maker_outcome === outcome ? f.maker_price : FULL_SET_PRICE - f.maker_price;
      return {
        event_type: 'trade',
        market: {
          condition_id: f.condition_id,
          asset_id: f.tokens[outcome] ?? '',
          question: f.question,
          icon: f.icon,
          slug: f.slug,
        },
        user: NO_USER,
        side: f.taker_side,
        size: sizeText(Number(f.size)),
        fee_rate_bps: '0',
        price: priceText(price),
        outcome: outcomeName(f.outcomes, outcome),
        outcome_index: outcome,
        transaction_hash: transactionHashOf(f.trade_id),
        timestamp: f.match_time,
      };
    });
}
