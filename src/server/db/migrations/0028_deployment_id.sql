CREATE TABLE "deployment" (
	"id" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- One id per database (and per schema): what its processes share in Redis (db/deployment.ts).
INSERT INTO "deployment" ("id") VALUES (gen_random_uuid()::text);
