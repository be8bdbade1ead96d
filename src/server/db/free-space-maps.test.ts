import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rows } from './open';

/**
 * PGlite on disk: without a free-space map, every page split of an index looks for the missing map file
 * (a thrown exception in PGlite's file layer); opening gives every index one (free-space-maps.ts).
 */
describe.runIf(!process.env.TEST_DATABASE_URL)('free-space maps of the embedded database', () => {
  let dir: string;
  let database: Database;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'md-fsm-'));
    database = await openDatabase({ dataDir: join(dir, 'pgdata') });
  });
  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const withoutMap = async () =>
    (
      await rows<{ relname: string }>(
        database.db,
        sql`SELECT relname FROM pg_class
            WHERE relkind = 'i' AND relpersistence = 'p' AND pg_relation_size(oid, 'fsm') = 0`,
      )
    ).map((r) => r.relname);
  const count = async (query: ReturnType<typeof sql>) =>
    Number((await rows<{ n: string }>(database.db, query))[0]!.n);
  const indexBytes = () => count(sql`SELECT pg_relation_size('fsm_probe_v_idx')::text AS n`);

  it('every index has one once the database is open, the exchange’s among them', async () => {
    expect(await withoutMap()).toEqual([]);
    const ordersKey = await count(sql`SELECT pg_relation_size('exchange_orders_pkey', 'fsm')::text AS n`);
    expect(ordersKey).toBeGreaterThanOrEqual(8192);
  });

  it('indexes made later get one when asked, once', async () => {
    await database.db.execute(sql`CREATE TABLE fsm_probe (id int PRIMARY KEY, v text NOT NULL)`);
    await database.db.execute(sql`CREATE INDEX fsm_probe_v_idx ON fsm_probe (v)`);
    const missing = await withoutMap();
    // The table's TOAST index besides its own two.
    expect(missing).toEqual(expect.arrayContaining(['fsm_probe_pkey', 'fsm_probe_v_idx']));
    expect(await database.giveIndexesFreeSpaceMaps!()).toBe(missing.length);
    expect(await database.giveIndexesFreeSpaceMaps!()).toBe(0);
    expect(await withoutMap()).toEqual([]);
  });

  it('PostgreSQL keeps using them: pages split, freed by a vacuum, used again; reopened intact', async () => {
    const fill = (from: number) =>
      database.db.execute(sql`INSERT INTO fsm_probe
        SELECT g, md5(g::text) || repeat('x', 60) FROM generate_series(${from}::int, ${from + 19_999}::int) g`);
    await fill(1);
    const grown = await indexBytes();
    await database.db.execute(sql`DELETE FROM fsm_probe WHERE id > 2000`);
    // The first vacuum deletes the emptied pages; the second finds them recyclable and records them.
    await database.db.execute(sql`VACUUM fsm_probe`);
    await database.db.execute(sql`VACUUM fsm_probe`);
    await fill(100_001);
    // The new entries went to recycled pages: the index did not grow by another 18,000 entries' worth.
    expect(await indexBytes()).toBeLessThan(grown * 1.5);
    await database.close();
    database = await openDatabase({ dataDir: join(dir, 'pgdata') });
    expect(await count(sql`SELECT count(*)::text AS n FROM fsm_probe WHERE v > ''`)).toBe(22_000);
    expect(
      await count(sql`SELECT count(*)::text AS n FROM fsm_probe WHERE v = md5('100001') || repeat('x', 60)`),
    ).toBe(1);
    expect(await withoutMap()).toEqual([]);
  });

  it('an in-memory database has no files to give maps to', async () => {
    const memory = await openDatabase({ dataDir: 'memory://' });
    try {
      expect(memory.giveIndexesFreeSpaceMaps).toBeUndefined();
    } finally {
      await memory.close();
    }
  });
});
