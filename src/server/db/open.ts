import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { checkDataDir, initialiseAtomically, isInitialised, lockDataDir } from './data-dir';
import { giveIndexesFreeSpaceMaps } from './free-space-maps';
import { arrayParam } from './prepared';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  /**
   * What the exchange's writer runs its batches on: on PostgreSQL a connection of its own, planned for
   * key lookups (`KEY_LOOKUP_PLANS`); on PGlite, `db`.
   */
  writerDb: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: a tarball of the whole data directory (test templates). */
  dumpDataDir?(): Promise<Blob>;
  /**
   * PGlite on disk only: gives indexes made since the database was opened (a catalog load rebuilds
   * some) a free-space map, as opening did for the others (free-space-maps.ts).
   */
  giveIndexesFreeSpaceMaps?(): Promise<number>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Any constant: serialises migrations when several processes start on one PostgreSQL. */
const MIGRATION_LOCK = 7_340_112;

export interface OpenOptions {
  /** PostgreSQL URL; when absent the embedded database is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` for an in-memory database (tests). */
  dataDir?: string;
  poolSize?: number;
  /** PGlite only: start from this data-directory tarball instead of running initdb. */
  loadDataDir?: Blob;
}

/**
 * Opens PGlite (embedded, persisted in dataDir) or PostgreSQL, and applies the migrations. Each
 * driver is imported only when used: loading both would add ~0.3 s to every start.
 */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.poolSize) : openEmbedded(opts);
}

/**
 * The planner settings of the exchange writer's connection on PostgreSQL. Its statements match a batch's
 * few rows to tables that only grow (orders, balances, single-use marks) by their keys. PostgreSQL plans
 * a prepared statement once per connection (generically, after five runs) and again only once an
 * ANALYZE says the tables changed: a plan made while they were small (a hash join over a sequential
 * scan) stays as they grow, until autovacuum comes and their statistics favour the index. Measured on a
 * fresh database at ~15,000 orders: two whole-table scans a batch, the batch 3 ms slower each 10 s
 * (docs/performance.md, "The writer's plans on PostgreSQL"). With these, every plan made on that
 * connection looks rows up by key, whatever the tables' size; PGlite plans them so already (and
 * prepares the writer's statements again every 100 runs, db/prepared.ts).
 */
const KEY_LOOKUP_PLANS = '-c enable_seqscan=off -c enable_hashjoin=off -c enable_mergejoin=off';

/**
 * `databaseUrl` with `more` added to its `options` (a `search_path`, say). node-postgres takes a URL's
 * `options` over the `options` given beside it, so the merged value goes in the URL.
 */
function withOptions(databaseUrl: string, more: string): string {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    return databaseUrl; // Not a URL: node-postgres refuses it before any connection is made.
  }
  const own = url.searchParams.get('options');
  url.searchParams.set('options', own ? `${own} ${more}` : more);
  return url.toString();
}

async function openPostgres(databaseUrl: string, poolSize = 10): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  // A short connect timeout: with the database gone, requests fail fast with 503 instead of hanging.
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: poolSize,
    connectionTimeoutMillis: 3000,
  });
  // An idle client losing its server (database restart) must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // The writer runs one batch at a time: one connection.
  const writerPool = new pg.Pool({
    connectionString: withOptions(databaseUrl, KEY_LOOKUP_PLANS),
    max: 1,
    connectionTimeoutMillis: 3000,
  });
  writerPool.on('error', () => {});
  const writerDb = drizzlePg(writerPool, { schema }) as unknown as Db;
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
  return {
    db,
    writerDb,
    kind: 'postgres',
    close: async () => {
      await Promise.all([pool.end(), writerPool.end()]);
    },
  };
}

async function openEmbedded(opts: OpenOptions): Promise<Database> {
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  const dataDir = opts.dataDir ?? 'memory://';
  const onDisk = !dataDir.startsWith('memory://');
  let unlock = () => {};
  if (onDisk) {
    checkDataDir(dataDir);
    unlock = lockDataDir(dataDir);
    try {
      if (!isInitialised(dataDir)) {
        await initialiseAtomically(dataDir, async (tmp) => (await openPglite(tmp, opts.loadDataDir)).close());
      }
    } catch (err) {
      unlock();
      throw err;
    }
  }
  let client: PGlite;
  try {
    // A directory on disk took the tarball when it was initialised; PGlite refuses it a second time.
    client = await openPglite(dataDir, onDisk ? undefined : opts.loadDataDir);
  } catch (err) {
    unlock();
    throw err;
  }
  const freeSpaceMaps = () => giveIndexesFreeSpaceMaps(client, dataDir);
  if (onDisk) await freeSpaceMaps();
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const close = async () => {
    await client.close();
    unlock();
  };
  return {
    db,
    writerDb: db,
    kind: 'pglite',
    close,
    dumpDataDir: () => client.dumpDataDir('none'),
    ...(onDisk ? { giveIndexesFreeSpaceMaps: freeSpaceMaps } : {}),
  };
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<PGlite> {
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all(
    [
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ],
  );
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  try {
    await client.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    return client;
  } catch (err) {
    await client.close().catch(() => {});
    throw err;
  }
}

/**
 * The configured database: PostgreSQL, or the embedded one in DATA_DIR/pgdata. The subdirectory
 * keeps the server key file (DATA_DIR/master.key) out of any copy of the database files.
 */
export function openConfiguredDatabase(config: { DATABASE_URL?: string | undefined; DATA_DIR: string }) {
  return openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: join(config.DATA_DIR, 'pgdata') });
}

/** Rows of a raw query, whichever driver is underneath. */
export async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A bigint[] parameter of decimal ids (callers pass ids known to fit int8: stored ones, or checked). */
export const bigintArray = (ids: readonly string[]) => sql`${arrayParam(ids)}::bigint[]`;
