-- The Movers list (order move24hr): each event's leading outcome's 24-hour move, kept beside its
-- document (event-documents.ts). Existing rows start at 0; the documents' new version has the server
-- rewrite every document, and with it this column, at its next start.
ALTER TABLE "events" ADD COLUMN "move24hr" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "events_move24hr_idx" ON "events" USING btree ("move24hr","id");