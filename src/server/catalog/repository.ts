import { type SQL, sql } from 'drizzle-orm';
import type { Event, Market, OrderField, Series, Tag, TagWithCount } from '../../contract/catalog';
import type { EventsQuery } from '../../contract/catalog-query';
import { type Db, rows } from '../db/open';
import { dayAgoPriceColumn, withOneDayChange } from '../history/one-day-change';

/**
 * The one module that owns the catalog's SQL. A page of events is one query (plus a count), then
 * its markets, tags and series in one query each for all of the page's events: never per event.
 */

/** Ids are bigint columns: a decimal id beyond int8 cannot exist, so it matches nothing (no cast error). */
const INT8_MAX = 9_223_372_036_854_775_807n;
const fitsInt8 = (id: string) => /^[0-9]+$/.test(id) && BigInt(id) <= INT8_MAX;

export interface EventPage {
  events: Event[];
  /** Events matching the filters, ignoring limit and offset (X-Total-Count). */
  total: number;
}

interface EventRow {
  id: string;
  slug: string;
  title: string;
  description: string;
  active: boolean;
  closed: boolean;
  liquidity: number;
  volume: number;
  volume24hr: number;
  startDate: string;
  endDate: string;
  image: string;
}

// Timestamps leave the database as ISO 8601 UTC text (…Z), the same on PGlite and node-postgres.
const isoUtc = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const EVENT_COLUMNS = sql`e.id::text AS id, e.slug, e.title, e.description, e.active, e.closed,
  e.liquidity, e.volume, e.volume24hr AS "volume24hr", ${isoUtc(sql`e.start_date`)} AS "startDate",
  ${isoUtc(sql`e.end_date`)} AS "endDate", e.image`;

const ORDER_COLUMN: Record<OrderField, SQL> = {
  volume: sql`e.volume`,
  volume24hr: sql`e.volume24hr`,
  liquidity: sql`e.liquidity`,
  startDate: sql`e.start_date`,
  endDate: sql`e.end_date`,
  id: sql`e.id`,
  // Case-insensitive; matches the events_title_lower_idx expression index.
  title: sql`lower(e.title)`,
};

/** `%`, `_` and `\` are literal in `q`: escape them for LIKE (backslash is LIKE's default escape). */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The WHERE clause of an /events query, or null when it can match nothing. */
function filters(query: EventsQuery): SQL | null {
  const where: SQL[] = [];
  if (query.id) {
    const ids = query.id.filter(fitsInt8);
    if (ids.length === 0) return null;
    where.push(sql`e.id IN (SELECT unnest(${`{${ids.join(',')}}`}::bigint[]))`);
  }
  if (query.slug)
    where.push(sql`e.slug IN (SELECT json_array_elements_text(${JSON.stringify(query.slug)}::json))`);
  if (query.tag_id !== undefined) {
    if (!fitsInt8(query.tag_id)) return null;
    where.push(
      sql`EXISTS (SELECT 1 FROM event_tags et WHERE et.event_id = e.id AND et.tag_id = ${query.tag_id}::bigint)`,
    );
  }
  if (query.tag_slug !== undefined) {
    where.push(sql`EXISTS (SELECT 1 FROM event_tags et JOIN tags t ON t.id = et.tag_id
      WHERE et.event_id = e.id AND t.slug = ${query.tag_slug})`);
  }
  if (query.series_id !== undefined) {
    if (!fitsInt8(query.series_id)) return null;
    where.push(
      sql`EXISTS (SELECT 1 FROM event_series es WHERE es.event_id = e.id AND es.series_id = ${query.series_id}::bigint)`,
    );
  }
  if (query.active !== undefined) where.push(sql`e.active = ${query.active}`);
  if (query.closed !== undefined) where.push(sql`e.closed = ${query.closed}`);
  if (query.q !== undefined) where.push(sql`e.title ILIKE ${likePattern(query.q)}`);
  if (query.end_date_min !== undefined) where.push(sql`e.end_date >= ${query.end_date_min}::timestamptz`);
  if (query.end_date_max !== undefined) where.push(sql`e.end_date <= ${query.end_date_max}::timestamptz`);
  if (query.volume_min !== undefined) where.push(sql`e.volume >= ${query.volume_min}::float8`);
  if (query.liquidity_min !== undefined) where.push(sql`e.liquidity >= ${query.liquidity_min}::float8`);
  return where.length > 0 ? sql.join(where, sql` AND `) : sql`TRUE`;
}

/** ORDER BY for the query: every field in the one direction, then id ascending to break ties. */
function ordering(query: EventsQuery): SQL {
  const direction = query.ascending ? sql`ASC` : sql`DESC`;
  const parts = query.order.map((field) => sql`${ORDER_COLUMN[field]} ${direction}`);
  if (!query.order.includes('id')) parts.push(sql`e.id ASC`);
  return sql.join(parts, sql`, `);
}

/** One page of events matching the query, with the total count of matches. */
export async function listEvents(db: Db, query: EventsQuery): Promise<EventPage> {
  const [page, total] = await Promise.all([listEventPage(db, query), countEvents(db, query)]);
  return { events: page, total };
}

/** The page alone (no count): what the response cache needs when the count is already known. */
export async function listEventPage(db: Db, query: EventsQuery): Promise<Event[]> {
  const where = filters(query);
  if (where === null || query.limit === 0) return [];
  const base = await rows<EventRow>(
    db,
    sql`SELECT ${EVENT_COLUMNS} FROM events e WHERE ${where}
        ORDER BY ${ordering(query)} LIMIT ${query.limit} OFFSET ${query.offset}`,
  );
  return hydrate(db, base);
}

/** The number of events matching the query's filters (limit, offset and order ignored). */
export async function countEvents(db: Db, query: EventsQuery): Promise<number> {
  const where = filters(query);
  if (where === null) return 0;
  const [row] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM events e WHERE ${where}`);
  return row?.n ?? 0;
}

export async function getEventById(db: Db, id: string): Promise<Event | null> {
  if (!fitsInt8(id)) return null;
  const base = await rows<EventRow>(
    db,
    sql`SELECT ${EVENT_COLUMNS} FROM events e WHERE e.id = ${id}::bigint`,
  );
  return (await hydrate(db, base))[0] ?? null;
}

export async function getEventBySlug(db: Db, slug: string): Promise<Event | null> {
  const base = await rows<EventRow>(db, sql`SELECT ${EVENT_COLUMNS} FROM events e WHERE e.slug = ${slug}`);
  return (await hydrate(db, base))[0] ?? null;
}

/** All tags with the number of events carrying each, by id. */
export async function listTags(db: Db): Promise<TagWithCount[]> {
  return rows<TagWithCount>(
    db,
    sql`SELECT t.id::text AS id, t.label, t.slug,
          (SELECT count(*)::int FROM event_tags et WHERE et.tag_id = t.id) AS "eventCount"
        FROM tags t ORDER BY t.id`,
  );
}

export async function getTagById(db: Db, id: string): Promise<TagWithCount | null> {
  if (!fitsInt8(id)) return null;
  const [tag] = await rows<TagWithCount>(
    db,
    sql`SELECT t.id::text AS id, t.label, t.slug,
          (SELECT count(*)::int FROM event_tags et WHERE et.tag_id = t.id) AS "eventCount"
        FROM tags t WHERE t.id = ${id}::bigint`,
  );
  return tag ?? null;
}

/** All series, by id. */
export async function listSeries(db: Db): Promise<Series[]> {
  return rows<Series>(db, sql`SELECT s.id::text AS id, s.slug, s.title FROM series s ORDER BY s.id`);
}

export async function getSeriesById(db: Db, id: string): Promise<Series | null> {
  if (!fitsInt8(id)) return null;
  const [series] = await rows<Series>(
    db,
    sql`SELECT s.id::text AS id, s.slug, s.title FROM series s WHERE s.id = ${id}::bigint`,
  );
  return series ?? null;
}

interface MarketRow extends Market {
  eventId: string;
}
interface TagRow extends Tag {
  eventId: string;
}
interface SeriesRow extends Series {
  eventId: string;
}

/** Events with their markets, tags and series: three queries for the whole page, in stored order. */
async function hydrate(db: Db, base: EventRow[]): Promise<Event[]> {
  if (base.length === 0) return [];
  const ids = sql`(SELECT unnest(${`{${base.map((e) => e.id).join(',')}}`}::bigint[]))`;
  const [markets, tags, series] = await Promise.all([
    rows<MarketRow>(
      db,
      sql`SELECT m.event_id::text AS "eventId", m.id, m.question, m.condition_id AS "conditionId",
            m.outcomes, m.outcome_prices AS "outcomePrices", m.clob_token_ids AS "clobTokenIds",
            ${dayAgoPriceColumn(sql`m`)} AS "dayAgoPrice"
          FROM markets m WHERE m.event_id IN ${ids} ORDER BY m.event_id, m.position`,
    ),
    rows<TagRow>(
      db,
      sql`SELECT et.event_id::text AS "eventId", t.id::text AS id, t.label, t.slug
          FROM event_tags et JOIN tags t ON t.id = et.tag_id
          WHERE et.event_id IN ${ids} ORDER BY et.event_id, et.position`,
    ),
    rows<SeriesRow>(
      db,
      sql`SELECT es.event_id::text AS "eventId", s.id::text AS id, s.slug, s.title
          FROM event_series es JOIN series s ON s.id = es.series_id
          WHERE es.event_id IN ${ids} ORDER BY es.event_id, es.position`,
    ),
  ]);
  const byEvent = <R extends { eventId: string }, T>(list: R[], shape: (row: R) => T) => {
    const map = new Map<string, T[]>();
    for (const row of list) {
      const items = map.get(row.eventId);
      if (items) items.push(shape(row));
      else map.set(row.eventId, [shape(row)]);
    }
    return map;
  };
  const marketsOf = byEvent(markets, ({ eventId: _, ...m }) => withOneDayChange(m) as Market);
  const tagsOf = byEvent(tags, (t) => ({ id: t.id, label: t.label, slug: t.slug }));
  const seriesOf = byEvent(series, (s) => ({ id: s.id, slug: s.slug, title: s.title }));
  return base.map((e) => ({
    ...e,
    tags: tagsOf.get(e.id) ?? [],
    series: seriesOf.get(e.id) ?? [],
    markets: marketsOf.get(e.id) ?? [],
  }));
}
