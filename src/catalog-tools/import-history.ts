import { sql } from 'drizzle-orm';
import { MAX_UNIX_SECONDS } from '../contract/price-history';
import { type Db, rows } from '../server/db/open';
import { PRICE_UNITS, type Series } from '../server/history/packing';
import { deleteHistory, writeSeries } from '../server/history/store';
import { forgetDemoCatalog } from './demo-catalog';
import type { Tx } from './import';
import { parseJsonItems } from './normalize';

/**
 * `npm run catalog -- import-history FILE.json`: price histories as the reference service's
 * `/prices-history` answers them, each with its token id:
 *
 *   [{ "market": "<token id>", "history": [{ "t": 1718000000, "p": 0.535 }, …] }, …]
 *
 * (or one such object). Each token's history replaces the one stored; the tokens must be in the
 * catalog. All or nothing: if any entry is invalid, every problem is reported and nothing changes.
 */

export interface HistoryImportError {
  /** Index of the entry in the file. */
  index: number;
  market: string | null;
  /** `market`, `history`, `history[12].t`, or '' for the entry itself. */
  field: string;
  reason: string;
}

export interface HistoryImportReport {
  total: number;
  imported: number;
  points: number;
  errors: HistoryImportError[];
}

/** More would be a year of seconds per token: surely a mistake, and memory for nothing. */
export const MAX_POINTS_PER_TOKEN = 600_000;

export function parseHistoryText(text: string): unknown[] {
  return parseJsonItems(
    text,
    'The file must hold a JSON array of {"market": "<token id>", "history": [{"t": …, "p": …}]} objects, or one of them.',
  );
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** One entry as a series, or its problems. */
function readEntry(raw: unknown, index: number): { series: Series | null; errors: HistoryImportError[] } {
  const errors: HistoryImportError[] = [];
  if (!isObject(raw))
    return { series: null, errors: [{ index, market: null, field: '', reason: 'must be an object' }] };
  const market = raw.market;
  const name = typeof market === 'string' ? market : null;
  const fail = (field: string, reason: string) => errors.push({ index, market: name, field, reason });
  if (typeof market !== 'string' || market.trim() === '')
    fail('market', 'must be the token id, a non-empty string');
  else if (market.length > 200 || /\p{Cc}/u.test(market))
    fail('market', 'must be at most 200 characters, without control characters');
  for (const key of Object.keys(raw))
    if (key !== 'market' && key !== 'history')
      fail(key, 'is not a field of a history entry (market, history)');
  const history = raw.history;
  if (!Array.isArray(history)) {
    fail('history', 'must be the array of {t, p} points of a /prices-history answer');
    return { series: null, errors };
  }
  if (history.length === 0) fail('history', 'is empty');
  if (history.length > MAX_POINTS_PER_TOKEN) fail('history', `has more than ${MAX_POINTS_PER_TOKEN} points`);
  const times: number[] = [];
  const prices = new Uint16Array(Math.min(history.length, MAX_POINTS_PER_TOKEN));
  for (let i = 0; i < prices.length && errors.length < 20; i++) {
    const point = history[i];
    if (!isObject(point)) {
      fail(`history[${i}]`, 'must be an object {t, p}');
      continue;
    }
    const { t, p } = point;
    if (typeof t !== 'number' || !Number.isInteger(t) || t < 0 || t > MAX_UNIX_SECONDS)
      fail(`history[${i}].t`, `must be unix seconds, an integer from 0 to ${MAX_UNIX_SECONDS}`);
    else if (times.length > 0 && t <= times[times.length - 1]!)
      fail(`history[${i}].t`, 'must be after the previous point (ascending, no repeats)');
    if (typeof p !== 'number' || !(p >= 0 && p <= 1)) fail(`history[${i}].p`, 'must be a price from 0 to 1');
    times.push(Number(t));
    prices[i] = Math.round(Number(p) * PRICE_UNITS);
  }
  if (errors.length > 0) return { series: null, errors };
  return { series: { tokenId: name!, startTs: 0, stepS: 0, times, prices }, errors };
}

/** Validates every entry, checks its token against the catalog, then writes all of them in one transaction. */
export async function importHistories(
  db: Db,
  raws: readonly unknown[],
  /** Written in the same transaction, after the histories (a sync's progress). */
  alongside?: (tx: Tx) => Promise<void>,
): Promise<HistoryImportReport> {
  const errors: HistoryImportError[] = [];
  const series: { index: number; series: Series }[] = [];
  const seen = new Map<string, number>();
  raws.forEach((raw, index) => {
    const entry = readEntry(raw, index);
    errors.push(...entry.errors);
    if (!entry.series) return;
    const first = seen.get(entry.series.tokenId);
    if (first !== undefined)
      errors.push({
        index,
        market: entry.series.tokenId,
        field: 'market',
        reason: `repeats entry #${first}`,
      });
    else {
      seen.set(entry.series.tokenId, index);
      series.push({ index, series: entry.series });
    }
  });
  const report: HistoryImportReport = { total: raws.length, imported: 0, points: 0, errors };
  if (raws.length === 0) return report;

  const known = await knownTokens(db, [...seen.keys()]);
  for (const { index, series: s } of series)
    if (!known.has(s.tokenId))
      errors.push({
        index,
        market: s.tokenId,
        field: 'market',
        reason: 'is not an outcome token of the catalog (import its event first)',
      });
  if (errors.length > 0) {
    errors.sort((a, b) => a.index - b.index);
    return report;
  }
  await db.transaction(async (tx) => {
    await deleteHistory(
      tx,
      series.map((s) => s.series.tokenId),
    );
    await writeSeries(
      tx,
      series.map((s) => s.series),
    );
    await forgetDemoCatalog(tx);
    await alongside?.(tx);
  });
  return {
    ...report,
    imported: series.length,
    points: series.reduce((n, s) => n + s.series.prices.length, 0),
  };
}

async function knownTokens(db: Db, tokens: string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < tokens.length; i += 5000) {
    const batch = await rows<{ token: string }>(
      db,
      sql`SELECT token_id AS token FROM outcome_tokens
          WHERE token_id IN (SELECT json_array_elements_text(${JSON.stringify(tokens.slice(i, i + 5000))}::json))`,
    );
    for (const row of batch) found.add(row.token);
  }
  return found;
}

export function formatHistoryReport(report: HistoryImportReport, file: string): string[] {
  const lines = report.errors.map(
    (e) =>
      `error: entry #${e.index}${e.market !== null ? ` (market ${e.market.slice(0, 90)})` : ''}: ${e.field || '(entry)'}: ${e.reason}`,
  );
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (report.errors.length > 0) {
    const bad = new Set(report.errors.map((e) => e.index)).size;
    lines.push(
      `Nothing imported from ${file}: ${plural(report.errors.length, 'error')} in ${bad} of ${plural(report.total, 'entry').replace('entrys', 'entries')}. Fix them and import again.`,
    );
  } else
    lines.push(
      `Imported ${plural(report.imported, 'price history').replace('historys', 'histories')} (${report.points.toLocaleString('en')} points) from ${file}.`,
    );
  return lines;
}
