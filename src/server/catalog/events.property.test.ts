import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Event, ORDER_FIELDS } from '../../contract/catalog';
import { EVENTS_QUERY_PARAMETERS, EventsQuery, searchParamsToObject } from '../../contract/catalog-query';
import { isErrorBody } from '../../contract/error-codes';
import { buildTestApp, type TestApp } from '../test/app';
import { upsertEvents } from './load';
import { buildTestCatalog, compareEvents, expectedPage, TEST_SERIES, TEST_TAGS } from './test-catalog';

/**
 * Property tests of GET /events on a 200-event catalog with many ties: any valid combination of
 * parameters gives exactly the oracle's page (filters, order with ties by id, limit, offset,
 * X-Total-Count); junk never gives a 5xx. The response cache is on, as in production: the oracle
 * comparison would catch one query answered with another's cached body.
 */

const catalog = buildTestCatalog();
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await upsertEvents(t.database.db, catalog);
});
afterAll(() => t.close());

const RUNS = 1_000;
const SLOW = 120_000;
const someIds = [...catalog.slice(0, 12).map((e) => e.id), '0', '424242', '99999999999999999999999'];
const endDates = [...new Set(catalog.map((e) => e.endDate))];
const instant = fc.oneof(
  fc.constantFrom(...endDates),
  fc.constantFrom(...endDates).map((d) => new Date(Date.parse(d) + 1).toISOString()),
  // The same instant written with another offset and no fraction.
  fc.constantFrom(...endDates).map((d) => {
    const shifted = new Date(Date.parse(d) + 5.5 * 3600_000).toISOString();
    return `${shifted.slice(0, 19)}+05:30`;
  }),
);
const decimal = fc.constantFrom(
  '0',
  '5',
  '10',
  '10.5',
  '.5',
  '100.0',
  '250.25',
  '1000',
  '123456.789',
  '1000000',
);
const bool = fc.constantFrom('true', 'false');

/** Valid parameters: values drawn near the catalog's own (so filters do select something). */
const validParams = fc.record(
  {
    id: fc.array(fc.constantFrom(...someIds, '0002'), { minLength: 1, maxLength: 4 }),
    slug: fc.array(fc.constantFrom(...catalog.slice(0, 8).map((e) => e.slug), 'nope'), {
      minLength: 1,
      maxLength: 3,
    }),
    tag_id: fc.constantFrom(...TEST_TAGS.map((x) => x.id), '010', '7'),
    tag_slug: fc.constantFrom(...TEST_TAGS.map((x) => x.slug), 'nope'),
    series_id: fc.constantFrom(...TEST_SERIES.map((x) => x.id), '8'),
    active: bool,
    closed: bool,
    q: fc.oneof(
      fc.constantFrom('bitcoin', 'BITCOIN', 'apple', '100%', '%', '_', '\\', '#1', ' ', '?', 'zz', 'ápple'),
      fc.string({ unit: fc.constantFrom(...'abeilnortw #%_?'.split('')), minLength: 1, maxLength: 4 }),
    ),
    end_date_min: instant,
    end_date_max: instant,
    volume_min: decimal,
    liquidity_min: decimal,
    limit: fc.integer({ min: 0, max: 100 }).map(String),
    offset: fc.oneof(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 250 })).map(String),
    order: fc.array(fc.constantFrom(...ORDER_FIELDS), { minLength: 1, maxLength: 3 }).map((x) => x.join(',')),
    ascending: bool,
  },
  { requiredKeys: [] },
);

function toQueryString(params: Record<string, string | string[]>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const v of Array.isArray(value) ? value : [value]) search.append(key, v);
  }
  return search.toString();
}

describe('GET /events properties', () => {
  it(`valid parameters → 200 with exactly the filtered, ordered, limited page (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(validParams, async (params) => {
        const qs = toQueryString(params as Record<string, string | string[]>);
        const response = await t.app.inject({ method: 'GET', url: `/gamma/events?${qs}` });
        expect(response.statusCode, `${qs}: ${response.body}`).toBe(200);
        const query = EventsQuery.parse(searchParamsToObject(new URLSearchParams(qs)));
        const body = response.json<Event[]>();
        const expected = expectedPage(catalog, query);

        // The invariants, stated directly (not only through the oracle)…
        expect(body.length).toBeLessThanOrEqual(query.limit);
        for (let i = 1; i < body.length; i++) {
          expect(compareEvents(body[i - 1]!, body[i]!, query.order, query.ascending), qs).toBeLessThan(0);
        }
        // …and the exact page and total.
        expect(
          body.map((e) => e.id),
          qs,
        ).toEqual(expected.events.map((e) => e.id));
        expect(body, qs).toEqual(expected.events);
        expect(response.headers['x-total-count'], qs).toBe(String(expected.total));
      }),
      { numRuns: RUNS },
    );
  }, 300_000); // ~30 s alone; more on a busy 2-core machine

  /** Any string, including controls, lone surrogates, `%`, `&` and `=`. */
  const anyText = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.string({ unit: 'binary', maxLength: 8 }),
    fc.constantFrom(
      '',
      '-1',
      '1e3',
      '101',
      'NaN',
      'Infinity',
      '0x10',
      ' 1',
      '1 ',
      'true,false',
      '\u0000',
      '%00',
    ),
    // Date-times of the right form that PostgreSQL cannot read, and the extremes it can.
    fc.constantFrom(
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:00:00+15:59',
      '9999-12-31T23:59:59-15:59',
      '2026-01-01T00:00:00+16:00',
    ),
  );

  it(
    'unknown parameters → 400 INVALID_PARAMETER naming them, never 5xx',
    async () => {
      const unknownKey = fc
        .string({ minLength: 1, maxLength: 10 })
        .filter((k) => !(EVENTS_QUERY_PARAMETERS as string[]).includes(k));
      await fc.assert(
        fc.asyncProperty(unknownKey, anyText, validParams, async (key, value, params) => {
          const qs = toQueryString({ ...(params as Record<string, string | string[]>), [key]: value });
          const response = await t.app.inject({ method: 'GET', url: `/gamma/events?${qs}` });
          // The key may parse differently (e.g. "a&b" splits): it is always unknown, so 400.
          expect(response.statusCode, qs).toBe(400);
          expect(isErrorBody(response.json())).toBe(true);
          expect(response.json().code).toBe('INVALID_PARAMETER');
        }),
        { numRuns: 300 },
      );
    },
    SLOW,
  );

  it(
    'junk values for known parameters → 200 or 4xx with the error body, never 5xx',
    async () => {
      const known = fc.constantFrom(...EVENTS_QUERY_PARAMETERS);
      const junk = fc.array(
        fc.tuple(known, fc.oneof(anyText, fc.array(anyText, { minLength: 2, maxLength: 3 }))),
        {
          minLength: 1,
          maxLength: 4,
        },
      );
      await fc.assert(
        fc.asyncProperty(junk, async (pairs) => {
          const qs = toQueryString(Object.fromEntries(pairs));
          const response = await t.app.inject({ method: 'GET', url: `/gamma/events?${qs}` });
          expect(response.statusCode, qs).toBeLessThan(500);
          if (response.statusCode !== 200) {
            expect(response.statusCode).toBe(400);
            expect(isErrorBody(response.json()), response.body).toBe(true);
          }
        }),
        { numRuns: 400 },
      );
    },
    SLOW,
  );

  it(
    'raw junk query strings and paths → never 5xx',
    async () => {
      const raw = fc.oneof(
        fc.string({ maxLength: 30 }),
        fc.constant('a'.repeat(600)), // longer than the router's maxParamLength
        fc
          .array(
            fc.constantFrom(
              '%',
              '%ZZ',
              '%E0%A4%A',
              '%ED%A0%80',
              '&',
              '=',
              '[]',
              'id',
              'limit',
              '1',
              '\u00ff',
            ),
            {
              maxLength: 8,
            },
          )
          .map((parts) => parts.join('')),
      );
      await fc.assert(
        fc.asyncProperty(
          raw,
          fc.constantFrom('/events?', '/events/', '/events/slug/', '/tags/', '/series/'),
          async (junk, path) => {
            const url = `/gamma${path}${encodeURI(junk).replace(/%25/g, '%')}`;
            const response = await t.app.inject({ method: 'GET', url });
            expect(response.statusCode, url).toBeLessThan(500);
            if (response.statusCode >= 400) expect(isErrorBody(response.json()), response.body).toBe(true);
          },
        ),
        { numRuns: 300 },
      );
    },
    SLOW,
  );
});
