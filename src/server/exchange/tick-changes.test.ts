import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event, Market } from '../../contract/catalog';
import { upsertEvents } from '../catalog/load';
import { testEvent } from '../catalog/test-catalog';
import { type Database, rows } from '../db/open';
import { openTestDatabase } from '../test/database';
import { hasTickChanges, takeTickChanges } from './tick-changes';

/**
 * What a load records of the ticks it changes (catalog/load.ts) and what the writer takes out of it
 * (tick-changes.ts): tradable markets only, several loads as one change, each taken once.
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const base = testEvent('1').markets[0]!;
const eventWith = (markets: Partial<Market>[]): Event =>
  testEvent('1', {
    markets: markets.map((m, i) => ({
      ...base,
      id: `m${i}`,
      conditionId: `0x${String(i).padStart(64, '0')}`,
      clobTokenIds: [`${i}1`, `${i}2`],
      ...m,
    })),
  });
const recorded = () =>
  rows<{ market_id: string; old_tick: number }>(
    database.db,
    sql`SELECT market_id, old_tick FROM market_tick_changes ORDER BY id`,
  );

describe('tick changes', () => {
  it('a load records the old tick of each tradable market whose tick it changes', async () => {
    await upsertEvents(database.db, [
      eventWith([{ orderPriceMinTickSize: 0.01 }, { orderPriceMinTickSize: 0.01 }, { closed: true }]),
    ]);
    expect(await recorded()).toEqual([]);
    expect(await hasTickChanges(database.db)).toBe(false);
    // m0 changes, m1 keeps its tick, m2 is closed (no book: nothing to tell).
    await upsertEvents(database.db, [
      eventWith([
        { orderPriceMinTickSize: 0.001 },
        { orderPriceMinTickSize: 0.01 },
        { closed: true, orderPriceMinTickSize: 0.1 },
      ]),
    ]);
    expect(await recorded()).toEqual([{ market_id: 'm0', old_tick: 0.01 }]);
    expect(await hasTickChanges(database.db)).toBe(true);
  });

  it('the writer takes them out once: several loads as one change, a tick changed back as none', async () => {
    await upsertEvents(database.db, [
      eventWith([
        { orderPriceMinTickSize: 0.0001 },
        { orderPriceMinTickSize: 0.1 },
        { closed: true, orderPriceMinTickSize: 0.1 },
      ]),
    ]);
    await upsertEvents(database.db, [
      eventWith([
        { orderPriceMinTickSize: 0.0001 },
        { orderPriceMinTickSize: 0.01 },
        { closed: true, orderPriceMinTickSize: 0.1 },
      ]),
    ]);
    const changed = await takeTickChanges(database.db);
    expect(changed).toEqual([
      {
        oldTick: 100,
        market: {
          marketId: 'm0',
          conditionId: `0x${'0'.padStart(64, '0')}`,
          tokens: ['01', '02'],
          negRisk: false,
          tick: 1,
          minSize: 500,
        },
      },
    ]);
    expect(await takeTickChanges(database.db)).toEqual([]);
    expect(await hasTickChanges(database.db)).toBe(false);
  });
});
