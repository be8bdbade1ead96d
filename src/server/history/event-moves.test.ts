import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../../contract/catalog';
import { eventsSearchParams } from '../../contract/events-page-query';
import { presetQuery } from '../../contract/list-presets';
import { upsertEvents } from '../catalog/load';
import { testEvent, testMarket } from '../catalog/test-catalog';
import { rows } from '../db/open';
import { buildTestApp, type TestApp } from '../test/app';
import { sql } from 'drizzle-orm';
import { writeSeries } from './store';

/** An event's move24hr (the Movers list) follows its leading market's 24-hour change as histories are written. */

const LAST_TS = 1_795_000_200;
const binary = (id: string, yes: string, tokens: [string, string]): Event =>
  testEvent(id, {
    markets: [
      testMarket({
        id: `m${id}`,
        question: `Q${id}?`,
        conditionId: `0x${id.padStart(64, '0')}`,
        outcomes: '["Yes","No"]',
        outcomePrices: JSON.stringify([yes, String(1 - Number(yes))]),
        clobTokenIds: tokens,
      }),
    ],
  });
const EVENTS = [
  binary('1', '0.5', ['101', '102']),
  binary('2', '0.5', ['201', '202']),
  binary('3', '0.5', ['301', '302']),
];

/** A flat hourly series over two days: its 24-hour price is `units` / 10,000. */
const flat = (tokenId: string, units: number) => ({
  tokenId,
  startTs: LAST_TS - 2 * 86_400,
  stepS: 3_600,
  prices: Uint16Array.from({ length: 49 }, () => units),
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await upsertEvents(t.database.db, EVENTS);
});
afterAll(() => t.close());

const moves = async () =>
  Object.fromEntries(
    (
      await rows<{ id: string; move: number }>(
        t.database.db,
        sql`SELECT id::text AS id, move24hr AS move FROM events ORDER BY id`,
      )
    ).map((row) => [row.id, row.move]),
  );
/** The Movers list (another limit each time: the response cache keeps what it served). */
const movers = async (limit: number) => {
  const query = { ...presetQuery('movers', Date.now()), limit, offset: 0 };
  const response = await t.app.inject({ method: 'GET', url: `/gamma/events?${eventsSearchParams(query)}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Event[]>().map((e) => e.id);
};

describe('move24hr', () => {
  it('is 0 without history, and follows each history write, moving the event in the Movers list', async () => {
    expect(await moves()).toEqual({ 1: 0, 2: 0, 3: 0 });
    expect(await movers(10)).toEqual(['1', '2', '3']);

    await writeSeries(t.database.db, [flat('101', 3_000), flat('201', 4_500)]);
    expect(await moves()).toEqual({ 1: 0.2, 2: 0.05, 3: 0 });
    expect(await movers(11)).toEqual(['1', '2', '3']);

    // A fall counts as much as a rise; the second outcome's history stands for the first's (1 − it).
    await writeSeries(t.database.db, [flat('201', 9_000), flat('302', 2_000)]);
    expect(await moves()).toEqual({ 1: 0.2, 2: 0.4, 3: 0.3 });
    expect(await movers(12)).toEqual(['2', '3', '1']);
  });

  it('is its leading market’s: the open market with the highest first-outcome price', async () => {
    const [, , three] = EVENTS;
    const second = testMarket({
      id: 'm3b',
      question: 'Q3b?',
      conditionId: `0x${'3b'.padStart(64, '0')}`,
      outcomes: '["Yes","No"]',
      outcomePrices: '["0.7","0.3"]',
      clobTokenIds: ['311', '312'],
    });
    // m3b leads (0.7 > 0.5) and has no history: event 3 no longer moves.
    await upsertEvents(t.database.db, [{ ...three!, markets: [...three!.markets, second] }]);
    expect((await moves())[3]).toBe(0);
    // Closed, it leads no more: m3's change (0.3) is the event's again.
    await upsertEvents(t.database.db, [
      { ...three!, markets: [...three!.markets, { ...second, closed: true }] },
    ]);
    expect((await moves())[3]).toBe(0.3);
    expect(await movers(13)).toEqual(['2', '3', '1']);
  });
});
