CREATE TABLE "sync_progress" (
	"source" text PRIMARY KEY NOT NULL,
	"phase" text NOT NULL,
	"position" text NOT NULL,
	"done" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
