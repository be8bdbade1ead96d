import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { EventsQuery, searchParamsToObject } from './catalog-query';
import { EventsKeysetQuery } from './dialect-query';
import { EVENT_PARAMETERS, type EventParameter, type EventQuery, parametersOf } from './event-parameters';

/** The zod schemas are built from the vocabulary's table: each says what its entry says. */
const SCHEMAS: Record<EventQuery, z.ZodObject> = { events: EventsQuery, keyset: EventsKeysetQuery };

/** A valid value of each kind. */
const SAMPLE: Record<EventParameter['kind'], (p: EventParameter) => string> = {
  id: () => '7',
  text: () => 'abc',
  boolean: () => 'true',
  dateTime: () => '2026-01-01T00:00:00Z',
  decimal: () => '1.5',
  choice: (p) => p.choices?.[0] ?? '',
};

const parse = (query: EventQuery, qs: string) =>
  SCHEMAS[query].safeParse(searchParamsToObject(new URLSearchParams(qs)));

describe.each(['events', 'keyset'] as const)('the %s query and the vocabulary', (query) => {
  it('takes the parameters the table gives it, in the table’s order', () => {
    const names = parametersOf(query).map((p) => p.name);
    const table = new Set(EVENT_PARAMETERS.map((p) => p.name as string));
    expect(Object.keys(SCHEMAS[query].shape).filter((key) => table.has(key))).toEqual(names);
  });

  it.each(parametersOf(query).map((p) => [p.name, p] as const))('reads %s as the table says', (name, p) => {
    const value = SAMPLE[p.kind](p);
    expect(parse(query, '').data?.[name], 'no default').toBeUndefined();
    const once = parse(query, `${name}=${encodeURIComponent(value)}`);
    expect(once.success, JSON.stringify(once.error?.issues)).toBe(true);
    const twice = parse(query, `${name}=${value}&${name}=${value}`);
    if (p.in[query] === 'repeat') {
      expect(Array.isArray(once.data?.[name])).toBe(true);
      expect(twice.data?.[name]).toHaveLength(2);
    } else {
      expect(twice.success).toBe(false);
      // A repeated word is refused by the list of words itself (`must be any or all`).
      if (p.kind !== 'choice') expect(twice.error?.issues[0]?.message).toContain('only once');
    }
    if (p.maxLength !== undefined) {
      expect(parse(query, `${name}=${'x'.repeat(p.maxLength)}`).success).toBe(true);
      expect(parse(query, `${name}=${'x'.repeat(p.maxLength + 1)}`).success).toBe(false);
    }
    for (const word of p.choices ?? []) expect(parse(query, `${name}=${word}`).success).toBe(true);
    if (p.kind !== 'text') expect(parse(query, `${name}=%20nonsense`).success).toBe(false);
  });
});
