ALTER TABLE "markets" ADD COLUMN "day_ago_price" double precision;--> statement-breakpoint
-- Hand-added: the 24-hour prices of histories stored before this migration (history/store.ts keeps them from now on).
UPDATE "markets" m SET "day_ago_price" = (
  SELECT CASE WHEN k.token_id = m.clob_token_ids[1] THEN k.day_ago_price ELSE 1 - k.day_ago_price END
  FROM "price_marks" k
  WHERE k.token_id = m.clob_token_ids[1]
     OR (cardinality(m.clob_token_ids) = 2 AND k.token_id = m.clob_token_ids[2])
  ORDER BY k.token_id = m.clob_token_ids[1] DESC LIMIT 1)
WHERE EXISTS (SELECT 1 FROM "outcome_tokens" o JOIN "price_marks" k ON k.token_id = o.token_id WHERE o.market_id = m.id);
