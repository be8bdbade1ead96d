-- Closed recently (closed=true, end_date descending, docs/api.md §6): a page deep in the list reads
-- its own entries; on events_end_date_idx the planner sorted every closed event before the position.
CREATE INDEX "events_closed_end_date_idx" ON "events" USING btree ("closed","end_date","id");