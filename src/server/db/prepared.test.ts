import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database';
import { rows } from './open';
import { arrayParam, PreparedStatement, planOnce, runPrepared, runStatement, withParams } from './prepared';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** Text that an unquoted array literal would split, unquote or take for NULL. */
const hostile = [
  'plain',
  '',
  'a,b',
  '{x}',
  '"quoted"',
  'back\\slash',
  'NULL',
  ' spaced ',
  "it's",
  '$1',
  'ü€',
];

const ELEMENTS = new PreparedStatement(
  'test_array_elements',
  'SELECT x, n FROM unnest($1::text[], $2::bigint[]) AS t(x, n)',
);

describe('arrayParam', () => {
  it('gives every element back as it was, in order, through a prepared statement', async () => {
    const numbers = hostile.map((_, i) => i * 2 ** 40 - 7);
    const found = await database.db.transaction((tx) =>
      runPrepared(database.db, tx as never, ELEMENTS, [arrayParam(hostile), arrayParam(numbers)]),
    );
    expect(found).toEqual(hostile.map((x, i) => [x, String(numbers[i])]));
  });

  it('gives null as NULL, and the text "NULL" as itself', async () => {
    const found = await database.db.transaction((tx) =>
      runPrepared(database.db, tx as never, ELEMENTS, [
        arrayParam([null, 'NULL', 'x']),
        arrayParam([1, null, 3]),
      ]),
    );
    expect(found).toEqual([
      [null, '1'],
      ['NULL', null],
      ['x', '3'],
    ]);
  });

  it('gives an empty array for an empty list', async () => {
    const found = await database.db.transaction((tx) =>
      runPrepared(database.db, tx as never, ELEMENTS, [arrayParam([]), arrayParam([])]),
    );
    expect(found).toEqual([]);
  });
});

const ECHO = new PreparedStatement(
  'test_echo',
  'SELECT ($1::text IS NULL)::text, $2::text, length($3::text)::text, $3::text',
);

describe('runPrepared', () => {
  it('binds NULL, empty and multi-byte text exactly as given', async () => {
    const wide = 'a€😀'.repeat(20_000);
    const found = await database.db.transaction((tx) =>
      runPrepared(database.db, tx as never, ECHO, [null, '', wide]),
    );
    expect(found).toEqual([['true', '', String(3 * 20_000), wide]]);
  });
});

describe('withParams', () => {
  it('binds each $n to its parameter, whatever the order they appear in', async () => {
    const query = withParams('SELECT $2::text AS b, $1::text AS a, $2::text AS again', ['first', "it's $1"]);
    expect(await rows(database.db, query)).toEqual([{ b: "it's $1", a: 'first', again: "it's $1" }]);
  });

  it('sends the parameters apart from the text', async () => {
    const query = withParams('SELECT $1::text AS x', ["'); DROP TABLE markets; --"]);
    expect(await rows(database.db, query)).toEqual([{ x: "'); DROP TABLE markets; --" }]);
    expect(await rows(database.db, sql`SELECT count(*)::int AS n FROM markets`)).toEqual([{ n: 0 }]);
  });
});

describe('PreparedStatement.of', () => {
  it('takes a statement written with drizzle, and refuses one whose fragments hold parameters', () => {
    const column = sql`x`;
    expect(PreparedStatement.of('test_of', sql`SELECT ${column} FROM t WHERE y = $1`).text).toBe(
      'SELECT x FROM t WHERE y = $1',
    );
    expect(() => PreparedStatement.of('test_of', sql`SELECT ${'a value'}`)).toThrow(/parameters/);
  });
});

describe('runStatement', () => {
  it('gives the same rows prepared, inside a transaction, as plain', async () => {
    const db = database.db;
    const statement = new PreparedStatement(
      'test_elements_as_text',
      'SELECT x, n::text FROM unnest($1::text[], $2::bigint[]) AS t(x, n)',
    );
    const params = [arrayParam(hostile), arrayParam(hostile.map((_, i) => i))];
    const plain = await runStatement(db, statement, params);
    const prepared = await db.transaction((tx) => runStatement(tx as never, statement, params, db));
    expect(plain).toEqual(hostile.map((x, i) => [x, String(i)]));
    expect(prepared).toEqual(plain);
  });
});

describe('planOnce', () => {
  it('makes the transaction’s statements use one plan for any values, and only that transaction’s', async () => {
    const db = database.db;
    const mode = async (t: typeof db) =>
      (await rows<{ plan_cache_mode: string }>(t, sql`SHOW plan_cache_mode`))[0]!.plan_cache_mode;
    const inside = await db.transaction(async (tx) => {
      await planOnce(tx as never);
      return mode(tx as never);
    });
    expect(inside).toBe('force_generic_plan');
    expect(await mode(db)).toBe('auto');
  });
});
