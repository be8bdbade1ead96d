import { describe, expect, it } from 'vitest';
import { EventsQuery, searchParamsToObject } from '../../contract/catalog-query';
import { eventsCacheKey } from './cache-keys';

const parse = (qs: string) => EventsQuery.parse(searchParamsToObject(new URLSearchParams(qs)));

describe('the /events cache key', () => {
  it('is equal for queries that mean the same', () => {
    const same = [
      ['', 'limit=20&offset=0&order=id&ascending=true'],
      ['id=2&id=1', 'id=1&id=2&id=2'],
      ['id=7', 'id=007'],
      ['slug=b&slug=a', 'slug=a&slug=b'],
      ['order=volume,volume', 'order=volume'],
      ['active=true&closed=false', 'closed=false&active=true'],
    ];
    for (const [a, b] of same)
      expect(eventsCacheKey(parse(a!)), `${a} vs ${b}`).toBe(eventsCacheKey(parse(b!)));
  });

  it('differs for queries that mean something different', () => {
    const queries = [
      '',
      'limit=21',
      'offset=1',
      'ascending=false',
      'order=volume',
      'order=volume,id',
      'order=id,volume',
      'order=volume&ascending=false',
      'id=1',
      'id=1&id=2',
      'slug=1',
      'tag_id=1',
      'tag_slug=1',
      'series_id=1',
      'active=true',
      'active=false',
      'closed=true',
      'q=1',
      'q=a%26limit%3D5',
      'q=a&limit=5',
      'volume_min=1',
      'liquidity_min=1',
      'end_date_min=2026-01-01T00:00:00Z',
      'end_date_max=2026-01-01T00:00:00Z',
    ];
    const keys = queries.map((q) => eventsCacheKey(parse(q)));
    expect(new Set(keys).size).toBe(queries.length);
  });
});
