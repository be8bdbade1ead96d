-- An order's trades (account/queries.ts ORDER_COLUMNS) by its id on either side of a fill: each order
-- listed by GET /data/orders scanned the whole fills table before.
CREATE INDEX "exchange_fills_taker_order_idx" ON "exchange_fills" USING btree ("taker_order_id");--> statement-breakpoint
CREATE INDEX "exchange_fills_maker_order_idx" ON "exchange_fills" USING btree ("maker_order_id");
