import { type SQL, sql } from 'drizzle-orm';

/**
 * A market's `oneDayPriceChange` (the reference's market field): its first outcome's current
 * catalog price minus that outcome's price 24 hours before its latest history point. market-marks.ts
 * copies the 24-hour price onto the market row with `dayAgoPriceColumn`; `withOneDayChange` adds the
 * field to the market, or leaves it out when there is no history or no readable price.
 */

/** The first outcome's stored 24-hour price (price_marks), or 1 − the second's in a two-outcome market; null without. */
export const dayAgoPriceColumn = (market: SQL) => sql`(
  SELECT CASE WHEN k.token_id = ${market}.clob_token_ids[1] THEN k.day_ago_price ELSE 1 - k.day_ago_price END
  FROM price_marks k
  WHERE k.token_id = ${market}.clob_token_ids[1]
     OR (cardinality(${market}.clob_token_ids) = 2 AND k.token_id = ${market}.clob_token_ids[2])
  ORDER BY k.token_id = ${market}.clob_token_ids[1] DESC LIMIT 1)`;

export function withOneDayChange<M extends { outcomePrices: string }>({
  dayAgoPrice,
  ...market
}: M & { dayAgoPrice?: number | null }): M & { oneDayPriceChange?: number } {
  const current = firstPrice(market.outcomePrices);
  if (dayAgoPrice == null || current === null) return market as unknown as M;
  // Ten-thousandths, as the prices are kept: no float noise such as 0.030000000000000027.
  return {
    ...(market as unknown as M),
    oneDayPriceChange: Math.round((current - dayAgoPrice) * 10_000) / 10_000,
  };
}

function firstPrice(outcomePrices: string): number | null {
  try {
    const prices: unknown = JSON.parse(outcomePrices);
    const p = Array.isArray(prices) ? Number(prices[0]) : Number.NaN;
    return Number.isFinite(p) && p >= 0 && p <= 1 ? p : null;
  } catch {
    return null;
  }
}
