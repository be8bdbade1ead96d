import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertEvents } from '../catalog/load';
import { buildTestApp, type TestApp } from '../test/app';
import { deleteHistory, writeSeries } from './store';
import {
  HISTORY_EVENTS,
  LAST_TS,
  loadHistoryCatalog,
  NO,
  POINTS,
  QUIET,
  STEP,
  YES,
  yesUnits,
} from './test-history';

/** Markets carry the reference's `oneDayPriceChange` where their first outcome has a history. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await loadHistoryCatalog(t.database.db);
});
afterAll(() => t.close());

describe('oneDayPriceChange', () => {
  it('is the first outcome’s catalog price minus its price 24 hours before its latest point', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/gamma/events/1' });
    expect(res.statusCode).toBe(200);
    const [binary, multi, quiet] = res.json().markets as Record<string, unknown>[];
    // 144 ten-minute steps before the latest point (LAST_TS).
    expect(LAST_TS - 144 * STEP).toBe(LAST_TS - 86_400);
    expect(binary!.oneDayPriceChange).toBe(
      Math.round((0.536 - yesUnits(POINTS - 1 - 144) / 1e4) * 1e4) / 1e4,
    );
    // Irregular points: the last one at or before (latest − 24 h) is LAST_TS − 90,000 at 0.1; now 0.2.
    expect(multi!.oneDayPriceChange).toBe(0.1);
    expect(quiet).not.toHaveProperty('oneDayPriceChange');
  });

  it('is the same in lists, and follows the catalog price when an import changes it', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/gamma/events?id=1' });
    const single = await t.app.inject({ method: 'GET', url: '/gamma/events/1' });
    expect(list.json()[0].markets).toEqual(single.json().markets);
    const [event] = HISTORY_EVENTS;
    const moved = {
      ...event!,
      markets: event!.markets.map((m, i) => (i === 0 ? { ...m, outcomePrices: '["0.6","0.4"]' } : m)),
    };
    await upsertEvents(t.database.db, [moved]);
    // Another URL than before: the response cache keeps what it served.
    const after = await t.app.inject({ method: 'GET', url: '/gamma/events?id=1&limit=1' });
    expect(after.json()[0].markets[0].oneDayPriceChange).toBe(
      Math.round((0.6 - yesUnits(POINTS - 1 - 144) / 1e4) * 1e4) / 1e4,
    );
  });

  it('follows the histories: gone with its history, from the second outcome, written before its market', async () => {
    const firstMarket = async (url: string) =>
      (await t.app.inject({ method: 'GET', url })).json()[0].markets[0] as Record<string, unknown>;
    await deleteHistory(t.database.db, [YES]);
    expect(await firstMarket('/gamma/events?id=1&limit=2')).not.toHaveProperty('oneDayPriceChange');

    // Only No's series: Yes's 24-hour price is 1 − No's (0.7 → Yes 0.3; the catalog says 0.6).
    const flat = (tokenId: string, p: number) => ({
      tokenId,
      startTs: LAST_TS - 2 * 86_400,
      stepS: 3_600,
      prices: Uint16Array.from({ length: 49 }, () => p),
    });
    await writeSeries(t.database.db, [flat(NO, 7_000)]);
    expect((await firstMarket('/gamma/events?id=1&limit=3')).oneDayPriceChange).toBe(0.3);

    // A series for a token no market has yet: the market that later lists it shows its change.
    const [event] = HISTORY_EVENTS;
    await upsertEvents(t.database.db, [{ ...event!, markets: event!.markets.slice(0, 2) }]);
    await writeSeries(t.database.db, [flat(QUIET, 4_000)]);
    await upsertEvents(t.database.db, HISTORY_EVENTS);
    const res = await t.app.inject({ method: 'GET', url: '/gamma/events?id=1&limit=4' });
    expect(res.json()[0].markets[2].oneDayPriceChange).toBe(0.1);
  });
});
