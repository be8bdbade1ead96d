import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Event, Series, TagWithCount } from '../../contract/catalog';
import { EVENTS_QUERY_PARAMETERS, EventsQuery, searchParamsToObject } from '../../contract/catalog-query';
import { isErrorBody } from '../../contract/error-codes';
import { buildTestApp, type TestApp } from '../test/app';
import { upsertEvents } from './load';
import * as repository from './repository';
import { buildTestCatalog, expectedPage, TEST_SERIES, TEST_TAGS } from './test-catalog';

/** The catalog interface end to end through app.inject, on PGlite (or PostgreSQL with TEST_DATABASE_URL). */

const catalog = buildTestCatalog();
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ SERVE_CLOB: 'true' });
  await upsertEvents(t.database.db, catalog);
  // A tag and a series no event carries: listed with eventCount 0, found by id.
  await t.database.db.execute(sql`INSERT INTO tags (id, label, slug) VALUES (99, 'Unused', 'unused')`);
  await t.database.db.execute(
    sql`INSERT INTO series (id, slug, title) VALUES (500, 'empty-series', 'Empty series')`,
  );
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/gamma${url}`, headers });

/** GET /events?<query> and its expected answer from the oracle. */
async function events(query: string) {
  const response = await get(`/events${query ? `?${query}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  const expected = expectedPage(catalog, EventsQuery.parse(searchParamsToObject(new URLSearchParams(query))));
  return { response, body: response.json<Event[]>(), expected };
}

async function expectEvents(query: string): Promise<Event[]> {
  const { response, body, expected } = await events(query);
  expect(body).toEqual(expected.events);
  expect(response.headers['x-total-count']).toBe(String(expected.total));
  return body;
}

function expectError(response: LightMyRequestResponse, status: number, code: string, mention?: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json();
  expect(isErrorBody(body)).toBe(true);
  expect(body.code).toBe(code);
  if (mention) expect(body.error).toContain(mention);
}

const ids = (list: Event[]) => list.map((e) => e.id);
const byId = (id: string) => catalog.find((e) => e.id === id)!;

describe('GET /events: defaults and paging', () => {
  it('returns 20 events by id ascending (numeric), with nested markets, tags and series as stored', async () => {
    const body = await expectEvents('');
    expect(body).toHaveLength(20);
    const numeric = ids(body).map(BigInt);
    expect(numeric.every((id, i) => i === 0 || id > numeric[i - 1]!)).toBe(true);
    expect(ids(body).slice(0, 10)).not.toEqual([...ids(body).slice(0, 10)].sort()); // not text order
    // Full shape, field for field as imported: markets/tags/series in their stored positions.
    expect(body[0]).toEqual(byId('1'));
    expect(body.every((e) => e.markets.length >= 1)).toBe(true);
  });

  it('honours limit 0, limit 100 and offset; X-Total-Count ignores them', async () => {
    expect(await expectEvents('limit=0')).toEqual([]);
    expect(await expectEvents('limit=100')).toHaveLength(100);
    const all = await expectEvents('limit=100&offset=0');
    const next = await expectEvents('limit=100&offset=100');
    expect(ids(all).filter((id) => ids(next).includes(id))).toEqual([]);
    expect(await expectEvents('offset=1000')).toEqual([]);
    const { response } = await events('limit=3&offset=7');
    expect(response.headers['x-total-count']).toBe(String(catalog.length));
  });
});

describe('GET /events: filters', () => {
  it('id: single, repeated (any matches), leading zeros, unknown and beyond int8', async () => {
    expect(ids(await expectEvents('id=2343'))).toEqual(['2343']);
    expect(ids(await expectEvents('id=2343&id=2&id=999999'))).toEqual(['2', '2343']);
    expect(ids(await expectEvents('id=0002'))).toEqual(['2']);
    expect(await expectEvents('id=99999999999999999999999')).toEqual([]);
  });

  it('slug: single and repeated', async () => {
    expect(ids(await expectEvents('slug=event-5'))).toEqual(['5']);
    expect(ids(await expectEvents('slug=event-5&slug=event-3&slug=nope'))).toEqual(['3', '5']);
  });

  it('tag_id, tag_slug and series_id', async () => {
    const sports = await expectEvents('tag_id=2&limit=100');
    expect(sports.length).toBeGreaterThan(0);
    expect(sports.every((e) => e.tags.some((tag) => tag.id === '2'))).toBe(true);
    expect(ids(await expectEvents('tag_slug=sports&limit=100'))).toEqual(ids(sports));
    expect(await expectEvents('tag_id=99')).toEqual([]);
    expect(await expectEvents('tag_slug=nope')).toEqual([]);
    const nba = await expectEvents('series_id=50&limit=100');
    expect(nba.length).toBeGreaterThan(0);
    expect(nba.every((e) => e.series.some((s) => s.id === '50'))).toBe(true);
  });

  it('active and closed, alone and together', async () => {
    for (const query of [
      'active=true',
      'active=false',
      'closed=true',
      'closed=false',
      'active=true&closed=false',
    ]) {
      const body = await expectEvents(`${query}&limit=100`);
      expect(body.length).toBeGreaterThan(0);
    }
    const top = await expectEvents('active=true&closed=false&limit=100');
    expect(top.every((e) => e.active && !e.closed)).toBe(true);
  });

  it('q: case-insensitive substring; %, _ and \\ are literal', async () => {
    const bitcoin = await expectEvents('q=BITCOIN&limit=100');
    expect(bitcoin.length).toBeGreaterThan(0);
    expect(bitcoin.every((e) => e.title.toLowerCase().includes('bitcoin'))).toBe(true);
    const percent = await expectEvents(`q=${encodeURIComponent('100%')}&limit=100`);
    expect(percent.length).toBeGreaterThan(0);
    expect(percent.every((e) => e.title.includes('100%'))).toBe(true);
    expect(await expectEvents(`q=${encodeURIComponent('0%t')}`)).toEqual([]);
    const underscore = await expectEvents('q=_&limit=100');
    expect(underscore.every((e) => e.title.includes('_'))).toBe(true);
    expect((await expectEvents(`q=${encodeURIComponent('\\')}&limit=100`)).length).toBeGreaterThan(0);
    expect(await expectEvents('q=nothing-like-this')).toEqual([]);
    expect((await expectEvents(`q=${'x'.repeat(200)}`)).length).toBe(0);
  });

  it('end_date_min and end_date_max are inclusive instants, any offset', async () => {
    const edge = byId('1').endDate;
    const at = await expectEvents(`end_date_min=${edge}&end_date_max=${edge}&limit=100`);
    expect(ids(at)).toContain('1');
    expect(at.every((e) => e.endDate === edge)).toBe(true);
    const shifted = new Date(Date.parse(edge) + 2 * 3600_000).toISOString().replace('Z', '+02:00');
    expect(
      ids(await expectEvents(`end_date_min=${encodeURIComponent(shifted.replace(/\.\d+/, ''))}`)),
    ).toBeDefined();
    const after = await expectEvents(
      `end_date_min=${new Date(Date.parse(edge) + 1).toISOString()}&end_date_max=${edge}`,
    );
    expect(after).toEqual([]);
  });

  it('volume_min and liquidity_min are inclusive', async () => {
    const body = await expectEvents('volume_min=10.5&limit=100');
    expect(body.some((e) => e.volume === 10.5)).toBe(true);
    expect(body.every((e) => e.volume >= 10.5)).toBe(true);
    const rich = await expectEvents('liquidity_min=250.25&limit=100');
    expect(rich.every((e) => e.liquidity >= 250.25)).toBe(true);
    expect(await expectEvents('volume_min=0&limit=100')).toHaveLength(100);
    expect(await expectEvents('volume_min=.5&liquidity_min=0.0')).toHaveLength(20);
  });

  it('combines filters with AND', async () => {
    await expectEvents(
      'active=true&closed=false&tag_slug=politics&volume_min=10&q=will&order=volume&ascending=false',
    );
  });
});

describe('GET /events: order', () => {
  it('top list: volume descending, ties by id ascending', async () => {
    const body = await expectEvents('active=true&closed=false&order=volume&ascending=false&limit=100');
    for (let i = 1; i < body.length; i++) {
      const [a, b] = [body[i - 1]!, body[i]!];
      expect(a.volume > b.volume || (a.volume === b.volume && BigInt(a.id) < BigInt(b.id))).toBe(true);
    }
  });

  it('every field, both directions, and comma-separated lists', async () => {
    for (const order of ['volume', 'volume24hr', 'liquidity', 'startDate', 'endDate', 'id', 'title']) {
      for (const ascending of ['true', 'false'])
        await expectEvents(`order=${order}&ascending=${ascending}&limit=100`);
    }
    await expectEvents('order=volume24hr,liquidity&ascending=false&limit=100&offset=50');
    await expectEvents('order=startDate,title,volume&limit=100');
    await expectEvents('order=volume,volume&limit=50');
  });

  it('id sorts numerically and descending when asked', async () => {
    const body = await expectEvents('order=id&ascending=false&limit=100');
    expect(BigInt(body[0]!.id)).toBeGreaterThan(BigInt(body[1]!.id));
  });

  it('title sorts case-insensitively', async () => {
    await expectEvents('order=title&limit=100');
    const body = await expectEvents('order=title&limit=100&q=bitcoin');
    const titles = body.map((e) => e.title.toLowerCase());
    expect(titles).toEqual([...titles].sort());
    // Upper- and lower-case spellings are interleaved, not grouped by case (as byte order would).
    const lastUpper = body.findLastIndex((e) => e.title.startsWith('Will'));
    const firstLower = body.findIndex((e) => e.title.startsWith('will'));
    expect(firstLower).toBeGreaterThanOrEqual(0);
    expect(lastUpper).toBeGreaterThan(firstLower);
  });

  it('pages of a tied order never overlap or skip', async () => {
    const seen: string[] = [];
    for (let offset = 0; offset < catalog.length; offset += 7) {
      seen.push(...ids(await expectEvents(`order=volume24hr&limit=7&offset=${offset}`)));
    }
    expect(new Set(seen).size).toBe(catalog.length);
  });
});

describe('GET /events: validation', () => {
  it('an unknown parameter is named', async () => {
    expectError(await get('/events?tag=politics'), 400, 'INVALID_PARAMETER', '"tag"');
    expectError(await get('/events?limit=5&Limit=5'), 400, 'INVALID_PARAMETER', '"Limit"');
  });

  it('a repeated parameter that may not repeat is rejected', async () => {
    for (const name of EVENTS_QUERY_PARAMETERS.filter((n) => n !== 'id' && n !== 'slug')) {
      const value =
        { active: 'true', closed: 'true', ascending: 'true', order: 'id', q: 'x' }[name as string] ?? '1';
      const one = /_date_/.test(name) ? '2026-01-01T00:00:00Z' : name === 'tag_slug' ? 'x' : value;
      expect((await get(`/events?${name}=${one}`)).statusCode, name).toBe(200);
      expectError(await get(`/events?${name}=${one}&${name}=${one}`), 400, 'INVALID_PARAMETER', name);
    }
  });

  it.each([
    ['limit=101', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=1.5', 'limit'],
    ['limit=', 'limit'],
    ['limit=ten', 'limit'],
    ['offset=-1', 'offset'],
    ['offset=x', 'offset'],
    ['offset=99999999999999999999', 'offset'],
    ['id=abc', 'id'],
    ['id=1&id=x', 'id'],
    ['id=-1', 'id'],
    ['id=', 'id'],
    ['slug=', 'slug'],
    ['tag_id=1.0', 'tag_id'],
    ['series_id=x', 'series_id'],
    ['tag_slug=', 'tag_slug'],
    ['active=TRUE', 'active'],
    ['active=1', 'active'],
    ['closed=yes', 'closed'],
    ['ascending=0', 'ascending'],
    ['q=', 'q'],
    [`q=${'x'.repeat(201)}`, 'q'],
    ['q=%00', 'q'],
    ['end_date_min=2026-01-01', 'end_date_min'],
    ['end_date_max=tomorrow', 'end_date_max'],
    ['end_date_max=2026-02-30T00:00:00Z', 'end_date_max'],
    ['end_date_min=0000-01-01T00:00:00Z', 'end_date_min'],
    ['end_date_min=2026-01-01T00:00:00%2B23:00', 'end_date_min'],
    ['volume_min=-1', 'volume_min'],
    ['volume_min=1e3', 'volume_min'],
    ['liquidity_min=abc', 'liquidity_min'],
    ['order=popularity', 'order'],
    ['order=volume,', 'order'],
    ['order=Volume', 'order'],
  ])('%s → 400 naming %s', async (query, name) => {
    expectError(await get(`/events?${query}`), 400, 'INVALID_PARAMETER', name);
  });
});

describe('GET /events/{id} and /events/slug/{slug}', () => {
  it('returns one event as stored', async () => {
    const response = await get('/events/2343');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(byId('2343'));
    expect(response.headers['cache-control']).toMatch(/max-age=\d+/);
    expect((await get('/events/02343')).json()).toEqual(byId('2343'));
    expect((await get('/events/slug/event-2343')).json()).toEqual(byId('2343'));
  });

  it('non-decimal id → 400, unknown → 404 EVENT_NOT_FOUND', async () => {
    expectError(await get('/events/abc'), 400, 'INVALID_PARAMETER', 'id');
    expectError(await get('/events/-1'), 400, 'INVALID_PARAMETER', 'id');
    expectError(await get('/events/1.5'), 400, 'INVALID_PARAMETER', 'id');
    expectError(await get('/events/424242'), 404, 'EVENT_NOT_FOUND', '424242');
    expectError(await get('/events/99999999999999999999999'), 404, 'EVENT_NOT_FOUND');
    expectError(await get('/events/slug/no-such-event'), 404, 'EVENT_NOT_FOUND', 'no-such-event');
    expectError(await get(`/events/slug/${encodeURIComponent('naïve slug/../x')}`), 404, 'EVENT_NOT_FOUND');
  });
});

describe('GET /tags and /series', () => {
  it('lists tags with their event counts, by id', async () => {
    const response = await get('/tags');
    expect(response.statusCode).toBe(200);
    const tags = response.json<TagWithCount[]>();
    const expected = TEST_TAGS.map((tag) => ({
      ...tag,
      eventCount: catalog.filter((e) => e.tags.some((x) => x.id === tag.id)).length,
      activeEventCount: catalog.filter((e) => e.active && !e.closed && e.tags.some((x) => x.id === tag.id))
        .length,
    }));
    // Not a copy of the other count: the catalog has tagged events that are closed.
    expect(expected.some((tag) => tag.activeEventCount < tag.eventCount)).toBe(true);
    expect(tags).toEqual(expected);
    expect(tags.find((x) => x.id === '99')?.eventCount).toBe(0);
  });

  it('one tag; unknown → TAG_NOT_FOUND; non-decimal → 400', async () => {
    const tag = (await get('/tags/2')).json<TagWithCount>();
    expect(tag).toMatchObject({ id: '2', slug: 'sports', label: 'Sports' });
    expect(tag.eventCount).toBe(catalog.filter((e) => e.tags.some((x) => x.id === '2')).length);
    expectError(await get('/tags/7'), 404, 'TAG_NOT_FOUND', '7');
    expectError(await get('/tags/x'), 400, 'INVALID_PARAMETER', 'id');
  });

  it('lists series; one series; unknown → SERIES_NOT_FOUND', async () => {
    expect((await get('/series')).json<Series[]>()).toEqual(TEST_SERIES);
    expect((await get('/series/500')).json()).toEqual(TEST_SERIES[2]);
    expectError(await get('/series/6'), 404, 'SERIES_NOT_FOUND', '6');
    expectError(await get('/series/six'), 400, 'INVALID_PARAMETER', 'id');
  });
});

describe('caching: ETag, If-None-Match, Cache-Control and the response cache', () => {
  it('answers 304 to a matching If-None-Match (exact, weak, in a list, *) and 200 otherwise', async () => {
    for (const url of [
      '/events?limit=3',
      '/events/5',
      '/events/slug/event-5',
      '/tags',
      '/tags/1',
      '/series',
      '/series/5',
    ]) {
      const first = await get(url);
      expect(first.statusCode, url).toBe(200);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[^"]+"$/);
      expect(first.headers['cache-control']).toBe('public, max-age=10');
      for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const again = await get(url, { 'if-none-match': ifNoneMatch });
        expect(again.statusCode, `${url} ${ifNoneMatch}`).toBe(304);
        expect(again.body).toBe('');
        expect(again.headers.etag).toBe(etag);
      }
      expect((await get(url, { 'if-none-match': '"stale"' })).statusCode).toBe(200);
    }
  });

  it('gives different queries different bodies and ETags, equal queries the same', async () => {
    const a = await get('/events?id=2&id=1');
    const b = await get('/events?id=1&id=2&limit=20&offset=0&ascending=true&order=id');
    expect(b.body).toBe(a.body);
    expect(b.headers.etag).toBe(a.headers.etag);
    const pairs = [
      ['limit=5', 'limit=6'],
      ['order=volume', 'order=volume&ascending=false'],
      ['order=volume,id', 'order=id,volume'],
      ['q=bitcoin', 'q=Bitcoin&limit=1'],
      ['active=true', 'active=false'],
      ['tag_id=1', 'tag_id=2'],
      ['slug=event-1', 'slug=event-2'],
    ];
    for (const [x, y] of pairs) {
      const [rx, ry] = [await events(x!), await events(y!)];
      expect(rx.body).toEqual(rx.expected.events);
      expect(ry.body).toEqual(ry.expected.events);
      if (JSON.stringify(rx.expected.events) !== JSON.stringify(ry.expected.events)) {
        expect(rx.response.headers.etag).not.toBe(ry.response.headers.etag);
      }
    }
    // Same events, different totals: the count is part of what is cached per query.
    const five = await events('limit=1&tag_id=1');
    const all = await events('limit=1');
    expect(five.response.headers['x-total-count']).toBe(String(five.expected.total));
    expect(all.response.headers['x-total-count']).toBe(String(all.expected.total));
  });

  it('answers a repeated URL from the cache exactly as the first time, and keeps rejecting bad ones', async () => {
    for (const query of [
      'q=will%20bitcoin&limit=3',
      'q=will+bitcoin&limit=3',
      'order=title&limit=4&offset=3',
    ]) {
      const first = await events(query);
      const again = await events(query);
      expect(again.body).toEqual(first.expected.events);
      expect(again.response.headers.etag).toBe(first.response.headers.etag);
      expect(again.response.headers['x-total-count']).toBe(String(first.expected.total));
    }
    for (let i = 0; i < 2; i++)
      expectError(await get('/events?limit=101'), 400, 'INVALID_PARAMETER', 'limit');
  });

  it('runs one database query for concurrent identical requests, and one per distinct query', async () => {
    const spy = vi.spyOn(repository, 'listEventPage');
    try {
      const same = await Promise.all(
        Array.from({ length: 16 }, () => get('/events?order=liquidity,title&limit=7&offset=11')),
      );
      expect(spy).toHaveBeenCalledTimes(1);
      expect(new Set(same.map((r) => r.body)).size).toBe(1);
      expect(same.every((r) => r.statusCode === 200)).toBe(true);
      const count = vi.spyOn(repository, 'countEvents');
      const pages = await Promise.all([
        get('/events?order=liquidity&limit=7&tag_id=3'),
        get('/events?order=volume&limit=8&offset=2&tag_id=3'),
      ]);
      expect(spy).toHaveBeenCalledTimes(3);
      // Pages of one filter set share one count, and it is right for both.
      expect(count).toHaveBeenCalledTimes(1);
      const total = String(catalog.filter((e) => e.tags.some((x) => x.id === '3')).length);
      expect(pages.map((r) => r.headers['x-total-count'])).toEqual([total, total]);
      count.mockRestore();
    } finally {
      spy.mockRestore();
    }
  });

  it('HEAD carries the headers without a body', async () => {
    const response = await t.app.inject({ method: 'HEAD', url: '/gamma/events?limit=2' });
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBeDefined();
    expect(response.headers['x-total-count']).toBe(String(catalog.length));
    expect(response.body).toBe('');
  });

  it('compresses with the best coding the client accepts, each coding its own ETag, 304 across codings', async () => {
    const url = '/events?limit=50&order=volume&ascending=false';
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    const cases: [string, string | undefined, (b: Buffer) => Buffer][] = [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['br;q=0.5, gzip;q=0.9', 'gzip', gunzipSync],
      ['br;q=0, gzip;q=0', undefined, (b) => b],
      ['identity', undefined, (b) => b],
      ['deflate', undefined, (b) => b],
    ];
    for (const [accept, coding, decode] of cases) {
      const response = await get(url, { 'accept-encoding': accept });
      expect(response.statusCode, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(coding);
      expect(response.headers.vary).toBe('Accept-Encoding');
      expect(response.headers['x-total-count']).toBe(plain.headers['x-total-count']);
      const bytes = response.rawPayload;
      if (coding) expect(bytes.length, accept).toBeLessThan(plain.rawPayload.length / 2);
      expect(decode(bytes).toString(), accept).toBe(plain.body);
      const etag = String(response.headers.etag);
      expect(etag === plain.headers.etag, accept).toBe(coding === undefined);
      // The client holds the content whichever coding it got it in.
      for (const held of [etag, String(plain.headers.etag)]) {
        const again = await get(url, { 'accept-encoding': accept, 'if-none-match': held });
        expect(again.statusCode, `${accept} ${held}`).toBe(304);
        expect(again.headers.etag).toBe(etag);
      }
    }
    // Small bodies are not worth compressing.
    const small = await get('/tags/1', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('CORS, 404 and 405', () => {
  const origin = 'https://random-site.example';

  it('answers any origin without credentials, exposing X-Total-Count and ETag', async () => {
    const response = await get('/events?limit=1', { origin });
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    const exposed = String(response.headers['access-control-expose-headers']).toLowerCase();
    expect(exposed).toContain('x-total-count');
    expect(exposed).toContain('etag');
    expect((await get('/events/abc', { origin })).headers['access-control-allow-origin']).toBe('*');
  });

  it('answers a preflight from a random origin on the catalog, not on the trading interface', async () => {
    const preflight = { origin, 'access-control-request-method': 'GET' };
    const catalogResponse = await t.app.inject({
      method: 'OPTIONS',
      url: '/gamma/events',
      headers: preflight,
    });
    expect(catalogResponse.statusCode).toBe(204);
    expect(catalogResponse.headers['access-control-allow-origin']).toBe('*');
    expect(String(catalogResponse.headers['access-control-allow-methods'])).toContain('GET');
    const trading = await t.app.inject({ method: 'OPTIONS', url: '/clob/api-keys', headers: preflight });
    expect(trading.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('405 METHOD_NOT_ALLOWED with Allow for other methods on known paths', async () => {
    for (const [method, url] of [
      ['POST', '/gamma/events'],
      ['DELETE', '/gamma/events/1'],
      ['PUT', '/gamma/tags'],
      ['PATCH', '/gamma/series/5'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: { origin } });
      expectError(response, 405, 'METHOD_NOT_ALLOWED');
      expect(String(response.headers.allow)).toContain('GET');
      // Readable from any origin, like every catalog answer.
      expect(response.headers['access-control-allow-origin']).toBe('*');
    }
  });

  it('404 NOT_FOUND for unknown paths under the catalog, readable from any origin', async () => {
    expectError(await get('/nothing-here'), 404, 'NOT_FOUND');
    const deeper = await get('/events/1/markets', { origin });
    expectError(deeper, 404, 'NOT_FOUND');
    expect(deeper.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('OpenAPI document', () => {
  it('is OpenAPI 3 and lists every catalog endpoint with the /events parameters', async () => {
    const response = await get('/openapi.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(doc.info.title).toEqual(expect.any(String));
    expect(doc.servers).toEqual([{ url: '/gamma' }]);
    expect(Object.keys(doc.paths).sort()).toEqual(
      [
        '/events',
        '/events/keyset',
        '/events/{id}',
        '/events/{id}/tags',
        '/events/slug/{slug}',
        '/markets',
        '/markets/keyset',
        '/markets/{id}',
        '/markets/{id}/tags',
        '/markets/slug/{slug}',
        '/public-search',
        '/series',
        '/series/{id}',
        '/series/slug/{slug}',
        '/tags',
        '/tags/{id}',
        '/tags/slug/{slug}',
      ].sort(),
    );
    const parameters = doc.paths['/events'].get.parameters as { name: string; in: string }[];
    expect(parameters.map((p) => p.name).sort()).toEqual([...EVENTS_QUERY_PARAMETERS].sort());
    expect(parameters.every((p) => p.in === 'query')).toBe(true);
    const limit = parameters.find((p) => p.name === 'limit') as unknown as { schema: { pattern?: string } };
    expect(limit.schema).toBeDefined();
    expect(doc.paths['/events/{id}'].get.parameters[0]).toMatchObject({
      name: 'id',
      in: 'path',
      required: true,
    });
    expect(doc.paths['/events'].get.responses['200']).toBeDefined();
    expect(doc.paths['/events/{id}'].get.responses['404']).toBeDefined();
    // Only the catalog: the trading interface documents itself under its own base.
    expect(JSON.stringify(doc.paths)).not.toContain('api-keys');
  });
});
