import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/open';

/**
 * The ledger's conservation rules (docs/exchange.md, "Money"), read from the database as committed:
 * each returns the rows that break it, so a test shows what went wrong rather than a bare `false`.
 */
export async function ledgerViolations(db: Db): Promise<string[]> {
  const problems: string[] = [];
  // Shares of each outcome equal the sets outstanding, market by market.
  const shares = await rows<{ market_id: string; sets: string; yes: string; no: string }>(
    db,
    sql`SELECT x.market_id, x.sets::text,
          COALESCE((SELECT sum(balance) FROM exchange_balances WHERE asset = m.clob_token_ids[1]), 0)::text AS yes,
          COALESCE((SELECT sum(balance) FROM exchange_balances WHERE asset = m.clob_token_ids[2]), 0)::text AS no
        FROM exchange_markets x JOIN markets m ON m.id = x.market_id`,
  );
  for (const s of shares) {
    if (s.yes !== s.sets || s.no !== s.sets)
      problems.push(
        `market ${s.market_id}: sets ${s.sets}, outcome 0 shares ${s.yes}, outcome 1 shares ${s.no}`,
      );
  }
  // Σ collateral + Σ sets = Σ credits.
  const [money] = await rows<{ collateral: string; sets: string; credits: string }>(
    db,
    sql`SELECT COALESCE((SELECT sum(balance) FROM exchange_balances WHERE asset = 'collateral'), 0)::text AS collateral,
               COALESCE((SELECT sum(sets) FROM exchange_markets), 0)::text AS sets,
               COALESCE((SELECT sum(amount) FROM exchange_ledger), 0)::text AS credits`,
  );
  if (money && BigInt(money.collateral) + BigInt(money.sets) !== BigInt(money.credits))
    problems.push(`collateral ${money.collateral} + sets ${money.sets} ≠ credits ${money.credits}`);
  // Every reservation is exactly what the holder's live orders hold back.
  const reserved = await rows<{ address: string; asset: string; reserved: string; expected: string }>(
    db,
    sql`WITH held AS (
          SELECT maker AS address, CASE WHEN side = 'BUY' THEN 'collateral' ELSE token_id END AS asset,
                 sum(CASE WHEN side = 'BUY' THEN price::bigint * remaining ELSE remaining * 10000 END) AS expected
          FROM exchange_orders WHERE status = 'LIVE' GROUP BY 1, 2)
        SELECT COALESCE(b.address, h.address) AS address, COALESCE(b.asset, h.asset) AS asset,
               COALESCE(b.reserved, 0)::text AS reserved, COALESCE(h.expected, 0)::text AS expected
        FROM exchange_balances b FULL JOIN held h ON h.address = b.address AND h.asset = b.asset
        WHERE COALESCE(b.reserved, 0) <> COALESCE(h.expected, 0)`,
  );
  for (const r of reserved)
    problems.push(`${r.address} ${r.asset}: reserved ${r.reserved}, live orders hold ${r.expected}`);
  const overdrawn = await rows<{ address: string; asset: string }>(
    db,
    sql`SELECT address, asset FROM exchange_balances WHERE reserved < 0 OR balance < reserved`,
  );
  for (const o of overdrawn) problems.push(`${o.address} ${o.asset}: overdrawn`);
  const empty = await rows<{ id: string }>(
    db,
    sql`SELECT id FROM exchange_orders WHERE status = 'LIVE' AND remaining <= 0`,
  );
  for (const e of empty) problems.push(`order ${e.id} is live with nothing left`);
  // No book is crossed: in outcome-0 terms, the best bid is below the best ask.
  const crossed = await rows<{ market_id: string }>(
    db,
    sql`SELECT market_id FROM (
          SELECT market_id,
            max(CASE WHEN (outcome = 0 AND side = 'BUY') OR (outcome = 1 AND side = 'SELL')
                     THEN CASE WHEN outcome = 0 THEN price ELSE 10000 - price END END) AS bid,
            min(CASE WHEN (outcome = 0 AND side = 'SELL') OR (outcome = 1 AND side = 'BUY')
                     THEN CASE WHEN outcome = 0 THEN price ELSE 10000 - price END END) AS ask
          FROM exchange_orders WHERE status = 'LIVE' GROUP BY market_id) b
        WHERE bid >= ask`,
  );
  for (const c of crossed) problems.push(`market ${c.market_id}: the book is crossed`);
  return problems;
}
