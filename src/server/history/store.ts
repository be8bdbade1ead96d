import { type SQL, sql } from 'drizzle-orm';
import { type Db, rows } from '../db/open';
import { writeEventDocuments } from '../catalog/event-documents';
import { copyMarks } from '../catalog/market-marks';
import {
  dayAgoPrice,
  PRICE_UNITS,
  type HistoryRow,
  type PricePoint,
  type Series,
  toRows,
  unpackRow,
  WEEK_S,
} from './packing';

/**
 * The one module that owns the price-history SQL: bulk writes of packed weekly rows and their
 * 24-hour marks, and the reads behind /prices-history. What the catalog keeps of them (the token
 * lookup, each market's 24-hour price, the event documents showing it) is catalog code it calls.
 */

const DAY_S = 86_400;

/** Rows per statement: ~2 kB each, so one JSON parameter stays a few MB (PGlite's memory). */
const CHUNK = 2000;

const base64 = (bytes: Uint8Array | null) => (bytes ? Buffer.from(bytes).toString('base64') : null);

/**
 * Writes series in one `json_to_recordset` statement per chunk of rows (see TOOLCHAIN: PGlite bulk
 * loads). A week already stored for a token is replaced by the new one. Each series is a token's
 * whole history up to its latest point (at least its last 24 hours): its 24-hour mark (price_marks)
 * is taken from it. The documents of the events whose 24-hour change moved are rewritten, or, with
 * `deferDocuments`, added to that set for a caller that rewrites them once after more changes.
 */
export async function writeSeries(
  db: Db,
  series: Iterable<Series>,
  options: { deferDocuments?: Set<string> } = {},
): Promise<number> {
  const pending = new RowWriter(db);
  const marks: Mark[] = [];
  for (const one of series) {
    const mark = dayAgoPrice(one);
    if (mark !== null) marks.push({ k: one.tokenId, p: mark });
    for (const row of toRows(one)) await pending.add(row);
  }
  await pending.flush();
  await writeMarks(db, marks, options);
  return pending.written;
}

/** Rows upserted a chunk per statement. */
class RowWriter {
  private pending: HistoryRow[] = [];
  written = 0;

  constructor(private readonly db: Db) {}

  async add(row: HistoryRow): Promise<void> {
    this.pending.push(row);
    if (this.pending.length >= CHUNK) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const payload = this.pending.map((r) => ({
      k: r.tokenId,
      w: r.week,
      s: r.startTs,
      d: r.stepS,
      p: base64(r.prices),
      o: base64(r.offsets),
    }));
    await this.db.execute(sql`
      INSERT INTO price_history (token_id, week, start_ts, step_s, prices, offsets)
      SELECT k, w, s, d, decode(p, 'base64'), decode(o, 'base64')
      FROM json_to_recordset(${JSON.stringify(payload)}::json) AS t(k text, w int, s int, d int, p text, o text)
      ON CONFLICT (token_id, week) DO UPDATE SET start_ts = EXCLUDED.start_ts, step_s = EXCLUDED.step_s,
        prices = EXCLUDED.prices, offsets = EXCLUDED.offsets`);
    this.written += this.pending.length;
    this.pending = [];
  }
}

/** A token's 24-hour mark (price 0…1). */
interface Mark {
  k: string;
  p: number;
}

/** Stores 24-hour marks and copies them onto their markets (whose events' documents show them). */
async function writeMarks(
  db: Db,
  marks: readonly Mark[],
  options: { deferDocuments?: Set<string> },
): Promise<void> {
  for (let i = 0; i < marks.length; i += CHUNK * 10) {
    const chunk = JSON.stringify(marks.slice(i, i + CHUNK * 10));
    await db.execute(sql`
      INSERT INTO price_marks (token_id, day_ago_price)
      SELECT k, p FROM json_to_recordset(${chunk}::json) AS t(k text, p float8)
      ON CONFLICT (token_id) DO UPDATE SET day_ago_price = EXCLUDED.day_ago_price`);
    const changed = await copyMarks(
      db,
      sql`m.id IN (SELECT o.market_id FROM outcome_tokens o
      WHERE o.token_id IN (SELECT k FROM json_to_recordset(${chunk}::json) AS t(k text)))`,
    );
    if (options.deferDocuments) for (const id of changed) options.deferDocuments.add(id);
    else await writeEventDocuments(db, changed);
  }
}

/** Where a token's stored series ends (`seriesEnds`): its last week's row and its last point's time. */
export interface SeriesEnd {
  tokenId: string;
  week: number;
  startTs: number;
  /** > 0: a regular row (point i at startTs + i·stepS); 0: points at stored offsets. */
  stepS: number;
  lastTs: number;
}

/**
 * Where each token's series ends, read without pulling its points: the last week's row and the time of
 * its last point (arithmetic for a regular row; the last 4 bytes of the offsets otherwise, sliced out
 * by the database). Tokens without a series are absent.
 */
export async function seriesEnds(db: Db, tokenIds: readonly string[]): Promise<Map<string, SeriesEnd>> {
  const ends = new Map<string, SeriesEnd>();
  for (let i = 0; i < tokenIds.length; i += CHUNK * 5) {
    const asked = JSON.stringify(tokenIds.slice(i, i + CHUNK * 5));
    const found = await rows<{
      token_id: string;
      week: number;
      start_ts: number;
      step_s: number;
      count: number;
      last_offset: string | null;
    }>(
      db,
      sql`SELECT h.token_id, h.week, h.start_ts, h.step_s, octet_length(h.prices) / 2 AS count,
            encode(substring(h.offsets FROM octet_length(h.offsets) - 3 FOR 4), 'base64') AS last_offset
          FROM json_array_elements_text(${asked}::json) AS a(k)
          JOIN price_history h ON h.token_id = a.k
            AND h.week = (SELECT max(week) FROM price_history p WHERE p.token_id = a.k)`,
    );
    for (const r of found) {
      const offset = r.last_offset ? fromBase64(r.last_offset) : null;
      ends.set(r.token_id, {
        tokenId: r.token_id,
        week: r.week,
        startTs: r.start_ts,
        stepS: r.step_s,
        lastTs: offset
          ? r.start_ts + new DataView(offset.buffer, offset.byteOffset, 4).getUint32(0, true)
          : r.start_ts + (r.count - 1) * r.step_s,
      });
    }
  }
  return ends;
}

/**
 * Each token's stored price at time `t` (its last point at or before `t`, else its first), in
 * ten-thousandths: what a 24-hour mark needs of a series' past, without reading the series. The
 * database finds the week's row by its key; in a regular row it slices out the two bytes of the point
 * (arithmetic), an irregular row (points appended by the catalog follower) comes whole (as base64,
 * ENCODED_BYTES) and is searched here: per-byte reads of a stored value would unpack it again per byte.
 */
async function storedPricesAt(
  db: Db,
  asks: readonly { k: string; t: number }[],
): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (let i = 0; i < asks.length; i += CHUNK * 5) {
    const chunk = JSON.stringify(asks.slice(i, i + CHUNK * 5));
    const answers = await rows<{
      k: string;
      t: string;
      start_ts: number;
      two: string | null;
      prices: string | null;
      offsets: string | null;
    }>(
      db,
      sql`SELECT a.k, a.t::text, h.start_ts,
            CASE WHEN h.offsets IS NULL THEN encode(substring(h.prices FROM 2 * (CASE WHEN h.start_ts > a.t THEN 0
              ELSE least(octet_length(h.prices) / 2 - 1, (a.t - h.start_ts) / h.step_s) END)::int + 1 FOR 2), 'base64') END AS two,
            CASE WHEN h.offsets IS NOT NULL THEN encode(h.prices, 'base64') END AS prices,
            encode(h.offsets, 'base64') AS offsets
          FROM json_to_recordset(${chunk}::json) AS a(k text, t bigint)
          CROSS JOIN LATERAL (
            SELECT * FROM (
              (SELECT p.week FROM price_history p
               WHERE p.token_id = a.k AND p.week <= (a.t / ${WEEK_S})::int AND p.start_ts <= a.t
               ORDER BY p.week DESC LIMIT 1)
              UNION ALL
              (SELECT p.week FROM price_history p WHERE p.token_id = a.k ORDER BY p.week LIMIT 1)) r LIMIT 1) w
          JOIN price_history h ON h.token_id = a.k AND h.week = w.week`,
    );
    for (const r of answers) {
      if (r.two) {
        const two = fromBase64(r.two);
        found.set(r.k, two[0]! + 256 * two[1]!);
        continue;
      }
      const points = unpackRow({
        startTs: r.start_ts,
        stepS: 0,
        prices: fromBase64(r.prices!),
        offsets: fromBase64(r.offsets!),
      });
      const t = Number(r.t);
      let at = 0;
      while (at + 1 < points.length && points[at + 1]!.t <= t) at++;
      found.set(r.k, Math.round(points[at]!.p * PRICE_UNITS));
    }
  }
  return found;
}

/** New points after a series' end (or a new series, without an end). */
export interface Extension {
  tokenId: string;
  end: SeriesEnd | null;
  /** Unix seconds, after the end's last point, ascending; prices in ten-thousandths. */
  times: readonly number[];
  units: ArrayLike<number>;
}

/**
 * Adds points after the end of series (history-to-now: the demo's walks continued to the present)
 * without reading or rewriting what is stored: the points of the last stored week are appended to its
 * row by the database (`prices || new`, and offsets for an irregular row), later weeks get rows of their
 * own. A regular row whose new points leave its grid (a long gap's coarser points) is read and rewritten
 * whole. The 24-hour marks are taken from the new points, or looked up in the stored ones. Returns where
 * each extended series now ends (what `seriesEnds` would read), by token.
 */
export async function extendSeries(
  db: Db,
  extensions: readonly Extension[],
  options: { deferDocuments?: Set<string> } = {},
): Promise<Map<string, SeriesEnd>> {
  const ends = new Map<string, SeriesEnd>();
  const endOf = (ext: Extension, row: { week: number; startTs: number; stepS: number }) =>
    ends.set(ext.tokenId, {
      tokenId: ext.tokenId,
      week: row.week,
      startTs: row.startTs,
      stepS: row.stepS,
      lastTs: ext.times.at(-1)!,
    });
  const appends: { k: string; w: number; p: string; o: string | null }[] = [];
  const rewrites: Extension[] = [];
  const writer = new RowWriter(db);
  const marks: Mark[] = [];
  const lookups: { k: string; t: number }[] = [];
  for (const ext of extensions) {
    const n = ext.times.length;
    if (n === 0) continue;
    const end = ext.end;
    let inLastWeek = 0;
    if (end) while (inLastWeek < n && Math.floor(ext.times[inLastWeek]! / WEEK_S) === end.week) inLastWeek++;
    const onGrid = (t: number, i: number) => end !== null && t === end.lastTs + (i + 1) * end.stepS;
    if (end && inLastWeek > 0 && end.stepS > 0 && !ext.times.slice(0, inLastWeek).every(onGrid)) {
      rewrites.push(ext);
    } else {
      if (end && inLastWeek > 0) {
        const units = Array.from({ length: inLastWeek }, (_, i) => ext.units[i]!);
        endOf(ext, end);
        const offsets =
          end.stepS > 0 ? null : packUint32(ext.times.slice(0, inLastWeek).map((t) => t - end.startTs));
        appends.push({ k: ext.tokenId, w: end.week, p: base64(packUint16(units))!, o: base64(offsets) });
      }
      if (inLastWeek < n) {
        const times = ext.times.slice(inLastWeek);
        const later: Series = {
          tokenId: ext.tokenId,
          prices: Uint16Array.from(times, (_, i) => ext.units[inLastWeek + i]!),
          startTs: 0,
          stepS: 0,
          times,
        };
        for (const row of toRows(later)) {
          await writer.add(row);
          endOf(ext, row);
        }
      }
    }
    // The mark: the price 24 hours before the new last point, among the new points or stored.
    const target = ext.times[n - 1]! - DAY_S;
    if (target >= ext.times[0]! || !end) {
      let found = 0;
      while (found + 1 < n && ext.times[found + 1]! <= target) found++;
      marks.push({ k: ext.tokenId, p: ext.units[found]! / PRICE_UNITS });
    } else lookups.push({ k: ext.tokenId, t: target });
  }
  for (let i = 0; i < appends.length; i += CHUNK) {
    await db.execute(sql`
      UPDATE price_history h SET prices = h.prices || decode(x.p, 'base64'),
        offsets = CASE WHEN x.o IS NULL THEN h.offsets ELSE h.offsets || decode(x.o, 'base64') END
      FROM json_to_recordset(${JSON.stringify(appends.slice(i, i + CHUNK))}::json) AS x(k text, w int, p text, o text)
      WHERE h.token_id = x.k AND h.week = x.w`);
  }
  for (let i = 0; i < rewrites.length; i += CHUNK) {
    const chunk = rewrites.slice(i, i + CHUNK);
    const found = await rows<EncodedRow & { tokenId: string }>(
      db,
      sql`SELECT h.token_id AS "tokenId", h.week, h.start_ts AS "startTs", h.step_s AS "stepS",
            encode(h.prices, 'base64') AS prices, encode(h.offsets, 'base64') AS offsets
          FROM json_to_recordset(${JSON.stringify(chunk.map((x) => ({ k: x.tokenId, w: x.end!.week })))}::json) AS x(k text, w int)
          JOIN price_history h ON h.token_id = x.k AND h.week = x.w`,
    );
    const stored = new Map(found.map((r) => [r.tokenId, r]));
    for (const ext of chunk) {
      const row = stored.get(ext.tokenId);
      const points = row ? unpackRow(decodeRow(row)) : [];
      const whole: Series = {
        tokenId: ext.tokenId,
        prices: Uint16Array.from([
          ...points.map((p) => Math.round(p.p * PRICE_UNITS)),
          ...Array.from(ext.units),
        ]),
        startTs: 0,
        stepS: 0,
        times: [...points.map((p) => p.t), ...ext.times],
      };
      for (const r of toRows(whole)) {
        await writer.add(r);
        endOf(ext, r);
      }
    }
  }
  await writer.flush();
  for (const [k, units] of await storedPricesAt(db, lookups)) marks.push({ k, p: units / PRICE_UNITS });
  await writeMarks(db, marks, options);
  return ends;
}

/**
 * The demo catalog's histories may need a point as early as `dueAt` (unix seconds) in these events
 * (a subquery of event ids): the times stored per event and on the catalog's row (history-to-now.ts),
 * after which a start continues them, are brought down to it. Called by whatever changes what the
 * catch-up's walks start from other than the catch-up itself. A no-op without a demo catalog, or
 * where the stored time is unknown or already earlier.
 */
export async function historyMayBeDueAt(db: Db, dueAt: number, events: SQL): Promise<void> {
  const t = Math.floor(dueAt);
  await db.execute(
    sql`UPDATE demo_history_due SET due_at = ${t} WHERE due_at > ${t} AND event_id IN (${events})`,
  );
  await db.execute(sql`UPDATE demo_catalog SET history_due_at = ${t} WHERE id = 1 AND history_due_at > ${t}`);
}

function packUint16(values: readonly number[]): Uint8Array {
  const out = new Uint8Array(values.length * 2);
  const view = new DataView(out.buffer);
  for (let i = 0; i < values.length; i++) view.setUint16(i * 2, values[i]!, true);
  return out;
}

function packUint32(values: readonly number[]): Uint8Array {
  const out = new Uint8Array(values.length * 4);
  const view = new DataView(out.buffer);
  for (let i = 0; i < values.length; i++) view.setUint32(i * 4, values[i]!, true);
  return out;
}

/** Removes the stored history of these tokens (an import replaces a token's whole history). */
export async function deleteHistory(db: Db, tokenIds: readonly string[]): Promise<void> {
  if (tokenIds.length === 0) return;
  const ids = JSON.stringify(tokenIds);
  await db.execute(
    sql`DELETE FROM price_history WHERE token_id IN (SELECT json_array_elements_text(${ids}::json))`,
  );
  await db.execute(
    sql`DELETE FROM price_marks WHERE token_id IN (SELECT json_array_elements_text(${ids}::json))`,
  );
  const changed = await copyMarks(
    db,
    sql`m.id IN (SELECT market_id FROM outcome_tokens WHERE token_id IN (SELECT json_array_elements_text(${ids}::json)))`,
  );
  await writeEventDocuments(db, changed);
}

export interface TokenInfo {
  tokenId: string;
  marketId: string;
  outcome: number;
  /** The market's JSON-encoded outcome prices and token ids, as the catalog serves them. */
  outcomePrices: string;
  clobTokenIds: string[];
}

export async function findToken(db: Db, tokenId: string): Promise<TokenInfo | null> {
  const [row] = await rows<TokenInfo>(
    db,
    sql`SELECT o.token_id AS "tokenId", o.market_id AS "marketId", o.outcome, m.outcome_prices AS "outcomePrices",
          m.clob_token_ids AS "clobTokenIds"
        FROM outcome_tokens o JOIN markets m ON m.id = o.market_id WHERE o.token_id = ${tokenId}`,
  );
  return row ?? null;
}

/** The catalog's current price of the token's outcome, or null when it is not a number in 0…1. */
export function currentPrice(token: TokenInfo): number | null {
  try {
    const prices: unknown = JSON.parse(token.outcomePrices);
    const p = Array.isArray(prices) ? Number(prices[token.outcome]) : Number.NaN;
    return Number.isFinite(p) && p >= 0 && p <= 1 ? p : null;
  } catch {
    return null;
  }
}

interface StoredRow {
  week: number;
  startTs: number;
  stepS: number;
  prices: Uint8Array;
  offsets: Uint8Array | null;
}

/**
 * The token's points with from ≤ t ≤ to (unix seconds), or the latest `lastSeconds` of its history
 * when `from` is undefined. A token without a series of its own in a two-outcome market is served
 * as 1 − its sibling's series. The very last stored point is served at the catalog's current
 * price, so the chart and the catalog always agree.
 */
export async function readHistory(
  db: Db,
  token: TokenInfo,
  window: { from?: number; to?: number; lastSeconds?: number },
): Promise<PricePoint[]> {
  const sibling = token.clobTokenIds.length === 2 ? token.clobTokenIds[1 - token.outcome] : undefined;
  const latest = await rows<{ tokenId: string; week: number }>(
    db,
    sql`SELECT token_id AS "tokenId", max(week) AS week FROM price_history
        WHERE token_id IN (${token.tokenId}, ${sibling ?? token.tokenId}) GROUP BY token_id`,
  );
  const source = latest.find((r) => r.tokenId === token.tokenId) ?? latest[0];
  if (!source) return [];
  const complement = source.tokenId !== token.tokenId;
  const [lastRow] = await loadWeeks(db, source.tokenId, source.week, source.week);
  const lastPoint = lastRow ? unpackRow(lastRow, complement).at(-1) : undefined;
  if (!lastPoint) return [];
  const to = Math.min(window.to ?? lastPoint.t, lastPoint.t);
  const from =
    window.from ??
    (window.lastSeconds !== undefined ? lastPoint.t - window.lastSeconds : Number.NEGATIVE_INFINITY);
  if (from > to) return [];
  const firstWeek = Number.isFinite(from) ? Math.floor(from / WEEK_S) : -1;
  const lastWeek = Math.floor(to / WEEK_S);
  const stored =
    firstWeek === source.week && lastWeek === source.week
      ? [lastRow!]
      : await loadWeeks(db, source.tokenId, firstWeek, lastWeek);
  const points: PricePoint[] = [];
  for (const row of stored)
    for (const point of unpackRow(row, complement)) if (point.t >= from && point.t <= to) points.push(point);
  const price = currentPrice(token);
  const end = points.at(-1);
  if (end && end.t === lastPoint.t && price !== null) end.p = price;
  return points;
}

async function loadWeeks(db: Db, tokenId: string, first: number, last: number): Promise<StoredRow[]> {
  const found = await rows<EncodedRow>(
    db,
    sql`SELECT week, start_ts AS "startTs", step_s AS "stepS", ${ENCODED_BYTES} FROM price_history
        WHERE token_id = ${tokenId} AND week BETWEEN ${first} AND ${last} ORDER BY week`,
  );
  return found.map(decodeRow);
}

/**
 * The packed columns as base64 text: PGlite turns a bytea into bytes in JavaScript one hex digit pair
 * at a time (~20× the cost of Buffer's base64 decoding, and twice the text), which made a week's row
 * the dearest thing the order book's catalog follower read.
 */
const ENCODED_BYTES = sql`encode(prices, 'base64') AS prices, encode(offsets, 'base64') AS offsets`;

type EncodedRow = Omit<StoredRow, 'prices' | 'offsets'> & { prices: string; offsets: string | null };

const fromBase64 = (text: string) => {
  const bytes = Buffer.from(text, 'base64');
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
};

function decodeRow(row: EncodedRow): StoredRow {
  return {
    week: row.week,
    startTs: row.startTs,
    stepS: row.stepS,
    prices: fromBase64(row.prices),
    offsets: row.offsets === null ? null : fromBase64(row.offsets),
  };
}

/** At most one recorded point per token per this many seconds (the finest fidelity served). */
export const APPEND_EVERY_S = 60;

/** A market's latest price to record: outcome 0's, 0…1, for its two tokens. */
export interface MarketPrice {
  tokens: readonly [string, string];
  p0: number;
}

/**
 * Records markets' latest prices (at unix second `t`) at the end of their histories, all in a few
 * statements: each in the series its market already keeps (either outcome's; the other is 1 − it),
 * else a new one for outcome 0. A market whose series' last point is under `minAgeS` (default, and at
 * least, APPEND_EVERY_S) old is skipped: the served last point is the catalog's current price anyway
 * (readHistory). The point is appended to the last week's row by the database and the 24-hour mark
 * looked up, without reading the series (extendSeries).
 *
 * Returns, in the order given, the time of each market's last point after the call (so that a caller
 * may skip it without asking until APPEND_EVERY_S later), how many points were recorded, and the events
 * whose markets' 24-hour marks changed: their documents are the caller's to write.
 */
export async function appendPrices(
  db: Db,
  markets: readonly MarketPrice[],
  t: number,
  options: { minAgeS?: number } = {},
): Promise<{ lastPointAt: number[]; recorded: number; events: string[] }> {
  if (markets.length === 0) return { lastPointAt: [], recorded: 0, events: [] };
  const minAgeS = Math.max(options.minAgeS ?? APPEND_EVERY_S, APPEND_EVERY_S);
  const ends = await seriesEnds(
    db,
    markets.flatMap((m) => m.tokens),
  );
  const extensions: Extension[] = [];
  const lastPointAt: number[] = [];
  for (const { tokens, p0 } of markets) {
    const end = ends.get(tokens[0]) ?? ends.get(tokens[1]) ?? null;
    if (end && end.lastTs > t - minAgeS) {
      lastPointAt.push(end.lastTs);
      continue;
    }
    lastPointAt.push(t);
    const tokenId = end?.tokenId ?? tokens[0];
    const units = Math.round((tokenId === tokens[0] ? p0 : 1 - p0) * PRICE_UNITS);
    extensions.push({ tokenId, end, times: [t], units: [units] });
  }
  const events = new Set<string>();
  await extendSeries(db, extensions, { deferDocuments: events });
  // A series ending at t is next due at t + its step, and every step is at least APPEND_EVERY_S (a
  // generated or continued series' is 5 minutes or more; a regular row made of appended points is
  // spaced by an append's minimum age, at least APPEND_EVERY_S).
  if (extensions.length > 0)
    await historyMayBeDueAt(
      db,
      t + APPEND_EVERY_S,
      sql`SELECT m.event_id FROM outcome_tokens o JOIN markets m ON m.id = o.market_id
          WHERE o.token_id IN (SELECT json_array_elements_text(${JSON.stringify(extensions.map((x) => x.tokenId))}::json))`,
    );
  return { lastPointAt, recorded: extensions.length, events: [...events] };
}
