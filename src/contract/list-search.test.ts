import { describe, expect, it } from 'vitest';
import { eventsSearchParams } from './events-page-query';
import { DEFAULT_LIST_SEARCH, listSearchSchema, toEventsQuery } from './list-search';

const parse = (input: Record<string, unknown>) => listSearchSchema.parse(input);

describe('list search params', () => {
  it('an empty URL is the top list', () => {
    expect(parse({})).toEqual(DEFAULT_LIST_SEARCH);
  });

  it('keeps valid values', () => {
    expect(
      parse({ list: 'movers', sort: 'endDate', dir: 'asc', status: 'closed', q: 'fed', page: 3, size: 50 }),
    ).toEqual({
      list: 'movers',
      sort: 'endDate',
      dir: 'asc',
      status: 'closed',
      q: 'fed',
      page: 3,
      size: 50,
    });
  });

  it('falls back field by field on anything invalid, never throws', () => {
    expect(
      parse({
        list: 'hot',
        sort: 'price; drop',
        dir: 'up',
        status: 7,
        q: { a: 1 },
        page: -2,
        size: 33,
        extra: 'x',
      }),
    ).toEqual(DEFAULT_LIST_SEARCH);
    expect(parse({ page: 2.5 }).page).toBe(1);
    expect(parse({ page: '2' }).page).toBe(1);
    expect(parse({ page: 1e12 }).page).toBe(1);
    expect(parse({ size: 101 }).size).toBe(20);
    expect(parse({ sort: 'liquidity', page: 'x' })).toMatchObject({ sort: 'liquidity', page: 1 });
  });

  it('search text: numbers kept as text, trimmed, at most 200 characters', () => {
    expect(parse({ q: 2028 }).q).toBe('2028');
    expect(parse({ q: true }).q).toBe('true');
    expect(parse({ q: null }).q).toBe('null');
    expect(parse({ q: '  fed  ' }).q).toBe('fed');
    expect(parse({ q: 'x'.repeat(500) }).q).toHaveLength(200);
  });

  it('maps to the /events query of docs/api.md §6', () => {
    expect(eventsSearchParams(toEventsQuery(DEFAULT_LIST_SEARCH)).toString()).toBe(
      'active=true&closed=false&order=volume&ascending=false&limit=20&offset=0',
    );
    const closed = toEventsQuery(
      { ...DEFAULT_LIST_SEARCH, status: 'closed', sort: 'endDate', dir: 'asc', page: 3, size: 50, q: 'a&b' },
      { tagId: '21' },
    );
    expect(eventsSearchParams(closed).toString()).toBe(
      'tag_id=21&closed=true&q=a%26b&order=endDate&ascending=true&limit=50&offset=100',
    );
    expect(
      eventsSearchParams(
        toEventsQuery({ ...DEFAULT_LIST_SEARCH, status: 'all' }, { seriesId: '35' }),
      ).toString(),
    ).toBe('series_id=35&order=volume&ascending=false&limit=20&offset=0');
  });

  it('a catalog list sets its own filters and order, at the minute; the hand-made sort and status do not apply', () => {
    const now = Date.parse('2026-11-26T10:15:42.123Z');
    const movers = toEventsQuery(
      { ...DEFAULT_LIST_SEARCH, list: 'movers', sort: 'endDate', status: 'closed', q: 'fed', page: 2 },
      { tagId: '21' },
      now,
    );
    expect(eventsSearchParams(movers).toString()).toBe(
      'tag_id=21&active=true&closed=false&q=fed&order=move24hr&ascending=false&limit=20&offset=20',
    );
    const ending = toEventsQuery({ ...DEFAULT_LIST_SEARCH, list: 'ending' }, {}, now);
    expect(eventsSearchParams(ending).toString()).toBe(
      'active=true&closed=false&end_date_min=2026-11-26T10%3A15%3A00.000Z&end_date_max=2026-12-03T10%3A15%3A00.000Z&order=endDate&ascending=true&limit=20&offset=0',
    );
    // Within the same minute, the same URL (one cache entry).
    expect(toEventsQuery({ ...DEFAULT_LIST_SEARCH, list: 'new' }, {}, now + 10_000)).toEqual(
      toEventsQuery({ ...DEFAULT_LIST_SEARCH, list: 'new' }, {}, now),
    );
  });
});
