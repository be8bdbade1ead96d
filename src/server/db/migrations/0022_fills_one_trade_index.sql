-- A trade is one taker order's matches, with one trade id: its fills are found through
-- exchange_fills_taker_order_idx (account/queries.ts tradesOf), one index entry less for every fill.
DROP INDEX "exchange_fills_trade_idx";
