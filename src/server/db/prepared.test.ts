import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database';
import { rows } from './open';
import { arrayParam, PreparedStatement, runPrepared, withParams } from './prepared';

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
