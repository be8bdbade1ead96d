import { describe, expect, it } from 'vitest';
import { EventsQuery, searchParamsToObject } from '../../contract/catalog-query';
import { EventsKeysetQuery } from '../../contract/dialect-query';
import { type EventParameter, filterOf, parametersOf } from '../../contract/event-parameters';
import { eventFilters, titleWords } from './query-filters';

const SAMPLE: Record<EventParameter['kind'], (p: EventParameter) => string> = {
  id: () => '7',
  text: () => 'abc',
  boolean: () => 'false',
  dateTime: () => '2026-01-01T00:00:00Z',
  decimal: () => '1.5',
  choice: (p) => p.choices?.at(-1) ?? '',
};

describe('eventFilters: any event query as the repository’s filters', () => {
  it.each([
    ['events', EventsQuery],
    ['keyset', EventsKeysetQuery],
  ] as const)('every parameter of the %s query reaches the filter the table names', (query, schema) => {
    for (const p of parametersOf(query)) {
      const value = SAMPLE[p.kind](p);
      const parsed = schema.parse(searchParamsToObject(new URLSearchParams({ [p.name]: value })));
      const filters: Record<string, unknown> = eventFilters(parsed);
      const filter = filterOf(p);
      const given = (parsed as Record<string, unknown>)[p.name];
      if (filter === null) expect(filters, p.name).toEqual({ absent: false });
      else expect(filters[filter.name], p.name).toEqual(filter.list ? [given].flat() : given);
    }
  });

  it('gathers the parameters that feed one filter (q and title_search: both must match)', () => {
    const parsed = EventsKeysetQuery.parse({ q: 'a', title_search: 'b', featured: 'true' });
    expect(eventFilters(parsed)).toMatchObject({ title: ['a', 'b'], absent: true });
    expect(eventFilters(EventsQuery.parse({ tag_id: '3' }))).toEqual({ tag_id: ['3'], absent: false });
  });
});

describe('titleWords', () => {
  it('splits a search into its words, punctuation at their ends aside, each once', () => {
    expect(titleWords('dolphins vs. titans')).toEqual(['dolphins', 'vs', 'titans']);
    expect(titleWords('  "Fed"   rate, rate ')).toEqual(['Fed', 'rate']);
    expect(titleWords('$20M–$30M?')).toEqual(['20M–$30M']);
  });

  it('keeps text with no word as it is (matched whole, as before)', () => {
    expect(titleWords('%%')).toEqual(['%%']);
    expect(titleWords('   ')).toEqual(['   ']);
  });
});
