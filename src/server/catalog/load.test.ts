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

  it('changes nothing when one event breaks a constraint', async () => {
    const before = await rows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM events`);
    await expect(upsertEvents(database.db, [event('3'), event('4', { slug: 'event-3' })])).rejects.toThrow();
    const after = await rows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM events`);
    expect(after).toEqual(before);
  });
});
