ALTER TABLE "markets" ADD COLUMN "best_bid" double precision;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "best_ask" double precision;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "last_trade_price" double precision;