-- The exchange writer's inserts (docs/performance.md, Order book): no fill is looked up by market (the
-- positions read goes by address), and the signed order is kept as text, which nothing queries.
DROP INDEX "exchange_fills_market_idx";--> statement-breakpoint
ALTER TABLE "exchange_orders" ALTER COLUMN "signed" SET DATA TYPE text USING "signed"::text;
