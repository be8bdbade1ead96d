CREATE TABLE "demo_catalog" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"seed" text NOT NULL,
	"events" integer NOT NULL,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "demo_catalog_one_row" CHECK (id = 1)
);
