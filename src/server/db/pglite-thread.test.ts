import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteThread } from './pglite-thread';

/** One database for the file (opening one takes ~3 s); each test starts from an empty table. */
let shared: PgliteThread;
beforeAll(async () => {
  shared = await PgliteThread.open('memory://');
});
afterAll(() => shared.close());

async function open(): Promise<PgliteThread> {
  await shared.exec('DROP TABLE IF EXISTS t; CREATE TABLE t (id int PRIMARY KEY, note text)');
  return shared;
}

const count = async (db: PgliteThread) =>
  (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM t')).rows[0]?.n;

describe('PgliteThread: the embedded database on a thread of its own', () => {
  it('leaves the calling thread free while a statement runs', async () => {
    const db = await open();
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const started = Date.now();
    await db.query('SELECT count(*) FROM generate_series(1, 2000000)');
    const elapsed = Date.now() - started;
    clearInterval(timer);
    // In-thread PGlite would run the statement without letting a single timer fire.
    expect(elapsed).toBeGreaterThan(50);
    expect(ticks).toBeGreaterThan(elapsed / 5 / 4);
  });

  it('commits what a transaction did, and keeps others out until it ends', async () => {
    const db = await open();
    let outside: Promise<number | undefined> | undefined;
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES ($1, $2)', [1, 'one']);
      outside = count(db);
      await tx.query('INSERT INTO t VALUES ($1, $2)', [2, 'two']);
    });
    // The read asked for during the transaction ran after it, and saw both rows.
    expect(await outside).toBe(2);
  });

  it('rolls everything back when the callback throws, and gives its error', async () => {
    const db = await open();
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES (1, $1)', ['one']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await count(db)).toBe(0);
  });

  it("passes a database error's fields on (code, constraint), in and out of transactions", async () => {
    const db = await open();
    await db.query('INSERT INTO t VALUES (1, NULL)');
    await expect(db.query('INSERT INTO t VALUES (1, NULL)')).rejects.toMatchObject({
      code: '23505',
      constraint: 't_pkey',
    });
    await expect(db.transaction((tx) => tx.query('INSERT INTO t VALUES (1, NULL)'))).rejects.toMatchObject({
      code: '23505',
    });
    expect(await count(db)).toBe(1);
  });

  it('fails a transaction whose COMMIT turns into a rollback, and writes nothing', async () => {
    const db = await open();
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES (5, NULL)');
        // The statement fails inside the transaction; the callback goes on as if it had not.
        await tx.query('SELECT 1/0').catch(() => {});
      }),
    ).rejects.toThrow(/rolled back/);
    expect(await count(db)).toBe(0);
  });

  it('keeps text the value parsers keep as text, and refuses parsers it cannot run', async () => {
    const db = await open();
    const keep = (value: string) => value;
    const { rows } = await db.query<[string]>("SELECT '2026-11-26 10:00:00+00'::timestamptz", [], {
      rowMode: 'array',
      parsers: { 1184: keep },
    });
    expect(rows[0]?.[0]).toBe('2026-11-26 10:00:00+00');
    await expect(db.query('SELECT 1', [], { parsers: { 23: (v: string) => Number(v) } })).rejects.toThrow(
      /cannot run on the database thread/,
    );
  });

  it('refuses every call once closed, as PGlite does', async () => {
    const db = await PgliteThread.open('memory://');
    await db.close();
    await expect(db.query('SELECT 1')).rejects.toThrow('PGlite is closed');
  });
});
