-- When the demo's histories next need a point (history-to-now.ts): a restart before it skips reading
-- every open market and series end (2 s of CPU on a cold database). Null: unknown, look at all.
ALTER TABLE "demo_catalog" ADD COLUMN "history_due_at" bigint;
