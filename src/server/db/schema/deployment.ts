import { pgTable, text } from 'drizzle-orm/pg-core';

/**
 * This database's deployment: one row, written by its migration (a random id). Processes on this
 * database share what is named by it elsewhere (their Redis channel and rate-limit keys); another
 * database, or another schema of this one, has its own, whatever its name (db/deployment.ts).
 */
export const deployment = pgTable('deployment', {
  id: text('id').primaryKey(),
});
