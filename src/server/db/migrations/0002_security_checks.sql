CREATE TABLE "master_key_check" (
	"id" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "used_l2_signatures" (
	"api_key" uuid NOT NULL,
	"timestamp" bigint NOT NULL,
	"signature" text NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "used_l2_signatures_api_key_timestamp_signature_pk" PRIMARY KEY("api_key","timestamp","signature")
);
--> statement-breakpoint
CREATE INDEX "used_l2_signatures_ts_idx" ON "used_l2_signatures" USING btree ("timestamp");