import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PriceHistory } from '../../contract/price-history';
import { buildTestApp, type TestApp } from '../test/app';
import { LAST_TS, loadHistoryCatalog, MULTI, NO, POINTS, QUIET, STEP, YES, yesUnits } from './test-history';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await loadHistoryCatalog(t.database.db);
});
afterAll(() => t.close());

const get = (query: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/clob/prices-history?${query}`, headers });

async function history(query: string) {
  const res = await get(query);
  expect(res.statusCode, res.body).toBe(200);
  return PriceHistory.parse(res.json()).history;
}

const ascending = (points: { t: number }[]) => points.every((p, i) => i === 0 || p.t > points[i - 1]!.t);

describe('GET /clob/prices-history', () => {
  it('serves the whole stored series, ascending, ending at the catalog price', async () => {
    const all = await history(`market=${YES}&interval=max`);
    expect(all).toHaveLength(POINTS);
    expect(ascending(all)).toBe(true);
    expect(all[0]).toEqual({ t: LAST_TS - (POINTS - 1) * STEP, p: yesUnits(0) / 1e4 });
    expect(all.at(-2)).toEqual({ t: LAST_TS - STEP, p: yesUnits(POINTS - 2) / 1e4 });
    expect(all.at(-1)).toEqual({ t: LAST_TS, p: 0.536 });
    // Without interval or timestamps: everything too.
    expect(await history(`market=${YES}`)).toEqual(all);
  });

  it('serves the other side of a binary market as 1 − Yes, ending at its catalog price', async () => {
    const yes = await history(`market=${YES}&interval=1w`);
    const no = await history(`market=${NO}&interval=1w`);
    expect(no.map((p) => p.t)).toEqual(yes.map((p) => p.t));
    for (let i = 0; i < no.length - 1; i++) expect(no[i]!.p).toBeCloseTo(1 - yes[i]!.p, 10);
    expect(no.at(-1)!.p).toBe(0.464);
  });

  it('counts interval back from the latest point and thins to one point per fidelity minutes', async () => {
    const day = await history(`market=${YES}&interval=1d`);
    expect(day[0]!.t).toBe(LAST_TS - 86_400);
    expect(day).toHaveLength(86_400 / STEP + 1);
    const hourly = await history(`market=${YES}&interval=1w&fidelity=60`);
    expect(hourly.length).toBeGreaterThanOrEqual(168);
    expect(hourly.length).toBeLessThanOrEqual(169);
    const hours = hourly.map((p) => Math.floor(p.t / 3600));
    expect(new Set(hours).size).toBe(hours.length);
    expect(hourly.at(-1)).toEqual({ t: LAST_TS, p: 0.536 });
    expect(await history(`market=${YES}&interval=1h`)).toHaveLength(7);
    expect(await history(`market=${YES}&interval=6h&fidelity=120`)).toHaveLength(4);
  });

  it('takes startTs and endTs (unix seconds, both inclusive)', async () => {
    const from = LAST_TS - 10 * STEP;
    const to = LAST_TS - 2 * STEP;
    const part = await history(`market=${YES}&startTs=${from}&endTs=${to}`);
    expect(part.map((p) => p.t)).toEqual(Array.from({ length: 9 }, (_, i) => from + i * STEP));
    expect(part.at(-1)!.p).toBe(yesUnits(POINTS - 3) / 1e4);
    expect(await history(`market=${YES}&startTs=${LAST_TS + 1}`)).toEqual([]);
    expect(await history(`market=${YES}&endTs=${LAST_TS - (POINTS - 1) * STEP}`)).toHaveLength(1);
    expect(await history(`market=${YES}&startTs=0&endTs=10`)).toEqual([]);
  });

  it('serves irregular (imported) points, and an empty history for a token without any', async () => {
    expect(await history(`market=${MULTI[0]}`)).toEqual([
      { t: LAST_TS - 90_000, p: 0.1 },
      { t: LAST_TS - 7_200, p: 0.15 },
      // Stored 0.25; the last point is served at the catalog price.
      { t: LAST_TS - 17, p: 0.2 },
    ]);
    expect(await history(`market=${MULTI[0]}&interval=1h`)).toEqual([{ t: LAST_TS - 17, p: 0.2 }]);
    expect(await history(`market=${MULTI[1]}`)).toEqual([]);
    expect(await history(`market=${QUIET}&interval=1d`)).toEqual([]);
  });

  it('answers 404 MARKET_NOT_FOUND for a token the catalog does not have', async () => {
    for (const market of ['9999', '1111 ', 'x'.repeat(200)]) {
      const res = await get(`market=${encodeURIComponent(market)}&interval=1d`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: expect.any(String), code: 'MARKET_NOT_FOUND' });
    }
  });

  it.each([
    ['', 'market'],
    ['market=', 'market'],
    [`market=${YES}&market=${NO}`, 'market'],
    [`market=${YES}&interval=2d`, 'interval'],
    [`market=${YES}&interval=1d&startTs=1`, 'interval'],
    [`market=${YES}&fidelity=0`, 'fidelity'],
    [`market=${YES}&fidelity=1.5`, 'fidelity'],
    [`market=${YES}&fidelity=-1`, 'fidelity'],
    [`market=${YES}&fidelity=525601`, 'fidelity'],
    [`market=${YES}&startTs=abc`, 'startTs'],
    [`market=${YES}&startTs=20&endTs=10`, 'startTs'],
    [`market=${YES}&endTs=99999999999`, 'endTs'],
    [`market=${YES}&token=1`, 'token'],
    [`market=%01${YES}`, 'market'],
  ])('answers 400 INVALID_PARAMETER naming the parameter: %s', async (query, name) => {
    const res = await get(query);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('INVALID_PARAMETER');
    expect(body.error).toContain(name);
  });

  it('carries an ETag and answers 304 to If-None-Match; any origin may read it', async () => {
    const first = await get(`market=${YES}&interval=1w&fidelity=60`, { origin: 'https://elsewhere.example' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['access-control-allow-origin']).toBe('*');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"/);
    const again = await get(`market=${YES}&interval=1w&fidelity=60`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await get(`market=${YES}&interval=1d`, { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
  });

  it('is in the trading interface’s OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/clob/openapi.json' });
    expect(Object.keys(res.json().paths)).toContain('/prices-history');
  });
});
