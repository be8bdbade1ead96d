import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database';
import { deploymentId } from './deployment';
import { openDatabase, rows } from './open';

/** A database made by its migrations (the tests' embedded ones are copies of one template, id and all). */
const fresh = () =>
  process.env.TEST_DATABASE_URL ? openTestDatabase() : openDatabase({ dataDir: 'memory://' });

describe('the deployment id', () => {
  it('is one per database, and apart from the database’s name', async () => {
    const [a, b] = [await fresh(), await fresh()];
    try {
      const id = await deploymentId(a.db);
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(await deploymentId(b.db)).not.toBe(id);
      // Two embedded databases share a name, as two PostgreSQL databases on two hosts may: the name
      // alone once made their processes share one Redis channel.
      if (!process.env.TEST_DATABASE_URL) {
        const name = async (db: typeof a.db) =>
          (await rows<{ name: string }>(db, sql`SELECT current_database() AS name`))[0]?.name;
        expect(await name(a.db)).toBe(await name(b.db));
      }
    } finally {
      await a.close();
      await b.close();
    }
  }, 60_000);
});
