import { sql } from 'drizzle-orm';
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

/** Rows per statement: ~2 kB each, so one JSON parameter stays a few MB (PGlite's memory). */
const CHUNK = 2000;

const base64 = (bytes: Uint8Array | null) => (bytes ? Buffer.from(bytes).toString('base64') : null);

/**
 * Writes series in one `json_to_recordset` statement per chunk of rows (see TOOLCHAIN: PGlite bulk
 * loads). A week already stored for a token is replaced by the new one. Each series is a token's
 * whole history up to its latest point: its 24-hour mark (price_marks) is taken from it.
 */
export async function writeSeries(db: Db, series: Iterable<Series>): Promise<number> {
  const { written, events } = await writeSeriesAndMarks(db, series);
  await writeEventDocuments(db, events);
  return written;
}

/**
 * writeSeries without the event documents: returns the events whose markets' 24-hour marks changed,
 * whose documents the caller writes (once, with whatever else it changed of them).
 */
async function writeSeriesAndMarks(
  db: Db,
  series: Iterable<Series>,
): Promise<{ written: number; events: string[] }> {
  let pending: HistoryRow[] = [];
  let written = 0;
  const flush = async () => {
    if (pending.length === 0) return;
    const payload = pending.map((r) => ({
      k: r.tokenId,
      w: r.week,
      s: r.startTs,
      d: r.stepS,
      p: base64(r.prices),
      o: base64(r.offsets),
    }));
    await db.execute(sql`
      INSERT INTO price_history (token_id, week, start_ts, step_s, prices, offsets)
      SELECT k, w, s, d, decode(p, 'base64'), decode(o, 'base64')
      FROM json_to_recordset(${JSON.stringify(payload)}::json) AS t(k text, w int, s int, d int, p text, o text)
      ON CONFLICT (token_id, week) DO UPDATE SET start_ts = EXCLUDED.start_ts, step_s = EXCLUDED.step_s,
        prices = EXCLUDED.prices, offsets = EXCLUDED.offsets`);
    written += pending.length;
    pending = [];
  };
  const marks: { k: string; p: number }[] = [];
  for (const one of series) {
    const mark = dayAgoPrice(one);
    if (mark !== null) marks.push({ k: one.tokenId, p: mark });
    for (const row of toRows(one)) {
      pending.push(row);
      if (pending.length >= CHUNK) await flush();
    }
  }
  await flush();
  const events = new Set<string>();
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
    for (const id of changed) events.add(id);
  }
  return { written, events: [...events] };
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
 * else a new one for outcome 0. A market whose series' last point is under APPEND_EVERY_S old is
 * skipped: the served last point is the catalog's current price anyway (readHistory). Rewrites the
 * last two weeks of each series it extends, so the 24-hour mark stays right across a week's boundary.
 *
 * Returns, in the order given, the time of each market's last point after the call (so that a caller
 * may skip it without asking until APPEND_EVERY_S later), and the events whose markets' 24-hour marks
 * changed: their documents are the caller's to write.
 */
export async function appendPrices(
  db: Db,
  markets: readonly MarketPrice[],
  t: number,
): Promise<{ lastPointAt: number[]; events: string[] }> {
  if (markets.length === 0) return { lastPointAt: [], events: [] };
  const wanted = JSON.stringify(markets.map((m, i) => ({ i, a: m.tokens[0], b: m.tokens[1] })));
  // Per market its source series (outcome 0's when it has one) and that series' last two weeks; a
  // market without any history has one row of nulls.
  const found = await rows<{ i: number; tokenId: string } & (EncodedRow | { [k in keyof EncodedRow]: null })>(
    db,
    sql`WITH latest AS (
          SELECT m.i, m.a, m.b,
            (SELECT max(week) FROM price_history WHERE token_id = m.a) AS wa,
            (SELECT max(week) FROM price_history WHERE token_id = m.b) AS wb
          FROM json_to_recordset(${wanted}::json) AS m(i int, a text, b text)),
        source AS (
          SELECT i, CASE WHEN wa IS NULL AND wb IS NOT NULL THEN b ELSE a END AS token_id,
            COALESCE(wa, wb) AS week FROM latest)
        SELECT s.i, s.token_id AS "tokenId", p.week, p.start_ts AS "startTs", p.step_s AS "stepS",
          ${ENCODED_BYTES}
        FROM source s LEFT JOIN price_history p ON p.token_id = s.token_id AND p.week BETWEEN s.week - 1 AND s.week
        ORDER BY s.i, p.week`,
  );
  const stored = markets.map(() => ({ tokenId: '', points: [] as PricePoint[] }));
  for (const row of found) {
    const into = stored[row.i]!;
    into.tokenId = row.tokenId;
    if (row.prices !== null) into.points.push(...unpackRow(decodeRow(row as EncodedRow)));
  }
  const lastPointAt: number[] = [];
  const series: Series[] = [];
  for (const [i, { tokenId, points }] of stored.entries()) {
    const market = markets[i]!;
    const last = points.at(-1);
    if (last && last.t > t - APPEND_EVERY_S) {
      lastPointAt.push(last.t);
      continue;
    }
    lastPointAt.push(t);
    const complement = tokenId !== market.tokens[0];
    const units = Math.round((complement ? 1 - market.p0 : market.p0) * PRICE_UNITS);
    const prices = Uint16Array.from([...points.map((q) => Math.round(q.p * PRICE_UNITS)), units]);
    series.push({ tokenId, prices, startTs: 0, stepS: 0, times: [...points.map((q) => q.t), t] });
  }
  const { events } = await writeSeriesAndMarks(db, series);
  return { lastPointAt, events };
}
