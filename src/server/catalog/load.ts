import { sql } from 'drizzle-orm';
import type { Event, Series, Tag } from '../../contract/catalog';
import { bigintArray, type Db, rows } from '../db/open';
import { linkMarketsToHistory } from './market-marks';
import { writeEventDocuments } from './event-documents';

/** Events per statement: keeps each JSON parameter small enough for PGlite's memory. */
const CHUNK = 2000;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Upserts events with their markets, tags and series in one transaction, and counts the load
 * (catalog_loads). Re-importing an event replaces its markets, tags and series links. One `json_to_recordset` statement per table and
 * chunk instead of row-by-row inserts (see TOOLCHAIN: PGlite bulk loads).
 */
export async function upsertEvents(db: Db, events: readonly Event[]): Promise<void> {
  if (events.length === 0) return;
  // On PostgreSQL a load can deadlock with a server's catalog follower writing the same market rows in
  // another order; PostgreSQL then rolls one of them back whole, and the load, all or nothing, can run again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await upsertOnce(db, events);
    } catch (err) {
      if (attempt >= DEADLOCK_ATTEMPTS || !isDeadlock(err)) throw err;
    }
  }
}

const DEADLOCK_ATTEMPTS = 3;

/** PostgreSQL's "deadlock detected" (40P01), as thrown or as the cause of drizzle's "Failed query". */
function isDeadlock(err: unknown): boolean {
  for (let e = err; typeof e === 'object' && e !== null; ) {
    if ((e as { code?: unknown }).code === '40P01') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

async function upsertOnce(db: Db, events: readonly Event[]): Promise<void> {
  await db.transaction(async (tx) => {
    const renamedTags = await upsertTags(tx, uniqueById(events.flatMap((e) => e.tags)));
    const renamedSeries = await upsertSeries(tx, uniqueById(events.flatMap((e) => e.series)));
    for (let i = 0; i < events.length; i += CHUNK) await upsertChunk(tx, events.slice(i, i + CHUNK));
    // Other events that show a tag or series whose label, title or slug this load changed.
    const loaded = new Set(events.map((e) => e.id));
    const showing = await rows<{ id: string }>(
      tx,
      sql`SELECT event_id::text AS id FROM event_tags WHERE tag_id = ANY(${bigintArray(renamedTags)})
          UNION SELECT event_id::text FROM event_series WHERE series_id = ANY(${bigintArray(renamedSeries)})`,
    );
    await writeEventDocuments(
      tx,
      showing.map((row) => row.id).filter((id) => !loaded.has(id)),
    );
    // Tells every process, at this commit, that markets may have closed, gone or changed tick (schema: catalog_loads).
    await tx.execute(sql`UPDATE catalog_loads SET count = count + 1 WHERE id = 1`);
  });
}

function uniqueById<T extends { id: string }>(items: T[]): T[] {
  return [...new Map(items.map((item) => [item.id, item])).values()];
}

const json = (value: unknown) => sql`${JSON.stringify(value)}::json`;

/** Upserts tags; returns the ids of those new or changed (events showing them need new documents). */
async function upsertTags(tx: Tx, tags: Tag[]): Promise<string[]> {
  const changed: string[] = [];
  for (let i = 0; i < tags.length; i += CHUNK) {
    const written = await rows<{ id: string }>(
      tx,
      sql`
      INSERT INTO tags (id, label, slug)
      SELECT id::bigint, label, slug FROM json_to_recordset(${json(tags.slice(i, i + CHUNK))})
        AS t(id text, label text, slug text)
      ON CONFLICT (id) DO UPDATE SET label = EXCLUDED.label, slug = EXCLUDED.slug
        WHERE (tags.label, tags.slug) IS DISTINCT FROM (EXCLUDED.label, EXCLUDED.slug)
      RETURNING id::text AS id`,
    );
    changed.push(...written.map((row) => row.id));
  }
  return changed;
}

/** Upserts series; returns the ids of those new or changed. */
async function upsertSeries(tx: Tx, series: Series[]): Promise<string[]> {
  const changed: string[] = [];
  for (let i = 0; i < series.length; i += CHUNK) {
    const written = await rows<{ id: string }>(
      tx,
      sql`
      INSERT INTO series (id, slug, title)
      SELECT id::bigint, slug, title FROM json_to_recordset(${json(series.slice(i, i + CHUNK))})
        AS t(id text, slug text, title text)
      ON CONFLICT (id) DO UPDATE SET slug = EXCLUDED.slug, title = EXCLUDED.title
        WHERE (series.slug, series.title) IS DISTINCT FROM (EXCLUDED.slug, EXCLUDED.title)
      RETURNING id::text AS id`,
    );
    changed.push(...written.map((row) => row.id));
  }
  return changed;
}

async function upsertChunk(tx: Tx, events: Event[]): Promise<void> {
  const rows = events.map(({ tags: _t, series: _s, markets: _m, ...event }) => event);
  const ids = json(events.map((e) => e.id));
  await tx.execute(sql`
    INSERT INTO events (id, slug, title, description, active, closed, liquidity, volume, volume24hr,
                        start_date, end_date, image)
    SELECT id::bigint, slug, title, description, active, closed, liquidity, volume, "volume24hr",
           "startDate"::timestamptz, "endDate"::timestamptz, image
    FROM json_to_recordset(${json(rows)}) AS t(id text, slug text, title text, description text,
      active boolean, closed boolean, liquidity float8, volume float8, "volume24hr" float8,
      "startDate" text, "endDate" text, image text)
    ON CONFLICT (id) DO UPDATE SET slug = EXCLUDED.slug, title = EXCLUDED.title,
      description = EXCLUDED.description, active = EXCLUDED.active, closed = EXCLUDED.closed,
      liquidity = EXCLUDED.liquidity, volume = EXCLUDED.volume, volume24hr = EXCLUDED.volume24hr,
      start_date = EXCLUDED.start_date, end_date = EXCLUDED.end_date, image = EXCLUDED.image`);

  const markets = events.flatMap((e) => e.markets.map((m, position) => ({ ...m, eventId: e.id, position })));
  await recordTickChanges(tx, markets);
  // Replace what belongs to these events.
  for (const table of ['markets', 'event_tags', 'event_series']) {
    await tx.execute(sql`DELETE FROM ${sql.identifier(table)}
      WHERE event_id IN (SELECT value::bigint FROM json_array_elements_text(${ids}))`);
  }

  await tx.execute(sql`
    INSERT INTO markets (id, event_id, position, question, condition_id, outcomes, outcome_prices,
                         clob_token_ids, slug, active, closed, description, start_date, end_date, image,
                         volume, liquidity, market_maker_address, neg_risk, group_item_title,
                         order_price_min_tick_size, order_min_size)
    SELECT id, "eventId"::bigint, position, question, "conditionId", outcomes, "outcomePrices",
           ARRAY(SELECT json_array_elements_text("clobTokenIds")), slug, active, closed, description,
           "startDate"::timestamptz, "endDate"::timestamptz, image, "volumeNum", "liquidityNum",
           "marketMakerAddress", "negRisk", "groupItemTitle", "orderPriceMinTickSize", "orderMinSize"
    FROM json_to_recordset(${json(markets)}) AS t(id text, "eventId" text, position int, question text,
      "conditionId" text, outcomes text, "outcomePrices" text, "clobTokenIds" json, slug text,
      active boolean, closed boolean, description text, "startDate" text, "endDate" text, image text,
      "volumeNum" float8, "liquidityNum" float8, "marketMakerAddress" text, "negRisk" boolean,
      "groupItemTitle" text, "orderPriceMinTickSize" float8, "orderMinSize" float8)
    ON CONFLICT (id) DO UPDATE SET event_id = EXCLUDED.event_id, position = EXCLUDED.position,
      question = EXCLUDED.question, condition_id = EXCLUDED.condition_id, outcomes = EXCLUDED.outcomes,
      outcome_prices = EXCLUDED.outcome_prices, clob_token_ids = EXCLUDED.clob_token_ids,
      slug = EXCLUDED.slug, active = EXCLUDED.active, closed = EXCLUDED.closed,
      description = EXCLUDED.description, start_date = EXCLUDED.start_date, end_date = EXCLUDED.end_date,
      image = EXCLUDED.image, volume = EXCLUDED.volume, liquidity = EXCLUDED.liquidity,
      market_maker_address = EXCLUDED.market_maker_address, neg_risk = EXCLUDED.neg_risk,
      group_item_title = EXCLUDED.group_item_title,
      order_price_min_tick_size = EXCLUDED.order_price_min_tick_size, order_min_size = EXCLUDED.order_min_size`);
  // Price history looks its tokens up here (src/server/history).
  await linkMarketsToHistory(
    tx,
    events.map((e) => e.id),
  );

  const links = (key: 'tags' | 'series') =>
    json(events.flatMap((e) => e[key].map((x, position) => ({ e: e.id, x: x.id, position }))));
  await tx.execute(sql`
    INSERT INTO event_tags (event_id, tag_id, position)
    SELECT e::bigint, x::bigint, position FROM json_to_recordset(${links('tags')}) AS t(e text, x text, position int)
    ON CONFLICT DO NOTHING`);
  await tx.execute(sql`
    INSERT INTO event_series (event_id, series_id, position)
    SELECT e::bigint, x::bigint, position FROM json_to_recordset(${links('series')}) AS t(e text, x text, position int)
    ON CONFLICT DO NOTHING`);
  await writeEventDocuments(
    tx,
    events.map((e) => e.id),
  );
}

/**
 * Notes, before the markets are replaced, each market with a book (two outcomes, active, not closed)
 * that keeps one under a new tick, with its tick until now: the exchange announces the change
 * (market_tick_changes). The catalog keeps no earlier tick anywhere else.
 */
async function recordTickChanges(tx: Tx, markets: Event['markets']): Promise<void> {
  const incoming = markets
    .filter((m) => m.active && !m.closed && m.clobTokenIds.length === 2)
    .map((m) => ({ id: m.id, tick: m.orderPriceMinTickSize }));
  if (incoming.length === 0) return;
  await tx.execute(sql`
    INSERT INTO market_tick_changes (market_id, old_tick)
    SELECT m.id, m.order_price_min_tick_size
    FROM json_to_recordset(${json(incoming)}) AS t(id text, tick float8)
    JOIN markets m ON m.id = t.id
    WHERE m.order_price_min_tick_size <> t.tick
      AND m.active AND NOT m.closed AND cardinality(m.clob_token_ids) = 2`);
}
