import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Event, type MarketWithEvent, ORDER_FIELDS } from '../../contract/catalog';
import { EventsQuery, searchParamsToObject } from '../../contract/catalog-query';
import { isErrorBody } from '../../contract/error-codes';
import { MARKET_ORDER_FIELDS } from '../../contract/dialect-query';
import { buildApp } from '../app';
import { buildTestApp, type TestApp } from '../test/app';
import { upsertEvents } from './load';
import { buildTestCatalog, expectedPage, TEST_TAGS } from './test-catalog';

/**
 * Keyset pages (docs/api.md §9) on a catalog with many ties and ids of every length: walked to the
 * end they give exactly the oracle's /events order, every event once; cursors are scoped, signed and
 * shared by every process on the database.
 */

const catalog = buildTestCatalog();
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await upsertEvents(t.database.db, catalog);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url: `/gamma${url}` });

interface Page<T> {
  events?: T[];
  markets?: T[];
  next_cursor?: string;
}

/** Every item of a keyset list, following next_cursor to the end. */
async function walk<T>(path: string, query: string, limit: number): Promise<{ items: T[]; pages: number }> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (let pages = 1; ; pages++) {
    const after = cursor ? `&after_cursor=${encodeURIComponent(cursor)}` : '';
    const response = await get(`${path}?${query}${query ? '&' : ''}limit=${limit}${after}`);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<Page<T>>();
    const chunk = page.events ?? page.markets ?? [];
    items.push(...chunk);
    if (!page.next_cursor) return { items, pages };
    expect(chunk).toHaveLength(limit);
    // A position that does not move would walk forever.
    expect(items.length, 'more items than the catalog has').toBeLessThanOrEqual(catalog.length * 6);
    cursor = page.next_cursor;
  }
}

function expectRefused(response: LightMyRequestResponse, mention: string | RegExp) {
  expect(response.statusCode, response.body).toBe(400);
  const body = response.json();
  expect(isErrorBody(body)).toBe(true);
  expect(body.code).toBe('INVALID_PARAMETER');
  expect(body.error).toMatch(mention);
}

const ids = (events: { id: string }[]) => events.map((e) => e.id);

describe('/events/keyset', () => {
  it('any filters and order, any page size: walked to the end, the oracle’s /events order, each event once', async () => {
    const query = fc.record(
      {
        order: fc
          .uniqueArray(fc.constantFrom(...ORDER_FIELDS), { minLength: 1, maxLength: 3 })
          .map((o) => o.join(',')),
        ascending: fc.constantFrom('true', 'false'),
        closed: fc.constantFrom('true', 'false'),
        active: fc.constantFrom('true', 'false'),
        tag_id: fc.constantFrom(...TEST_TAGS.map((tag) => tag.id)),
      },
      { requiredKeys: ['order'] },
    );
    await fc.assert(
      fc.asyncProperty(query, fc.integer({ min: 7, max: 60 }), async (params, limit) => {
        const search = new URLSearchParams(params).toString();
        const expected = expectedPage(catalog, {
          ...EventsQuery.parse(searchParamsToObject(new URLSearchParams(params))),
          limit: catalog.length,
        });
        const { items, pages } = await walk<Event>('/events/keyset', search, limit);
        expect(ids(items)).toEqual(ids(expected.events));
        expect(pages).toBe(Math.max(1, Math.ceil(expected.total / limit)));
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 40) },
    );
  });

  it('a cold answer tells its database time in Server-Timing; a cached one does not', async () => {
    const cold = await get('/events/keyset?order=liquidity&limit=13');
    expect(cold.headers['server-timing']).toMatch(/^db;dur=\d+\.\d$/);
    const warm = await get('/events/keyset?order=liquidity&limit=13');
    expect(warm.headers['server-timing']).toBeUndefined();
    expect(warm.body).toBe(cold.body);
  });

  it('the events are the same objects /events serves', async () => {
    const first = await get('/events/keyset?order=volume&ascending=false&limit=5');
    const offset = await get('/events?order=volume&ascending=false&limit=5');
    expect(first.json().events).toEqual(offset.json());
  });

  it('the last page has no next_cursor, also when it is exactly full', async () => {
    const all = (await get('/events/keyset?limit=500')).json<Page<Event>>();
    expect(all.events).toHaveLength(catalog.length);
    expect(all.next_cursor).toBeUndefined();
    const half = catalog.length / 2;
    const first = (await get(`/events/keyset?limit=${half}`)).json<Page<Event>>();
    const second = (
      await get(`/events/keyset?limit=${half}&after_cursor=${encodeURIComponent(first.next_cursor!)}`)
    ).json<Page<Event>>();
    expect(second.events).toHaveLength(half);
    expect(second.next_cursor).toBeUndefined();
  });

  it('the page size may change between pages; the position stays', async () => {
    const first = (await get('/events/keyset?order=title&limit=10')).json<Page<Event>>();
    const next = (
      await get(`/events/keyset?order=title&limit=25&after_cursor=${encodeURIComponent(first.next_cursor!)}`)
    ).json<Page<Event>>();
    const expected = expectedPage(catalog, { ...EventsQuery.parse({ order: 'title' }), limit: 35 });
    expect(ids([...first.events!, ...next.events!])).toEqual(ids(expected.events));
  });

  it.each([
    ['another filter', 'closed=true'],
    ['another order', 'order=volume'],
    ['another direction', 'ascending=false'],
    ['another tag', 'tag_id=2'],
  ])('a cursor used with %s is refused, naming after_cursor', async (_, other) => {
    const { next_cursor } = (await get('/events/keyset?limit=5')).json<Page<Event>>();
    expectRefused(
      await get(`/events/keyset?${other}&after_cursor=${encodeURIComponent(next_cursor!)}`),
      /after_cursor.*another filter or order/,
    );
  });

  it('a markets cursor is not an events cursor, nor the other way round', async () => {
    const events = (await get('/events/keyset?limit=5')).json<Page<Event>>();
    const markets = (await get('/markets/keyset?limit=5')).json<Page<MarketWithEvent>>();
    expectRefused(
      await get(`/markets/keyset?after_cursor=${encodeURIComponent(events.next_cursor!)}`),
      /after_cursor/,
    );
    expectRefused(
      await get(`/events/keyset?after_cursor=${encodeURIComponent(markets.next_cursor!)}`),
      /after_cursor/,
    );
  });

  it('unknown, truncated and tampered cursors are refused and nothing is read with them', async () => {
    const { next_cursor } = (await get('/events/keyset?limit=5')).json<Page<Event>>();
    const cursor = next_cursor!;
    const [body, tag] = cursor.split('.') as [string, string];
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as { k: string[] };
    const forged = Buffer.from(JSON.stringify({ ...payload, k: ['0'] })).toString('base64url');
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    for (const bad of [
      'abc',
      'eyJ2IjoxfQ',
      cursor.slice(0, -3),
      cursor.slice(3),
      `${cursor}.x`,
      `${forged}.${tag}`,
      flip(cursor, 5),
      flip(cursor, cursor.length - 2),
      `${body}.`,
      cursor.replace('.', '..'),
    ]) {
      expectRefused(
        await get(`/events/keyset?after_cursor=${encodeURIComponent(bad)}`),
        /after_cursor.*not issued/,
      );
    }
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=501', 'limit'],
    ['limit=-1', 'limit'],
    ['offset=0', 'offset'],
    ['after_cursor=', 'after_cursor'],
    [`after_cursor=${'a'.repeat(2001)}`, 'after_cursor'],
    ['order=nope', 'order'],
    ['tag_match=some', 'tag_match'],
    ['frobnicate=1', 'frobnicate'],
  ])('%s → 400 naming %s', async (query, parameter) => {
    expectRefused(await get(`/events/keyset?${query}`), new RegExp(parameter));
  });

  it('a cursor issued by one server process is read by another on the same database (and after a restart)', async () => {
    const { next_cursor } = (await get('/events/keyset?order=endDate&limit=9')).json<Page<Event>>();
    const other = await buildApp({ config: t.config, database: t.database });
    try {
      const response = await other.inject({
        method: 'GET',
        url: `/gamma/events/keyset?order=endDate&limit=9&after_cursor=${encodeURIComponent(next_cursor!)}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const expected = expectedPage(catalog, { ...EventsQuery.parse({ order: 'endDate' }), limit: 18 });
      expect(ids(response.json().events)).toEqual(ids(expected.events.slice(9)));
    } finally {
      await other.close();
    }
  });

  it('the reference SDK’s parameters: several tags any/all, excluded tags, title search, ranges; absent things match nothing', async () => {
    const count = async (query: string) => (await walk<Event>('/events/keyset', query, 500)).items.length;
    const having = (pred: (e: Event) => boolean) => catalog.filter(pred).length;
    const tagged = (e: Event, id: string) => e.tags.some((tag) => tag.id === id);
    expect(await count('tag_id=1&tag_id=2')).toBe(having((e) => tagged(e, '1') || tagged(e, '2')));
    expect(await count('tag_id=1&tag_id=2&tag_match=all')).toBe(
      having((e) => tagged(e, '1') && tagged(e, '2')),
    );
    expect(await count('exclude_tag_id=1')).toBe(having((e) => !tagged(e, '1')));
    expect(await count('title_search=BITCOIN')).toBe(
      having((e) => e.title.toLowerCase().includes('bitcoin')),
    );
    expect(await count('volume_max=10&liquidity_max=5')).toBe(
      having((e) => e.volume <= 10 && e.liquidity <= 5),
    );
    expect(await count('start_date_min=2026-03-01T00:00:00Z')).toBe(
      having((e) => Date.parse(e.startDate) >= Date.parse('2026-03-01T00:00:00Z')),
    );
    expect(await count('series_id=5&series_id=50')).toBe(having((e) => e.series.length > 0));
    for (const absent of [
      'featured=true',
      'cyom=true',
      'live=true',
      'game_id=7',
      'recurrence=daily',
      'parent_event_id=1',
    ]) {
      expect(await count(absent), absent).toBe(0);
    }
    for (const neutral of [
      'featured=false',
      'locale=fr',
      'include_chat=true',
      'include_template=false',
      'related_tags=true',
    ]) {
      expect(await count(neutral), neutral).toBe(catalog.length);
    }
  });
});

describe('/markets and /markets/keyset', () => {
  const allMarkets = () => catalog.flatMap((e) => e.markets.map((m) => ({ ...m, eventId: e.id })));

  it.each(MARKET_ORDER_FIELDS.map((field) => [field]))(
    'order=%s: keyset walk = offset walk, every market once, ties by id in numeric order',
    async (field) => {
      for (const ascending of ['true', 'false']) {
        const query = `order=${field}&ascending=${ascending}`;
        const keyset = await walk<MarketWithEvent>('/markets/keyset', query, 23);
        const offset: MarketWithEvent[] = [];
        for (let start = 0; ; start += 100) {
          const page = (await get(`/markets?${query}&limit=100&offset=${start}`)).json<MarketWithEvent[]>();
          offset.push(...page);
          if (page.length < 100) break;
        }
        expect(ids(keyset.items)).toEqual(ids(offset));
        expect(new Set(ids(offset)).size).toBe(allMarkets().length);
      }
    },
  );

  it('by id and slug, with its event; its tags; unknown → 404 MARKET_NOT_FOUND', async () => {
    const market = allMarkets()[5]!;
    const byId = await get(`/markets/${encodeURIComponent(market.id)}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toMatchObject({ id: market.id, slug: market.slug, events: [{ id: market.eventId }] });
    expect((await get(`/markets/slug/${market.slug}`)).json().id).toBe(market.id);
    const event = catalog.find((e) => e.id === market.eventId)!;
    expect((await get(`/markets/${encodeURIComponent(market.id)}/tags`)).json()).toEqual(event.tags);
    for (const url of ['/markets/nope', '/markets/slug/nope', '/markets/nope/tags']) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('MARKET_NOT_FOUND');
    }
  });

  it('filters by token id, condition id, tag, state and ranges', async () => {
    const market = allMarkets()[11]!;
    const one = async (query: string) => (await get(`/markets?${query}&limit=500`)).json<MarketWithEvent[]>();
    expect(ids(await one(`clob_token_ids=${market.clobTokenIds[1]}`))).toEqual([market.id]);
    expect(ids(await one(`condition_ids=${market.conditionId.toUpperCase().replace('0X', '0x')}`))).toContain(
      market.id,
    );
    const tagged = allMarkets().filter((m) =>
      catalog.find((e) => e.id === m.eventId)!.tags.some((x) => x.id === '3'),
    );
    expect((await one('tag_id=3')).length).toBe(tagged.length);
    expect((await one('volume_num_min=40')).every((m) => m.volumeNum >= 40)).toBe(true);
    expect(await one('rfq_enabled=true')).toEqual([]);
  });
});

describe('tags, series and events by the reference paths', () => {
  it('/tags and /series page with limit and offset, and sort', async () => {
    const all = (await get('/tags')).json<{ id: string }[]>();
    expect(ids((await get('/tags?limit=2&offset=1')).json())).toEqual(ids(all).slice(1, 3));
    const byLabel = (await get('/tags?order=label&ascending=false')).json<{ label: string }[]>();
    expect(byLabel.map((x) => x.label)).toEqual(
      [...byLabel.map((x) => x.label)].sort((a, b) => (a < b ? 1 : -1)),
    );
    const series = (await get('/series')).json<{ id: string }[]>();
    expect(ids((await get('/series?limit=1&offset=1')).json())).toEqual(ids(series).slice(1, 2));
    expect((await get('/series?closed=true')).json()).toEqual([]);
  });

  it('/tags/slug, /series/slug and /events/{id}/tags; unknown → 404 with the contract code', async () => {
    expect((await get('/tags/slug/crypto')).json()).toMatchObject({ id: '3', slug: 'crypto' });
    expect((await get('/series/slug/nba-games')).json()).toEqual({
      id: '50',
      slug: 'nba-games',
      title: 'NBA games',
    });
    const event = catalog.find((e) => e.tags.length > 1)!;
    expect((await get(`/events/${event.id}/tags`)).json()).toEqual(event.tags);
    const bare = catalog.find((e) => e.tags.length === 0)!;
    expect((await get(`/events/${bare.id}/tags`)).json()).toEqual([]);
    for (const [url, code] of [
      ['/tags/slug/nope', 'TAG_NOT_FOUND'],
      ['/series/slug/nope', 'SERIES_NOT_FOUND'],
      ['/events/424242/tags', 'EVENT_NOT_FOUND'],
    ]) {
      const response = await get(url!);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe(code);
    }
  });

  it('/public-search: events by title and tags by label, paged, with the reference envelope', async () => {
    const matching = catalog.filter((e) => e.title.toLowerCase().includes('bitcoin'));
    const first = (await get('/public-search?q=bitcoin&limit_per_type=3')).json();
    expect(first.events).toHaveLength(3);
    expect(first.profiles).toEqual([]);
    expect(first.pagination).toEqual({ hasMore: true, totalResults: matching.length });
    const tags = (await get('/public-search?q=crypt')).json().tags;
    expect(tags).toEqual([
      expect.objectContaining({ id: '3', slug: 'crypto', event_count: expect.any(Number) }),
    ]);
    const last = Math.ceil(matching.length / 3);
    const end = (await get(`/public-search?q=bitcoin&limit_per_type=3&page=${last}`)).json();
    expect(end.pagination.hasMore).toBe(false);
    // Words in any order, each a part of the title, punctuation at their ends aside.
    const event = catalog.find((e) => e.title.split(' ').length >= 4)!;
    const parts = event.title.split(' ');
    // The last word and the first, the other way round, lower case, with their punctuation.
    const q = `${parts.at(-1)!.toLowerCase()}  ${parts[0]}`;
    const words = q.split(/\s+/).map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '').toLowerCase());
    const found = (await get(`/public-search?q=${encodeURIComponent(q)}&limit_per_type=100`)).json();
    expect(found.events.map((e: { id: string }) => e.id)).toContain(event.id);
    for (const e of found.events as { title: string }[])
      for (const word of words) expect(e.title.toLowerCase()).toContain(word);
    expect((await get('/public-search?q=bitcoin%20zzzqqq')).json().events).toEqual([]);
    expectRefused(await get('/public-search'), /q/);
    expectRefused(await get('/public-search?q=x&page=0'), /page/);
  });
});
