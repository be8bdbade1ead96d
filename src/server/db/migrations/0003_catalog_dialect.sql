CREATE TABLE "cursor_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "active" boolean;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "closed" boolean;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "start_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "end_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "image" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "volume" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "liquidity" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "market_maker_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "neg_risk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ADD COLUMN "group_item_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "markets" m SET "slug" = e."slug" || '-' || m."id", "active" = e."active", "closed" = e."closed", "start_date" = e."start_date", "end_date" = e."end_date", "image" = e."image" FROM "events" e WHERE e."id" = m."event_id";--> statement-breakpoint
ALTER TABLE "markets" ALTER COLUMN "slug" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ALTER COLUMN "active" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ALTER COLUMN "closed" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ALTER COLUMN "start_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "markets" ALTER COLUMN "end_date" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "markets_slug_idx" ON "markets" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "markets_id_order_idx" ON "markets" USING btree (length("id"),"id" COLLATE "C");--> statement-breakpoint
CREATE INDEX "markets_volume_idx" ON "markets" USING btree ("volume",length("id"),"id" COLLATE "C");--> statement-breakpoint
CREATE INDEX "markets_liquidity_idx" ON "markets" USING btree ("liquidity",length("id"),"id" COLLATE "C");--> statement-breakpoint
CREATE INDEX "markets_start_date_idx" ON "markets" USING btree ("start_date",length("id"),"id" COLLATE "C");--> statement-breakpoint
CREATE INDEX "markets_end_date_idx" ON "markets" USING btree ("end_date",length("id"),"id" COLLATE "C");--> statement-breakpoint
CREATE INDEX "markets_condition_idx" ON "markets" USING btree ("condition_id");--> statement-breakpoint
CREATE INDEX "markets_tokens_idx" ON "markets" USING gin ("clob_token_ids");