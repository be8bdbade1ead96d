import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { type Database, openDatabase } from '../db/open';
import { ensureTemplate } from './pglite-template';

/**
 * A fresh, empty database for one test file: in-memory PGlite, or, when TEST_DATABASE_URL is set,
 * a new database on that PostgreSQL server (dropped again by close()).
 */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const template = new Blob([readFileSync(await ensureTemplate())]);
    return openDatabase({ dataDir: 'memory://', loadDataDir: template });
  }

  const name = `md_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const a = new pg.Client({ connectionString: base });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}
