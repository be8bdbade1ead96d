import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../contract/catalog';
import { eventMove24hr } from '../server/catalog/event-documents';
import { upsertEvents } from '../server/catalog/load';
import { type Database, rows } from '../server/db/open';
import { openTestDatabase } from '../server/test/database';
import { FIXTURE_FILES, fixturePath } from './fixtures';
import { generateCatalog } from './generate';
import { DEMO_ENDED, demoCatalogOf, markDemoCatalog } from './demo-catalog';
import { importEvents, importFile } from './import';
import { replaceWithGenerated, seedIfEmpty } from './seed';

const raw = (id: string, overrides: Record<string, unknown> = {}, market: Record<string, unknown> = {}) => ({
  id,
  slug: `event-${id}`,
  title: `Will ${id} happen?`,
  active: true,
  closed: false,
  volume: '12.5',
  endDate: '2026-12-31 12:00:00+00',
  startDate: '2026-01-01T00:00:00.123456Z',
  tags: [{ id: 7001, label: 'Seven', slug: 'seven' }],
  markets: [
    {
      id: `m${id}`,
      question: `Will ${id} happen?`,
      conditionId: '0xabc',
      outcomes: ['Yes', 'No'],
      outcomePrices: '["0.4", "0.6"]',
      clobTokenIds: '["1", "2"]',
      ...market,
    },
  ],
  ...overrides,
});

/** Everything in the catalog tables, to prove a rejected import changed nothing. */
async function snapshot(database: Database): Promise<string> {
  const parts = await Promise.all(
    ['events', 'markets', 'tags', 'series', 'event_tags', 'event_series'].map((table) =>
      rows<{ r: string }>(
        database.db,
        sql`SELECT coalesce(string_agg(t::text, '|' ORDER BY t::text), '') AS r FROM ${sql.identifier(table)} t`,
      ),
    ),
  );
  return parts.map((p) => p[0]?.r ?? '').join('\n');
}

const count = async (database: Database, table: string) =>
  (await rows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`))[0]
    ?.n;

describe('import', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  it('imports the NBA fixture: exact 40-digit prices, UTC dates, tags and series', async () => {
    const report = await importFile(database.db, fixturePath('nbaClosed'));
    expect(report).toMatchObject({ total: 1, imported: 1, skipped: 0, errors: [], warnings: [] });
    const [market] = await rows<{ outcome_prices: string; clob_token_ids: string[] }>(
      database.db,
      sql`SELECT outcome_prices, clob_token_ids FROM markets WHERE id = '239826'`,
    );
    expect(JSON.parse(market!.outcome_prices)).toEqual([
      '0.0000004113679809846114013590098187297978',
      '0.9999995886320190153885986409901813',
    ]);
    expect(market!.clob_token_ids).toHaveLength(2);
    const [event] = await rows<{ start_ok: boolean; closed: boolean; active: boolean; series: string }>(
      database.db,
      sql`SELECT start_date = '2021-12-04T00:00:00Z'::timestamptz AS start_ok, closed, active,
            (SELECT string_agg(s.slug, ',') FROM event_series es JOIN series s ON s.id = es.series_id
              WHERE es.event_id = e.id) AS series
          FROM events e WHERE id = 2890`,
    );
    expect(event).toEqual({ start_ok: true, closed: true, active: true, series: 'nba' });
  });

  it('imports the Kraken/Macron fixture without the placeholder market, with microsecond dates', async () => {
    const report = await importFile(database.db, fixturePath('krakenMacron'));
    expect(report.imported).toBe(2);
    expect(report.warnings).toHaveLength(1);
    expect(report.warnings[0]).toMatchObject({ index: 0, id: '16183', marketId: '1642124' });
    const markets = await rows<{ id: string; tick: number; min_size: number }>(
      database.db,
      sql`SELECT id, order_price_min_tick_size AS tick, order_min_size AS min_size FROM markets
          WHERE event_id = 16183 ORDER BY position`,
    );
    // Each market's own tick and minimum size, as the file gives them.
    expect(markets).toEqual([
      { id: '516950', tick: 0.001, min_size: 5 },
      { id: '678876', tick: 0.001, min_size: 5 },
      { id: '691547', tick: 0.01, min_size: 5 },
    ]);
    const [dates] = await rows<{ ok: boolean }>(
      database.db,
      sql`SELECT start_date = '2024-12-31T19:05:45.901363Z'::timestamptz AS ok FROM events WHERE id = 16183`,
    );
    expect(dates?.ok).toBe(true);
  });

  it('imports the Fed neg-risk fixture (a single object) with its 5 markets and 8 tags', async () => {
    const report = await importFile(database.db, fixturePath('fedNegRisk'));
    expect(report).toMatchObject({ imported: 1, errors: [] });
    expect(await rows(database.db, sql`SELECT id FROM markets WHERE event_id = 481717`)).toHaveLength(5);
    const [links] = await rows<{ tags: number; series: string }>(
      database.db,
      sql`SELECT (SELECT count(*)::int FROM event_tags WHERE event_id = 481717) AS tags,
                 (SELECT string_agg(series_id::text, ',') FROM event_series WHERE event_id = 481717) AS series`,
    );
    expect(links).toEqual({ tags: 8, series: '35' });
    const [token] = await rows<{ t: string }>(
      database.db,
      sql`SELECT clob_token_ids[1] AS t FROM markets WHERE id = '2252242'`,
    );
    expect(token?.t.startsWith('97186030')).toBe(true);
  });

  it('imports nothing when one event of the file is invalid, and says which and why', async () => {
    const before = await snapshot(database);
    const report = await importEvents(database.db, [
      raw('501'),
      raw('502', {}, { outcomePrices: '["0.4"]' }),
      raw('503', { endDate: 'soon' }),
    ]);
    expect(report.imported).toBe(0);
    expect(report.errors).toEqual([
      { index: 1, id: '502', field: 'markets[0].outcomePrices', reason: 'has 1 prices for 2 outcomes' },
      { index: 2, id: '503', field: 'endDate', reason: expect.stringContaining('RFC 3339') },
    ]);
    expect(await snapshot(database)).toBe(before);
  });

  it('ends the demo on a demo catalog, and says that the demo traders stop with it', async () => {
    await markDemoCatalog(database.db, { seed: 'demo', events: 1 });
    const first = await importEvents(database.db, [raw('701')]);
    expect(first.merged).toContain(DEMO_ENDED);
    expect(await demoCatalogOf(database.db)).toBeNull();
    // Said once: a second load has no demo to end.
    expect((await importEvents(database.db, [raw('702')])).merged).not.toContain(DEMO_ENDED);
  });

  it('re-importing the same ids updates the events and replaces their markets and tags', async () => {
    await importEvents(database.db, [raw('601'), raw('602')]);
    const report = await importEvents(database.db, [
      raw('601', { title: 'Renamed?', volume: 99, tags: [] }, { id: 'm601b', outcomePrices: [0.1, 0.9] }),
    ]);
    expect(report).toMatchObject({ imported: 1, errors: [] });
    const [event] = await rows<{ title: string; volume: number; end_ok: boolean }>(
      database.db,
      sql`SELECT title, volume, end_date = '2026-12-31T12:00:00Z'::timestamptz AS end_ok FROM events WHERE id = 601`,
    );
    expect(event).toEqual({ title: 'Renamed?', volume: 99, end_ok: true });
    const markets = await rows<{ id: string; outcome_prices: string }>(
      database.db,
      sql`SELECT id, outcome_prices FROM markets WHERE event_id = 601`,
    );
    expect(markets).toEqual([{ id: 'm601b', outcome_prices: '["0.1","0.9"]' }]);
    expect(await rows(database.db, sql`SELECT 1 FROM event_tags WHERE event_id = 601`)).toHaveLength(0);
    expect(await rows(database.db, sql`SELECT 1 FROM event_tags WHERE event_id = 602`)).toHaveLength(1);
  });

  it('rejects a slug or a market that belongs to another event of the catalog, changing nothing', async () => {
    await importEvents(database.db, [raw('701')]);
    const before = await snapshot(database);
    const report = await importEvents(database.db, [
      raw('702', { slug: 'event-701' }, { id: 'm702' }),
      raw('703', {}, { id: 'm701' }),
    ]);
    expect(report.errors).toEqual([
      {
        index: 0,
        id: '702',
        field: 'slug',
        reason: 'slug "event-701" already belongs to event 701 in the catalog',
      },
      {
        index: 1,
        id: '703',
        field: 'markets[0].id',
        reason: 'market m701 already belongs to event 701 in the catalog',
      },
    ]);
    expect(await snapshot(database)).toBe(before);
  });

  it('lets a file move markets between events it re-imports itself', async () => {
    await importEvents(database.db, [raw('801'), raw('802')]);
    const report = await importEvents(database.db, [
      raw('801', {}, { id: 'm802' }),
      raw('802', {}, { id: 'm801' }),
    ]);
    expect(report.errors).toEqual([]);
    const owners = await rows<{ id: string; event_id: string }>(
      database.db,
      sql`SELECT id, event_id::text FROM markets WHERE id IN ('m801', 'm802') ORDER BY id`,
    );
    expect(owners).toEqual([
      { id: 'm801', event_id: '802' },
      { id: 'm802', event_id: '801' },
    ]);
  });

  it("merges a catalog tag into the file's tag with the same slug (the file's id wins)", async () => {
    const mine: Event = {
      ...generateCatalog({ events: 1, now: new Date('2026-11-22T00:00:00Z') })[0]!,
      tags: [{ id: '8801', label: 'Old label', slug: 'merge-me' }],
      series: [{ id: '8802', slug: 'merge-series', title: 'Old' }],
    };
    await upsertEvents(database.db, [mine]);
    const report = await importEvents(database.db, [
      raw('901', {
        tags: [{ id: '8811', label: 'New label', slug: 'merge-me' }],
        series: [{ id: 8812, slug: 'merge-series', title: 'New' }],
      }),
    ]);
    expect(report.errors).toEqual([]);
    expect(report.merged).toEqual([
      'tag "merge-me": catalog tag 8801 merged into 8811 from the file',
      'series "merge-series": catalog series 8802 merged into 8812 from the file',
    ]);
    const links = await rows<{ tag_id: string }>(
      database.db,
      sql`SELECT tag_id::text FROM event_tags WHERE event_id = ${mine.id}::bigint`,
    );
    expect(links).toEqual([{ tag_id: '8811' }]);
    const [series] = await rows<{ series_id: string }>(
      database.db,
      sql`SELECT series_id::text FROM event_series WHERE event_id = ${mine.id}::bigint`,
    );
    expect(series?.series_id).toBe('8812');
    expect(await rows(database.db, sql`SELECT 1 FROM tags WHERE id = 8801`)).toHaveLength(0);
  });

  it('counts events skipped for having only placeholder markets, and imports the rest', async () => {
    const report = await importEvents(database.db, [raw('1001'), raw('1002', {}, { conditionId: '' })]);
    expect(report).toMatchObject({ total: 2, imported: 1, skipped: 1, errors: [] });
    expect(await rows(database.db, sql`SELECT 1 FROM events WHERE id = 1002`)).toHaveLength(0);
  });

  it('knows all three fixture files', () => {
    expect(Object.keys(FIXTURE_FILES)).toHaveLength(3);
  });
});

describe('seeding and generate', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  it('seeds an empty catalog once, then leaves it alone', async () => {
    const logs: object[] = [];
    expect(await seedIfEmpty(database, 0, () => {})).toBe(false);
    expect(await count(database, 'events')).toBe(0);
    expect(await seedIfEmpty(database, 60, (_m, d) => logs.push(d))).toBe(true);
    expect(await count(database, 'events')).toBe(60);
    expect(logs).toEqual([expect.objectContaining({ events: 60 })]);
    // Statistics are fresh (PGlite has no autovacuum): the planner knows the real row count.
    const [stats] = await rows<{ n: number }>(
      database.db,
      sql`SELECT reltuples::int AS n FROM pg_class WHERE relname = 'events'`,
    );
    expect(stats?.n).toBe(60);
    // Each event's move24hr (the Movers list) is what its document shows, from the demo's histories.
    const moves = await rows<{ move: number; body: string }>(
      database.db,
      sql`SELECT e.move24hr AS move, d.body FROM events e JOIN event_documents d ON d.event_id = e.id`,
    );
    expect(moves).toHaveLength(60);
    for (const { move, body } of moves) expect(move).toBe(eventMove24hr(JSON.parse(body) as Event));
    expect(moves.filter(({ move }) => move > 0).length).toBeGreaterThan(10);
    expect(await seedIfEmpty(database, 60, () => {})).toBe(false);
    expect(await count(database, 'events')).toBe(60);
  });

  it('generate replaces the whole catalog, imported events included, and keeps every index', async () => {
    const indexes = () =>
      rows<{ name: string }>(
        database.db,
        sql`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'events' ORDER BY 1`,
      );
    const before = await indexes();
    expect(before.length).toBeGreaterThan(5);
    await importEvents(database.db, [raw('42')]);
    const loaded = await replaceWithGenerated(database.db, {
      events: 25,
      seed: 'other',
      now: new Date('2026-01-01'),
    });
    expect(loaded.events).toBe(25);
    expect(await count(database, 'events')).toBe(25);
    expect(await rows(database.db, sql`SELECT 1 FROM events WHERE id = 42`)).toHaveLength(0);
    expect(await count(database, 'markets')).toBe(loaded.markets);
    expect(await rows(database.db, sql`SELECT 1 FROM tags WHERE id = 7001`)).toHaveLength(0);
    expect(await indexes()).toEqual(before);
  });
});
