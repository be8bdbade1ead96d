import { sql } from 'drizzle-orm';
import { type Db, rows } from '../server/db/open';

/**
 * Whether the catalog is the generated demo (the demo_catalog row): written with a generated catalog,
 * removed by anything that brings real data. It decides whether histories are continued to the
 * present at start (history-to-now.ts) and whether the demo traders run by default.
 */
export interface DemoCatalog {
  seed: string;
  events: number;
}

/** The demo catalog's row as stored: with when its histories next need a point (history-to-now.ts). */
export interface StoredDemoCatalog extends DemoCatalog {
  /** Unix seconds; null: unknown. */
  historyDueAt: number | null;
}

/** Records that the catalog is a generated one (in the generating transaction). */
export async function markDemoCatalog(db: Db, demo: DemoCatalog): Promise<void> {
  await db.execute(sql`
    INSERT INTO demo_catalog (id, seed, events) VALUES (1, ${demo.seed}, ${demo.events})
    ON CONFLICT (id) DO UPDATE SET seed = EXCLUDED.seed, events = EXCLUDED.events, generated_at = now(),
      history_due_at = NULL`);
}

/**
 * The catalog now holds real data (an import, a sync, imported histories): nothing of it may be
 * continued by invented walks or traded by demo wallets any more.
 */
export async function forgetDemoCatalog(db: Db): Promise<boolean> {
  return (await rows(db, sql`DELETE FROM demo_catalog RETURNING id`)).length > 0;
}

/** Said when a load ends the demo: the demo traders, on by default on a demo catalog, stop with it. */
export const DEMO_ENDED =
  'the catalog is no longer the generated demo, so the demo traders will not run on it (DEMO_TRADERS=on runs them anyway)';

export async function demoCatalogOf(db: Db): Promise<StoredDemoCatalog | null> {
  const [row] = await rows<{ seed: string; events: number; due: string | null }>(
    db,
    sql`SELECT seed, events, history_due_at::text AS due FROM demo_catalog WHERE id = 1`,
  );
  return row
    ? { seed: row.seed, events: row.events, historyDueAt: row.due === null ? null : Number(row.due) }
    : null;
}
