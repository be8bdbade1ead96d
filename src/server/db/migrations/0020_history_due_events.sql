-- Per open demo event, when its histories next need a point (history-to-now.ts): a restart reads the
-- markets and series ends of the events due by then only.
CREATE TABLE "demo_history_due" (
	"event_id" bigint PRIMARY KEY NOT NULL,
	"due_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "demo_history_due_at_idx" ON "demo_history_due" USING btree ("due_at");
