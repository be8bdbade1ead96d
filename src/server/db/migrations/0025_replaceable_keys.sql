-- Replaceable API keys (docs/api.md §5, replaceOldest): a key its owner gave up in advance, revoked to make
-- room when the owner creates a key at the limit.
ALTER TABLE "api_keys" ADD COLUMN "replaceable" boolean DEFAULT false NOT NULL;
