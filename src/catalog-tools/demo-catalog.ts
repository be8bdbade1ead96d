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

/** Records that the catalog is a generated one (in the generating transaction). */
export async function markDemoCatalog(db: Db, demo: DemoCatalog): Promise<void> {
  await db.execute(sql`
    INSERT INTO demo_catalog (id, seed, events) VALUES (1, ${demo.seed}, ${demo.events})
    ON CONFLICT (id) DO UPDATE SET seed = EXCLUDED.seed, events = EXCLUDED.events, generated_at = now()`);
}

/**
 * The catalog now holds real data (an import, a sync, imported histories): nothing of it may be
 * continued by invented walks or traded by demo wallets any more.
 */
export async function forgetDemoCatalog(db: Db): Promise<void> {
  await db.execute(sql`DELETE FROM demo_catalog`);
}

export async function demoCatalogOf(db: Db): Promise<DemoCatalog | null> {
  const [row] = await rows<DemoCatalog>(db, sql`SELECT seed, events FROM demo_catalog WHERE id = 1`);
  return row ?? null;
}
