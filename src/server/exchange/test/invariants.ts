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

/**
 * What the fills imply, read from the database as committed: every fill names orders that exist, each
 * trade is one taker order's fills (one trade id per taker order), no order is filled beyond its size
 * (no double fill), an order that may rest has exactly its size less its fills left, and every balance
 * is what the ledger's credits and the holder's fills add up to (no lost update). Independent of the
 * writer's own arithmetic: each party of a fill pays or receives price × size and receives or gives
 * size, whatever the kind of match.
 */
export async function fillViolations(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const orphans = await rows<{ seq: string; missing: string }>(
    db,
    sql`SELECT f.seq::text, o.id AS missing FROM exchange_fills f
          CROSS JOIN LATERAL (VALUES (f.taker_order_id), (f.maker_order_id)) AS o(id)
        WHERE NOT EXISTS (SELECT 1 FROM exchange_orders x WHERE x.id = o.id)`,
  );
  for (const o of orphans) problems.push(`fill ${o.seq} names order ${o.missing}, which does not exist`);
  // A trade is one taker order's matches: a trade's fills are found by that order (account/queries.ts).
  const trades = await rows<{ problem: string }>(
    db,
    sql`SELECT 'trade ' || trade_id || ' has ' || count(DISTINCT taker_order_id) || ' taker orders' AS problem
        FROM exchange_fills GROUP BY trade_id HAVING count(DISTINCT taker_order_id) <> 1
        UNION ALL
        SELECT 'taker order ' || taker_order_id || ' has ' || count(DISTINCT trade_id) || ' trade ids'
        FROM exchange_fills GROUP BY taker_order_id HAVING count(DISTINCT trade_id) <> 1`,
  );
  for (const t of trades) problems.push(t.problem);
  const sizes = await rows<{
    id: string;
    time_in_force: string;
    status: string;
    original: string;
    remaining: string;
    filled: string;
  }>(
    db,
    sql`WITH filled AS (
          SELECT id, sum(size) AS filled FROM (
            SELECT taker_order_id AS id, size FROM exchange_fills
            UNION ALL SELECT maker_order_id, size FROM exchange_fills) f GROUP BY id)
        SELECT o.id, o.time_in_force, o.status, o.original_size::text AS original, o.remaining::text AS remaining,
               COALESCE(f.filled, 0)::text AS filled
        FROM exchange_orders o LEFT JOIN filled f ON f.id = o.id
        WHERE o.original_size - o.remaining <> COALESCE(f.filled, 0)
           OR o.remaining < 0
           OR (o.time_in_force IN ('FOK', 'FAK') AND (o.status <> 'MATCHED' OR f.filled IS NULL))
           OR (o.time_in_force = 'FOK' AND o.remaining <> 0)
           OR (o.status = 'MATCHED' AND o.time_in_force IN ('GTC', 'GTD') AND o.remaining <> 0)`,
  );
  for (const s of sizes)
    problems.push(
      `order ${s.id} (${s.time_in_force}, ${s.status}): size ${s.original}, ${s.remaining} left, fills total ${s.filled}`,
    );
  const balances = await rows<{ address: string; asset: string; balance: string; expected: string }>(
    db,
    sql`WITH parties AS (
          SELECT f.taker_address AS address, f.taker_side AS side, f.taker_outcome AS outcome,
                 f.taker_price::bigint AS price, f.size, m.clob_token_ids AS tokens
          FROM exchange_fills f JOIN markets m ON m.id = f.market_id
          UNION ALL
          SELECT f.maker_address, f.maker_side, f.maker_outcome, f.maker_price::bigint, f.size, m.clob_token_ids
          FROM exchange_fills f JOIN markets m ON m.id = f.market_id),
        flows AS (
          SELECT address, 'collateral' AS asset, CASE WHEN side = 'BUY' THEN -price * size ELSE price * size END AS amount
          FROM parties
          UNION ALL
          SELECT address, tokens[outcome + 1], CASE WHEN side = 'BUY' THEN size * 10000 ELSE -size * 10000 END
          FROM parties
          UNION ALL
          SELECT address, 'collateral', amount FROM exchange_ledger),
        expected AS (SELECT address, asset, sum(amount) AS balance FROM flows GROUP BY address, asset)
        SELECT COALESCE(b.address, e.address) AS address, COALESCE(b.asset, e.asset) AS asset,
               COALESCE(b.balance, 0)::text AS balance, COALESCE(e.balance, 0)::text AS expected
        FROM exchange_balances b FULL JOIN expected e ON e.address = b.address AND e.asset = b.asset
        WHERE COALESCE(b.balance, 0) <> COALESCE(e.balance, 0)`,
  );
  for (const b of balances)
    problems.push(`${b.address} ${b.asset}: balance ${b.balance}, credits and fills make ${b.expected}`);
  return problems;
}
