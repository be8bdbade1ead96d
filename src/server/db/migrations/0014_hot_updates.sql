-- Room on each page for a row's next version, so the frequent updates of columns no index covers (a
-- market's prices, best bid and ask, last trade and 24-hour mark; a token's mark) are HOT updates,
-- with no new entry in each of the table's indexes (markets has ten). Applies to pages written from
-- now on: a new catalog, or the rows an import rewrites.
ALTER TABLE "markets" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "price_marks" SET (fillfactor = 70);
