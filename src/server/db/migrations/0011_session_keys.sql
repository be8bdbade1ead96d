ALTER TABLE "api_keys" ADD COLUMN "label" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "expires_at" timestamp (6) with time zone;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_label_length" CHECK ("api_keys"."label" IS NULL OR char_length("api_keys"."label") BETWEEN 1 AND 100);