import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database';
import { type Database, rows } from './open';
import { startVacuuming } from './vacuum';

/**
 * The embedded database has no autovacuum: without these rounds, the space of deleted rows is never
 * used again (the single-use marks are deleted as they age, the exchange and the catalog rewrite rows).
 */
describe('startVacuuming', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  /** Marks written and deleted again, as a day of expiring single-use marks would be. */
  async function churn(times: number) {
    for (let i = 0; i < times; i++) {
      await database.db.execute(sql`INSERT INTO used_l2_signatures (api_key, timestamp, signature)
        SELECT ${randomUUID()}::uuid, g, repeat('s', 88) FROM generate_series(1, 2000) g`);
      await database.db.execute(sql`DELETE FROM used_l2_signatures`);
    }
  }
  const tableBytes = async () =>
    Number(
      (
        await rows<{ n: string }>(database.db, sql`SELECT pg_relation_size('used_l2_signatures')::text AS n`)
      )[0]!.n,
    );

  it.runIf(!process.env.TEST_DATABASE_URL)(
    'on PGlite, space freed by deleted rows is used again: the table stops growing',
    async () => {
      await churn(1);
      const once = await tableBytes();
      await churn(2);
      // Without vacuuming, every round adds its own pages.
      expect(await tableBytes()).toBeGreaterThanOrEqual(3 * once - 8192);

      const rounds: { tables: number; ms: number }[] = [];
      const errors: unknown[] = [];
      const stop = startVacuuming(
        database,
        (r) => rounds.push(r),
        (e) => errors.push(e),
        10,
      );
      try {
        for (let i = 0; i < 6; i++) {
          const seen = rounds.length;
          await churn(1);
          await expect.poll(() => rounds.length, { timeout: 10_000 }).toBeGreaterThan(seen);
        }
      } finally {
        await stop();
      }
      expect(errors).toEqual([]);
      expect(rounds[0]!.tables).toBeGreaterThan(10);
      // A vacuum truncates the empty pages at the end: at most one round's pages remain.
      expect(await tableBytes()).toBeLessThanOrEqual(once);
      const after = rounds.length;
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(rounds.length).toBe(after);
    },
  );

  it('on PostgreSQL does nothing: its autovacuum does this', async () => {
    const rounds: unknown[] = [];
    const stop = startVacuuming(
      { ...database, kind: 'postgres' },
      (r) => rounds.push(r),
      () => {},
      1,
    );
    await new Promise((resolve) => setTimeout(resolve, 30));
    await stop();
    expect(rounds).toEqual([]);
  });
});
