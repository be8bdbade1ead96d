import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorBody } from '../../contract/error-codes';
import { PriceHistory } from '../../contract/price-history';
import { rows } from '../db/open';
import { sql } from 'drizzle-orm';
import { LAST_TS, loadHistoryCatalog, YES } from '../history/test-history';
import { buildTestApp, type TestApp } from '../test/app';

/**
 * /prices-history's parameters with hostile values (raw control bytes, lone surrogates, overlong
 * and cut UTF-8, huge and negative numbers, repeats, combinations): a 200 in the reference shape,
 * or a 4xx with the error body; never a 5xx, and the stored history is the same afterwards.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2_000);

const hostileText = fc.oneof(
  fc.constantFrom(
    '%00',
    'a%00b',
    '%01%1F%7F',
    '%ED%A0%80',
    '%C0%AE',
    '%C3',
    '%FF%FE',
    '%',
    '%zz',
    'a'.repeat(600),
  ),
  fc
    .uint8Array({ minLength: 1, maxLength: 24 })
    .map((bytes) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join('')),
  fc.string({ unit: 'grapheme', minLength: 0, maxLength: 20 }).map(encodeURIComponent),
);
const number = fc.oneof(
  fc.integer({ min: -10, max: 2 ** 33 }).map(String),
  fc.constantFrom('', '1e3', '0x10', '1.0', '-0', '99999999999999999999999', 'NaN', String(LAST_TS)),
  hostileText,
);
const param = fc.oneof(
  fc.constant(`market=${YES}`),
  hostileText.map((v) => `market=${v}`),
  fc.constantFrom('1h', '6h', '1d', '1w', '1m', 'max', '1y', 'MAX').map((v) => `interval=${v}`),
  hostileText.map((v) => `interval=${v}`),
  number.map((v) => `fidelity=${v}`),
  number.map((v) => `startTs=${v}`),
  number.map((v) => `endTs=${v}`),
  hostileText.map((v) => `${v}=1`),
);

describe('hostile /prices-history queries', () => {
  let t: TestApp;
  const snapshot = () =>
    rows<{ digest: string }>(
      t.database.db,
      sql`SELECT md5(string_agg(token_id || week || encode(prices, 'hex'), ',' ORDER BY token_id, week)) AS digest FROM price_history`,
    );
  beforeAll(async () => {
    t = await buildTestApp();
    await loadHistoryCatalog(t.database.db);
  });
  afterAll(() => t.close());

  it('answer in the reference shape or with the error body, never a 5xx, and change nothing', async () => {
    const before = await snapshot();
    await fc.assert(
      fc.asyncProperty(fc.array(param, { minLength: 0, maxLength: 5 }), async (params) => {
        const url = `/clob/prices-history?${params.join('&')}`;
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode, `${url} → ${res.body}`).toBeLessThan(500);
        if (res.statusCode >= 400) expect(isErrorBody(res.json()), `${url} → ${res.body}`).toBe(true);
        else expect(PriceHistory.safeParse(res.json()).success, url).toBe(true);
      }),
      { numRuns: RUNS },
    );
    expect(await snapshot()).toEqual(before);
  });
});
