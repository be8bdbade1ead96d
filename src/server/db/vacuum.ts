import { sql } from 'drizzle-orm';
import { type Database, rows } from './open';

/** How often the embedded database's tables are vacuumed. */
export const VACUUM_EVERY_MS = 60_000;

/**
 * PGlite runs PostgreSQL in this one process, without the autovacuum workers: the space of a deleted
 * row, or of a row's old version after an update, is never used again, so tables the exchange and the
 * catalog's follower rewrite all day (markets, events, their documents, orders, single-use marks) grow
 * without end (docs/reliability.md, "The embedded database's upkeep"). This vacuums every table in turn, once
 * a minute, one statement per turn of the event loop so that requests get in between. A vacuum reads only
 * the pages changed since the last (the visibility map), so each round is short; it also keeps the
 * planner's row counts true. On PostgreSQL, autovacuum does this.
 */
export function startVacuuming(
  database: Database,
  onRound: (round: { tables: number; ms: number; slowest: { table: string; ms: number } }) => void,
  onError: (err: unknown) => void,
  everyMs = VACUUM_EVERY_MS,
): () => Promise<void> {
  if (database.kind !== 'pglite') return async () => {};
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const round = async () => {
    const started = performance.now();
    const slowest = { table: '', ms: 0 };
    const tables = await rows<{ name: string }>(
      database.db,
      sql`SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`,
    );
    for (const { name } of tables) {
      if (stopped) return;
      await new Promise((resolve) => setImmediate(resolve));
      const at = performance.now();
      await database.db.execute(sql.raw(`VACUUM ${name}`));
      const ms = performance.now() - at;
      if (ms > slowest.ms) Object.assign(slowest, { table: name, ms });
    }
    onRound({ tables: tables.length, ms: performance.now() - started, slowest });
  };
  const schedule = () => {
    timer = setTimeout(() => {
      running = round()
        .catch(onError)
        .finally(() => {
          if (!stopped) schedule();
        });
    }, everyMs);
    timer.unref();
  };
  schedule();
  /** Stops, and waits for the statement under way (the database can then close). */
  return () => {
    stopped = true;
    clearTimeout(timer);
    return running;
  };
}
