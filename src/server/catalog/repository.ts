import { type SQL, sql } from 'drizzle-orm';
import type {
  Event,
  Market,
  MarketWithEvent,
  OrderField,
  Series,
  Tag,
  TagWithCount,
} from '../../contract/catalog';
import type { MarketOrderField, SeriesQuery, TagsQuery } from '../../contract/dialect-query';
import type { EventFilters } from '../../contract/event-parameters';
import { bigintArray, type Db, rows } from '../db/open';
import { arrayParam, PreparedStatement, runStatement } from '../db/prepared';
import { documentCache } from './document-cache';
import { withOneDayChange } from './one-day-change';
import { JsonText } from '../http/json-text';

/**
 * The one module that owns the catalog's SQL. A page of events is one query (plus a count): the
 * page's ids in their order, joined after the limit to each event's stored document (on a list's
 * first page, only the documents it did not show last time: see documentsOf).
 */

/** Ids are bigint columns: a decimal id beyond int8 cannot exist, so it matches nothing (no cast error). */
const INT8_MAX = 9_223_372_036_854_775_807n;
export const fitsInt8 = (id: string) => /^[0-9]+$/.test(id) && BigInt(id) <= INT8_MAX;

// Timestamps leave the database as ISO 8601 UTC text (…Z), the same on PGlite and node-postgres.
const isoUtc = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** `%`, `_` and `\` are literal in `q`: escape them for LIKE (backslash is LIKE's default escape). */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * `column = ANY(…)` of a list: one index scan over the sorted keys. (`IN (SELECT unnest(…))` plans a
 * nested loop of one index probe per key, and planned ~100x slower on a page of 100 events.)
 */
const anyBigint = (column: SQL, ids: string[]) => sql`${column} = ANY(${bigintArray(ids)})`;
const anyText = (column: SQL, values: string[]) =>
  sql`${column} = ANY(ARRAY(SELECT json_array_elements_text(${JSON.stringify(values)}::json)))`;
/** Ids that fit a bigint column, or null when none does (nothing can match them). */
const storable = (ids: string[]) => {
  const fit = ids.filter(fitsInt8);
  return fit.length > 0 ? fit : null;
};

/** Conditions on the event table `e` shared by events and markets (a market's tags are its event's). */
function tagConditions(
  f: Pick<EventFilters, 'tag_id' | 'tag_match' | 'exclude_tag_id' | 'tag_slug'>,
): SQL[] | null {
  const where: SQL[] = [];
  if (f.tag_id) {
    const ids = storable(f.tag_id);
    if (!ids) return null;
    if (f.tag_match === 'all') {
      for (const id of new Set(ids))
        where.push(
          sql`EXISTS (SELECT 1 FROM event_tags et WHERE et.event_id = e.id AND et.tag_id = ${id}::bigint)`,
        );
    } else {
      where.push(
        sql`EXISTS (SELECT 1 FROM event_tags et WHERE et.event_id = e.id AND ${anyBigint(sql`et.tag_id`, ids)})`,
      );
    }
  }
  if (f.exclude_tag_id) {
    const ids = storable(f.exclude_tag_id);
    if (ids)
      where.push(
        sql`NOT EXISTS (SELECT 1 FROM event_tags et WHERE et.event_id = e.id AND ${anyBigint(sql`et.tag_id`, ids)})`,
      );
  }
  if (f.tag_slug !== undefined) {
    where.push(sql`EXISTS (SELECT 1 FROM event_tags et JOIN tags t ON t.id = et.tag_id
      WHERE et.event_id = e.id AND ${anyText(sql`t.slug`, f.tag_slug)})`);
  }
  return where;
}

/** Range conditions on a table's columns (`e.` or `m.`), each inclusive. */
function rangeConditions(
  table: SQL,
  f: Pick<EventFilters, 'end_date_min' | 'end_date_max' | 'start_date_min' | 'start_date_max'> & {
    volume_min?: number;
    volume_max?: number;
    liquidity_min?: number;
    liquidity_max?: number;
  },
): SQL[] {
  const where: SQL[] = [];
  const column = (name: string) => sql`${table}.${sql.identifier(name)}`;
  if (f.end_date_min !== undefined) where.push(sql`${column('end_date')} >= ${f.end_date_min}::timestamptz`);
  if (f.end_date_max !== undefined) where.push(sql`${column('end_date')} <= ${f.end_date_max}::timestamptz`);
  if (f.start_date_min !== undefined)
    where.push(sql`${column('start_date')} >= ${f.start_date_min}::timestamptz`);
  if (f.start_date_max !== undefined)
    where.push(sql`${column('start_date')} <= ${f.start_date_max}::timestamptz`);
  if (f.volume_min !== undefined) where.push(sql`${column('volume')} >= ${f.volume_min}::float8`);
  if (f.volume_max !== undefined) where.push(sql`${column('volume')} <= ${f.volume_max}::float8`);
  if (f.liquidity_min !== undefined) where.push(sql`${column('liquidity')} >= ${f.liquidity_min}::float8`);
  if (f.liquidity_max !== undefined) where.push(sql`${column('liquidity')} <= ${f.liquidity_max}::float8`);
  return where;
}

/** The WHERE clause of an event list, or null when it can match nothing. */
function filters(f: EventFilters): SQL | null {
  if (f.absent) return null;
  const where: SQL[] = [];
  if (f.id) {
    const ids = storable(f.id);
    if (!ids) return null;
    where.push(anyBigint(sql`e.id`, ids));
  }
  if (f.slug) where.push(anyText(sql`e.slug`, f.slug));
  const tagged = tagConditions(f);
  if (!tagged) return null;
  where.push(...tagged);
  if (f.series_id) {
    const ids = storable(f.series_id);
    if (!ids) return null;
    where.push(
      sql`EXISTS (SELECT 1 FROM event_series es WHERE es.event_id = e.id AND ${anyBigint(sql`es.series_id`, ids)})`,
    );
  }
  if (f.active !== undefined) where.push(sql`e.active = ${f.active}`);
  if (f.closed !== undefined) where.push(sql`e.closed = ${f.closed}`);
  for (const q of f.title ?? []) where.push(sql`e.title ILIKE ${likePattern(q)}`);
  where.push(...rangeConditions(sql`e`, f));
  return where.length > 0 ? sql.join(where, sql` AND `) : sql`TRUE`;
}

// ---------- sort keys and keyset pages ----------

/** One column of a list's order: how it sorts, how its value is written into a cursor and read back. */
interface SortKey {
  column: SQL;
  /** The column's value as exact text (what a cursor carries). */
  text: SQL;
  /** The SQL type that text is read back as. */
  type: SQL;
  descending: boolean;
}

const numberKey = (column: SQL, descending: boolean): SortKey => ({
  column,
  // float8 text output is the shortest exact form (PostgreSQL 12+), so it reads back to the same value.
  text: sql`${column}::text`,
  type: sql`float8`,
  descending,
});
const timeKey = (column: SQL, descending: boolean): SortKey => ({
  column,
  text: sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  type: sql`timestamptz`,
  descending,
});
const textKey = (column: SQL, descending: boolean): SortKey => ({
  column,
  text: column,
  type: sql`text`,
  descending,
});

const EVENT_KEY: Record<OrderField, (descending: boolean) => SortKey> = {
  volume: (d) => numberKey(sql`e.volume`, d),
  volume24hr: (d) => numberKey(sql`e.volume24hr`, d),
  liquidity: (d) => numberKey(sql`e.liquidity`, d),
  // Descending as the negated column, ascending: one scan of events_move24hr_desc_idx gives the
  // order with ties by id ascending, and a position inside the (large) tie at 0 is a seek.
  move24hr: (d) => (d ? numberKey(sql`(-e.move24hr)`, false) : numberKey(sql`e.move24hr`, false)),
  startDate: (d) => timeKey(sql`e.start_date`, d),
  endDate: (d) => timeKey(sql`e.end_date`, d),
  id: (d) => ({ column: sql`e.id`, text: sql`e.id::text`, type: sql`bigint`, descending: d }),
  // Case-insensitive; matches the events_title_lower_idx expression index.
  title: (d) => textKey(sql`lower(e.title)`, d),
};

/** Market ids are text and sort as numbers do: shorter first, then digit by digit (byte order). */
const marketIdKeys = (descending: boolean): SortKey[] => [
  { column: sql`length(m.id)`, text: sql`length(m.id)::text`, type: sql`integer`, descending },
  textKey(sql`(m.id COLLATE "C")`, descending),
];

const MARKET_KEY: Record<Exclude<MarketOrderField, 'id'>, (descending: boolean) => SortKey> = {
  volume: (d) => numberKey(sql`m.volume`, d),
  volumeNum: (d) => numberKey(sql`m.volume`, d),
  liquidity: (d) => numberKey(sql`m.liquidity`, d),
  liquidityNum: (d) => numberKey(sql`m.liquidity`, d),
  startDate: (d) => timeKey(sql`m.start_date`, d),
  endDate: (d) => timeKey(sql`m.end_date`, d),
};

/** The order's keys, all in one direction, up to id; then id ascending when the order did not reach it. */
function eventSortKeys(order: readonly OrderField[], ascending: boolean): SortKey[] {
  const keys: SortKey[] = [];
  for (const field of order) {
    keys.push(EVENT_KEY[field](!ascending));
    if (field === 'id') return keys;
  }
  return [...keys, EVENT_KEY.id(false)];
}

function marketSortKeys(order: readonly MarketOrderField[], ascending: boolean): SortKey[] {
  const keys: SortKey[] = [];
  for (const field of order) {
    if (field === 'id') return [...keys, ...marketIdKeys(!ascending)];
    keys.push(MARKET_KEY[field](!ascending));
  }
  return [...keys, ...marketIdKeys(false)];
}

const orderBy = (keys: SortKey[]) =>
  sql.join(
    keys.map((k) => sql`${k.column} ${k.descending ? sql`DESC` : sql`ASC`}`),
    sql`, `,
  );

/**
 * Rows strictly after the position `values` in the keys' order: (k1 > v1) OR (k1 = v1 AND k2 > v2) …,
 * each comparison turned for descending keys, plus k1 ≥ v1 alone so the first key's index bounds the
 * scan: a page deep in the list costs what the first page costs. Keys all in one direction are one
 * row comparison instead, (k1, k2) > (v1, v2), which bounds the scan on every key.
 */
function after(keys: SortKey[], values: string[]): SQL {
  const value = (i: number) => sql`${values[i]}::${keys[i]!.type}`;
  // All in one direction: one row comparison, which the order's index seeks to even inside a tie.
  if (keys.every((k) => k.descending === keys[0]!.descending))
    return sql`(${sql.join(
      keys.map((k) => k.column),
      sql`, `,
    )}) ${keys[0]!.descending ? sql`<` : sql`>`} (${sql.join(
      keys.map((_, i) => value(i)),
      sql`, `,
    )})`;
  const beyond = (i: number) => (keys[i]!.descending ? sql`<` : sql`>`);
  const alternatives = keys.map((key, i) => {
    const equal = keys.slice(0, i).map((k, j) => sql`${k.column} = ${value(j)}`);
    return sql.join([...equal, sql`${key.column} ${beyond(i)} ${value(i)}`], sql` AND `);
  });
  const first = keys[0]!;
  return sql`${first.column} ${first.descending ? sql`<=` : sql`>=`} ${value(0)} AND (${sql.join(
    alternatives.map((a) => sql`(${a})`),
    sql` OR `,
  )})`;
}

/** The key columns selected beside a row, as `k0`, `k1`…, for the next cursor. */
const keyColumns = (keys: SortKey[]) =>
  sql.join(
    keys.map((k, i) => sql`${k.text} AS ${sql.identifier(`k${i}`)}`),
    sql`, `,
  );
const keyValues = (row: Record<string, unknown>, keys: SortKey[]) => keys.map((_, i) => String(row[`k${i}`]));

/** A keyset page: its items, and the last item's key values when more follow. */
export interface KeysetPage<T> {
  items: T[];
  next: string[] | null;
}

/** Keys of a keyset list, and how many values a cursor for it carries. */
export function eventKeyCount(order: readonly OrderField[], ascending: boolean): number {
  return eventSortKeys(order, ascending).length;
}
export function marketKeyCount(order: readonly MarketOrderField[], ascending: boolean): number {
  return marketSortKeys(order, ascending).length;
}

/**
 * The rows after a position (or from the start) in the keys' order, one more than asked to know
 * whether more follow, with the last row's key values as the next position. `wrap` may build the
 * final query around the page's (events join their documents after the limit).
 */
async function readKeyset<R extends object>(
  db: Db,
  from: SQL,
  where: SQL,
  keys: SortKey[],
  limit: number,
  position: string[] | null,
  wrap: (page: SQL) => SQL = (page) => page,
): Promise<{ rows: R[]; next: string[] | null }> {
  const found = await rows<R & Record<string, unknown>>(
    db,
    wrap(sql`SELECT ${keyColumns(keys)}, ${from}
        WHERE ${where}${position ? sql` AND ${after(keys, position)}` : sql``}
        ORDER BY ${orderBy(keys)} LIMIT ${limit + 1}`),
  );
  const page = found.slice(0, limit);
  return { rows: page, next: found.length > limit ? keyValues(page[page.length - 1]!, keys) : null };
}

/**
 * An event as the catalog serves it: its stored document (event-documents.ts), JSON text that goes
 * into a response as it is.
 */
export type EventDocument = JsonText;

/** The sort columns selected beside a page's ids, as `s0`, `s1`…, for ordering after the join. */
const sortColumns = (keys: SortKey[]) =>
  sql.join(
    keys.map((k, i) => sql`${k.column} AS ${sql.identifier(`s${i}`)}`),
    sql`, `,
  );

/**
 * The version of a document's row: the transaction that wrote it (xmin) and where (ctid), which two
 * writes of one transaction do not share.
 */
const ROW_VERSION = sql.raw(`d.xmin::text || ':' || d.ctid::text`);

/**
 * A page's rows in the page's order, each with its event's document. With `held` (a first page:
 * see documentsOf), each row also carries its event's id and its document's row version, and the
 * document only when its version is not among `held`. `page` selects `id` and the sort columns
 * (plus the `carry` columns, returned beside each) with its order, limit and offset: the documents
 * are joined after the limit, so an offset deep in a list never reads the ones it skips.
 */
function withDocuments(page: SQL, keys: SortKey[], held: string[] | null, carry: string[] = []): SQL {
  const carried = carry.map((c) => sql`p.${sql.identifier(c)}, `);
  const order = keys.map((k, i) => ({ ...k, column: sql`p.${sql.identifier(`s${i}`)}` }));
  const document = held
    ? sql`p.id::text AS id, ${ROW_VERSION} AS revision,
        CASE WHEN ${ROW_VERSION} = ANY(${arrayParam(held)}::text[]) THEN NULL ELSE d.body END AS body`
    : sql`d.body`;
  return sql`SELECT ${sql.join(carried, sql``)}${document} FROM (${page}) p
    JOIN event_documents d ON d.event_id = p.id ORDER BY ${orderBy(order)}`;
}

/** A row of withDocuments: the document, and on a first page its event's id and row version. */
interface DocumentRow {
  body: string | null;
  id?: string;
  revision?: string;
}

/**
 * The documents of a page's rows, in their order. A first page (`list` names it: its filters and
 * order) is what every visitor of a list opens, each flush of the exchange's catalog follower makes
 * it cold again, and its events, the busiest, have the largest documents: reading ~600 kB of them
 * out of the database was most of its time. So its documents are held in memory (document-cache.ts)
 * and its query is told the versions this list showed last time, whose documents it does not send
 * again. Other pages are read as they are, documents and all.
 */
async function documentsOf(db: Db, page: DocumentRow[], list: string | null): Promise<EventDocument[]> {
  if (list === null) return page.map((row) => new JsonText(row.body!));
  const cache = documentCache(db);
  const documents = page.map((row) =>
    row.body === null ? cache.get(row.id!, row.revision!) : cache.set(row.id!, row.revision!, row.body),
  );
  cache.remember(
    list,
    page.map((row) => row.revision!),
  );
  const missing = page.filter((_, i) => !documents[i]).map((row) => row.id!);
  if (missing.length === 0) return documents as EventDocument[];
  // Held when the query began, dropped from memory since (rare): read again.
  const read = await rows<{ id: string; revision: string; body: string }>(
    db,
    sql`SELECT d.event_id::text AS id, ${ROW_VERSION} AS revision, d.body FROM event_documents d
        WHERE d.event_id = ANY(${bigintArray(missing)})`,
  );
  const fresh = new Map(read.map((row) => [row.id, cache.set(row.id, row.revision, row.body)]));
  return page.flatMap((row, i) => documents[i] ?? fresh.get(row.id!) ?? []);
}

/** What names a list for documentsOf: its filters and order. */
const listName = (f: EventFilters, order: readonly OrderField[], ascending: boolean) =>
  JSON.stringify([f, order, ascending]);

/** A page of events after a position (or from the start), in the order of `/events`. */
export async function listEventKeyset(
  db: Db,
  f: EventFilters,
  order: { order: readonly OrderField[]; ascending: boolean },
  limit: number,
  position: string[] | null,
): Promise<KeysetPage<EventDocument>> {
  const where = filters(f);
  if (where === null) return { items: [], next: null };
  const keys = eventSortKeys(order.order, order.ascending);
  const list = position === null ? listName(f, order.order, order.ascending) : null;
  const page = await readKeyset<DocumentRow>(
    db,
    sql`e.id, ${sortColumns(keys)} FROM events e`,
    where,
    keys,
    limit,
    position,
    (query) =>
      withDocuments(
        query,
        keys,
        list === null ? null : documentCache(db).shown(list),
        keys.map((_, i) => `k${i}`),
      ),
  );
  return { items: await documentsOf(db, page.rows, list), next: page.next };
}

/** One page of the events matching the filters, in the asked order (the count is countEvents). */
export async function listEventPage(
  db: Db,
  f: EventFilters,
  page: { order: readonly OrderField[]; ascending: boolean; limit: number; offset: number },
): Promise<EventDocument[]> {
  const where = filters(f);
  if (where === null || page.limit === 0) return [];
  const list = page.offset === 0 ? listName(f, page.order, page.ascending) : null;
  return offsetPage(db, where, eventSortKeys(page.order, page.ascending), page, list);
}

async function offsetPage(
  db: Db,
  where: SQL,
  keys: SortKey[],
  page: { limit: number; offset: number },
  list: string | null = null,
): Promise<EventDocument[]> {
  const found = await rows<DocumentRow>(
    db,
    withDocuments(
      sql`SELECT e.id, ${sortColumns(keys)} FROM events e WHERE ${where}
          ORDER BY ${orderBy(keys)} LIMIT ${page.limit} OFFSET ${page.offset}`,
      keys,
      list === null ? null : documentCache(db).shown(list),
    ),
  );
  return documentsOf(db, found, list);
}

/** The number of events matching the filters. */
export async function countEvents(db: Db, f: EventFilters): Promise<number> {
  const where = filters(f);
  if (where === null) return 0;
  const [row] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM events e WHERE ${where}`);
  return row?.n ?? 0;
}

async function documentWhere(db: Db, where: SQL): Promise<EventDocument | null> {
  const [found] = await rows<{ body: string }>(
    db,
    sql`SELECT d.body FROM events e JOIN event_documents d ON d.event_id = e.id WHERE ${where}`,
  );
  return found ? new JsonText(found.body) : null;
}

export async function getEventById(db: Db, id: string): Promise<EventDocument | null> {
  return fitsInt8(id) ? documentWhere(db, sql`e.id = ${id}::bigint`) : null;
}

export async function getEventBySlug(db: Db, slug: string): Promise<EventDocument | null> {
  return documentWhere(db, sql`e.slug = ${slug}`);
}

const TAG_COLUMNS = sql`t.id::text AS id, t.label, t.slug,
  (SELECT count(*)::int FROM event_tags et WHERE et.tag_id = t.id) AS "eventCount",
  (SELECT count(*)::int FROM event_tags et JOIN events e ON e.id = et.event_id
    WHERE et.tag_id = t.id AND e.active AND NOT e.closed) AS "activeEventCount"`;
const SERIES_COLUMNS = sql`s.id::text AS id, s.slug, s.title`;

/** `LIMIT … OFFSET …` of a paged list; no limit: everything from the offset. */
const page = (q: { limit?: number | undefined; offset: number }) =>
  sql` LIMIT ${q.limit === undefined ? sql`ALL` : sql`${q.limit}`} OFFSET ${q.offset}`;

const listOrder = (fields: readonly string[], ascending: boolean, table: SQL, idColumn: SQL) => {
  const direction = ascending ? sql`ASC` : sql`DESC`;
  const parts = fields.map((f) =>
    f === 'id' ? sql`${idColumn} ${direction}` : sql`${table}.${sql.identifier(f)} ${direction}`,
  );
  return sql.join([...parts, sql`${idColumn} ASC`], sql`, `);
};

/** Tags with the number of events carrying each: all by id, or a page in the asked order. */
export async function listTags(db: Db, query: TagsQuery = TAGS_DEFAULT): Promise<TagWithCount[]> {
  if (query.is_carousel) return [];
  return rows<TagWithCount>(
    db,
    sql`SELECT ${TAG_COLUMNS} FROM tags t
        ORDER BY ${listOrder(query.order, query.ascending, sql`t`, sql`t.id`)}${page(query)}`,
  );
}
const TAGS_DEFAULT: TagsQuery = { order: ['id'], ascending: true, offset: 0 };

export async function getTagById(db: Db, id: string): Promise<TagWithCount | null> {
  if (!fitsInt8(id)) return null;
  const [tag] = await rows<TagWithCount>(
    db,
    sql`SELECT ${TAG_COLUMNS} FROM tags t WHERE t.id = ${id}::bigint`,
  );
  return tag ?? null;
}

export async function getTagBySlug(db: Db, slug: string): Promise<TagWithCount | null> {
  const [tag] = await rows<TagWithCount>(db, sql`SELECT ${TAG_COLUMNS} FROM tags t WHERE t.slug = ${slug}`);
  return tag ?? null;
}

/** An event's tags in their stored order, or null when there is no such event. */
export async function getEventTags(db: Db, id: string): Promise<Tag[] | null> {
  if (!fitsInt8(id)) return null;
  const found = await rows<Tag & { found: boolean }>(
    db,
    sql`SELECT t.id::text AS id, t.label, t.slug FROM events e
          LEFT JOIN event_tags et ON et.event_id = e.id LEFT JOIN tags t ON t.id = et.tag_id
        WHERE e.id = ${id}::bigint ORDER BY et.position`,
  );
  if (found.length === 0) return null;
  return found.filter((t) => t.id !== null);
}

/** Series: all by id, or a page in the asked order, optionally by slug. */
export async function listSeries(db: Db, query: SeriesQuery = SERIES_DEFAULT): Promise<Series[]> {
  // Series here never close and never recur.
  if (query.closed === true || query.recurrence !== undefined) return [];
  const where = query.slug ? sql`WHERE ${anyText(sql`s.slug`, query.slug)}` : sql``;
  return rows<Series>(
    db,
    sql`SELECT ${SERIES_COLUMNS} FROM series s ${where}
        ORDER BY ${listOrder(query.order, query.ascending, sql`s`, sql`s.id`)}${page(query)}`,
  );
}
const SERIES_DEFAULT: SeriesQuery = { order: ['id'], ascending: true, offset: 0 };

export async function getSeriesById(db: Db, id: string): Promise<Series | null> {
  if (!fitsInt8(id)) return null;
  const [series] = await rows<Series>(
    db,
    sql`SELECT ${SERIES_COLUMNS} FROM series s WHERE s.id = ${id}::bigint`,
  );
  return series ?? null;
}

export async function getSeriesBySlug(db: Db, slug: string): Promise<Series | null> {
  const [series] = await rows<Series>(db, sql`SELECT ${SERIES_COLUMNS} FROM series s WHERE s.slug = ${slug}`);
  return series ?? null;
}

// ---------- markets on their own ----------

/** What a market list may be filtered by (docs/api.md §9). */
export interface MarketFilters {
  id?: string[];
  slug?: string[];
  clob_token_ids?: string[];
  condition_ids?: string[];
  market_maker_address?: string[];
  tag_id?: string[];
  tag_match?: 'any' | 'all';
  active?: boolean;
  closed?: boolean;
  end_date_min?: string;
  end_date_max?: string;
  start_date_min?: string;
  start_date_max?: string;
  volume_num_min?: number;
  volume_num_max?: number;
  liquidity_num_min?: number;
  liquidity_num_max?: number;
  absent?: boolean;
}

function marketFilters(f: MarketFilters): SQL | null {
  if (f.absent) return null;
  const where: SQL[] = [];
  if (f.id) where.push(anyText(sql`m.id`, f.id));
  if (f.slug) where.push(anyText(sql`m.slug`, f.slug));
  if (f.clob_token_ids)
    where.push(
      sql`m.clob_token_ids && ARRAY(SELECT json_array_elements_text(${JSON.stringify(f.clob_token_ids)}::json))`,
    );
  if (f.condition_ids)
    where.push(
      sql`lower(m.condition_id) IN (SELECT lower(v) FROM json_array_elements_text(${JSON.stringify(f.condition_ids)}::json) v)`,
    );
  if (f.market_maker_address)
    where.push(
      sql`lower(m.market_maker_address) IN (SELECT lower(v) FROM json_array_elements_text(${JSON.stringify(f.market_maker_address)}::json) v)`,
    );
  if (f.tag_id) {
    const tagged = tagConditions(f);
    if (!tagged) return null;
    where.push(
      sql`EXISTS (SELECT 1 FROM events e WHERE e.id = m.event_id AND ${sql.join(tagged, sql` AND `)})`,
    );
  }
  if (f.active !== undefined) where.push(sql`m.active = ${f.active}`);
  if (f.closed !== undefined) where.push(sql`m.closed = ${f.closed}`);
  where.push(
    ...rangeConditions(sql`m`, {
      ...f,
      volume_min: f.volume_num_min,
      volume_max: f.volume_num_max,
      liquidity_min: f.liquidity_num_min,
      liquidity_max: f.liquidity_num_max,
    }),
  );
  return where.length > 0 ? sql.join(where, sql` AND `) : sql`TRUE`;
}

/**
 * A market as one JSON object built in the database: the embedded database hands rows to JavaScript
 * column by column, and one JSON value per market (or per event's markets) reads several times faster
 * than twenty columns, a text array among them (a page of 100 events: ~27 → ~13 ms for 650 markets).
 */
const MARKET_JSON = sql`json_build_object('id', m.id, 'question', m.question, 'conditionId', m.condition_id,
  'outcomes', m.outcomes, 'outcomePrices', m.outcome_prices, 'clobTokenIds', m.clob_token_ids, 'slug', m.slug,
  'active', m.active, 'closed', m.closed, 'description', m.description,
  'startDate', ${isoUtc(sql`m.start_date`)}, 'endDate', ${isoUtc(sql`m.end_date`)}, 'image', m.image,
  'volumeNum', m.volume, 'liquidityNum', m.liquidity, 'marketMakerAddress', m.market_maker_address,
  'negRisk', m.neg_risk, 'groupItemTitle', m.group_item_title, 'dayAgoPrice', m.day_ago_price,
  'bestBid', m.best_bid, 'bestAsk', m.best_ask, 'lastTradePrice', m.last_trade_price,
  'orderPriceMinTickSize', m.order_price_min_tick_size, 'orderMinSize', m.order_min_size)`;

type MarketColumns = Omit<
  Market,
  'volume' | 'liquidity' | 'oneDayPriceChange' | 'bestBid' | 'bestAsk' | 'spread' | 'lastTradePrice'
> & {
  dayAgoPrice: number | null;
  bestBid: number | null;
  bestAsk: number | null;
  lastTradePrice: number | null;
};

/** The order book's quote of outcome 0, as the reference names it; each field only when the book has it. */
function quoteOf(row: MarketColumns): Pick<Market, 'bestBid' | 'bestAsk' | 'spread' | 'lastTradePrice'> {
  return {
    ...(row.bestBid !== null ? { bestBid: row.bestBid } : {}),
    ...(row.bestAsk !== null ? { bestAsk: row.bestAsk } : {}),
    ...(row.bestBid !== null && row.bestAsk !== null
      ? { spread: Math.round((row.bestAsk - row.bestBid) * 10_000) / 10_000 }
      : {}),
    ...(row.lastTradePrice !== null ? { lastTradePrice: row.lastTradePrice } : {}),
  };
}

/** A market row as the contract has it: the reference serves volume and liquidity as text too. */
function toMarket(row: MarketColumns): Market {
  return withOneDayChange({
    id: row.id,
    question: row.question,
    conditionId: row.conditionId,
    outcomes: row.outcomes,
    outcomePrices: row.outcomePrices,
    clobTokenIds: row.clobTokenIds,
    slug: row.slug,
    active: row.active,
    closed: row.closed,
    description: row.description,
    startDate: row.startDate,
    endDate: row.endDate,
    image: row.image,
    volume: String(row.volumeNum),
    volumeNum: row.volumeNum,
    liquidity: String(row.liquidityNum),
    liquidityNum: row.liquidityNum,
    marketMakerAddress: row.marketMakerAddress,
    negRisk: row.negRisk,
    groupItemTitle: row.groupItemTitle,
    orderPriceMinTickSize: row.orderPriceMinTickSize,
    orderMinSize: row.orderMinSize,
    dayAgoPrice: row.dayAgoPrice,
    ...quoteOf(row),
  });
}

interface MarketWithEventRow {
  market: MarketColumns;
  eventId: string;
  eventSlug: string;
  eventTitle: string;
}

const MARKET_WITH_EVENT = sql`${MARKET_JSON} AS market, e.id::text AS "eventId", e.slug AS "eventSlug",
  e.title AS "eventTitle" FROM markets m JOIN events e ON e.id = m.event_id`;

const withEvent = (row: MarketWithEventRow): MarketWithEvent => ({
  ...toMarket(row.market),
  events: [{ id: row.eventId, slug: row.eventSlug, title: row.eventTitle }],
});

/** A page of markets by offset, in the asked order (ties by id, numeric order). */
export async function listMarkets(
  db: Db,
  f: MarketFilters,
  order: { order: readonly MarketOrderField[]; ascending: boolean },
  limit: number,
  offset: number,
): Promise<MarketWithEvent[]> {
  const where = marketFilters(f);
  if (where === null || limit === 0) return [];
  const found = await rows<MarketWithEventRow>(
    db,
    sql`SELECT ${MARKET_WITH_EVENT} WHERE ${where}
        ORDER BY ${orderBy(marketSortKeys(order.order, order.ascending))} LIMIT ${limit} OFFSET ${offset}`,
  );
  return found.map(withEvent);
}

/** A page of markets after a position (or from the start), in the order of `/markets`. */
export async function listMarketKeyset(
  db: Db,
  f: MarketFilters,
  order: { order: readonly MarketOrderField[]; ascending: boolean },
  limit: number,
  position: string[] | null,
): Promise<KeysetPage<MarketWithEvent>> {
  const where = marketFilters(f);
  if (where === null) return { items: [], next: null };
  const keys = marketSortKeys(order.order, order.ascending);
  const page = await readKeyset<MarketWithEventRow & Record<string, unknown>>(
    db,
    MARKET_WITH_EVENT,
    where,
    keys,
    limit,
    position,
  );
  return { items: page.rows.map(withEvent), next: page.next };
}

export async function getMarketById(db: Db, id: string): Promise<MarketWithEvent | null> {
  const [row] = await rows<MarketWithEventRow>(db, sql`SELECT ${MARKET_WITH_EVENT} WHERE m.id = ${id}`);
  return row ? withEvent(row) : null;
}

/** A market by slug; the lowest id when imports gave two markets one slug. */
export async function getMarketBySlug(db: Db, slug: string): Promise<MarketWithEvent | null> {
  const [row] = await rows<MarketWithEventRow>(
    db,
    sql`SELECT ${MARKET_WITH_EVENT} WHERE m.slug = ${slug} ORDER BY length(m.id), m.id COLLATE "C" LIMIT 1`,
  );
  return row ? withEvent(row) : null;
}

/** A market's tags (its event's), or null when there is no such market. */
export async function getMarketTags(db: Db, id: string): Promise<Tag[] | null> {
  const [row] = await rows<{ eventId: string }>(
    db,
    sql`SELECT m.event_id::text AS "eventId" FROM markets m WHERE m.id = ${id}`,
  );
  return row ? getEventTags(db, row.eventId) : null;
}

// ---------- search ----------

export interface SearchResult {
  events: EventDocument[];
  tags: (TagWithCount & { event_count: number })[];
  totalEvents: number;
}

/** Events whose title, and tags whose label, contain the text: one page of each, most relevant first. */
export async function search(
  db: Db,
  f: EventFilters,
  order: { order: readonly OrderField[]; ascending: boolean },
  page: { limit: number; offset: number },
  withTags: boolean,
  q: string,
): Promise<SearchResult> {
  const where = filters(f);
  const [events, count, tags] = await Promise.all([
    where === null
      ? Promise.resolve([])
      : offsetPage(db, where, eventSortKeys(order.order, order.ascending), page),
    where === null
      ? Promise.resolve([{ n: 0 }])
      : rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM events e WHERE ${where}`),
    withTags
      ? rows<TagWithCount>(
          db,
          sql`SELECT ${TAG_COLUMNS} FROM tags t WHERE t.label ILIKE ${likePattern(q)}
              ORDER BY lower(t.label), t.id LIMIT ${page.limit} OFFSET ${page.offset}`,
        )
      : Promise.resolve([]),
  ]);
  return {
    events,
    tags: tags.map((t) => ({ ...t, event_count: t.eventCount })),
    totalEvents: count[0]?.n ?? 0,
  };
}

// ---------- the cursor key ----------

/** The key that signs cursors, made by whichever process asks first (docs/api.md §9). */
export async function cursorKey(db: Db, candidate: string): Promise<string> {
  await db.execute(
    sql`INSERT INTO cursor_keys (id, key) VALUES ('catalog', ${candidate}) ON CONFLICT (id) DO NOTHING`,
  );
  const [row] = await rows<{ key: string }>(db, sql`SELECT key FROM cursor_keys WHERE id = 'catalog'`);
  return row!.key;
}

/**
 * Events with their markets, tags and series, each as one JSON text (its markets' columns as MARKET_JSON
 * has them: `toMarket` shapes them). Set-based: each part is gathered for all the events at once (as
 * correlated subqueries, the tags' join was planned once per event). `$1` is the events' ids.
 */
const SHAPE_EVENTS = PreparedStatement.of(
  'catalog_shape_events',
  sql`
  WITH mk AS (SELECT m.event_id, json_agg(${MARKET_JSON} ORDER BY m.position) AS markets
              FROM markets m WHERE m.event_id = ANY($1::bigint[]) GROUP BY m.event_id),
       tg AS (SELECT et.event_id,
                json_agg(json_build_object('id', t.id::text, 'label', t.label, 'slug', t.slug) ORDER BY et.position) AS tags
              FROM event_tags et JOIN tags t ON t.id = et.tag_id WHERE et.event_id = ANY($1::bigint[]) GROUP BY et.event_id),
       sr AS (SELECT es.event_id,
                json_agg(json_build_object('id', s.id::text, 'slug', s.slug, 'title', s.title) ORDER BY es.position) AS series
              FROM event_series es JOIN series s ON s.id = es.series_id WHERE es.event_id = ANY($1::bigint[]) GROUP BY es.event_id)
  SELECT json_build_object('id', e.id::text, 'slug', e.slug, 'title', e.title, 'description', e.description,
      'active', e.active, 'closed', e.closed, 'liquidity', e.liquidity, 'volume', e.volume,
      'volume24hr', e.volume24hr, 'startDate', ${isoUtc(sql`e.start_date`)}, 'endDate', ${isoUtc(sql`e.end_date`)},
      'image', e.image, 'tags', COALESCE(tg.tags, '[]'), 'series', COALESCE(sr.series, '[]'),
      'markets', COALESCE(mk.markets, '[]'))::text AS event
  FROM events e LEFT JOIN mk ON mk.event_id = e.id LEFT JOIN tg ON tg.event_id = e.id
    LEFT JOIN sr ON sr.event_id = e.id
  WHERE e.id = ANY($1::bigint[])`,
);

/**
 * These events as the catalog serves them, with their markets, tags and series (in any order; ids with
 * no event are left out): what their stored documents hold (event-documents.ts). Prepared when `root`
 * is given (runStatement).
 */
export async function shapeEvents(db: Db, eventIds: readonly string[], root?: Db): Promise<Event[]> {
  const ids = eventIds.filter(fitsInt8);
  if (ids.length === 0) return [];
  const found = await runStatement(db, SHAPE_EVENTS, [arrayParam(ids)], root);
  return found.map(([text]) => {
    const event = JSON.parse(text!) as Omit<Event, 'markets'> & { markets: MarketColumns[] };
    return { ...event, markets: event.markets.map(toMarket) };
  });
}
