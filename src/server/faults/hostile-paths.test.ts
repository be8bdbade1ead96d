import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isErrorBody } from '../../contract/error-codes';
import { upsertEvents } from '../catalog/load';
import { buildTestCatalog } from '../catalog/test-catalog';
import { freshIp } from '../credentials/test-helpers';
import { buildTestApp, type TestApp } from '../test/app';

/**
 * Every path parameter of both interfaces, and the text-valued query parameters, with raw bytes the
 * database would refuse or a decoder could trip on: NUL and other control characters, lone surrogates
 * (as the UTF-8 of U+D800), overlong UTF-8, cut sequences, 600-character values. The answer is a 4xx
 * with the error body, never a 5xx. (Values go into the URL already percent-encoded, byte by byte:
 * encodeURIComponent would turn "%00" into "%2500" and refuses lone surrogates.)
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 2_000);

const hostile = fc.oneof(
  fc.constantFrom(
    '%00',
    'a%00b',
    '%01%1F%7F',
    '%ED%A0%80', // U+D800, a lone surrogate, as UTF-8
    '%ED%BF%BF',
    '%C0%AE', // overlong "."
    '%C0%80', // overlong NUL
    '%E0%80%AF',
    '%F8%88%80%80%80',
    '%C3', // cut sequence
    '%FF%FE',
    '%',
    '%zz',
    'a'.repeat(600),
    `${'%C3%A9'.repeat(300)}`,
    '1%00',
    '00000000000000000000000000000001',
  ),
  // Arbitrary bytes, each percent-encoded.
  fc
    .uint8Array({ minLength: 1, maxLength: 40 })
    .map((bytes) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`).join('')),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).map(encodeURIComponent),
);

const PATHS = [
  (v: string) => `/gamma/events/${v}`,
  (v: string) => `/gamma/events/slug/${v}`,
  (v: string) => `/gamma/tags/${v}`,
  (v: string) => `/gamma/series/${v}`,
  (v: string) => `/gamma/events/${v}/tags`,
  (v: string) => `/gamma/markets/${v}`,
  (v: string) => `/gamma/markets/slug/${v}`,
  (v: string) => `/gamma/markets/${v}/tags`,
  (v: string) => `/gamma/tags/slug/${v}`,
  (v: string) => `/gamma/series/slug/${v}`,
  (v: string) => `/gamma/events/keyset?after_cursor=${v}`,
  (v: string) => `/gamma/markets/keyset?after_cursor=${v}`,
  (v: string) => `/gamma/events/keyset?title_search=${v}`,
  (v: string) => `/gamma/events/keyset?tag_id=${v}`,
  (v: string) => `/gamma/events/keyset?limit=${v}`,
  (v: string) => `/gamma/markets?clob_token_ids=${v}`,
  (v: string) => `/gamma/markets?condition_ids=${v}`,
  (v: string) => `/gamma/markets?id=${v}`,
  (v: string) => `/gamma/public-search?q=${v}`,
  (v: string) => `/gamma/events?slug=${v}`,
  (v: string) => `/gamma/events?q=${v}`,
  (v: string) => `/gamma/events?tag_slug=${v}`,
  (v: string) => `/gamma/events?id=${v}`,
  (v: string) => `/gamma/tags?limit=${v}`,
  (v: string) => `/gamma/series?${v}=1`,
  (v: string) => `/clob/api-keys?apiKey=${v}`,
];

describe('hostile path and query values', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ RATE_LIMIT_MAX: '1000000000' });
    await upsertEvents(t.database.db, buildTestCatalog(20));
  });
  afterAll(() => t.close());

  it('answer a 4xx with the error body, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...PATHS), hostile, async (path, value) => {
        const url = path(value);
        const method = url.startsWith('/clob') ? 'DELETE' : 'GET';
        const res = await t.app.inject({ method, url, remoteAddress: freshIp() });
        expect(res.statusCode, `${url} → ${res.body}`).toBeLessThan(500);
        if (res.statusCode >= 400) expect(isErrorBody(res.json()), `${url} → ${res.body}`).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it.each(['%00', '%ED%A0%80', '%C0%AE', 'a'.repeat(600)])(
    'every path parameter refuses %s',
    async (value) => {
      for (const path of PATHS.slice(0, 10)) {
        const res = await t.app.inject({ method: 'GET', url: path(value) });
        expect(res.statusCode, path(value)).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, path(value)).toBeLessThan(500);
      }
    },
  );
});
