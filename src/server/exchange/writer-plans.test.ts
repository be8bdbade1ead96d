import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, openDatabase, rows } from '../db/open';
import type { PreparedStatement } from '../db/prepared';
import { openTestDatabase } from '../test/database';
import { READ_HOLDINGS } from './ledger/holdings';
import { TURN_AND_MARKS, WRITE_BATCH } from './writer';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** The tables a generic plan of `statement`, made on `db` now, reads whole. */
async function tablesScanned(db: Db, statement: PreparedStatement): Promise<string[]> {
  const params = Math.max(...[...statement.text.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // The plan PostgreSQL keeps for a statement once it has run five times: made without the values.
    await t.execute(sql`SET LOCAL plan_cache_mode = force_generic_plan`);
    await t.execute(sql.raw(`PREPARE plan_probe AS ${statement.text}`));
    const [row] = await rows<{ 'QUERY PLAN': unknown }>(
      t,
      sql.raw(`EXPLAIN (FORMAT JSON) EXECUTE plan_probe(${Array(params).fill('NULL').join(', ')})`),
    );
    await t.execute(sql`DEALLOCATE plan_probe`);
    const scanned: string[] = [];
    const walk = (node: Record<string, unknown>) => {
      if (node['Node Type'] === 'Seq Scan') scanned.push(String(node['Relation Name']));
      for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
    };
    const plan = row!['QUERY PLAN'];
    walk(
      ((typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: Record<string, unknown> }[])[0]!.Plan,
    );
    return scanned.sort();
  });
}

describe.runIf(process.env.TEST_DATABASE_URL)("the writer's plans on PostgreSQL", () => {
  // The tables are empty here, as on a fresh database when the writer first plans: a plan made now
  // stays on its connection while the tables grow (until an ANALYZE).
  it('look rows up by key on the writer’s connection, where the shared pool’s plans scan whole tables', async () => {
    for (const statement of [TURN_AND_MARKS, WRITE_BATCH, READ_HOLDINGS]) {
      expect(await tablesScanned(database.writerDb, statement), statement.name).toEqual([]);
    }
    // The same statements on an ordinary connection: what the writer's plans were before.
    expect(await tablesScanned(database.db, TURN_AND_MARKS)).toContain('exchange_orders');
    expect(await tablesScanned(database.db, WRITE_BATCH)).toContain('exchange_orders');
  });

  it('keep the options the database URL gives', async () => {
    const url = new URL(database.url!);
    url.searchParams.set('options', '-c application_name=md_writer_probe');
    const other = await openDatabase({ databaseUrl: url.toString() });
    try {
      const show = async (db: Db, setting: string) =>
        (await rows<Record<string, string>>(db, sql.raw(`SHOW ${setting}`)))[0]![setting];
      expect(await show(other.writerDb, 'application_name')).toBe('md_writer_probe');
      expect(await show(other.writerDb, 'enable_seqscan')).toBe('off');
      expect(await show(other.db, 'enable_seqscan')).toBe('on');
    } finally {
      await other.close();
    }
  });
});

describe.runIf(!process.env.TEST_DATABASE_URL)("the writer's connection on PGlite", () => {
  it('is the one connection, whose statements are prepared again as the tables grow (db/prepared.ts)', () => {
    expect(database.writerDb).toBe(database.db);
  });
});
