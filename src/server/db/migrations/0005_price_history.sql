CREATE TABLE "outcome_tokens" (
	"token_id" text PRIMARY KEY NOT NULL,
	"market_id" text NOT NULL,
	"outcome" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_history" (
	"token_id" text NOT NULL,
	"week" integer NOT NULL,
	"start_ts" integer NOT NULL,
	"step_s" integer NOT NULL,
	"prices" "bytea" NOT NULL,
	"offsets" "bytea",
	CONSTRAINT "price_history_token_id_week_pk" PRIMARY KEY("token_id","week")
);
--> statement-breakpoint
CREATE TABLE "price_marks" (
	"token_id" text PRIMARY KEY NOT NULL,
	"day_ago_price" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outcome_tokens" ADD CONSTRAINT "outcome_tokens_market_id_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outcome_tokens_market_idx" ON "outcome_tokens" USING btree ("market_id");--> statement-breakpoint
-- Hand-added: the tokens of a catalog loaded before this migration.
INSERT INTO "outcome_tokens" ("token_id", "market_id", "outcome")
SELECT DISTINCT ON (t.token_id) t.token_id, m.id, (t.n - 1)::smallint
FROM "markets" m, unnest(m.clob_token_ids) WITH ORDINALITY AS t(token_id, n)
ORDER BY t.token_id, m.id;
