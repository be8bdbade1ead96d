-- Heartbeat chains (exchange/heartbeats.ts, POST /v1/heartbeats): a key's program that stops sending them has
-- its address's orders cancelled. The partial index finds the chains due.
CREATE TABLE "exchange_heartbeats" (
	"api_key" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"heartbeat_id" text NOT NULL,
	"deadline" bigint NOT NULL,
	"lapsed_at" bigint
);
--> statement-breakpoint
CREATE INDEX "exchange_heartbeats_due_idx" ON "exchange_heartbeats" USING btree ("deadline") WHERE lapsed_at IS NULL;