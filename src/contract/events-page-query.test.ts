import { describe, expect, it } from 'vitest';
import { EVENTS_QUERY_PARAMETERS, EventsQuery, searchParamsToObject } from './catalog-query';
import { type ParameterKind, parametersOf } from './event-parameters';
import { eventsSearchParams } from './events-page-query';

const parse = (qs: string) => EventsQuery.parse(searchParamsToObject(new URLSearchParams(qs)));

/** A valid value of each kind of /events parameter. */
const SAMPLE: Record<ParameterKind, string> = {
  id: '7',
  text: 'abc',
  boolean: 'true',
  dateTime: '2026-01-01T00:00:00Z',
  decimal: '1.5',
  choice: 'any',
};

describe('eventsSearchParams (the one /events query builder, zod-free)', () => {
  it('round-trips every parameter of a parsed query, in a fixed order', () => {
    const query = parse(
      'id=3&id=1&slug=a%20b&tag_id=2&tag_slug=x&series_id=5&active=true&closed=false&q=x%26y&order=volume,title&ascending=false&limit=5&offset=10&end_date_min=2026-01-01T00:00:00Z&end_date_max=2026-02-01T00:00:00Z&volume_min=1.5&liquidity_min=2',
    );
    expect(parse(eventsSearchParams(query).toString())).toEqual(query);
    expect(eventsSearchParams(parse('')).toString()).toBe('order=id&ascending=true&limit=20&offset=0');
    expect(eventsSearchParams(parse('offset=5&q=a&tag_id=7')).toString()).toBe(
      'tag_id=7&q=a&order=id&ascending=true&limit=20&offset=5',
    );
  });

  it('writes every parameter of the schema: each filter of the vocabulary, then the page', () => {
    const all = new URLSearchParams();
    for (const p of parametersOf('events')) {
      const query = parse(`${p.name}=${SAMPLE[p.kind]}`);
      expect(query[p.name as keyof typeof query], p.name).toBeDefined();
      for (const [name, value] of eventsSearchParams(query)) all.append(name, value);
    }
    expect([...new Set(all.keys())].sort()).toEqual([...EVENTS_QUERY_PARAMETERS].sort());
  });
});
