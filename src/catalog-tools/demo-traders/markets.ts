import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../server/db/open';

/** A market the demo traders trade: open, two outcomes, a price strictly between 0 and 1. */
export interface DemoMarket {
  id: string;
  conditionId: string;
  eventId: string;
  tokens: readonly [string, string];
  negRisk: boolean;
  /** Its outcomes' names: Yes/No, or two teams, Over/Under… */
  outcomes: readonly [string, string];
  /** The catalog's price of outcome 0 (where the fair value starts). */
  price: number;
  volume: number;
  eventVolume: number;
  eventVolume24hr: number;
}

/**
 * The catalog's tradable markets (two outcomes, active, not closed: the exchange's isTradable, which
 * these clients may not import), their event open. A market settled at 0 or 1 (a passed "by <date>?" rung) is left alone.
 */
export async function tradableMarkets(db: Db): Promise<DemoMarket[]> {
  const found = await rows<{
    id: string;
    condition_id: string;
    event_id: string;
    tokens: string[];
    neg_risk: boolean;
    outcomes: string;
    prices: string;
    volume: number;
    event_volume: number;
    event_volume24hr: number;
  }>(
    db,
    sql`SELECT m.id, m.condition_id, m.event_id::text, m.clob_token_ids AS tokens, m.neg_risk, m.outcomes,
               m.outcome_prices AS prices, m.volume, e.volume AS event_volume, e.volume24hr AS event_volume24hr
        FROM markets m JOIN events e ON e.id = m.event_id
        WHERE m.active AND NOT m.closed AND NOT e.closed AND cardinality(m.clob_token_ids) = 2
        ORDER BY m.id`,
  );
  const markets: DemoMarket[] = [];
  for (const m of found) {
    let price = Number.NaN;
    let outcomes: unknown[] = [];
    try {
      price = Number((JSON.parse(m.prices) as unknown[])[0]);
      outcomes = JSON.parse(m.outcomes) as unknown[];
    } catch {}
    if (!(price > 0 && price < 1)) continue;
    markets.push({
      id: m.id,
      conditionId: m.condition_id,
      eventId: m.event_id,
      tokens: [m.tokens[0]!, m.tokens[1]!],
      negRisk: m.neg_risk,
      outcomes: [String(outcomes[0] ?? 'Yes'), String(outcomes[1] ?? 'No')],
      price,
      volume: Number(m.volume),
      eventVolume: Number(m.event_volume),
      eventVolume24hr: Number(m.event_volume24hr),
    });
  }
  return markets;
}
