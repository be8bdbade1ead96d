CREATE TABLE "exchange_balances" (
	"address" text NOT NULL,
	"asset" text NOT NULL,
	"balance" bigint NOT NULL,
	"reserved" bigint NOT NULL,
	CONSTRAINT "exchange_balances_address_asset_pk" PRIMARY KEY("address","asset"),
	CONSTRAINT "exchange_balances_covered" CHECK ("exchange_balances"."reserved" >= 0 AND "exchange_balances"."balance" >= "exchange_balances"."reserved")
);
--> statement-breakpoint
CREATE TABLE "exchange_fills" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"trade_id" text NOT NULL,
	"market_id" text NOT NULL,
	"kind" text NOT NULL,
	"size" bigint NOT NULL,
	"match_time" bigint NOT NULL,
	"taker_order_id" text NOT NULL,
	"taker_address" text NOT NULL,
	"taker_owner" text NOT NULL,
	"taker_outcome" smallint NOT NULL,
	"taker_side" text NOT NULL,
	"taker_price" integer NOT NULL,
	"maker_order_id" text NOT NULL,
	"maker_address" text NOT NULL,
	"maker_owner" text NOT NULL,
	"maker_outcome" smallint NOT NULL,
	"maker_side" text NOT NULL,
	"maker_price" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exchange_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"address" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_markets" (
	"market_id" text PRIMARY KEY NOT NULL,
	"sets" bigint DEFAULT 0 NOT NULL,
	"notional" bigint DEFAULT 0 NOT NULL,
	"last_price" integer,
	"last_side" text
);
--> statement-breakpoint
CREATE TABLE "exchange_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"market_id" text NOT NULL,
	"token_id" text NOT NULL,
	"outcome" smallint NOT NULL,
	"maker" text NOT NULL,
	"owner" text NOT NULL,
	"side" text NOT NULL,
	"price" integer NOT NULL,
	"original_size" bigint NOT NULL,
	"remaining" bigint NOT NULL,
	"time_in_force" text NOT NULL,
	"post_only" boolean NOT NULL,
	"expiration" bigint NOT NULL,
	"status" text NOT NULL,
	"signed" jsonb NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_state" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"writer" text NOT NULL,
	"seq" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "exchange_fills_trade_idx" ON "exchange_fills" USING btree ("trade_id");--> statement-breakpoint
CREATE INDEX "exchange_fills_taker_idx" ON "exchange_fills" USING btree ("taker_address","seq");--> statement-breakpoint
CREATE INDEX "exchange_fills_maker_idx" ON "exchange_fills" USING btree ("maker_address","seq");--> statement-breakpoint
CREATE INDEX "exchange_fills_market_idx" ON "exchange_fills" USING btree ("market_id","seq");--> statement-breakpoint
CREATE INDEX "exchange_ledger_address_idx" ON "exchange_ledger" USING btree ("address");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_ledger_one_grant_idx" ON "exchange_ledger" USING btree ("address") WHERE reason = 'grant';--> statement-breakpoint
CREATE INDEX "exchange_orders_live_market_idx" ON "exchange_orders" USING btree ("market_id","seq") WHERE status = 'LIVE';--> statement-breakpoint
CREATE INDEX "exchange_orders_maker_idx" ON "exchange_orders" USING btree ("maker","seq");--> statement-breakpoint
INSERT INTO "exchange_state" ("id", "version", "writer", "seq") VALUES (1, 0, '', 0);