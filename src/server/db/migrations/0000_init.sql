CREATE TABLE "event_series" (
	"event_id" bigint NOT NULL,
	"series_id" bigint NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "event_series_event_id_series_id_pk" PRIMARY KEY("event_id","series_id")
);
--> statement-breakpoint
CREATE TABLE "event_tags" (
	"event_id" bigint NOT NULL,
	"tag_id" bigint NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "event_tags_event_id_tag_id_pk" PRIMARY KEY("event_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigint PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"active" boolean NOT NULL,
	"closed" boolean NOT NULL,
	"liquidity" double precision DEFAULT 0 NOT NULL,
	"volume" double precision DEFAULT 0 NOT NULL,
	"volume24hr" double precision DEFAULT 0 NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	CONSTRAINT "events_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "markets" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"question" text NOT NULL,
	"condition_id" text NOT NULL,
	"outcomes" text NOT NULL,
	"outcome_prices" text NOT NULL,
	"clob_token_ids" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "series" (
	"id" bigint PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	CONSTRAINT "series_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" bigint PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"slug" text NOT NULL,
	CONSTRAINT "tags_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"api_key" uuid PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"passphrase_hash" text NOT NULL,
	"secret_ciphertext" text NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp (6) with time zone
);
--> statement-breakpoint
CREATE TABLE "used_signatures" (
	"address" text NOT NULL,
	"timestamp" bigint NOT NULL,
	"nonce" text NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "used_signatures_address_timestamp_nonce_pk" PRIMARY KEY("address","timestamp","nonce")
);
--> statement-breakpoint
ALTER TABLE "event_series" ADD CONSTRAINT "event_series_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_series" ADD CONSTRAINT "event_series_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_tags" ADD CONSTRAINT "event_tags_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_tags" ADD CONSTRAINT "event_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "markets" ADD CONSTRAINT "markets_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_series_series_idx" ON "event_series" USING btree ("series_id","event_id");--> statement-breakpoint
CREATE INDEX "event_tags_tag_idx" ON "event_tags" USING btree ("tag_id","event_id");--> statement-breakpoint
CREATE INDEX "events_volume_idx" ON "events" USING btree ("volume","id");--> statement-breakpoint
CREATE INDEX "events_volume24hr_idx" ON "events" USING btree ("volume24hr","id");--> statement-breakpoint
CREATE INDEX "events_liquidity_idx" ON "events" USING btree ("liquidity","id");--> statement-breakpoint
CREATE INDEX "events_start_date_idx" ON "events" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "events_end_date_idx" ON "events" USING btree ("end_date","id");--> statement-breakpoint
CREATE INDEX "events_title_lower_idx" ON "events" USING btree (lower("title"),"id");--> statement-breakpoint
CREATE INDEX "events_active_closed_volume_idx" ON "events" USING btree ("active","closed","volume","id");--> statement-breakpoint
CREATE INDEX "markets_event_idx" ON "markets" USING btree ("event_id","position");--> statement-breakpoint
CREATE INDEX "api_keys_address_idx" ON "api_keys" USING btree ("address","created_at");--> statement-breakpoint
CREATE INDEX "used_signatures_ts_idx" ON "used_signatures" USING btree ("timestamp");