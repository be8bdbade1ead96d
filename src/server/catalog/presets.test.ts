import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../../contract/catalog';
import { EventsQuery, searchParamsToObject } from '../../contract/catalog-query';
import { eventsSearchParams } from '../../contract/events-page-query';
import { PRESET_LABELS } from '../../contract/list-preset-labels';
import { LIST_PRESETS, type ListPreset, presetQuery } from '../../contract/list-presets';
import { rows } from '../db/open';
import { buildTestApp, type TestApp } from '../test/app';
import { eventMove24hr, writeEventDocuments } from './event-documents';
import { upsertEvents } from './load';
import { shapeEvents } from './repository';
import { buildTestCatalog, expectedPage, moveOf } from './test-catalog';

/**
 * The dashboard's lists (src/contract/list-presets.ts, docs/api.md §6): each preset's `/events` page
 * and `/events/keyset` walk are what the oracle makes of the whole catalog, at several instants.
 */

/** The test catalog with markets that differ: prices, closed ones, and 24-hour marks on some. */
const catalog: Event[] = buildTestCatalog(240, 11).map((event, e) => ({
  ...event,
  markets: event.markets.map((market, m) => {
    const yes = [0.25, 0.6, 0.6, 0.1, 0.9][(e + m * 3) % 5]!;
    return {
      ...market,
      outcomePrices: JSON.stringify([String(yes), String(Math.round((1 - yes) * 100) / 100)]),
      closed: (e * 7 + m) % 6 === 0,
    };
  }),
}));

/** A 24-hour price for about two markets in three, so changes (and ties of them) of both signs. */
const DAY_AGO = [0.2, 0.5, 0.95, 0.3];

let t: TestApp;
/** The catalog as served (with each market's oneDayPriceChange): what the oracle orders. */
let served: Event[];

beforeAll(async () => {
  t = await buildTestApp();
  await upsertEvents(t.database.db, catalog);
  await t.database.db.execute(sql`
    UPDATE markets SET day_ago_price = (${JSON.stringify(DAY_AGO)}::jsonb ->> (abs(hashtext(id)) % 4))::float8
    WHERE abs(hashtext(id)) % 3 <> 0`);
  await writeEventDocuments(
    t.database.db,
    catalog.map((e) => e.id),
  );
  served = await shapeEvents(
    t.database.db,
    catalog.map((e) => e.id),
  );
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url: `/gamma${url}` });
const ids = (events: readonly { id: string }[]) => events.map((e) => e.id);

/** Instants that split the catalog's dates differently (starts Jan–May, ends Oct–Dec 2026). */
const NOWS = [
  '2026-03-01T00:00:59.999Z',
  '2026-10-01T12:34:56.789Z',
  '2026-11-28T00:00:00Z',
  '2027-06-01T00:00:00Z',
];

/** The /events query of a preset, as the dashboard builds its data URL. */
function eventsUrl(preset: ListPreset, nowMs: number, limit: number, offset: number): string {
  const query = { ...presetQuery(preset, nowMs), limit, offset };
  return `/events?${eventsSearchParams(query)}`;
}

describe('the list presets', () => {
  it('have a label each and a query whose "now" is floored to the minute', () => {
    expect(Object.keys(PRESET_LABELS)).toEqual([...LIST_PRESETS]);
    const at = Date.parse('2026-11-26T10:15:42.500Z');
    expect(presetQuery('new', at).start_date_max).toBe('2026-11-26T10:15:00.000Z');
    expect(presetQuery('ending', at)).toMatchObject({
      end_date_min: '2026-11-26T10:15:00.000Z',
      end_date_max: '2026-12-03T10:15:00.000Z',
      order: 'endDate',
      ascending: true,
    });
    expect(eventsUrl('movers', at, 100, 0)).toBe(
      '/events?active=true&closed=false&order=move24hr&ascending=false&limit=100&offset=0',
    );
    // Every second of a minute gives one URL (one cache entry).
    expect(eventsUrl('closed', at, 100, 0)).toBe(
      eventsUrl('closed', Date.parse('2026-11-26T10:15:00Z'), 100, 0),
    );
  });

  it('keep each event’s move24hr: |oneDayPriceChange| of its leading market', async () => {
    const stored = await rows<{ id: string; move: number }>(
      t.database.db,
      sql`SELECT id::text AS id, move24hr AS move FROM events`,
    );
    const byId = new Map(served.map((e) => [e.id, e]));
    expect(stored).toHaveLength(catalog.length);
    for (const row of stored) {
      const event = byId.get(row.id)!;
      expect(row.move, row.id).toBe(moveOf(event));
      expect(eventMove24hr(event), row.id).toBe(moveOf(event));
    }
    // The catalog is varied enough to test an order by it.
    expect(new Set(stored.map((row) => row.move)).size).toBeGreaterThan(4);
  });

  for (const preset of LIST_PRESETS) {
    it(`${preset}: /events pages and the keyset walk are the oracle's list`, async () => {
      for (const now of NOWS) {
        const nowMs = Date.parse(now);
        const full = EventsQuery.parse(
          searchParamsToObject(new URLSearchParams(eventsUrl(preset, nowMs, 100, 0).slice(8))),
        );
        const expected = expectedPage(served, { ...full, limit: served.length });
        // Not a vacuous check: most instants leave a list of several events.
        if (now === NOWS[2]) expect(expected.total, `${preset} at ${now}`).toBeGreaterThan(3);

        for (const [limit, offset] of [
          [100, 0],
          [13, 13],
        ] as const) {
          const response = await get(eventsUrl(preset, nowMs, limit, offset));
          expect(response.statusCode, response.body).toBe(200);
          expect(ids(response.json<Event[]>()), `${preset} at ${now}, offset ${offset}`).toEqual(
            ids(expected.events.slice(offset, offset + limit)),
          );
        }

        // The keyset walk: the same list, every event once.
        const keyset = new URLSearchParams(eventsUrl(preset, nowMs, 100, 0).slice(8));
        keyset.delete('offset');
        keyset.set('limit', '7');
        const walked: Event[] = [];
        let cursor: string | undefined;
        do {
          if (cursor) keyset.set('after_cursor', cursor);
          const response = await get(`/events/keyset?${keyset}`);
          expect(response.statusCode, response.body).toBe(200);
          const page = response.json<{ events: Event[]; next_cursor?: string }>();
          walked.push(...page.events);
          expect(walked.length).toBeLessThanOrEqual(expected.total);
          cursor = page.next_cursor;
        } while (cursor);
        expect(ids(walked), `${preset} at ${now}`).toEqual(ids(expected.events));
      }
    });
  }
});
