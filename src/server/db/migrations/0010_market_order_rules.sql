CREATE TABLE "catalog_loads" (
	"id" smallint PRIMARY KEY NOT NULL,
	"count" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "order_price_min_tick_size" double precision DEFAULT 0.01 NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "order_min_size" double precision DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD CONSTRAINT "markets_order_tick" CHECK ("markets"."order_price_min_tick_size" IN (0.1, 0.01, 0.001, 0.0001));--> statement-breakpoint
ALTER TABLE "markets" ADD CONSTRAINT "markets_order_min_size" CHECK ("markets"."order_min_size" >= 0);--> statement-breakpoint
INSERT INTO "catalog_loads" ("id", "count") VALUES (1, 0);
