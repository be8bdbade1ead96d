import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rows } from '../db/open';
import { openTestDatabase } from '../test/database';
import { upsertEvents } from './load';
import { testEvent } from './test-catalog';

const event = testEvent;

describe('upsertEvents', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('stores events with markets, tags and series, keeping price strings exactly', async () => {
    await upsertEvents(database.db, [event('1'), event('2')]);
    const [m] = await rows<{ outcome_prices: string; clob_token_ids: string[] }>(
      database.db,
      sql`SELECT outcome_prices, clob_token_ids FROM markets WHERE id = 'm1'`,
    );
    expect(m?.outcome_prices).toBe(event('1').markets[0]?.outcomePrices);
    expect(m?.clob_token_ids).toEqual(['111', '222']);
    const [links] = await rows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM event_tags`);
    expect(links?.n).toBe(2);
  });

  it('replaces markets, tags and series of a re-imported event', async () => {
    await upsertEvents(database.db, [
      event('1', {
        title: 'Renamed?',
        tags: [],
        markets: [{ ...event('1').markets[0]!, id: 'm1b', question: 'New market?' }],
      }),
    ]);
    const markets = await rows<{ id: string }>(database.db, sql`SELECT id FROM markets WHERE event_id = 1`);
    expect(markets.map((m) => m.id)).toEqual(['m1b']);
    const [e] = await rows<{ title: string }>(database.db, sql`SELECT title FROM events WHERE id = 1`);
    expect(e?.title).toBe('Renamed?');
    const [t] = await rows<{ n: number }>(
      database.db,
      sql`SELECT count(*)::int AS n FROM event_tags WHERE event_id = 1`,
    );
    expect(t?.n).toBe(0);
  });

  it('runs again when PostgreSQL picks it as the victim of a deadlock, at most three times; other errors at once', async () => {
    const deadlock = () =>
      Object.assign(new Error('Failed query: DELETE FROM "markets"'), {
        cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }),
      });
    /** The database, its first `failures` transactions failing with `error()` before they start. */
    const failing = (failures: number, error: () => Error) => {
      let calls = 0;
      const db = database.db;
      const flaky = Object.create(db) as typeof db;
      flaky.transaction = ((fn: Parameters<typeof db.transaction>[0]) => {
        calls++;
        return calls <= failures ? Promise.reject(error()) : db.transaction(fn);
      }) as typeof db.transaction;
      return { db: flaky, calls: () => calls };
    };
    const twice = failing(2, deadlock);
    await upsertEvents(twice.db, [event('7', { title: 'After two deadlocks?' })]);
    expect(twice.calls()).toBe(3);
    const [e] = await rows<{ title: string }>(database.db, sql`SELECT title FROM events WHERE id = 7`);
    expect(e?.title).toBe('After two deadlocks?');

    const always = failing(10, deadlock);
    await expect(upsertEvents(always.db, [event('8')])).rejects.toThrow('Failed query');
    expect(always.calls()).toBe(3);
    const other = failing(1, () => new Error('connection lost'));
    await expect(upsertEvents(other.db, [event('8')])).rejects.toThrow('connection lost');
    expect(other.calls()).toBe(1);
  });

  it('changes nothing when one event breaks a constraint', async () => {
    const before = await rows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM events`);
    await expect(upsertEvents(database.db, [event('3'), event('4', { slug: 'event-3' })])).rejects.toThrow();
    const after = await rows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM events`);
    expect(after).toEqual(before);
  });
});
