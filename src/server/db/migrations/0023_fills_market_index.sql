-- A market's latest fills, newest first (market-data/market-trades.ts: GET /live-activity/events/{condition_id},
-- which fills the dashboard's tape when an event page opens). Migration 0015 had dropped this index
-- when nothing read it.
CREATE INDEX "exchange_fills_market_idx" ON "exchange_fills" USING btree ("market_id","seq");