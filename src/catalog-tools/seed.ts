import { sql } from 'drizzle-orm';
import pino from 'pino';
import { upsertEvents } from '../server/catalog/load';
import { type Database, type Db, rows } from '../server/db/open';
import { writeSeries } from '../server/history/store';
import { markDemoCatalog } from './demo-catalog';
import { eventHistories, historyScaleFor } from './demo-history';
import { bringHistoriesToNow } from './history-to-now';
import { batches, DEFAULT_SEED, type GenerateOptions, generateEvents, startOfUtcDay } from './generate';

/** Events per upsert call: bounded memory for 200,000 events, few round trips. */
const BATCH = 2000;
/** Any constant: two processes starting on one empty PostgreSQL seed it once. */
const SEED_LOCK = 7_340_113;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface LoadedCatalog {
  events: number;
  markets: number;
  ms: number;
}

async function writeGenerated(
  tx: Tx,
  options: GenerateOptions,
  onProgress?: (events: number) => void,
): Promise<Omit<LoadedCatalog, 'ms'>> {
  let events = 0;
  let markets = 0;
  const history = {
    seed: options.seed ?? DEFAULT_SEED,
    now: options.now ?? startOfUtcDay(),
    stepScale: historyScaleFor(options.events),
  };
  await markDemoCatalog(tx, { seed: String(history.seed), events: options.events });
  for (const batch of batches(generateEvents(options), BATCH)) {
    // Histories first: the events' load then copies their 24-hour marks onto the new markets and
    // writes each event's document once, with its change.
    await writeSeries(
      tx,
      batch.flatMap((event) => eventHistories(event, history)),
    );
    await upsertEvents(tx, batch);
    events += batch.length;
    markets += batch.reduce((sum, e) => sum + e.markets.length, 0);
    onProgress?.(events);
  }
  return { events, markets };
}

/**
 * Replaces the whole catalog (imported events included) with a generated one, in one transaction:
 * if anything fails, the previous catalog is still there.
 */
export async function replaceWithGenerated(
  db: Db,
  options: GenerateOptions,
  onProgress?: (events: number) => void,
): Promise<LoadedCatalog> {
  const started = performance.now();
  const counts = await db.transaction(async (tx) => {
    await tx.execute(
      sql`TRUNCATE demo_history_due, price_history, price_marks, outcome_tokens, event_documents, event_tags, event_series, markets, events, tags, series`,
    );
    return withoutSortIndexes(tx, () => writeGenerated(tx, options, onProgress));
  });
  return { ...counts, ms: Math.round(performance.now() - started) };
}

/**
 * Bulk loads are faster when indexes are built once at the end (see TOOLCHAIN: PGlite). Only the
 * events' sort/filter indexes are dropped: constraint indexes stay (uniqueness is still checked), and
 * so do the markets/links indexes that the loader's per-chunk DELETE … WHERE event_id needs. The
 * definitions come from the catalog itself, so this follows the migrations. DDL is transactional:
 * on failure the indexes come back with the rollback.
 */
async function withoutSortIndexes<T>(tx: Tx, load: () => Promise<T>): Promise<T> {
  const indexes = await rows<{ name: string; definition: string }>(
    tx,
    sql`SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
        WHERE i.schemaname = current_schema() AND i.tablename = 'events'
          AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
  );
  for (const index of indexes) await tx.execute(sql`DROP INDEX ${sql.identifier(index.name)}`);
  const result = await load();
  for (const index of indexes) await tx.execute(sql.raw(index.definition));
  await analyzeCatalog(tx);
  return result;
}

/**
 * Fresh statistics after a bulk write: PGlite runs no autovacuum, and without them the planner
 * guesses (e.g. 25,000 rows for "active and not closed" out of 100,000) and may pick poor plans.
 */
export async function analyzeCatalog(db: Db): Promise<void> {
  await db.execute(sql`ANALYZE events, markets, event_tags, event_series, tags, series`);
}

async function catalogIsEmpty(db: Db): Promise<boolean> {
  const [row] = await rows<{ found: boolean }>(db, sql`SELECT EXISTS (SELECT 1 FROM events) AS found`);
  return !row?.found;
}

const defaultLog = (message: string, details: object) =>
  pino({ level: process.env.LOG_LEVEL || 'info' }).info(details, message);

/**
 * Called on every start: one indexed EXISTS query when the catalog has events; on the first start of
 * an empty database, fills it with `events` demo events (deterministic: seed "marketdesk", dates
 * around today). Returns whether it seeded.
 */
export async function seedIfEmpty(
  database: Database,
  events: number,
  log: (message: string, details: object) => void = defaultLog,
): Promise<boolean> {
  if (events <= 0 || !(await catalogIsEmpty(database.db))) return false;
  const started = performance.now();
  const loaded = await database.db.transaction(async (tx) => {
    // Serialise concurrent first starts, then look again: another process may have seeded meanwhile.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    if (!(await catalogIsEmpty(tx))) return null;
    return withoutSortIndexes(tx, () => writeGenerated(tx, { events, seed: DEFAULT_SEED }));
  });
  if (!loaded) return false;
  log('demo catalog created', { ...loaded, ms: Math.round(performance.now() - started) });
  return true;
}

/**
 * Called on every start, after seedIfEmpty: the demo catalog's histories (and prices) continued from
 * their last stored point to now (history-to-now.ts). Nothing for an imported or synced catalog.
 */
export async function catchUpDemoHistories(
  database: Database,
  log: (message: string, details: object) => void = defaultLog,
  now: Date = new Date(),
): Promise<void> {
  const done = await bringHistoriesToNow(database.db, now);
  if (done && done.series > 0) log('demo price histories brought to now', done);
}
