import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../server/db/open';
import { LAST_TS, loadHistoryCatalog, MULTI, NO, QUIET, YES } from '../server/history/test-history';
import { buildTestApp, type TestApp } from '../server/test/app';
import { formatHistoryReport, importHistories, parseHistoryText } from './import-history';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await loadHistoryCatalog(t.database.db);
});
afterAll(() => t.close());

const history = async (market: string) =>
  (await t.app.inject({ method: 'GET', url: `/clob/prices-history?market=${market}` })).json().history;
const digest = async () =>
  (
    await rows<{ d: string }>(
      t.database.db,
      sql`SELECT md5(coalesce(string_agg(token_id || week || encode(prices, 'hex') || coalesce(encode(offsets, 'hex'), ''), ',' ORDER BY token_id, week), '')) ||
                 (SELECT md5(coalesce(string_agg(token_id || day_ago_price, ',' ORDER BY token_id), '')) FROM price_marks) AS d
          FROM price_history`,
    )
  )[0]!.d;

// The reference's answer shape, with its irregular seconds and an extra field some answers carry.
const REAL = [
  { t: LAST_TS - 200_000, p: 0.1815, v: 12.5 },
  { t: LAST_TS - 100_123, p: 0.19 },
  { t: LAST_TS - 3_611, p: 0.2 },
];

describe('import-history', () => {
  it('rejects a file with any bad entry, naming each problem, and changes nothing', async () => {
    const before = await digest();
    const report = await importHistories(t.database.db, [
      { market: QUIET, history: REAL },
      { market: '404', history: REAL },
      { market: QUIET, history: REAL },
      {
        market: YES,
        history: [
          { t: 5, p: 0.5 },
          { t: 5, p: 0.6 },
          { t: 'x', p: 2 },
        ],
      },
      { market: '', history: {} },
      'junk',
      { market: NO, history: [], extra: 1 },
    ]);
    expect(report.imported).toBe(0);
    expect(report.errors).toEqual([
      {
        index: 1,
        market: '404',
        field: 'market',
        reason: 'is not an outcome token of the catalog (import its event first)',
      },
      { index: 2, market: QUIET, field: 'market', reason: 'repeats entry #0' },
      {
        index: 3,
        market: YES,
        field: 'history[1].t',
        reason: 'must be after the previous point (ascending, no repeats)',
      },
      {
        index: 3,
        market: YES,
        field: 'history[2].t',
        reason: 'must be unix seconds, an integer from 0 to 2147483647',
      },
      { index: 3, market: YES, field: 'history[2].p', reason: 'must be a price from 0 to 1' },
      { index: 4, market: '', field: 'market', reason: 'must be the token id, a non-empty string' },
      {
        index: 4,
        market: '',
        field: 'history',
        reason: 'must be the array of {t, p} points of a /prices-history answer',
      },
      { index: 5, market: null, field: '', reason: 'must be an object' },
      { index: 6, market: NO, field: 'extra', reason: 'is not a field of a history entry (market, history)' },
      { index: 6, market: NO, field: 'history', reason: 'is empty' },
    ]);
    expect(formatHistoryReport(report, 'f.json').at(-1)).toBe(
      'Nothing imported from f.json: 10 errors in 6 of 7 entries. Fix them and import again.',
    );
    expect(await digest()).toBe(before);
  });

  it('imports reference answers: each replaces its token’s history, served back in the same shape', async () => {
    const text = JSON.stringify([
      { market: QUIET, history: REAL },
      { market: MULTI[0], history: REAL.slice(1) },
    ]);
    const report = await importHistories(t.database.db, parseHistoryText(text));
    expect(report).toEqual({ total: 2, imported: 2, points: 5, errors: [] });
    expect(formatHistoryReport(report, 'f.json')).toEqual([
      'Imported 2 price histories (5 points) from f.json.',
    ]);
    // The last point is served at the catalog's price (QUIET's Yes: 0.5; MULTI[0]: 0.2).
    expect(await history(QUIET)).toEqual([
      { t: REAL[0]!.t, p: 0.1815 },
      { t: REAL[1]!.t, p: 0.19 },
      { t: REAL[2]!.t, p: 0.5 },
    ]);
    // The earlier import of MULTI[0] (at LAST_TS − 90,000 and − 17) is gone: replaced, not merged.
    expect(await history(MULTI[0])).toEqual([
      { t: REAL[1]!.t, p: 0.19 },
      { t: REAL[2]!.t, p: 0.2 },
    ]);
    // A single object is a file of one entry.
    expect(parseHistoryText(JSON.stringify({ market: QUIET, history: REAL }))).toHaveLength(1);
    expect(() => parseHistoryText('[1')).toThrow(/not valid JSON/);
    expect(() => parseHistoryText('7')).toThrow(/JSON array of/);
  });
});
