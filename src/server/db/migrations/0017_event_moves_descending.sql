-- The Movers list (move24hr descending, ties by id ascending) as one ascending index scan: most events
-- tie at 0, and (move24hr, id) scanned backwards gives ties by id descending, so a page deep in the
-- tie sorted the whole tie (133 ms on PostgreSQL, 100,000 events). On (-move24hr, id) the keyset
-- position is one row comparison the index seeks to.
CREATE INDEX "events_move24hr_desc_idx" ON "events" USING btree ((-"move24hr"),"id");