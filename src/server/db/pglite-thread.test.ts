import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteThread } from './pglite-thread';

describe('the embedded database on its own thread', () => {
  let db: PgliteThread;
  beforeAll(async () => {
    db = await PgliteThread.open('memory://');
    await db.exec('CREATE TABLE t (a int PRIMARY KEY)');
  });
  afterAll(() => db.close());

  const count = async () => (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM t')).rows[0]!.n;

  it('commits a transaction that resolves, and rolls back one that throws', async () => {
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES ($1)', [1]);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES ($1)', [2]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(await count()).toBe(1);
  });

  it("gives PostgreSQL's error fields back, and a failed statement takes its transaction with it", async () => {
    const failed = await db
      .transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES (10)');
        await tx.query('INSERT INTO t VALUES (1)');
      })
      .catch((err: unknown) => err);
    expect(failed).toMatchObject({ code: '23505', constraint: 't_pkey' });
    expect(await count()).toBe(1);
  });

  it('a query from outside waits for the open transaction, and then sees its commit', async () => {
    let outside: Promise<number> | undefined;
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO t VALUES (20)');
      outside = count();
      await new Promise((resolve) => setTimeout(resolve, 50));
      await tx.query('INSERT INTO t VALUES (21)');
    });
    expect(await outside).toBe(3);
  });

  it('commits with the last statement, and refuses any statement after it', async () => {
    // Bind/Execute/Sync of an unnamed statement is not needed: a simple Query message is a whole exchange.
    const query = (text: string) => {
      const body = Buffer.from(`${text}\0`);
      const message = Buffer.alloc(5 + body.length);
      message.write('Q');
      message.writeInt32BE(4 + body.length, 1);
      body.copy(message, 5);
      return message;
    };
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t VALUES (30)');
        const rows = await tx.protocolRows(query('SELECT count(*)::text FROM t'), { commit: true });
        expect(rows).toEqual([['4']]);
        await tx.query('INSERT INTO t VALUES (31)');
      }),
    ).rejects.toThrow('committed with its last statement');
    expect(await count()).toBe(4);
  });

  it('keeps only the text of types whose parsers keep it, and refuses a parser that changes values', async () => {
    const keep = (value: string) => value;
    const kept = await db.query<{ d: unknown }>("SELECT '2026-11-27 10:00:00'::timestamp AS d", [], {
      parsers: { 1114: keep },
    });
    expect(kept.rows[0]!.d).toBe('2026-11-27 10:00:00');
    expect(() => db.query('SELECT 1', [], { parsers: { 1114: (v: string) => new Date(v) } })).toThrow(
      'keeps text only',
    );
  });
});
