import { describe, expect, it } from 'vitest';
import { eventsSearchParams } from './events-page-query';
import { DEFAULT_LIST_SEARCH, listSearchSchema, toEventsQuery } from './list-search';

const parse = (input: Record<string, unknown>) => listSearchSchema.parse(input);

describe('list search params', () => {
  it('an empty URL is the top list', () => {
    expect(parse({})).toEqual(DEFAULT_LIST_SEARCH);
  });

  it('keeps valid values', () => {
    expect(parse({ sort: 'endDate', dir: 'asc', status: 'closed', q: 'fed', page: 3, size: 50 })).toEqual({
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
      parse({ sort: 'price; drop', dir: 'up', status: 7, q: { a: 1 }, page: -2, size: 33, extra: 'x' }),
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
});
